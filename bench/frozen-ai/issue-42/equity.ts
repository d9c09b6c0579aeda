/**
 * Match equity: the chance of winning the game from given totals, so the hard player scores a
 * hand by what it does to the game (dumping Q♠ on the leader near the target, a moon that would
 * end the game while behind…) rather than by its points alone.
 *
 * Model: the game is over now (exact, via the engine's gameEnd), or each total drifts by the
 * mean points of a hand for as many hands as the leader needs to reach the target, with normal
 * noise; the win chance is then P(my final total is the best), integrated numerically.
 */
import { gameEnd, type Rules, type Seat } from "../../../src/game/index.js";
import { valuesFor } from "./bits.js";

function phi(x: number): number {
  // Φ(x) via Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7): cheap and smooth.
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

const GRID = 40;
const cache = new Map<string, number[]>();

/** Win chance of each seat (summing to about 1) from these totals after a finished hand. */
export function winChances(rules: Rules, totals: readonly number[]): number[] {
  // Playouts ask this once each: per rules object, a numeric key (totals in −512…511, packed)
  // avoids building a string, and every option the answer depends on is the rules object's own.
  let small = true;
  for (let i = 0; i < 4 && small; i++) small = Number.isInteger(totals[i]) && totals[i] >= -512 && totals[i] < 512;
  if (small) {
    const key = (((totals[0] + 512) * 1024 + (totals[1] + 512)) * 1024 + (totals[2] + 512)) * 1024 + (totals[3] + 512);
    let byRules = byRulesCache.get(rules);
    if (!byRules) {
      // Rules arrive as fresh objects (a view sent to a worker is a copy): share by content.
      const name = JSON.stringify(rules);
      byRules = byContent.get(name);
      if (!byRules) {
        if (byContent.size > 64) byContent.clear();
        byContent.set(name, (byRules = new Map()));
      }
      byRulesCache.set(rules, byRules);
    }
    let hit = byRules.get(key);
    if (!hit) {
      hit = computeChances(rules, totals);
      if (byRules.size > 50_000) byRules.clear();
      byRules.set(key, hit);
    }
    return hit;
  }
  const key = `${rules.target},${rules.countdown},${totals[0]},${totals[1]},${totals[2]},${totals[3]}`;
  const hit = cache.get(key);
  if (hit) return hit;
  if (cache.size > 50_000) cache.clear();
  const out = computeChances(rules, totals);
  cache.set(key, out);
  return out;
}

const byRulesCache = new WeakMap<Rules, Map<number, number[]>>();
const byContent = new Map<string, Map<number, number[]>>();

function computeChances(rules: Rules, totals: readonly number[]): number[] {
  const end = gameEnd(rules, totals);
  if (!end) return projected(rules, totals);
  const out = [0, 0, 0, 0];
  for (const w of end.winners) out[w] = 1 / end.winners.length;
  return out;
}

function projected(rules: Rules, totals: readonly number[]): number[] {
  const cv = valuesFor(rules);
  // Work in "points taken" (higher is worse) for penalty and countdown scoring alike.
  const limit = rules.countdown === null ? rules.target : rules.countdown;
  const taken = totals.map((t) => (rules.countdown === null ? t : rules.countdown - t));
  const perHand = Math.max(1.5, cv.moon / 4 + rules.jackOfDiamonds / 4 + rules.noTricksBonus / 2);
  const spread = (cv.moon / 26) * 8.5;
  const lead = Math.max(...taken);
  // The leader of the race gains faster than the mean: the max of four noisy walks.
  const hands = Math.max(0.6, (limit - lead) / (perHand * 1.5));
  const sd = spread * Math.sqrt(hands);
  const means = taken.map((p) => p + hands * perHand);
  const out = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    const lo = means[i] - 4 * sd;
    const step = (8 * sd) / GRID;
    let sum = 0;
    for (let g = 0; g <= GRID; g++) {
      const x = lo + g * step;
      const u = (x - means[i]) / sd;
      let p = Math.exp(-0.5 * u * u);
      for (let j = 0; j < 4; j++) if (j !== i) p *= 1 - phi((x - means[j]) / sd);
      sum += g === 0 || g === GRID ? p / 2 : p;
    }
    out[i] = (sum * step) / (sd * Math.sqrt(2 * Math.PI));
  }
  const total = out[0] + out[1] + out[2] + out[3];
  return out.map((p) => p / total);
}

/**
 * The value of these totals to `seat`: the win chance, plus a tiny share of the points margin so
 * that hands still matter when the game is all but decided.
 */
export function utility(rules: Rules, totals: readonly number[], seat: Seat | number): number {
  const sign = rules.countdown === null ? -1 : 1;
  const margin = sign * (totals[seat] - (totals[0] + totals[1] + totals[2] + totals[3] - totals[seat]) / 3);
  return winChances(rules, totals)[seat] + 0.0004 * margin;
}
