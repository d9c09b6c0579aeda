/**
 * The hard player: perfect-information Monte Carlo. For each decision it draws worlds (hidden
 * hands consistent with everything the seat knows, see knowledge.ts), plays every candidate in
 * every world to the end of the hand with the rule-based policy (with a little noise) for all four
 * seats, and picks the candidate with the best average match equity (equity.ts). The same worlds
 * and the same playout randomness serve every candidate, so their differences are not luck.
 */
import {
  passTarget,
  scoreHand,
  type Card,
  type GameState,
  type MoonChoice,
  type Rng,
  type Rules,
  type SeatView,
  type SuitMasks,
} from "../game/index.js";
import { pop, valuesFor } from "./bits.js";
import { Endgame } from "./endgame.js";
import { utility } from "./equity.js";
import { FastHand } from "./fast.js";
import { PassReader, PlayReader } from "./inference.js";
import { WorldSampler, knowledgeOf, worldWeight } from "./knowledge.js";
import * as policy from "./policy.js";
import type { Situation, Style } from "./policy.js";
import { takenFromView } from "./world.js";

// Module-local copies of the policy's functions (an imported binding is read through its module
// cell at every use, with a check, even in optimised code; a module's own const is not).
const { PLAYOUT, choosePass, choosePlayout, newSituation, rankPasses, voidBits } = policy;

/** mulberry32 that can be re-seeded in place: one per search, no allocation per playout. */
export class FastRng implements Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  seed(seed: number): void {
    this.a = seed >>> 0;
  }
  next(): number {
    const a = (this.a + 0x6d2b79f5) | 0;
    this.a = a;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return (this.next() * n) | 0;
  }
}

export interface SearchOptions {
  seed: number;
  /** Stop drawing worlds after this many milliseconds (0: no time limit). */
  budgetMs: number;
  /** At most this many worlds. */
  samples: number;
  /** At least this many worlds, whatever the budget (default 8). */
  minWorlds?: number;
  /** Stop evaluating candidates that are clearly behind (default true; off for diagnostics). */
  prune?: boolean;
  /** The playout policy (default PLAYOUT; other values are for experiments). */
  style?: Style;
  /**
   * With at most this many cards in hand, each world's end of the hand is solved (endgame.ts)
   * rather than played out (default 0: always played out; a level's row says, src/ai/levels.ts).
   */
  endgame?: number;
  /**
   * Weight each world by how well it explains the others' plays this hand (inference.ts): the
   * factor for each play the rules would not have made there (default 0: worlds unweighted by play).
   */
  infer?: number;
  /**
   * Weight each world by how well the pass I received fits the passer's hand there (inference.ts,
   * PassReader): the temperature of its regret (default 0: worlds unweighted by the pass).
   */
  passInfer?: number;
}

/** The shooter's best choice under moon=choice, judged by match equity. */
export function bestMoonChoice(
  state: Pick<GameState, "rules" | "handIndex" | "totals" | "taken" | "tricksWon">,
  shooter: number,
): MoonChoice {
  const add = scoreHand(state.rules, state.handIndex, state.totals, state.taken, state.tricksWon, "add");
  const sub = scoreHand(state.rules, state.handIndex, state.totals, state.taken, state.tricksWon, "subtract");
  return utility(state.rules, sub.totals, shooter) >= utility(state.rules, add.totals, shooter) ? "subtract" : "add";
}

/**
 * Per-candidate results of one search. Every world's utilities are kept (worlds × candidates), so
 * candidates are compared on paired differences: the worlds and the playout randomness are the
 * same for every candidate, so the difference of two candidates is far less noisy than either.
 */
interface Tally {
  k: number;
  /** u[n*k + i]: utility of candidate i in world n (NaN once i is dropped). */
  u: Float64Array;
  /** Weight of each world. */
  wt: Float64Array;
  sum: Float64Array;
  w: number;
  w2: number;
  n: number;
  alive: boolean[];
  nAlive: number;
}

function tally(k: number, samples: number): Tally {
  const cap = Math.min(samples, 20_000);
  return {
    k,
    u: new Float64Array(cap * k),
    wt: new Float64Array(cap),
    sum: new Float64Array(k),
    w: 0,
    w2: 0,
    n: 0,
    alive: new Array(k).fill(true),
    nAlive: k,
  };
}

/**
 * Whether to stop before another world: when the worlds so far, at their mean cost, say the next
 * one would end past the budget. A decision then ends within its budget, rather than one world
 * after it (a medium pass's world is about a tenth of its budget).
 */
const overBudget = (elapsed: number, worlds: number, budgetMs: number): boolean => elapsed + (worlds > 0 ? elapsed / worlds : 0) > budgetMs;

/** How many standard errors a candidate must trail the leader by before it is dropped. */
const PRUNE_Z = 3.5;
/** Leads this small (in utility: win chance plus 0.0004 a point) are ties not worth more time. */
const TIE = 2e-5;

/**
 * Drops candidates that are clearly behind the leader (paired, over the shared worlds), so the
 * budget goes to the close calls. Returns true when the answer is settled: one candidate left, or
 * every remaining one level with the leader within TIE and a small standard error.
 */
function prune(t: Tally, best: number): boolean {
  if (t.n < 16 || t.w <= 0) return false;
  const nEff = (t.w * t.w) / t.w2;
  const k = t.k;
  let allTied = true;
  for (let i = 0; i < k; i++) {
    if (!t.alive[i] || i === best) continue;
    let sd = 0;
    let sd2 = 0;
    for (let n = 0; n < t.n; n++) {
      const d = t.u[n * k + best] - t.u[n * k + i];
      const w = t.wt[n];
      sd += w * d;
      sd2 += w * d * d;
    }
    const mean = sd / t.w;
    const se = Math.sqrt(Math.max(1e-12, sd2 / t.w - mean * mean) / nEff);
    if (mean > PRUNE_Z * se + 1e-6) {
      t.alive[i] = false;
      t.nAlive--;
    } else if (!(Math.abs(mean) < TIE && se < TIE)) allTied = false;
  }
  return t.nAlive === 1 || (allTied && t.n >= 32);
}

function argBest(t: Tally): number {
  let best = -1;
  for (let i = 0; i < t.k; i++) if (t.alive[i] && (best < 0 || t.sum[i] > t.sum[best])) best = i;
  return best;
}

function record(t: Tally, i: number, w: number, u: number): void {
  t.sum[i] += w * u;
  t.u[t.n * t.k + i] = u;
}

function closeWorld(t: Tally, w: number): void {
  t.wt[t.n] = w;
  t.w += w;
  t.w2 += w * w;
  t.n++;
}

/** The shooter's best moon choice on a playout board (same rule as bestMoonChoice). */
function boardMoonChoice(
  rules: Rules,
  handIndex: number,
  totals: readonly number[],
  taken: SuitMasks[],
  won: number[],
  shooter: number,
): MoonChoice {
  return bestMoonChoice({ rules, handIndex, totals: totals as number[], taken, tricksWon: won }, shooter);
}

/** The only legal card, or -1 when there are several. (A const: see policy.ts's playing helpers.) */
const forced = function forced(legal: SuitMasks): number {
  let card = -1;
  for (let s = 0; s < 4; s++) {
    const m = legal[s];
    if (m === 0) continue;
    if (card >= 0 || (m & (m - 1)) !== 0) return -1;
    card = s * 13 + 31 - Math.clz32(m);
  }
  return card;
};

/** Plays the board's hand to its end with the policy for every seat. */
export function fastPlayout(f: FastHand, rng: Rng, sit: Situation, legal: SuitMasks, style: Style): void {
  while (!f.done) {
    f.legal(legal);
    // A forced card needs no situation (the policy would return it without drawing randomness).
    const only = forced(legal);
    if (only >= 0) {
      f.play(only);
      continue;
    }
    f.play(choosePlayout(sit, f, legal, style, rng));
  }
}

/** The board's final totals' value to `seat`. */
export const boardUtility = (f: FastHand, seat: number): number => utility(f.rules, f.finalTotals(boardMoonChoice), seat);

/**
 * Legal cards grouped into classes that are the same card in effect: same suit, same value, and
 * every rank between them either in my hand or already gone in a finished trick (so no other
 * seat's card, and no card on the table, separates them). One card of each class is searched.
 */
export function distinctPlays(view: SeatView): Card[] {
  const cv = valuesFor(view.rules);
  const mine = [0, 0, 0, 0];
  for (const c of view.hand) mine[(c / 13) | 0] |= 1 << (c % 13);
  const gone = [0, 0, 0, 0];
  for (const tr of view.tricks) for (const c of tr.cards) gone[(c / 13) | 0] |= 1 << (c % 13);
  const out: Card[] = [];
  const legal = view.legal.slice().sort((a, b) => a - b);
  for (let i = 0; i < legal.length; i++) {
    const c = legal[i];
    const prev = out.length ? out[out.length - 1] : -1;
    if (prev >= 0 && ((prev / 13) | 0) === ((c / 13) | 0) && cv.tv[prev] === cv.tv[c] && cv.pv[prev] === cv.pv[c]) {
      const suit = (c / 13) | 0;
      const between = ((1 << (c % 13)) - 1) & ~((2 << (prev % 13)) - 1);
      if ((between & ~(mine[suit] | gone[suit])) === 0) continue;
    }
    out.push(c);
  }
  return out;
}

/** The card to play: the view must be this seat's turn to play. */
export function searchPlay(
  view: SeatView,
  opts: SearchOptions,
): { card: Card; worlds: number; means: number[]; cards: Card[]; lead: number[] } {
  const legal = distinctPlays(view);
  if (legal.length === 1) return { card: legal[0], worlds: 0, means: [0], cards: legal, lead: [0] };
  const started = performance.now();
  const know = knowledgeOf(view);
  const sampler = new WorldSampler(know);
  const rng = new FastRng(opts.seed);
  const prng = new FastRng(0);
  const sit = newSituation(view.rules);
  const scratch = [0, 0, 0, 0];
  const voids0 = voidBits(know);
  const me = view.seat;
  const t = tally(legal.length, opts.samples);
  const taken = takenFromView(view);
  const root = new FastHand(view.rules);
  const board = new FastHand(view.rules);
  const style = opts.style ?? PLAYOUT;
  const solver = view.hand.length <= (opts.endgame ?? 0) ? new Endgame(view.rules, boardMoonChoice) : null;
  const reader = opts.infer ? new PlayReader(view, opts.infer) : null;
  const passReader = opts.passInfer ? new PassReader(view, opts.passInfer) : null;
  const byPass = passReader?.informative ? passReader : null;
  while (t.n < opts.samples && t.n < t.wt.length) {
    if (opts.budgetMs > 0 && t.n >= (opts.minWorlds ?? 8) && overBudget(performance.now() - started, t.n, opts.budgetMs)) break;
    const hands = sampler.sample(rng);
    root.loadView(view, hands, taken, voids0);
    const playoutSeed = rng.int(0x7fffffff);
    const w = worldWeight(know, hands) * (reader ? reader.weight(hands) : 1) * (byPass ? byPass.weight(hands) : 1);
    for (let i = 0; i < legal.length; i++) {
      if (!t.alive[i]) continue;
      board.copyFrom(root);
      board.play(legal[i]);
      if (solver) {
        record(t, i, w, solver.value(board, me));
        continue;
      }
      prng.seed(playoutSeed);
      fastPlayout(board, prng, sit, scratch, style);
      record(t, i, w, boardUtility(board, me));
    }
    closeWorld(t, w);
    if ((t.n & 7) === 0 && opts.prune !== false && prune(t, argBest(t))) break;
  }
  const best = argBest(t);
  return {
    card: legal[best],
    worlds: t.n,
    means: Array.from(t.sum, (x, i) => (t.alive[i] ? x / t.w : NaN)),
    cards: legal,
    lead: legal.map((_, i) => lead(t, best, i)),
  };
}

/** How many (paired) standard errors candidate `best` is ahead of `i`: Infinity once i was dropped. */
function lead(t: Tally, best: number, i: number): number {
  if (i === best) return 0;
  if (!t.alive[i]) return Infinity;
  if (t.n < 2 || t.w <= 0) return 0;
  let sd = 0;
  let sd2 = 0;
  for (let n = 0; n < t.n; n++) {
    const d = t.u[n * t.k + best] - t.u[n * t.k + i];
    sd += t.wt[n] * d;
    sd2 += t.wt[n] * d * d;
  }
  const mean = sd / t.w;
  const se = Math.sqrt(Math.max(1e-12, sd2 / t.w - mean * mean) / ((t.w * t.w) / t.w2));
  return mean / se;
}

const pack = (cards: readonly Card[]): number => cards[0] | (cards[1] << 6) | (cards[2] << 12);

/**
 * Passes that set up a moon, for hands that might run one: the three lowest cards, and the three
 * lowest outside hearts. The rule-based ranking never proposes them (it scores the danger of
 * the cards kept); the search decides whether they pay.
 */
export function moonPasses(hand: SuitMasks): Card[][] {
  let high = 0;
  for (let s = 0; s < 4; s++) high += pop(hand[s] >> 9);
  const hearts = pop(hand[3]);
  const topHearts = pop(hand[3] >> 10);
  if (high < 5 || hearts < 4 || topHearts < 2) return [];
  const byRank = (suits: number[]): Card[] => {
    const cs: Card[] = [];
    for (const s of suits) for (let r = 0; r < 13; r++) if (hand[s] & (1 << r)) cs.push(s * 13 + r);
    return cs.sort((a, b) => (a % 13) - (b % 13) || a - b).slice(0, 3);
  };
  const out = [byRank([0, 1, 2, 3]), byRank([0, 1, 2])];
  return out.filter((p) => p.length === 3);
}

/** The three cards to pass: the policy's best few choices (and moon set-ups), compared by playing whole hands. */
export function searchPass(
  view: SeatView,
  opts: SearchOptions & { candidates?: number },
): { cards: Card[]; worlds: number; candidates: Card[][]; lead: number[] } {
  const started = performance.now();
  const hand = [0, 0, 0, 0];
  for (const c of view.hand) hand[(c / 13) | 0] |= 1 << (c % 13);
  const candidates = rankPasses(hand, view.rules, null, 0, opts.candidates ?? 6);
  const seen = new Set(candidates.map((p) => pack(p.slice().sort((a, b) => a - b))));
  for (const p of moonPasses(hand)) if (!seen.has(pack(p.slice().sort((a, b) => a - b)))) candidates.push(p);
  if (candidates.length === 1) return { cards: candidates[0], worlds: 0, candidates, lead: [0] };
  const know = knowledgeOf(view);
  const sampler = new WorldSampler(know);
  const rng = new FastRng(opts.seed);
  const prng = new FastRng(0);
  const sit = newSituation(view.rules);
  const scratch = [0, 0, 0, 0];
  const me = view.seat;
  const t = tally(candidates.length, opts.samples);
  const style = opts.style ?? PLAYOUT;
  const passStyle: Style = { ...style, noise: 0.6 };
  const board = new FastHand(view.rules);
  const passes = new Int32Array(4);
  const to = [0, 1, 2, 3].map((p) => passTarget(p, view.passDirection));
  const packed = candidates.map(pack);
  while (t.n < opts.samples && t.n < t.wt.length) {
    if (opts.budgetMs > 0 && t.n >= (opts.minWorlds ?? 8) && overBudget(performance.now() - started, t.n, opts.budgetMs)) break;
    const hands = sampler.sample(rng);
    for (let p = 0; p < 4; p++) if (p !== me) passes[p] = pack(choosePass(hands[p], view.rules, passStyle, rng));
    const playoutSeed = rng.int(0x7fffffff);
    for (let i = 0; i < candidates.length; i++) {
      if (!t.alive[i]) continue;
      passes[me] = packed[i];
      board.loadAfterPass(hands, passes, to, view.dealer, view.totals, view.handIndex);
      prng.seed(playoutSeed);
      fastPlayout(board, prng, sit, scratch, style);
      record(t, i, 1, boardUtility(board, me));
    }
    closeWorld(t, 1);
    if ((t.n & 7) === 0 && prune(t, argBest(t))) break;
  }
  const best = argBest(t);
  return { cards: candidates[best], worlds: t.n, candidates, lead: candidates.map((_, i) => lead(t, best, i)) };
}
