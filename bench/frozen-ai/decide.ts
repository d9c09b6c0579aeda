/**
 * One decision of a computer player, from its seat's view only. The signature is the guarantee
 * players ask about: `decide` receives a SeatView, which has no field for another seat's cards,
 * so no level can look at hidden hands; the hard player imagines them (knowledge.ts) instead.
 */
import { FULL } from "./bits.js";
import { type Action, type Card, type MoonChoice, type SeatView, type SuitMasks } from "../../src/game/index.js";
import { FastRng, bestMoonChoice, searchPass, searchPlay } from "./hard.js";
import { knowledgeOf } from "./knowledge.js";
import { EASY, MEDIUM, choosePass, choosePlay, situationFromView, type Style } from "./policy.js";
import { takenFromView } from "./world.js";
/** Frozen with the players: its own copy of the levels. */
type BotLevel = "easy" | "medium" | "hard";

export type { BotLevel };
export const BOT_LEVELS: readonly BotLevel[] = ["easy", "medium", "hard"];

export interface DecideOptions {
  /** Seed for the bot's own randomness (easy's slips, the hard player's sampling). Default: from the view. */
  seed?: number;
  /** Hard only: time budget per decision in milliseconds (default 200). */
  budgetMs?: number;
  /** Hard only: at most this many sampled worlds per decision (default 4000, or exactly this many without a budget). */
  samples?: number;
}

/** The hard player's defaults: p95 under 300 ms on one core of a small machine (see bench/ai.ts). */
export const HARD_BUDGET_MS = 200;
export const HARD_MAX_SAMPLES = 4000;

/** What the view says is awaited of its seat, or null. */
export function awaitedOf(view: SeatView): "pass" | "play" | "moon" | null {
  if (view.phase === "moon-choice") return view.pendingMoon === view.seat ? "moon" : null;
  if (view.phase === "passing") return view.passDirection !== "hold" && !view.passSubmitted[view.seat] ? "pass" : null;
  if (view.phase === "playing") return view.turn === view.seat && view.legal.length > 0 ? "play" : null;
  return null;
}

const styleOf = (level: BotLevel): Style => (level === "easy" ? EASY : MEDIUM);

/** A seed that differs per decision but replays exactly for the same view. */
const viewSeed = (view: SeatView): number =>
  (Math.imul(view.actionCount + 1, 0x9e3779b1) ^ Math.imul(view.handIndex + 7, 0x85ebca6b) ^ view.seat) >>> 0;

/** The New Moon choice: whichever total leaves the shooter better placed to win the game. */
export function moonChoiceFor(view: SeatView): MoonChoice {
  const taken = takenFromView(view);
  // Cards not in any trick were claimed by the last trick's winner (auto-claim).
  const inTricks: SuitMasks = [0, 0, 0, 0];
  for (const t of view.tricks) for (const c of t.cards) inTricks[(c / 13) | 0] |= 1 << (c % 13);
  for (let s = 0; s < 4; s++) taken[view.leader][s] |= FULL & ~inTricks[s];
  return bestMoonChoice({ rules: view.rules, handIndex: view.handIndex, totals: view.totals, taken, tricksWon: view.tricksWon }, view.seat);
}

/** Decide from the seat's view only: a pass (3 cards), a play, or the moon choice, whatever is awaited of view.seat. */
export function decide(view: SeatView, level: BotLevel, opts: DecideOptions = {}): Action {
  const seat = view.seat;
  const seed = opts.seed ?? viewSeed(view);
  switch (awaitedOf(view)) {
    case "moon":
      return { type: "moon", seat, choice: moonChoiceFor(view) };
    case "pass": {
      if (level === "hard") {
        const cards = guarded(() => searchPass(view, searchOptions(opts, seed)).cards);
        if (cards) return { type: "pass", seat, cards };
      }
      const hand: SuitMasks = [0, 0, 0, 0];
      for (const c of view.hand) hand[(c / 13) | 0] |= 1 << (c % 13);
      return { type: "pass", seat, cards: choosePass(hand, view.rules, styleOf(level), new FastRng(seed)) };
    }
    case "play": {
      const card =
        (level === "hard" ? guarded(() => searchPlay(view, searchOptions(opts, seed)).card) : null) ??
        rulePlay(view, level === "hard" ? "medium" : level, seed);
      return { type: "play", seat, card };
    }
    default:
      throw new Error(`Nothing is awaited of seat ${seat} now (phase ${view.phase}).`);
  }
}

/**
 * The search can only fail on a view that contradicts itself (no deal fits it: possible with
 * hand-made views from ai:serve, never with the engine's). A game must not stall on it: the
 * medium player decides instead.
 */
function guarded<T>(search: () => T): T | null {
  try {
    return search();
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("No deal of the hidden cards fits")) return null;
    throw err;
  }
}

function searchOptions(opts: DecideOptions, seed: number) {
  const timed = opts.budgetMs !== undefined || opts.samples === undefined;
  return {
    seed,
    budgetMs: timed ? Math.max(1, opts.budgetMs ?? HARD_BUDGET_MS) : 0,
    samples: Math.max(1, opts.samples ?? HARD_MAX_SAMPLES),
  };
}

function rulePlay(view: SeatView, level: BotLevel, seed: number): Card {
  const x = situationFromView(view, knowledgeOf(view));
  const style = styleOf(level);
  return choosePlay(x, style, style.noise || style.slip ? new FastRng(seed) : null);
}
