/**
 * The hard player's playout board: one hand in play, held in a single Int32Array so that a copy is
 * one `set`, a legal-move query writes into a caller's array, and nothing is allocated per move or
 * per playout (except the final scoring, once per playout). It plays the hand exactly as the
 * engine does (src/game/engine.ts stays the single source of rules: test/ai/fast.test.ts checks
 * this board against the engine's `legalMasks` and `apply` over random rule sets), and it ends the
 * hand as soon as no score can change any more:
 *   - the engine's own auto-claims (no scoring card left, or a tram) whatever `autoClaim` says,
 *     since the cards that remain then go where they would have gone anyway, and
 *   - after any trick, once the next leader must win every remaining trick.
 */
import { type Card, type GameState, type Rules, type SeatView, type SuitMasks } from "../game/index.js";
import * as bits from "./bits.js";
import type { CardValues } from "./bits.js";
import { LAYOUT } from "./fast-layout.js";
import { finalTotals, type MoonChooser } from "./fast-score.js";

export { LAYOUT } from "./fast-layout.js";

// Module-local copies of the imported constants and helpers used at every move. An imported (or
// exported) binding is read through its module cell at every use, with a check, even in optimised
// code; a module's own const is folded into the code. Hence also the board's layout
// (fast-layout.ts), copied here as plain consts (the policy makes its own copies).
const { FULL, HEARTS, J_BIT, QS, Q_BIT, valuesFor } = bits;

const {
  HANDS,
  TAKEN,
  TRICK,
  TRICK_LEN,
  LEADER,
  TURN,
  TRICK_NO,
  BROKEN,
  WON,
  DONE,
  VOIDS,
  PLAYED,
  POINTS,
  QUEEN_BY,
  JACK_BY,
  TRICK_VALUE,
  TRICK_RANK,
  TRICK_WINNER,
  SIZE,
} = LAYOUT;

export class FastHand {
  readonly s = new Int32Array(SIZE);
  readonly rules: Rules;
  readonly cv: CardValues;
  /** Start-of-hand totals and hand number: what the final scoring adds to. */
  totals: number[] = [0, 0, 0, 0];
  handIndex = 0;
  /** Cards that count at the end of the hand, by suit: the point cards, and J♦ when it has a value. */
  private readonly scoring: Int32Array;
  /** Point cards for the trick-1 rule (♥, Q♠, K♠/A♠ with high spades). */
  private readonly firstTrickPoints: Int32Array;
  /** Whether who wins a trick matters in itself (the sun, No Tricks counted in tricks). */
  private readonly tricksScore: boolean;
  // The options legal() and play() read at every move, as plain fields (rules objects come in
  // several shapes, which would make every read of them polymorphic).
  private readonly twoClubs: boolean;
  private readonly leadRestriction: boolean;
  private readonly queenException: boolean;
  private readonly firstTrickLimit: boolean;
  private readonly queenFirst: boolean;
  private readonly queenBreaks: boolean;
  private readonly highSpades: boolean;

  constructor(rules: Rules) {
    this.rules = rules;
    this.cv = valuesFor(rules);
    const spades = (1 << 10) | (rules.highSpades ? (1 << 11) | (1 << 12) : 0);
    this.firstTrickPoints = Int32Array.of(0, 0, spades, FULL);
    this.scoring = Int32Array.of(0, rules.jackOfDiamonds !== 0 ? 1 << 9 : 0, spades, FULL);
    this.tricksScore = rules.shootTheSun !== 0 || (rules.noTricksBonus !== 0 && rules.noTricksCondition === "no-tricks");
    this.twoClubs = rules.firstLead === "two-clubs";
    this.leadRestriction = rules.heartsLeadRestriction;
    this.queenException = rules.heartsLeadException === "hearts-and-queen";
    this.firstTrickLimit = !rules.pointsOnFirstTrick;
    this.queenFirst = rules.firstTrickPointsFallback === "queen-first";
    this.queenBreaks = rules.queenBreaksHearts;
    this.highSpades = rules.highSpades;
  }

  copyFrom(o: FastHand): void {
    this.s.set(o.s);
    this.totals = o.totals;
    this.handIndex = o.handIndex;
  }

  /** Loads a hand in play from an engine state (phase "playing"); voids as bits seat*4+suit. */
  loadState(state: GameState, voids: number): this {
    const s = this.s;
    s.fill(0);
    for (let p = 0; p < 4; p++) {
      for (let k = 0; k < 4; k++) {
        s[HANDS + p * 4 + k] = state.hands[p][k];
        s[TAKEN + p * 4 + k] = state.taken[p][k];
      }
      s[WON + p] = state.tricksWon[p];
    }
    for (let i = 0; i < state.trick.length; i++) s[TRICK + i] = state.trick[i];
    s[TRICK_LEN] = state.trick.length;
    s[LEADER] = state.leader;
    s[TURN] = state.turn;
    s[TRICK_NO] = state.trickNumber;
    s[BROKEN] = state.heartsBroken ? 1 : 0;
    s[DONE] = state.phase === "playing" ? 0 : 1;
    s[VOIDS] = voids;
    this.totals = state.totals;
    this.handIndex = state.handIndex;
    return this.countTaken();
  }

  /**
   * Loads a sampled world of a seat's view in play: the public record from the view, the hands
   * from the sample. `taken` is the view's taken cards (takenFromView), computed once per search.
   */
  loadView(view: SeatView, hands: readonly SuitMasks[], taken: readonly SuitMasks[], voids: number): this {
    const s = this.s;
    s.fill(0);
    for (let p = 0; p < 4; p++) {
      for (let k = 0; k < 4; k++) {
        s[HANDS + p * 4 + k] = hands[p][k];
        s[TAKEN + p * 4 + k] = taken[p][k];
      }
      s[WON + p] = view.tricksWon[p];
    }
    for (let i = 0; i < view.trick.length; i++) s[TRICK + i] = view.trick[i];
    s[TRICK_LEN] = view.trick.length;
    s[LEADER] = view.leader;
    s[TURN] = view.turn;
    s[TRICK_NO] = view.trickNumber;
    s[BROKEN] = view.heartsBroken ? 1 : 0;
    s[DONE] = view.phase === "playing" ? 0 : 1;
    s[VOIDS] = voids;
    this.totals = view.totals;
    this.handIndex = view.handIndex;
    return this.countTaken();
  }

  /** Loads the start of play with these hands (after any pass) and this first leader. */
  loadStart(hands: readonly SuitMasks[], leader: number, totals: number[], handIndex: number): this {
    const s = this.s;
    s.fill(0);
    for (let p = 0; p < 4; p++) for (let k = 0; k < 4; k++) s[HANDS + p * 4 + k] = hands[p][k];
    s[LEADER] = leader;
    s[TURN] = leader;
    this.totals = totals;
    this.handIndex = handIndex;
    return this.countTaken();
  }

  /**
   * Loads the start of play after a pass: `hands` are the dealt hands, `passes[p]` (packed
   * a|b<<6|c<<12) what each seat passes, `to[p]` who receives it. The leader is found as the
   * engine's beginPlay does.
   */
  loadAfterPass(
    hands: readonly SuitMasks[],
    passes: Int32Array,
    to: readonly number[],
    dealer: number,
    totals: number[],
    handIndex: number,
  ): this {
    const s = this.s;
    s.fill(0);
    for (let p = 0; p < 4; p++) for (let k = 0; k < 4; k++) s[HANDS + p * 4 + k] = hands[p][k];
    for (let p = 0; p < 4; p++) {
      const packed = passes[p];
      for (let j = 0; j < 3; j++) {
        const c = (packed >> (6 * j)) & 63;
        const suit = (c / 13) | 0;
        const bit = 1 << (c % 13);
        s[HANDS + p * 4 + suit] &= ~bit;
        s[HANDS + to[p] * 4 + suit] |= bit;
      }
    }
    let leader = (dealer + 1) & 3;
    if (this.twoClubs) for (let p = 0; p < 4; p++) if (s[HANDS + p * 4] & 1) leader = p;
    s[LEADER] = leader;
    s[TURN] = leader;
    this.totals = totals;
    this.handIndex = handIndex;
    return this.countTaken();
  }

  /** PLAYED, POINTS, QUEEN_BY and JACK_BY from the taken cards and the trick (after a load). */
  private countTaken(): this {
    const s = this.s;
    s[QUEEN_BY] = -1;
    s[JACK_BY] = -1;
    for (let k = 0; k < 4; k++) s[PLAYED + k] = s[TAKEN + k] | s[TAKEN + 4 + k] | s[TAKEN + 8 + k] | s[TAKEN + 12 + k];
    for (let i = 0; i < s[TRICK_LEN]; i++) s[PLAYED + ((s[TRICK + i] / 13) | 0)] |= 1 << (s[TRICK + i] % 13);
    for (let p = 0; p < 4; p++) this.countPoints(p);
    s[TRICK_VALUE] = 0;
    s[TRICK_RANK] = -1;
    s[TRICK_WINNER] = s[LEADER];
    for (let i = 0; i < s[TRICK_LEN]; i++) this.trickAdd(s[TRICK + i], (s[LEADER] + i) & 3);
    return this;
  }

  /** TRICK_VALUE, TRICK_RANK and TRICK_WINNER after `card` joins the trick, played by `seat`. */
  private trickAdd(card: Card, seat: number): void {
    const s = this.s;
    const r = card % 13;
    s[TRICK_VALUE] += this.cv.tv[card];
    if (((card / 13) | 0) === ((s[TRICK] / 13) | 0) && r > s[TRICK_RANK]) {
      s[TRICK_RANK] = r;
      s[TRICK_WINNER] = seat;
    }
  }

  /** POINTS of one seat, and QUEEN_BY and JACK_BY if it took them, from its taken cards. */
  private countPoints(p: number): void {
    const s = this.s;
    const at = TAKEN + p * 4;
    const sp = s[at + 2];
    let pts = this.cv.heartSum[s[at + 3]];
    if (sp & Q_BIT) {
      pts += 13;
      s[QUEEN_BY] = p;
    }
    if (this.highSpades) pts += (sp & (1 << 11) ? 10 : 0) + (sp & (1 << 12) ? 7 : 0);
    if (s[at + 1] & J_BIT) s[JACK_BY] = p;
    s[POINTS + p] = pts;
  }

  get done(): boolean {
    return this.s[DONE] !== 0;
  }
  get turn(): number {
    return this.s[TURN];
  }
  get trickLength(): number {
    return this.s[TRICK_LEN];
  }
  get voids(): number {
    return this.s[VOIDS];
  }

  /** The legal cards of the seat to move, as suit masks in `out`: the engine's legalMasks. */
  legal(out: SuitMasks): SuitMasks {
    const s = this.s;
    if (s[TRICK_LEN] === 0 || s[TRICK_NO] === 0) return this.legalAtLead(out);
    // Following after the first trick, the common case: the suit led if I have it, else anything.
    const h = HANDS + s[TURN] * 4;
    const led = (s[TRICK] / 13) | 0;
    const mine = s[h + led];
    if (mine !== 0) {
      out[0] = out[1] = out[2] = out[3] = 0;
      out[led] = mine;
    } else {
      out[0] = s[h];
      out[1] = s[h + 1];
      out[2] = s[h + 2];
      out[3] = s[h + 3];
    }
    return out;
  }

  /** legal() when leading, or on the first trick. */
  private legalAtLead(out: SuitMasks): SuitMasks {
    const s = this.s;
    const h = HANDS + s[TURN] * 4;
    const firstTrick = s[TRICK_NO] === 0;
    if (s[TRICK_LEN] === 0) {
      if (firstTrick && this.twoClubs) {
        out[0] = s[h] & 1;
        out[1] = out[2] = out[3] = 0;
        return out;
      }
      out[0] = s[h];
      out[1] = s[h + 1];
      out[2] = s[h + 2];
      out[3] = s[h + 3];
      if (this.leadRestriction && s[BROKEN] === 0 && out[3] !== 0) {
        const others = out[0] | out[1] | out[2];
        const mayLead = others === 0 || (this.queenException && out[0] === 0 && out[1] === 0 && out[2] === 1 << 10);
        if (!mayLead) out[3] = 0;
      }
    } else {
      const led = (s[TRICK] / 13) | 0;
      if (s[h + led] !== 0) {
        out[0] = out[1] = out[2] = out[3] = 0;
        out[led] = s[h + led];
      } else {
        out[0] = s[h];
        out[1] = s[h + 1];
        out[2] = s[h + 2];
        out[3] = s[h + 3];
      }
    }
    if (firstTrick && this.firstTrickLimit) {
      const p = this.firstTrickPoints;
      const c = out[0] & ~p[0];
      const d = out[1] & ~p[1];
      const sp = out[2] & ~p[2];
      const hh = out[3] & ~p[3];
      if (c | d | sp | hh) {
        out[0] = c;
        out[1] = d;
        out[2] = sp;
        out[3] = hh;
      } else if (this.queenFirst && out[2] & (1 << 10)) {
        out[0] = out[1] = out[3] = 0;
        out[2] = 1 << 10;
      }
    }
    return out;
  }

  /** Plays a card known to be legal for the seat to move. */
  play(card: Card): void {
    const s = this.s;
    const seat = s[TURN];
    const suit = (card / 13) | 0;
    const bit = 1 << (card % 13);
    s[HANDS + seat * 4 + suit] &= ~bit;
    s[PLAYED + suit] |= bit;
    const n = s[TRICK_LEN];
    if (n > 0) {
      const led = (s[TRICK] / 13) | 0;
      if (suit !== led) s[VOIDS] |= 1 << (seat * 4 + led);
    }
    s[TRICK + n] = card;
    s[TRICK_LEN] = n + 1;
    this.trickAdd(card, seat);
    if (suit === HEARTS || (card === QS && this.queenBreaks)) s[BROKEN] = 1;
    if (n < 3) {
      s[TURN] = (seat + 1) & 3;
      return;
    }
    this.completeTrick();
  }

  private completeTrick(): void {
    const s = this.s;
    const winner = s[TRICK_WINNER];
    s[TRICK_VALUE] = 0;
    s[TRICK_RANK] = -1;
    for (let i = 0; i < 4; i++) {
      const c = s[TRICK + i];
      s[TAKEN + winner * 4 + ((c / 13) | 0)] |= 1 << (c % 13);
    }
    s[WON + winner]++;
    this.countPoints(winner);
    const tn = ++s[TRICK_NO];
    s[TRICK_LEN] = 0;
    s[LEADER] = winner;
    s[TURN] = winner;
    if (tn === 13) {
      s[DONE] = 1;
      return;
    }
    if (this.leaderTakesAll() || (!this.tricksScore && !this.scoringLeft())) this.claimRest(winner);
  }

  /** A scoring card is still in someone's hand (called between tricks: every card not played is held). */
  private scoringLeft(): boolean {
    const s = this.s;
    const m = this.scoring;
    return ((m[0] & ~s[PLAYED]) | (m[1] & ~s[PLAYED + 1]) | (m[2] & ~s[PLAYED + 2]) | (m[3] & ~s[PLAYED + 3])) !== 0;
  }

  /**
   * The leader holds, in every suit he has, only cards above all the others' cards of that suit
   * (called between tricks: the others hold every card that is neither played nor his).
   */
  private leaderTakesAll(): boolean {
    const s = this.s;
    const at = HANDS + s[LEADER] * 4;
    for (let suit = 0; suit < 4; suit++) {
      const mine = s[at + suit];
      if (mine === 0) continue;
      const others = FULL & ~mine & ~s[PLAYED + suit];
      if (others >= (mine & -mine)) return false;
    }
    return true;
  }

  private claimRest(seat: number): void {
    const s = this.s;
    for (let p = 0; p < 4; p++) {
      for (let k = 0; k < 4; k++) {
        s[TAKEN + seat * 4 + k] |= s[HANDS + p * 4 + k];
        s[HANDS + p * 4 + k] = 0;
      }
    }
    for (let k = 0; k < 4; k++) s[PLAYED + k] = FULL;
    this.countPoints(seat);
    s[WON + seat] += 13 - s[TRICK_NO];
    s[TRICK_NO] = 13;
    s[DONE] = 1;
  }

  /** Hand masks of a seat copied into `out`. */
  handOf(seat: number, out: SuitMasks): SuitMasks {
    const s = this.s;
    for (let k = 0; k < 4; k++) out[k] = s[HANDS + seat * 4 + k];
    return out;
  }

  /** Taken masks, for the policy's Situation. */
  takenOf(seat: number, suit: number): number {
    return this.s[TAKEN + seat * 4 + suit];
  }
  /** Cards of a suit played so far (or claimed). */
  playedMask(suit: number): number {
    return this.s[PLAYED + suit];
  }
  trickCard(i: number): number {
    return this.s[TRICK + i];
  }
  get leader(): number {
    return this.s[LEADER];
  }
  get trickNumber(): number {
    return this.s[TRICK_NO];
  }
  get heartsBroken(): boolean {
    return this.s[BROKEN] !== 0;
  }

  /**
   * The totals after the hand (which must be done), scored as the engine's scoreHand does
   * (fast-score.ts); under moon=choice the shooter takes `choose`'s choice. The array returned is
   * shared, overwritten by the next call.
   */
  finalTotals(choose: MoonChooser): number[] {
    return finalTotals(this, choose);
  }
}
