/**
 * The hard player's reading of the other seats' play (issue 42): a sampled world is weighted by
 * how well it explains the cards the others have played this hand. In each world the hand is
 * replayed from its first trick with every seat's hand as that world has it, and at each of the
 * others' decisions with a real choice the rule-based policy (policy.ts, played straight) is asked
 * what it would have played there: a world in which the seat's actual card was not the policy's
 * (nor the same card in effect) is weighted down by a factor (levels.ts, HARD_INFER). A world in which a seat ducked while
 * holding a card the rules would have dumped, or led a suit it would not have led from that hand,
 * is less likely than the uniform sampler supposes. This is the weighting the strongest programs
 * of imperfect-information card games use (a model of the opponents' play over sampled worlds),
 * with the rules as the model and a mild factor, so a few worlds never dominate.
 *
 * Nothing here sees another seat's hand: the input is the seat's view and a sampled world.
 */
import { passTarget, type Card, type Rules, type SeatView, type SuitMasks } from "../game/index.js";
import { JD, valuesFor } from "./bits.js";
import { FastHand } from "./fast.js";
import * as policy from "./policy.js";

const { MEDIUM, choosePlayout, keptDanger, newSituation, rankPasses } = policy;

/** The lowest weight a world can get from play alone, so a long hand never leaves one world counting. */
export const MIN_PLAY_WEIGHT = 1e-3;

/** One card of the hand so far, in order. */
interface Played {
  seat: number;
  card: number;
}

/** Replays the hand so far in sampled worlds and weighs each by the others' plays. */
export class PlayReader {
  private readonly plays: Played[] = [];
  /** Cards each seat has played this hand, as suit masks. */
  private readonly playedBy: SuitMasks[] = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  private readonly firstLeader: number;
  private readonly board: FastHand;
  private readonly sit: policy.Situation;
  private readonly legal: SuitMasks = [0, 0, 0, 0];
  private readonly start: SuitMasks[] = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  /** Whether there is anything to read (another seat has played a card). */
  readonly informative: boolean;

  /**
   * factors[kind][r]: the weight of a lead (kind 0), a follow (1) or a discard (2) that was the
   * rules' (r+1)-th choice; the last one for any later choice.
   */
  private readonly factors: readonly (readonly number[])[];
  /** Ranks told apart: 0 (the rules' own card) to ranks − 1 (that or any later choice). */
  readonly ranks: number;
  /** counts[kind * ranks + r]: the others' plays of that kind and rank in the last world replayed. */
  readonly counts: Int32Array;

  /**
   * `factor`: the weight of each play that was not the rules' choice; or by rank (the first, the
   * rules' card, 1); or by rank for a lead, a follow and a discard.
   */
  constructor(
    private readonly view: SeatView,
    factor: number | readonly number[] | readonly (readonly number[])[],
  ) {
    const row = (x: number | readonly number[]): readonly number[] => (typeof x === "number" ? [1, x] : x);
    if (typeof factor === "number" || typeof factor[0] === "number") {
      const one = row(factor as number | readonly number[]);
      this.factors = [one, one, one];
    } else this.factors = factor as readonly (readonly number[])[];
    this.ranks = this.factors[0].length;
    this.counts = new Int32Array(3 * this.ranks);
    const tricks = view.tricks.map((t) => ({ leader: t.leader, cards: t.cards }));
    if (view.trick.length) tricks.push({ leader: view.leader, cards: view.trick });
    for (const t of tricks) {
      for (let i = 0; i < t.cards.length; i++) {
        const seat = (t.leader + i) & 3;
        const card = t.cards[i];
        this.plays.push({ seat, card });
        this.playedBy[seat][(card / 13) | 0] |= 1 << (card % 13);
      }
    }
    this.firstLeader = tricks.length ? tricks[0].leader : view.leader;
    this.board = new FastHand(view.rules);
    this.sit = newSituation(view.rules);
    this.informative = this.plays.some((p) => p.seat !== view.seat);
  }

  /** The weight of a world (the four hands now): the product of the factors of the others' plays' ranks. */
  weight(hands: readonly SuitMasks[]): number {
    if (!this.informative) return 1;
    this.replay(hands);
    let w = 1;
    const ranks = this.ranks;
    for (let k = 0; k < 3; k++)
      for (let r = 1; r < ranks; r++) if (this.counts[k * ranks + r]) w *= this.factors[k][r] ** this.counts[k * ranks + r];
    return Math.max(w, MIN_PLAY_WEIGHT);
  }

  /**
   * Replays the hand in this world and counts, in `counts`, the others' plays by their rank among
   * the rules' choices (the rules' card, their next choice once it is set aside, …).
   */
  replay(hands: readonly SuitMasks[]): void {
    const me = this.view.seat;
    const start = this.start;
    const counts = this.counts;
    const last = this.ranks - 1;
    counts.fill(0);
    for (let p = 0; p < 4; p++) for (let s = 0; s < 4; s++) start[p][s] = hands[p][s] | this.playedBy[p][s];
    const b = this.board;
    b.loadStart(start, this.firstLeader, this.view.totals, this.view.handIndex);
    for (const { seat, card } of this.plays) {
      if (b.done) break;
      if (seat !== me) {
        const legal = b.legal(this.legal);
        let rank = 0;
        while (rank < last && several(legal)) {
          const chosen = choosePlayout(this.sit, b, legal, MEDIUM, null);
          if (chosen === card || sameInEffect(b, seat, chosen, card)) break;
          setAside(b, seat, legal, chosen);
          rank++;
        }
        if (rank > 0 || several(legal)) {
          const kind = b.trickLength === 0 ? 0 : ((b.trickCard(0) / 13) | 0) === ((card / 13) | 0) ? 1 : 2;
          counts[kind * this.ranks + rank]++;
        }
      }
      b.play(card);
    }
  }
}

/** Takes the rules' choice out of `legal`, with the cards that are the same in effect. */
function setAside(b: FastHand, seat: number, legal: SuitMasks, chosen: number): void {
  const suit = (chosen / 13) | 0;
  let m = legal[suit];
  while (m) {
    const bit = m & -m;
    m ^= bit;
    const c = suit * 13 + 31 - Math.clz32(bit);
    if (c === chosen || sameInEffect(b, seat, chosen, c)) legal[suit] &= ~bit;
  }
}

const several = (legal: SuitMasks): boolean => {
  let n = 0;
  for (let s = 0; s < 4; s++) {
    const m = legal[s];
    if (m === 0) continue;
    if (m & (m - 1)) return true;
    if (++n > 1) return true;
  }
  return false;
};

/** Two cards of one suit with nothing between them but the seat's own cards and cards played. */
function sameInEffect(b: FastHand, seat: number, a: number, c: number): boolean {
  const suit = (a / 13) | 0;
  if (((c / 13) | 0) !== suit) return false;
  const lo = Math.min(a % 13, c % 13);
  const hi = Math.max(a % 13, c % 13);
  const between = ((1 << hi) - 1) & ~((2 << lo) - 1);
  const hand = [0, 0, 0, 0];
  b.handOf(seat, hand);
  return (between & ~(hand[suit] | b.playedMask(suit))) === 0 && cardValuesEqual(b, a, c);
}

const cardValuesEqual = (b: FastHand, a: number, c: number): boolean => b.cv.tv[a] === b.cv.tv[c] && b.cv.pv[a] === b.cv.pv[c];

/**
 * What the cards passed to me say about the passer's hand, when I passed to the same seat
 * (across): its hand before the pass is then known in each world (what it holds and has played,
 * less what I gave it, plus what it gave me). A world is weighted by exp(−regret / temperature),
 * regret being how much more danger (policy.ts's pass score) the rules see in the pass it made
 * than in its best pass from that hand, bounded below by MIN_PASS_WEIGHT.
 */
export class PassReader {
  private readonly passer: number;
  private readonly received: SuitMasks = [0, 0, 0, 0];
  private readonly given: SuitMasks = [0, 0, 0, 0];
  private readonly playedBy: SuitMasks = [0, 0, 0, 0];
  private readonly hand: SuitMasks = [0, 0, 0, 0];
  private readonly pass: Card[];
  /** Whether the pass says anything here (an exchange across, seen from after it). */
  readonly informative: boolean;

  constructor(
    private readonly view: SeatView,
    private readonly temperature: number,
  ) {
    const dir = view.passDirection;
    this.passer = [0, 1, 2, 3].find((p) => p !== view.seat && dir !== "hold" && passTarget(p, dir) === view.seat) ?? view.seat;
    this.pass = view.received ?? [];
    // Only across: what the passer received is known only when it came from me. (Left or right,
    // its hand before the pass less what it received is unknown; with the 3 unknown cards left
    // in, the regret hardly tells the true deal from sampled ones: bench/pass-calibrate.ts.)
    this.informative =
      temperature > 0 &&
      view.phase === "playing" &&
      this.passer !== view.seat &&
      dir !== "hold" &&
      passTarget(view.seat, dir) === this.passer &&
      view.passed !== null &&
      this.pass.length === 3;
    if (!this.informative) return;
    for (const c of this.pass) this.received[(c / 13) | 0] |= 1 << (c % 13);
    for (const c of view.passed ?? []) this.given[(c / 13) | 0] |= 1 << (c % 13);
    const tricks = view.tricks.map((t) => ({ leader: t.leader, cards: t.cards }));
    if (view.trick.length) tricks.push({ leader: view.leader, cards: view.trick });
    for (const t of tricks)
      for (let i = 0; i < t.cards.length; i++) {
        const c = t.cards[i];
        if (((t.leader + i) & 3) === this.passer) this.playedBy[(c / 13) | 0] |= 1 << (c % 13);
      }
  }

  /** The regret of the pass made, from the passer's hand before the pass in this world. */
  regret(hands: readonly SuitMasks[]): number {
    const h = this.hand;
    for (let s = 0; s < 4; s++) h[s] = ((hands[this.passer][s] | this.playedBy[s]) & ~this.given[s]) | this.received[s];
    const rules = this.view.rules;
    const best = passScore(h, rankPasses(h, rules, null, 0, 1)[0], rules);
    return Math.max(0, passScore(h, this.pass, rules) - best);
  }

  weight(hands: readonly SuitMasks[]): number {
    if (!this.informative) return 1;
    return Math.max(MIN_PASS_WEIGHT, Math.exp(-this.regret(hands) / this.temperature));
  }
}

/** The lowest weight a world can get from the pass. */
export const MIN_PASS_WEIGHT = 0.05;

/** rankPasses's score of one pass from a hand (lower is better). */
function passScore(hand: SuitMasks, pass: readonly Card[], rules: Rules): number {
  const kept = hand.slice();
  for (const c of pass) kept[(c / 13) | 0] &= ~(1 << (c % 13));
  const cv = valuesFor(rules);
  let score = keptDanger(kept, rules, cv);
  const [a, b, c] = pass;
  if (rules.jackOfDiamonds !== 0 && (a === JD || b === JD || c === JD)) score -= rules.jackOfDiamonds * 0.5;
  return score + 0.05 * (cv.pv[a] + cv.pv[b] + cv.pv[c]);
}
