/**
 * The rule-based player: a one-trick cost estimate for each legal card (points likely taken now,
 * minus the value of getting rid of a dangerous card), plus the classic Hearts rules on top of it:
 * duck, dump Q♠ and high hearts when void, flush Q♠ with low spades, never lead into a known
 * void, capture J♦ in Omnibus, stop a moon by taking or placing a heart, and run a moon when the
 * hand controls it. Medium plays it straight; easy adds noise and slips; the hard player uses it,
 * with a little noise, as the playout policy of its Monte Carlo search.
 *
 * Everything here reads a Situation: one seat's own cards and public facts. It is built either
 * from a SeatView (medium, easy) or from a sampled world for the seat to move (playouts), and in
 * both cases holds nothing that seat could not know.
 */
import { type Card, type GameState, type Rng, type Rules, type SeatView, type SuitMasks } from "../../../src/game/index.js";
import * as bits from "./bits.js";
import type { CardValues } from "./bits.js";
import { LAYOUT, type FastHand } from "./fast.js";
import type { Knowledge } from "./knowledge.js";

// Module-local copies of the imported constants and helpers the hot loops use. An imported binding
// is read through its module cell at every use, with a check, even in optimised code; a module's
// own const is folded into the code.
const { DIAMONDS, FULL, HEARTS, JD, J_BIT, QS, Q_BIT, SPADES, above, below, hiBit, loBit, pop, valuesFor } = bits;
const {
  BROKEN,
  JACK_BY,
  LEADER,
  PLAYED,
  POINTS,
  QUEEN_BY,
  TRICK,
  TRICK_LEN,
  TRICK_NO,
  TRICK_RANK,
  TRICK_VALUE,
  TRICK_WINNER,
  TURN,
  VOIDS,
} = LAYOUT;

export interface Situation {
  rules: Rules;
  cv: CardValues;
  seat: number;
  hand: SuitMasks;
  legal: SuitMasks;
  /** Cards the other three seats hold between them (not mine, not played). */
  out: SuitMasks;
  trick: Card[];
  /** Cards in the trick (the first trickLen of `trick`). */
  trickLen: number;
  leader: number;
  trickNumber: number;
  heartsBroken: boolean;
  /** Bit seat*4+suit: that seat is known to be void in that suit. */
  voids: number;
  /** Penalty points each seat has taken this hand. */
  points: number[];
  /** Seat that took J♦, or -1. */
  jackBy: number;
  /** Seat that took Q♠, or -1. */
  queenBy: number;
  /** Scratch owned by this Situation for situationFromFast (hand and trick copies). */
  handBuf: SuitMasks;
  trickBuf: Card[];
  /** choosePlay's scratch. */
  facts: Facts;
}

export interface Style {
  /** Amplitude of random noise added to each card's cost. */
  noise: number;
  /** Chance of a careless move: a random legal card. */
  slip: number;
  /** Try to shoot the moon when the hand controls it. */
  shoot: boolean;
  /** Spot and stop an opponent's moon. */
  defend: boolean;
}

export const MEDIUM: Style = { noise: 0, slip: 0, shoot: true, defend: true };
export const EASY: Style = { noise: 2.5, slip: 0.12, shoot: false, defend: false };
export const PLAYOUT: Style = { noise: 0.5, slip: 0, shoot: true, defend: true };

export const newSituation = (rules: Rules): Situation => ({
  rules,
  cv: valuesFor(rules),
  seat: 0,
  hand: [0, 0, 0, 0],
  legal: [0, 0, 0, 0],
  out: [0, 0, 0, 0],
  trick: [],
  trickLen: 0,
  leader: 0,
  trickNumber: 0,
  heartsBroken: false,
  voids: 0,
  points: [0, 0, 0, 0],
  jackBy: -1,
  queenBy: -1,
  handBuf: [0, 0, 0, 0],
  trickBuf: [0, 0, 0, 0],
  facts: new Facts(rules),
});

function scoreTaken(x: Situation, taken: readonly SuitMasks[]): void {
  const cv = x.cv;
  x.jackBy = -1;
  x.queenBy = -1;
  for (let s = 0; s < 4; s++) {
    const t = taken[s];
    let p = cv.heartSum[t[3]];
    if (t[2] & Q_BIT) {
      p += 13;
      x.queenBy = s;
    }
    if (x.rules.highSpades) p += (t[2] & (1 << 11) ? 10 : 0) + (t[2] & (1 << 12) ? 7 : 0);
    if (t[1] & J_BIT) x.jackBy = s;
    x.points[s] = p;
  }
}

/** Fills `x` for `seat` from a world state: its own hand, the public record, the tracked voids. */
export function situationFromState(x: Situation, state: GameState, seat: number, voids: number, legal: SuitMasks): Situation {
  const h = state.hands[seat];
  const t = state.taken;
  x.seat = seat;
  x.hand = h;
  x.legal = legal;
  for (let s = 0; s < 4; s++) x.out[s] = FULL & ~h[s] & ~(t[0][s] | t[1][s] | t[2][s] | t[3][s]);
  for (const c of state.trick) x.out[(c / 13) | 0] &= ~(1 << (c % 13));
  x.trick = state.trick;
  x.trickLen = state.trick.length;
  x.leader = state.leader;
  x.trickNumber = state.trickNumber;
  x.heartsBroken = state.heartsBroken;
  x.voids = voids;
  scoreTaken(x, t);
  return x;
}

/**
 * Fills `x` for the seat to move on a playout board, exactly as situationFromState does for the
 * same position, and its facts about the trick as analyseTrick does (test/ai/fast.test.ts),
 * without allocating.
 */
export function situationFromFast(x: Situation, f: FastHand, legal: SuitMasks): Situation {
  readBoard(x, f, legal);
  const b = f.s;
  const n = b[TRICK_LEN];
  const tb = x.trickBuf;
  for (let i = 0; i < n; i++) tb[i] = b[TRICK + i];
  x.trick = tb;
  x.trickLen = n;
  x.leader = b[LEADER];
  x.heartsBroken = b[BROKEN] !== 0;
  return x;
}

/**
 * What the policy reads of a playout board at each move (choosePlayout): all of situationFromFast
 * but the trick's cards, its leader and whether hearts are broken, which only analyseTrick reads.
 */
const readBoard = function readBoard(x: Situation, f: FastHand, legal: SuitMasks): void {
  const b = f.s;
  const seat = b[TURN];
  const h = x.handBuf;
  const hb = seat * 4;
  h[0] = b[hb];
  h[1] = b[hb + 1];
  h[2] = b[hb + 2];
  h[3] = b[hb + 3];
  x.seat = seat;
  x.hand = h;
  x.legal = legal;
  const out = x.out;
  out[0] = FULL & ~h[0] & ~b[PLAYED];
  out[1] = FULL & ~h[1] & ~b[PLAYED + 1];
  out[2] = FULL & ~h[2] & ~b[PLAYED + 2];
  out[3] = FULL & ~h[3] & ~b[PLAYED + 3];
  const points = x.points;
  points[0] = b[POINTS];
  points[1] = b[POINTS + 1];
  points[2] = b[POINTS + 2];
  points[3] = b[POINTS + 3];
  x.queenBy = b[QUEEN_BY];
  x.jackBy = b[JACK_BY];
  x.trickNumber = b[TRICK_NO];
  x.voids = b[VOIDS];
  // The trick's facts, as analyseTrick finds them.
  const facts = x.facts;
  const n = b[TRICK_LEN];
  facts.pos = n;
  if (n) facts.led = (b[TRICK] / 13) | 0;
  facts.trickValue = b[TRICK_VALUE];
  facts.winRank = b[TRICK_RANK];
  facts.winSeat = b[TRICK_WINNER];
};

/** Voids as bits (seat*4+suit) from what a seat knows. */
export function voidBits(know: Knowledge): number {
  let v = 0;
  for (let p = 0; p < 4; p++) for (let s = 0; s < 4; s++) if (p !== know.seat && know.allowed[p][s] === 0) v |= 1 << (p * 4 + s);
  return v;
}

export function situationFromView(view: SeatView, know: Knowledge): Situation {
  const x = newSituation(view.rules);
  x.seat = view.seat;
  x.hand = know.allowed[view.seat].slice();
  for (const c of view.legal) x.legal[(c / 13) | 0] |= 1 << (c % 13);
  x.out = know.unknown.slice();
  x.trick = view.trick.slice();
  x.trickLen = view.trick.length;
  x.leader = view.leader;
  x.trickNumber = view.trickNumber;
  x.heartsBroken = view.heartsBroken;
  x.voids = voidBits(know);
  const taken: SuitMasks[] = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (const t of view.tricks) for (const c of t.cards) taken[t.winner][(c / 13) | 0] |= 1 << (c % 13);
  scoreTaken(x, taken);
  return x;
}

// ---- playing ------------------------------------------------------------------

// The helpers every move calls are `const` function expressions, not function declarations: a
// declaration is a mutable binding, so optimised code reloads and checks it at every call.

/**
 * choosePlay's scratch, one per Situation: the facts of one decision that every candidate card
 * shares, and those of the followers in the suit of the candidates being costed (the candidates
 * come suit by suit, so each suit's are worked out once, not once per card). The playout policy
 * spends most of its time here; the arithmetic is the one the costs always used, in the same
 * order, so the costs are the same to the last bit (test/ai/pinned.test.ts).
 */
class Facts {
  // The rules' options the costs read (a rules object may come in several shapes).
  readonly jack: number;
  readonly highSpades: boolean;
  readonly moonOn: boolean;
  readonly pointsOnFirstTrick: boolean;
  readonly jackForMoon: boolean;
  // The trick in progress.
  led = 0;
  pos = 0;
  winRank = -1;
  winSeat = 0;
  trickValue = 0;
  queenOut = false;
  threatSeat = -1;
  threat = 0;
  /** No seat but me has taken points (a condition of shooting, known from moonFacts). */
  mayRun = false;
  // Constant over one decision (prepare).
  follows = false;
  lowSpades = 0;
  queenShed = 0;
  stageWeight = 0;
  readonly nOut = new Int32Array(4);
  // The followers of this trick in suit `suit` (followersOf); −1: not worked out yet this decision.
  suit = -1;
  dump = 0;
  addBase = 0;
  spadeAdd = 0;
  jackAdd = 0;
  holders = 0;
  nonVoid = 0;
  /** POW_SHARE's row for `holders`, and where `nOut`'s part of it starts. */
  share: Float64Array = POW_SHARE_0;
  shareAt = 0;

  constructor(rules: Rules) {
    this.jack = rules.jackOfDiamonds;
    this.highSpades = rules.highSpades;
    this.moonOn = rules.moon !== "disabled";
    this.pointsOnFirstTrick = rules.pointsOnFirstTrick;
    this.jackForMoon = rules.jackRequiredForMoon && rules.jackOfDiamonds !== 0;
  }
}

/** The value of no longer holding card c: how likely it is to cost points if kept. */
const sheddingValue = function sheddingValue(x: Situation, f: Facts, c: Card, s: number, r: number): number {
  if (c === QS) return f.queenShed;
  if (c === JD && f.jack !== 0) return 0.8 * f.jack;
  const outS = x.out[s];
  const nOut = f.nOut[s];
  const lower = pop(below(outS, r));
  const pv = x.cv.pv[c];
  if (s === SPADES && r > 10) {
    let v = pv * 0.4;
    if (f.queenOut) v += 4 + (f.lowSpades <= 1 ? 3 : 0);
    else v += nOut ? (1.5 * lower) / nOut : 0.3;
    return v;
  }
  if (s === HEARTS) {
    if (nOut === 0) return pv * 0.2;
    const fr = lower / nOut;
    let v = fr * fr * (pv + x.cv.heartAvg * 2.5) + pv * 0.2;
    // Against a moon, a high heart is the card that stops it: keep it.
    if (f.threat > 0 && lower > 0 && pop(above(outS, r)) === 0) v -= f.threat * 6;
    return v;
  }
  if (nOut === 0) return 0.4 * (r / 12);
  let v = (lower / nOut) * f.stageWeight;
  if (s === SPADES && f.queenOut && r < 10) v -= 0.6;
  if (s === DIAMONDS && r > 9 && f.jack < 0 && outS & J_BIT) v -= 5;
  return v;
};

/**
 * The seats still to play after me in this trick (3 − pos of them, from my left), in `suit`:
 * what they are expected to add to the trick if I win it (addBase, plus spadeAdd for my K♠/A♠
 * while Q♠ is out, plus jackAdd for a diamond above J♦), and how many of them can follow
 * (nonVoid) and of all three others (holders), for holdChance.
 */
const followersOf = function followersOf(x: Situation, f: Facts, suit: number): void {
  const count = 3 - f.pos;
  const me = x.seat;
  const outS = x.out[suit];
  const nOut = f.nOut[suit];
  const dump = f.dump;
  // Bit p*4 of `voids`: seat p has shown out of the suit.
  const voids = x.voids >>> suit;
  let nonVoid = 0;
  for (let i = 1; i <= count; i++) nonVoid += ~(voids >>> (((me + i) & 3) * 4)) & 1;
  // Unknown voids: the fewer cards of the suit are out, the likelier someone shows out.
  const pVoid = x.trickNumber === 0 || nonVoid === 0 ? 0 : Math.max(0, Math.min(0.95, 1.4 - nOut / (1.8 * nonVoid)));
  const dumps = x.trickNumber > 0 || f.pointsOnFirstTrick;
  let add = 0;
  for (let i = 1; i <= count; i++) {
    if ((voids >>> (((me + i) & 3) * 4)) & 1 || nOut === 0) {
      if (dumps) add += dump;
      continue;
    }
    add += pVoid * dump;
    if (suit === HEARTS) add += (1 - pVoid) * x.cv.heartAvg;
  }
  // (Leading, the followers are the three others.)
  let holders = nonVoid;
  if (count < 3) {
    holders = 0;
    for (let i = 1; i < 4; i++) holders += ~(voids >>> (((me + i) & 3) * 4)) & 1;
  }
  f.suit = suit;
  f.addBase = add;
  // Whoever holds Q♠ drops it under my K♠/A♠ if he follows.
  f.spadeAdd = suit === SPADES && f.queenOut ? 13 * Math.min(1, nonVoid / 3 + 0.1) : 0;
  f.jackAdd = suit === DIAMONDS && f.jack !== 0 && outS & J_BIT ? f.jack * (nOut <= 3 ? 0.3 : 0.12) : 0;
  f.nonVoid = nonVoid;
  f.holders = holders;
  f.share = POW_SHARE[holders];
  f.shareAt = nOut * 14;
};

/** What a seat that cannot follow is expected to throw on my trick (for followersOf, once a decision). */
const dumpValue = function dumpValue(x: Situation, f: Facts): void {
  const hearts = x.out[HEARTS];
  let heartTop = 0;
  if (hearts) heartTop = x.cv.pv[39 + hiBit(hearts)];
  f.dump = (f.queenOut ? 13 / 3 : 0) + (hearts ? Math.max(x.cv.heartAvg, heartTop * 0.6) : 0);
};

/**
 * Chance that my card, now winning the trick, still wins after the seats still to play
 * (followersOf's). When the trick is dangerous (points in it) followers overtake only if they
 * must; otherwise often.
 */
const holdChance = function holdChance(x: Situation, f: Facts, suit: number, rank: number, danger: boolean): number {
  const outS = x.out[suit];
  const higher = pop(above(outS, rank));
  if (higher === 0 || f.pos === 3) return 1;
  const k = f.nonVoid;
  if (k === 0 || f.holders === 0) return 1;
  const row = f.share;
  const at = f.shareAt;
  const pHasHigher = 1 - row[at + f.nOut[suit] - higher];
  const pOnlyHigher = row[at + higher];
  const pOver = danger ? pOnlyHigher + 0.15 * (pHasHigher - pOnlyHigher) : 0.45 * pOnlyHigher + 0.55 * pHasHigher;
  const q = 1 - pOver;
  return k === 1 ? q : k === 2 ? q * q : q * q * q;
};

/**
 * POW_SHARE[holders][nOut*14 + j] = (j/nOut)^max(1, nOut/holders): holdChance's chance that none
 * (or all) of one seat's share of nOut cards is among j given ones, tabulated (it is hot).
 */
const POW_SHARE_0 = new Float64Array(14 * 14);
const POW_SHARE: Float64Array[] = [0, 1, 2, 3].map((holders) => {
  if (holders === 0) return POW_SHARE_0;
  const t = new Float64Array(14 * 14);
  for (let nOut = 1; nOut <= 13; nOut++) for (let j = 0; j <= nOut; j++) t[nOut * 14 + j] = Math.pow(j / nOut, Math.max(1, nOut / holders));
  return t;
});

/*
 * The candidates' costs, one loop for each kind of decision (lead, follow, discard): every legal
 * card gets a cost, plus the style's noise, and the cheapest is played. The noise is drawn for
 * every candidate in deck order, as it always was, so a playout's randomness is unchanged.
 */

/** Leading: the trick is mine unless someone overtakes; what the followers add comes with it. */
const bestLead = function bestLead(x: Situation, f: Facts, style: Style, rng: Rng | null): Card {
  const noise = rng !== null && style.noise > 0 ? style.noise : 0;
  const L = x.legal;
  const cv = x.cv;
  const tv = cv.tv;
  const spades = x.hand[SPADES];
  const threat = f.threat;
  let best = -1;
  let bestCost = Infinity;
  dumpValue(x, f);
  for (let s = 0; s < 4; s++) {
    let m = L[s];
    if (m === 0) continue;
    followersOf(x, f, s);
    // What the followers add if I win, by my rank (followersOf's).
    const addBase = f.addBase;
    const spadeAdd = f.spadeAdd;
    const jackAdd = f.jackAdd;
    while (m) {
      const r = loBit(m);
      m &= m - 1;
      const c = s * 13 + r;
      let add = addBase;
      if (r > 10 && spadeAdd !== 0) add += spadeAdd;
      if (r > 9 && jackAdd !== 0) add += jackAdd;
      const p = holdChance(x, f, s, r, tv[c] + add > 0.5);
      let cost = p * (tv[c] + add) - 0.6 * sheddingValue(x, f, c, s, r);
      if (s === SPADES && c !== QS) {
        // Flush Q♠ with low spades, unless K♠/A♠ would be left exposed to it.
        if (f.queenOut && r < 10) cost += spades & ((1 << 11) | (1 << 12)) ? (f.lowSpades >= 4 ? 0 : 1.5) : -3.5;
        if (spades & Q_BIT) cost += pop(spades) >= 5 ? 0.5 : 1.8;
      }
      if (threat > 0 && s === HEARTS && p > 0.5) cost -= threat * cv.moon * 0.5;
      if (noise !== 0) cost += noise * (rng!.next() - 0.5) * 2;
      if (cost < bestCost) {
        bestCost = cost;
        best = c;
      }
    }
  }
  return best;
};

/** Following suit: a card under the trick's winner sheds; one above it may win the trick. */
const bestFollow = function bestFollow(x: Situation, f: Facts, style: Style, rng: Rng | null): Card {
  const noise = rng !== null && style.noise > 0 ? style.noise : 0;
  const cv = x.cv;
  const tv = cv.tv;
  const pv = cv.pv;
  const s = f.led;
  const threat = f.threat;
  const trickValue = f.trickValue;
  // A point card under the moon runner's winning card feeds his moon.
  const feeds = threat > 0 && f.winSeat === f.threatSeat ? threat * cv.moon * 0.3 : 0;
  let m = x.legal[s];
  let best = -1;
  let bestCost = Infinity;
  while (m) {
    const r = loBit(m);
    m &= m - 1;
    const c = s * 13 + r;
    // (One call site: the function is then inlined, and its number not boxed.)
    const shedding = sheddingValue(x, f, c, s, r);
    let cost: number;
    if (r <= f.winRank) {
      cost = -0.8 * shedding - 0.3 * tv[c];
      if (feeds !== 0 && pv[c] > 0) cost += feeds;
    } else {
      if (f.suit !== s) {
        dumpValue(x, f);
        followersOf(x, f, s);
      }
      let add = f.addBase;
      if (r > 10 && f.spadeAdd !== 0) add += f.spadeAdd;
      if (r > 9 && f.jackAdd !== 0) add += f.jackAdd;
      const p = holdChance(x, f, s, r, trickValue + tv[c] + add > 0.5);
      // A point card I win with comes back to me: only when someone overtakes is it really shed.
      const shed = shedding * (pv[c] > 0 ? 1 - p : 1);
      cost = p * (trickValue + tv[c] + add) - (1 - p) * 0.3 * tv[c] - 0.8 * shed;
      if (threat > 0 && (trickValue > 0 || add > 0.5)) cost -= p * threat * cv.moon * 0.6;
    }
    if (noise !== 0) cost += noise * (rng!.next() - 0.5) * 2;
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
};

/** Discarding: someone else takes the trick. */
const bestDiscard = function bestDiscard(x: Situation, f: Facts, style: Style, rng: Rng | null): Card {
  const noise = rng !== null && style.noise > 0 ? style.noise : 0;
  const L = x.legal;
  const cv = x.cv;
  const tv = cv.tv;
  const pv = cv.pv;
  const threat = f.threat;
  // Against a moon: a point card on the runner's trick feeds it, on anyone else's stops it.
  const moonAdd = threat > 0 ? (f.winSeat === f.threatSeat ? threat * cv.moon * 0.4 : -threat * cv.moon * 0.5) : 0;
  let best = -1;
  let bestCost = Infinity;
  for (let s = 0; s < 4; s++) {
    let m = L[s];
    while (m) {
      const r = loBit(m);
      m &= m - 1;
      const c = s * 13 + r;
      let cost = -sheddingValue(x, f, c, s, r) - 0.3 * tv[c];
      if (threat > 0 && pv[c] > 0) cost += moonAdd;
      if (noise !== 0) cost += noise * (rng!.next() - 0.5) * 2;
      if (cost < bestCost) {
        bestCost = cost;
        best = c;
      }
    }
  }
  return best;
};

/** The trick's facts from the Situation's trick: how many cards are in it, who is winning it, what it is worth. */
export function analyseTrick(x: Situation, f: Facts): void {
  const pos = x.trickLen;
  f.pos = pos;
  let trickValue = 0;
  let winRank = -1;
  let winSeat = x.leader;
  if (pos) {
    const led = (x.trick[0] / 13) | 0;
    f.led = led;
    for (let i = 0; i < pos; i++) {
      const c = x.trick[i];
      trickValue += x.cv.tv[c];
      if (((c / 13) | 0) === led && c % 13 > winRank) {
        winRank = c % 13;
        winSeat = (x.leader + i) & 3;
      }
    }
  }
  f.trickValue = trickValue;
  f.winRank = winRank;
  f.winSeat = winSeat;
}

/** Q♠ still out, and whether another seat is running a moon (after the trick's facts). */
const moonFacts = function moonFacts(x: Situation, f: Facts): void {
  f.queenOut = (x.out[SPADES] & Q_BIT) !== 0;
  f.threat = 0;
  f.threatSeat = -1;
  f.mayRun = false;
  if (f.moonOn) {
    let only = -1;
    let n = 0;
    for (let s = 0; s < 4; s++) {
      if (x.points[s] > 0) {
        n++;
        only = s;
      }
    }
    f.mayRun = n === 0 || (n === 1 && only === x.seat);
    if (n === 1 && only !== x.seat) {
      // Q♠ alone is no sign of a moon: count it as half its value.
      const share = (x.points[only] - (x.queenBy === only ? 7 : 0)) / (x.cv.moon - 7);
      f.threat = Math.max(0, Math.min(1, (share - 0.4) * 3.5));
      f.threatSeat = only;
    }
  }
};

/** The facts of a decision that the costs of every card share (after analyseTrick). */
const prepare = function prepare(x: Situation, f: Facts): void {
  const out = x.out;
  const nOut = f.nOut;
  nOut[0] = pop(out[0]);
  nOut[1] = pop(out[1]);
  nOut[2] = pop(out[2]);
  nOut[3] = pop(out[3]);
  const lowSpades = pop(below(x.hand[SPADES], 10));
  f.lowSpades = lowSpades;
  f.queenShed = 13 * (0.3 + 0.5 * Q_RISK[Math.min(6, lowSpades)]);
  f.stageWeight = 0.5 + 2 * (x.trickNumber / 13);
  f.follows = f.pos > 0 && x.hand[f.led] !== 0;
  f.suit = -1;
};

/** Can this seat still take every penalty card, and does its hand control the rest? */
const shooting = function shooting(x: Situation, f: Facts): boolean {
  if (!f.moonOn) return false;
  const me = x.seat;
  for (let s = 0; s < 4; s++) if (s !== me && x.points[s] > 0) return false;
  if (f.jackForMoon && x.jackBy >= 0 && x.jackBy !== me) return false;
  if (f.pos > 0 && f.trickValue > 0 && (x.hand[f.led] === 0 || hiBit(x.hand[f.led]) < f.winRank)) return false;
  const mine = x.points[me];
  if (mine < x.cv.moon * 0.25 && x.trickNumber < 5) return false;
  if (x.queenBy === -1 && !(x.hand[SPADES] & Q_BIT) && hiBit(x.hand[SPADES]) < 11) return false;
  // (Every test is a condition on its own: the cheap ones come first.)
  if (x.out[HEARTS] && (!x.hand[HEARTS] || pop(above(x.out[HEARTS], hiBit(x.hand[HEARTS]))) > 0)) return false;
  let losers = 0;
  for (let s = 0; s < 4; s++) {
    let m = x.hand[s];
    while (m) {
      const r = hiBit(m);
      m &= ~(1 << r);
      if (pop(above(x.out[s], r)) > pop(above(x.hand[s], r)) && ++losers > 2) return false;
    }
  }
  return true;
};

const shootPlay = function shootPlay(x: Situation, f: Facts): Card {
  const L = x.legal;
  if (f.pos === 0) {
    // Cash a card nobody can beat, from the suit with most cards still out (draws their points).
    let best = -1;
    let bestScore = -1;
    for (let s = 0; s < 4; s++) {
      if (!L[s]) continue;
      const r = hiBit(L[s]);
      const boss = pop(above(x.out[s], r)) === 0;
      const score = (boss ? 100 : 0) + pop(x.out[s]) * 2 + r;
      if (score > bestScore) {
        bestScore = score;
        best = s * 13 + r;
      }
    }
    return best;
  }
  const led = f.led;
  if (L[led]) {
    const r = hiBit(L[led]);
    return r > f.winRank ? led * 13 + r : led * 13 + loBit(L[led]);
  }
  // Discard the least useful non-point card: the lowest of the weakest suit.
  let best = -1;
  let bestScore = Infinity;
  for (let s = 0; s < 4; s++) {
    let m = L[s];
    while (m) {
      const r = loBit(m);
      m &= m - 1;
      const c = s * 13 + r;
      const score = (x.cv.pv[c] > 0 || c === JD ? 100 : 0) + r;
      if (score < bestScore) {
        bestScore = score;
        best = c;
      }
    }
  }
  return best;
};

const randomLegal = function randomLegal(L: SuitMasks, rng: Rng): Card {
  const n = pop(L[0]) + pop(L[1]) + pop(L[2]) + pop(L[3]);
  let k = rng.int(n);
  for (let s = 0; s < 4; s++) {
    const cnt = pop(L[s]);
    if (k >= cnt) {
      k -= cnt;
      continue;
    }
    let m = L[s];
    for (; k > 0; k--) m &= m - 1;
    return s * 13 + loBit(m);
  }
  return -1;
};

/** The card this style of player chooses in situation x (legal by construction). */
export function choosePlay(x: Situation, style: Style, rng: Rng | null): Card {
  const L = x.legal;
  const n = pop(L[0]) + pop(L[1]) + pop(L[2]) + pop(L[3]);
  if (n === 0) throw new Error("No legal card: it is not this seat's turn to play.");
  if (n === 1) for (let s = 0; s < 4; s++) if (L[s]) return s * 13 + loBit(L[s]);
  if (rng && style.slip > 0 && rng.next() < style.slip) return randomLegal(L, rng);
  analyseTrick(x, x.facts);
  return chooseAmong(x, style, rng);
}

/**
 * choosePlay for the seat to move on a playout board, which has several legal cards (`legal`):
 * the situation is read from the board, the trick's facts too (the board keeps them as it plays).
 */
export function choosePlayout(x: Situation, b: FastHand, legal: SuitMasks, style: Style, rng: Rng | null): Card {
  readBoard(x, b, legal);
  if (rng && style.slip > 0 && rng.next() < style.slip) return randomLegal(legal, rng);
  return chooseAmong(x, style, rng);
}

/** The rest of choosePlay, once the trick's facts are known and several cards are legal. */
const chooseAmong = function chooseAmong(x: Situation, style: Style, rng: Rng | null): Card {
  const f = x.facts;
  moonFacts(x, f);
  if (!style.defend) f.threat = 0;
  if (style.shoot && f.mayRun && shooting(x, f)) return shootPlay(x, f);
  prepare(x, f);
  // (The style, not its noise, is passed on: a number would be boxed at every call.)
  if (f.pos === 0) return bestLead(x, f, style, rng);
  return f.follows ? bestFollow(x, f, style, rng) : bestDiscard(x, f, style, rng);
};

// ---- passing ------------------------------------------------------------------

const Q_RISK = [0.85, 0.62, 0.42, 0.26, 0.16, 0.1, 0.07];
const AK_RISK = [0.55, 0.4, 0.25, 0.14, 0.08, 0.05, 0.04];

/** How many points a 10-card hand (what is kept after passing) is expected to cost: lower is better. */
export function keptDanger(h: SuitMasks, rules: Rules, cv: CardValues = valuesFor(rules)): number {
  let d = 0;
  const spades = h[SPADES];
  const lowSpades = pop(below(spades, 10));
  const cover = Math.min(lowSpades, 6);
  if (spades & Q_BIT) d += 13 * Q_RISK[cover];
  for (let r = 11; r <= 12; r++) {
    if (!(spades & (1 << r))) continue;
    const own = cv.pv[26 + r];
    d += own * (0.5 + 0.5 * AK_RISK[cover] * 2) + (spades & Q_BIT ? 0.6 : 13 * AK_RISK[cover]);
  }
  for (let s = 0; s <= 1; s++) {
    const m = h[s];
    const len = pop(m);
    if (len === 0) {
      d -= 2.2;
      continue;
    }
    let mm = m;
    while (mm) {
      const r = loBit(mm);
      mm &= mm - 1;
      const low = pop(below(m, r));
      const x = r - 5 - 2 * low;
      if (x > 0) d += 0.25 * Math.pow(x, 1.5);
    }
    if (len >= 6) d += (len - 5) * 0.4;
  }
  if (h[SPADES] === 0) d -= 1.2;
  let hm = h[HEARTS];
  const hearts = hm;
  while (hm) {
    const r = loBit(hm);
    hm &= hm - 1;
    const low = pop(below(hearts, r));
    const x = r - 4 - 2 * low;
    if (x > 0) d += 0.4 * x * (cv.pv[39 + r] / cv.heartAvg) * (cv.heartAvg > 1 ? 3 : 1);
  }
  if (rules.jackOfDiamonds !== 0) {
    if (h[DIAMONDS] & J_BIT) d += rules.jackOfDiamonds * 0.45;
    d += rules.jackOfDiamonds * 0.08 * pop(above(h[DIAMONDS], 9) & ~J_BIT);
  }
  return d;
}

/**
 * The three cards to pass, ranked: every 3-card choice is scored by the danger of the 10 cards
 * kept. Returns candidates best first (the hard player searches the top few).
 */
export function rankPasses(hand: SuitMasks, rules: Rules, rng: Rng | null, noise: number, limit: number): Card[][] {
  const cards: Card[] = [];
  for (let s = 0; s < 4; s++) {
    let m = hand[s];
    while (m) {
      const r = loBit(m);
      m &= m - 1;
      cards.push(s * 13 + r);
    }
  }
  // Keep only the best `limit` choices (packed a|b<<6|c<<12), without building all 286.
  const best: number[] = [];
  const bestScore: number[] = [];
  const kept = hand.slice();
  const cv = valuesFor(rules);
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      for (let k = j + 1; k < cards.length; k++) {
        const a = cards[i];
        const b = cards[j];
        const c = cards[k];
        kept[0] = hand[0];
        kept[1] = hand[1];
        kept[2] = hand[2];
        kept[3] = hand[3];
        kept[(a / 13) | 0] &= ~(1 << (a % 13));
        kept[(b / 13) | 0] &= ~(1 << (b % 13));
        kept[(c / 13) | 0] &= ~(1 << (c % 13));
        let score = keptDanger(kept, rules, cv);
        // Giving away J♦ hands someone −10: worse than keeping it.
        if (rules.jackOfDiamonds !== 0 && (a === JD || b === JD || c === JD)) score -= rules.jackOfDiamonds * 0.5;
        // What we pass is someone's problem, but passing points is not free: they can come back.
        score += 0.05 * (cv.pv[a] + cv.pv[b] + cv.pv[c]);
        if (rng && noise > 0) score += noise * (rng.next() - 0.5) * 2;
        if (best.length === limit && score >= bestScore[limit - 1]) continue;
        let at = best.length < limit ? best.length : limit - 1;
        while (at > 0 && bestScore[at - 1] > score) {
          best[at] = best[at - 1];
          bestScore[at] = bestScore[at - 1];
          at--;
        }
        best[at] = a | (b << 6) | (c << 12);
        bestScore[at] = score;
      }
    }
  }
  return best.map((p) => [p & 63, (p >> 6) & 63, p >> 12]);
}

export function choosePass(hand: SuitMasks, rules: Rules, style: Style, rng: Rng | null): Card[] {
  if (rng && style.slip > 0 && rng.next() < style.slip * 3) {
    // A beginner's pass: the three highest cards, whatever they are.
    const all: Card[] = [];
    for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) if (hand[s] & (1 << r)) all.push(s * 13 + r);
    return all.sort((a, b) => (b % 13) - (a % 13) || b - a).slice(0, 3);
  }
  return rankPasses(hand, rules, rng, style.noise, 1)[0];
}
