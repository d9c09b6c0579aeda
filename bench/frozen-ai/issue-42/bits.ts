/** Small bit tricks and per-rules tables shared by the computer players' hot paths. */
import {
  CLUBS,
  DIAMONDS,
  FULL_SUIT,
  HEARTS,
  JACK_OF_DIAMONDS,
  QUEEN_OF_SPADES,
  SPADES,
  highestRank,
  penaltyValue,
  popcount,
  rankOf,
  type Rules,
} from "../../../src/game/index.js";

// The engine's card vocabulary, under the short names the hot loops read best with.
export { CLUBS, DIAMONDS, SPADES, HEARTS };
export const QS = QUEEN_OF_SPADES;
export const JD = JACK_OF_DIAMONDS;
export const Q_BIT = 1 << rankOf(QUEEN_OF_SPADES);
export const J_BIT = 1 << rankOf(JACK_OF_DIAMONDS);
export const FULL = FULL_SUIT;
/** Cards in a suit mask (13 bits, as every mask here is): a table lookup, the policy's most frequent step. */
export const pop = (m: number): number => POP13[m];
const POP13 = Uint8Array.from({ length: FULL_SUIT + 1 }, (_, m) => popcount(m));
export const hiBit = highestRank;
/** The lowest set bit of a mask, -1 when it is empty. */
export const loBit = (m: number): number => 31 - Math.clz32(m & -m);
/** Ranks strictly above `rank` in mask `m`. */
export const above = (m: number, rank: number): number => m & ~((2 << rank) - 1);
/** Ranks strictly below `rank` in mask `m`. */
export const below = (m: number, rank: number): number => m & ((1 << rank) - 1);

/** Values a player needs for every card under one rule set: built once per rules object. */
export interface CardValues {
  /** Penalty value of each card (J♦ excluded). */
  pv: Float64Array;
  /** Penalty plus J♦'s (signed) value: what a card adds to the trick it lands in. */
  tv: Float64Array;
  /** Penalty of each 13-bit heart mask: popcount, or spot values. */
  heartSum: Float64Array;
  /** Value of every penalty card together (the moon). */
  moon: number;
  /** Spade ranks that are point cards (Q, and K, A with high spades). */
  pointSpades: number;
  /** Average value of one heart. */
  heartAvg: number;
}

const cache = new WeakMap<Rules, CardValues>();

/** By content too: rules often arrive as fresh copies (a view sent to a worker thread is one). */
const byContent = new Map<string, CardValues>();

export function valuesFor(rules: Rules): CardValues {
  let v = cache.get(rules);
  if (v) return v;
  const name = `${rules.heartValues},${rules.highSpades},${rules.jackOfDiamonds}`;
  v = byContent.get(name);
  if (v) {
    cache.set(rules, v);
    return v;
  }
  const pv = new Float64Array(52);
  const tv = new Float64Array(52);
  for (let c = 0; c < 52; c++) {
    pv[c] = penaltyValue(rules, c);
    tv[c] = pv[c] + (c === JD ? rules.jackOfDiamonds : 0);
  }
  const heartSum = new Float64Array(1 << 13);
  for (let m = 1; m < 1 << 13; m++) heartSum[m] = heartSum[m & (m - 1)] + pv[39 + loBit(m)];
  // K♠/A♠ do not belong to the moon: it is all hearts and Q♠.
  const moon = heartSum[FULL] + 13;
  v = {
    pv,
    tv,
    heartSum,
    moon,
    pointSpades: Q_BIT | (rules.highSpades ? (1 << 11) | (1 << 12) : 0),
    heartAvg: heartSum[FULL] / 13,
  };
  cache.set(rules, v);
  byContent.set(name, v);
  return v;
}
