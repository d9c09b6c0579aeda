/**
 * Reviewing one decision of a person: what the hard player prefers there, and what the person's
 * choice is expected to cost in points. Only the person's SeatView is used (their hand and what
 * they could see): the hidden hands are sampled as the hard player samples them. The expert's
 * choice comes from the hard search with a fixed number of worlds (no time budget); then both
 * choices are played out over the same sampled worlds and the same playout randomness, so their
 * difference in the hand's points is not luck.
 */
import { passTarget, type Action, type Card, type MoonChoice, type Rules, type SeatView, type SuitMasks } from "../game/index.js";
import { FastHand } from "./fast.js";
import { FastRng, bestMoonChoice, distinctPlays, fastPlayout, searchPass, searchPlay } from "./hard.js";
import { WorldSampler, knowledgeOf, worldWeight } from "./knowledge.js";
import { PLAYOUT, choosePass, newSituation, voidBits, type Style } from "./policy.js";
import { takenFromView } from "./world.js";

/** Worlds for a review decision: ten times what the table's hard player gets in a typical move. */
export const REVIEW_SAMPLES = 400;
/**
 * The review solves each world's last three tricks exactly (endgame.ts), as since issue 42: its
 * worlds have no time budget, so the solver costs it no worlds (hard, which has one, plays out).
 */
const REVIEW_ENDGAME_CARDS = 3;

export interface DecisionReview {
  kind: "pass" | "play";
  /** The person's pass (3 cards) or card. */
  chosen: Card[];
  /** The hard player's. */
  expert: Card[];
  /** The same choice, or one equivalent to it (cards of one class, e.g. touching ranks). */
  same: boolean;
  /** Expected change of the person's total this hand, with their choice and with the expert's. */
  chosenPoints: number;
  expertPoints: number;
  /** What their choice is expected to cost, in points (positive: worse than the expert's). */
  cost: number;
  worlds: number;
}

const choose = (
  rules: Rules,
  handIndex: number,
  totals: readonly number[],
  taken: SuitMasks[],
  won: number[],
  shooter: number,
): MoonChoice => bestMoonChoice({ rules, handIndex, totals: totals as number[], taken, tricksWon: won }, shooter);

/** The card searched in place of `card`: the lowest of its class (distinctPlays keeps those). */
function classOf(view: SeatView, card: Card): Card {
  let rep = card;
  for (const c of distinctPlays(view)) if (((c / 13) | 0) === ((card / 13) | 0) && c <= card) rep = c;
  return rep;
}

const sameSet = (a: readonly Card[], b: readonly Card[]) => a.length === b.length && a.every((c) => b.includes(c));

/** Reviews the person's `chosen` action at `view` (a pass or a play awaited of view.seat). */
export function reviewDecision(view: SeatView, chosen: Action, opts: { seed: number; samples?: number }): DecisionReview {
  const samples = Math.max(8, opts.samples ?? REVIEW_SAMPLES);
  const sign = view.rules.countdown === null ? 1 : -1;
  if (chosen.type === "play") {
    const found = searchPlay(view, { seed: opts.seed, samples, budgetMs: 0, endgame: REVIEW_ENDGAME_CARDS });
    const same = classOf(view, chosen.card) === found.card;
    if (same)
      return {
        kind: "play",
        chosen: [chosen.card],
        expert: [found.card],
        same,
        chosenPoints: 0,
        expertPoints: 0,
        cost: 0,
        worlds: found.worlds,
      };
    const [mine, theirs] = playPoints(view, [chosen.card, found.card], samples, opts.seed);
    return {
      kind: "play",
      chosen: [chosen.card],
      expert: [found.card],
      same,
      chosenPoints: mine,
      expertPoints: theirs,
      cost: sign * (mine - theirs),
      worlds: samples,
    };
  }
  if (chosen.type === "pass") {
    const found = searchPass(view, { seed: opts.seed, samples, budgetMs: 0, endgame: REVIEW_ENDGAME_CARDS });
    const same = sameSet(chosen.cards, found.cards);
    if (same)
      return {
        kind: "pass",
        chosen: chosen.cards,
        expert: found.cards,
        same,
        chosenPoints: 0,
        expertPoints: 0,
        cost: 0,
        worlds: found.worlds,
      };
    const [mine, theirs] = passPoints(view, [chosen.cards, found.cards], samples, opts.seed);
    return {
      kind: "pass",
      chosen: chosen.cards,
      expert: found.cards,
      same,
      chosenPoints: mine,
      expertPoints: theirs,
      cost: sign * (mine - theirs),
      worlds: samples,
    };
  }
  throw new Error("Only passes and plays are reviewed.");
}

/** Mean change of the seat's total over the same worlds, for each card. */
function playPoints(view: SeatView, cards: Card[], samples: number, seed: number): number[] {
  const know = knowledgeOf(view);
  const sampler = new WorldSampler(know);
  const rng = new FastRng(seed ^ 0x5bd1e995);
  const prng = new FastRng(0);
  const sit = newSituation(view.rules);
  const scratch = [0, 0, 0, 0];
  const voids0 = voidBits(know);
  const taken = takenFromView(view);
  const root = new FastHand(view.rules);
  const board = new FastHand(view.rules);
  const sums = cards.map(() => 0);
  const me = view.seat;
  // Worlds weighted as the search weights them (worldWeight), so the review and the player agree.
  let weights = 0;
  for (let n = 0; n < samples; n++) {
    const hands = sampler.sample(rng);
    root.loadView(view, hands, taken, voids0);
    const playoutSeed = rng.int(0x7fffffff);
    const w = worldWeight(know, hands);
    weights += w;
    for (let i = 0; i < cards.length; i++) {
      board.copyFrom(root);
      board.play(cards[i]);
      prng.seed(playoutSeed);
      fastPlayout(board, prng, sit, scratch, PLAYOUT);
      sums[i] += w * (board.finalTotals(choose)[me] - view.totals[me]);
    }
  }
  return sums.map((s) => s / weights);
}

const pack = (cards: readonly Card[]): number => cards[0] | (cards[1] << 6) | (cards[2] << 12);

/** Mean change of the seat's total over the same worlds (and the others' same passes), for each pass. */
function passPoints(view: SeatView, passes: Card[][], samples: number, seed: number): number[] {
  const sampler = new WorldSampler(knowledgeOf(view));
  const rng = new FastRng(seed ^ 0x5bd1e995);
  const prng = new FastRng(0);
  const sit = newSituation(view.rules);
  const scratch = [0, 0, 0, 0];
  const me = view.seat;
  const passStyle: Style = { ...PLAYOUT, noise: 0.6 };
  const board = new FastHand(view.rules);
  const packed = new Int32Array(4);
  const to = [0, 1, 2, 3].map((p) => passTarget(p, view.passDirection));
  const sums = passes.map(() => 0);
  for (let n = 0; n < samples; n++) {
    const hands = sampler.sample(rng);
    for (let p = 0; p < 4; p++) if (p !== me) packed[p] = pack(choosePass(hands[p], view.rules, passStyle, rng));
    const playoutSeed = rng.int(0x7fffffff);
    for (let i = 0; i < passes.length; i++) {
      packed[me] = pack(passes[i]);
      board.loadAfterPass(hands, packed, to, view.dealer, view.totals, view.handIndex);
      prng.seed(playoutSeed);
      fastPlayout(board, prng, sit, scratch, PLAYOUT);
      sums[i] += board.finalTotals(choose)[me] - view.totals[me];
    }
  }
  return sums.map((s) => s / samples);
}
