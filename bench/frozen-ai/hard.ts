/**
 * The hard player: perfect-information Monte Carlo. For each decision it draws worlds (hidden
 * hands consistent with everything the seat knows, see knowledge.ts), plays every candidate in
 * every world to the end of the hand with the rule-based policy (with a little noise) for all four
 * seats, and picks the candidate with the best average match equity (equity.ts). The same worlds
 * and the same playout randomness serve every candidate, so their differences are not luck.
 */
import {
  cloneState,
  legalMasks,
  playCard,
  scoreHand,
  step,
  type Card,
  type GameState,
  type MoonChoice,
  type Rng,
  type Rules,
  type Seat,
  type SeatView,
  type SuitMasks,
} from "../../src/game/index.js";
import { utility } from "./equity.js";
import { WorldSampler, knowledgeOf } from "./knowledge.js";
import {
  PLAYOUT,
  choosePass,
  choosePlay,
  newSituation,
  playLikelihood,
  rankPasses,
  situationFromState,
  voidBits,
  type Situation,
  type Style,
} from "./policy.js";
import { buildWorld } from "./world.js";

/** mulberry32 that can be re-seeded in place: one per search, no allocation per playout. */
export class FastRng implements Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  seed(seed: number): void {
    this.a = seed >>> 0;
  }
  next = (): number => {
    this.a = (this.a + 0x6d2b79f5) | 0;
    let t = Math.imul(this.a ^ (this.a >>> 15), 1 | this.a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  int = (n: number): number => (this.next() * n) | 0;
}

export interface SearchOptions {
  seed: number;
  /** Stop drawing worlds after this many milliseconds (0: no time limit). */
  budgetMs: number;
  /** At most this many worlds. */
  samples: number;
  /** Stop evaluating candidates that are clearly behind (default true; off for diagnostics). */
  prune?: boolean;
  /** The playout policy (default PLAYOUT; other values are for experiments). */
  style?: Style;
  /**
   * Weigh worlds by how likely the other seats' earlier plays are in them (e.g. INFERENCE).
   * Off by default: in duplicate matches (150 deals against medium and against hard) it made no
   * measurable difference, and it costs time per world.
   */
  inference?: Inference | null;
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

/** Plays the current hand of `state` to its end in place. `voids` are the publicly known voids. */
export function playout(state: GameState, voids: number, rng: Rng, sit: Situation, legal: SuitMasks, style: Style): void {
  const hand = state.handIndex;
  for (;;) {
    if (state.phase === "playing") {
      const seat = state.turn;
      legalMasks(state, seat, legal);
      situationFromState(sit, state, seat, voids, legal);
      const card = choosePlay(sit, style, rng);
      if (state.trick.length) {
        const led = (state.trick[0] / 13) | 0;
        if (((card / 13) | 0) !== led) voids |= 1 << (seat * 4 + led);
      }
      playCard(state, seat, card, null);
    } else if (state.phase === "moon-choice") {
      const shooter = state.pendingMoon!;
      step(state, { type: "moon", seat: shooter, choice: bestMoonChoice(state, shooter) });
    } else break;
    if (state.handIndex !== hand) break;
  }
}

interface Tally {
  /** Σ w·u and Σ w·u² per candidate, over worlds weighted by w. */
  sum: Float64Array;
  sumSq: Float64Array;
  /** Σ w and Σ w² over worlds, and the number of worlds. */
  w: number;
  w2: number;
  n: number;
  alive: boolean[];
}

function tally(k: number): Tally {
  return { sum: new Float64Array(k), sumSq: new Float64Array(k), w: 0, w2: 0, n: 0, alive: new Array(k).fill(true) };
}

/**
 * Drops candidates that are clearly behind the leader, so the budget goes to the close calls.
 * The bound is unpaired (conservative, since the worlds are shared) and uses the effective
 * number of worlds when they carry weights.
 */
function prune(t: Tally, best: number): void {
  if (t.n < 24 || t.w <= 0) return;
  const nEff = (t.w * t.w) / t.w2;
  for (let i = 0; i < t.alive.length; i++) {
    if (!t.alive[i] || i === best) continue;
    const mi = t.sum[i] / t.w;
    const mb = t.sum[best] / t.w;
    const vi = Math.max(1e-9, t.sumSq[i] / t.w - mi * mi);
    const vb = Math.max(1e-9, t.sumSq[best] / t.w - mb * mb);
    const se = Math.sqrt((vi + vb) / nEff);
    if (mb - mi > 3.5 * se + 1e-4) t.alive[i] = false;
  }
}

function argBest(t: Tally): number {
  let best = 0;
  for (let i = 1; i < t.sum.length; i++) if (t.alive[i] && (!t.alive[best] || t.sum[i] > t.sum[best])) best = i;
  return best;
}

function record(t: Tally, i: number, w: number, u: number): void {
  t.sum[i] += w * u;
  t.sumSq[i] += w * u * u;
}

function closeWorld(t: Tally, w: number): void {
  t.w += w;
  t.w2 += w * w;
  t.n++;
}

/** How the hard player reads the other seats' earlier plays (see worldLikelihood). */
export interface Inference {
  /** Softmax temperature over the policy's card costs (points). */
  temperature: number;
  /** Share of each play explained by "anything legal", so no world is ruled out. */
  floor: number;
  /** Likelihoods are raised to this power: below 1 keeps more worlds in play. */
  power: number;
}
export const INFERENCE: Inference = { temperature: 1.5, floor: 0.25, power: 0.5 };

/**
 * How likely the other seats' plays so far are in this world, if they played like our policy:
 * the hand is replayed from its first trick with the world's cards, and each of their plays is
 * scored by the policy's likelihood of it. Worlds where a seat "should" have dumped Q♠ but did
 * not, or ducked with cards it does not hold, count for less.
 */
export function worldLikelihood(
  view: SeatView,
  hands: SuitMasks[],
  replayRules: Rules,
  sit: Situation,
  legal: SuitMasks,
  inf: Inference,
): number {
  const plays: number[] = [];
  for (const t of view.tricks) for (let i = 0; i < 4; i++) plays.push(((t.leader + i) & 3) * 64 + t.cards[i]);
  for (let i = 0; i < view.trick.length; i++) plays.push(((view.leader + i) & 3) * 64 + view.trick[i]);
  if (plays.length === 0) return 1;
  const start = hands.map((h) => h.slice());
  for (const p of plays) start[p >> 6][((p & 63) / 13) | 0] |= 1 << ((p & 63) % 13);
  const first = (plays[0] >> 6) as Seat;
  const state: GameState = {
    ...buildWorld(view, start),
    rules: replayRules,
    phase: "playing",
    trickNumber: 0,
    leader: first,
    turn: first,
    trick: [],
    tricks: [],
    heartsBroken: false,
    taken: [0, 1, 2, 3].map(() => [0, 0, 0, 0]),
    tricksWon: [0, 0, 0, 0],
  };
  let like = 1;
  let voids = 0;
  for (const p of plays) {
    const seat = (p >> 6) as Seat;
    const card = p & 63;
    if (seat !== view.seat) {
      legalMasks(state, seat, legal);
      if (legal[(card / 13) | 0] & (1 << (card % 13))) {
        situationFromState(sit, state, seat, voids, legal);
        like *= playLikelihood(sit, card, inf.temperature, inf.floor);
      }
    }
    if (state.trick.length) {
      const led = (state.trick[0] / 13) | 0;
      if (((card / 13) | 0) !== led) voids |= 1 << (seat * 4 + led);
    }
    playCard(state, seat, card, null);
  }
  return Math.pow(like, inf.power);
}

/** The card to play: the view must be this seat's turn to play. */
export function searchPlay(view: SeatView, opts: SearchOptions): { card: Card; worlds: number; means: number[] } {
  const legal = view.legal;
  if (legal.length === 1) return { card: legal[0], worlds: 0, means: [0] };
  const started = performance.now();
  const know = knowledgeOf(view);
  const sampler = new WorldSampler(know);
  const rng = new FastRng(opts.seed);
  const prng = new FastRng(0);
  const sit = newSituation(view.rules);
  const scratch = [0, 0, 0, 0];
  const voids0 = voidBits(know);
  const me = view.seat;
  const t = tally(legal.length);
  const led = view.trick.length ? (view.trick[0] / 13) | 0 : -1;
  const inference = opts.inference ?? null;
  const replayRules: Rules = { ...view.rules, autoClaim: "off" };
  const replaySit = newSituation(replayRules);
  while (t.n < opts.samples) {
    if (opts.budgetMs > 0 && t.n >= 8 && performance.now() - started > opts.budgetMs) break;
    const hands = sampler.sample(rng);
    const w = inference ? worldLikelihood(view, hands, replayRules, replaySit, scratch, inference) : 1;
    const world = buildWorld(view, hands);
    const playoutSeed = rng.int(0x7fffffff);
    for (let i = 0; i < legal.length; i++) {
      if (!t.alive[i]) continue;
      const state = cloneState(world);
      const card = legal[i];
      const voids = led >= 0 && ((card / 13) | 0) !== led ? voids0 | (1 << (me * 4 + led)) : voids0;
      playCard(state, me, card, null);
      prng.seed(playoutSeed);
      playout(state, voids, prng, sit, scratch, opts.style ?? PLAYOUT);
      record(t, i, w, utility(view.rules, state.totals, me));
    }
    closeWorld(t, w);
    if ((t.n & 7) === 0 && opts.prune !== false) prune(t, argBest(t));
  }
  return { card: legal[argBest(t)], worlds: t.n, means: Array.from(t.sum, (x, i) => (t.alive[i] ? x / t.w : NaN)) };
}

/** The three cards to pass: the policy's best few choices, compared by playing whole hands. */
export function searchPass(view: SeatView, opts: SearchOptions & { candidates?: number }): { cards: Card[]; worlds: number } {
  const started = performance.now();
  const hand = [0, 0, 0, 0];
  for (const c of view.hand) hand[(c / 13) | 0] |= 1 << (c % 13);
  const candidates = rankPasses(hand, view.rules, null, 0, opts.candidates ?? 6);
  if (candidates.length === 1) return { cards: candidates[0], worlds: 0 };
  const know = knowledgeOf(view);
  const sampler = new WorldSampler(know);
  const rng = new FastRng(opts.seed);
  const prng = new FastRng(0);
  const sit = newSituation(view.rules);
  const scratch = [0, 0, 0, 0];
  const me = view.seat;
  const t = tally(candidates.length);
  const style = opts.style ?? PLAYOUT;
  const passStyle: Style = { ...style, noise: 0.6 };
  while (t.n < opts.samples) {
    if (opts.budgetMs > 0 && t.n >= 8 && performance.now() - started > opts.budgetMs) break;
    const world = buildWorld(view, sampler.sample(rng));
    const theirs = [0, 1, 2, 3].map((p) => (p === me ? null : choosePass(world.hands[p], view.rules, passStyle, rng)));
    const playoutSeed = rng.int(0x7fffffff);
    for (let i = 0; i < candidates.length; i++) {
      if (!t.alive[i]) continue;
      const state = cloneState(world);
      for (let p = 0; p < 4; p++) {
        const why = step(state, { type: "pass", seat: p as 0, cards: p === me ? candidates[i] : theirs[p]! });
        if (why) throw new Error(`internal: simulated pass refused (${why})`);
      }
      prng.seed(playoutSeed);
      playout(state, 0, prng, sit, scratch, style);
      record(t, i, 1, utility(view.rules, state.totals, me));
    }
    closeWorld(t, 1);
    if ((t.n & 7) === 0) prune(t, argBest(t));
  }
  return { cards: candidates[argBest(t)], worlds: t.n };
}
