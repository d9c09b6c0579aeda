/**
 * One decision of a computer player, from its seat's view only. The signature is the guarantee
 * players ask about: `decide` receives a SeatView, which has no field for another seat's cards,
 * so no level can look at hidden hands; the hard player imagines them (knowledge.ts) instead.
 */
import { FULL } from "./bits.js";
import { type Action, type Card, type MoonChoice, type SeatView, type SuitMasks } from "../game/index.js";
import { FastRng, bestMoonChoice, searchPass, searchPlay } from "./hard.js";
import { knowledgeOf } from "./knowledge.js";
import { levelOf, type BotLevel, type Level } from "./levels.js";
import { EASY, MEDIUM, PLAYOUT, choosePass, choosePlay, situationFromView, type Style } from "./policy.js";
import { takenFromView } from "./world.js";

export { HARD_BUDGET_MS, MEDIUM_BUDGET_MS, MEDIUM_MAX_SAMPLES, type BotLevel } from "./levels.js";

export interface DecideOptions {
  /** Seed for the bot's own randomness (easy's slips, the hard player's sampling). Default: from the view. */
  seed?: number;
  /** A searching level: time budget per decision in milliseconds (default: its row's in levels.ts). */
  budgetMs?: number;
  /** A searching level: at most this many sampled worlds per decision (default: its row's; exactly this many without a budget). */
  samples?: number;
}

/** What the view says is awaited of its seat, or null. */
export function awaitedOf(view: SeatView): "pass" | "play" | "moon" | null {
  if (view.phase === "moon-choice") return view.pendingMoon === view.seat ? "moon" : null;
  if (view.phase === "passing") return view.passDirection !== "hold" && !view.passSubmitted[view.seat] ? "pass" : null;
  if (view.phase === "playing") return view.turn === view.seat && view.legal.length > 0 ? "play" : null;
  return null;
}

const STYLES: Record<Level["rules"], Style> = { easy: EASY, medium: MEDIUM };

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
  const row = levelOf(level);
  const style = STYLES[row.rules];
  const search = row.search;
  switch (awaitedOf(view)) {
    case "moon":
      return { type: "moon", seat, choice: moonChoiceFor(view) };
    case "pass": {
      if (search?.mode === "decide") {
        const cards = guarded(() => searchPass(view, searchOptions(opts, seed, search)).cards);
        if (cards) return { type: "pass", seat, cards };
      }
      if (search?.mode === "check" && search.passCandidates > 0) {
        // The rules' pass is the ranking's first; another of its best few, or a moon set-up,
        // replaces it only when clearly better over the same worlds.
        const found = guarded(() =>
          searchPass(view, { ...searchOptions(opts, seed, search), minWorlds: search.minWorlds, candidates: search.passCandidates }),
        );
        if (found && found.lead[0] >= search.overrule) return { type: "pass", seat, cards: found.cards };
        // (The ranking's first is the rules' pass: no need to rank the 286 passes again.)
        if (found) return { type: "pass", seat, cards: found.candidates[0] };
      }
      const hand: SuitMasks = [0, 0, 0, 0];
      for (const c of view.hand) hand[(c / 13) | 0] |= 1 << (c % 13);
      return { type: "pass", seat, cards: choosePass(hand, view.rules, style, new FastRng(seed)) };
    }
    case "play": {
      if (search?.mode === "check") return { type: "play", seat, card: checkedPlay(view, style, opts, seed, search) };
      const card =
        (search?.mode === "decide" ? guarded(() => searchPlay(view, searchOptions(opts, seed, search)).card) : null) ??
        rulePlay(view, style, seed);
      return { type: "play", seat, card };
    }
    default:
      throw new Error(`Nothing is awaited of seat ${seat} now (phase ${view.phase}).`);
  }
}

/**
 * The search can only fail on a view that contradicts itself (no deal fits it: possible with
 * hand-made views from ai:serve, never with the engine's). A game must not stall on it: the
 * level's rules decide instead.
 */
function guarded<T>(search: () => T): T | null {
  try {
    return search();
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("No deal of the hidden cards fits")) return null;
    throw err;
  }
}

function searchOptions(
  opts: DecideOptions,
  seed: number,
  search: { budgetMs: number; samples: number; endgame: number; infer?: number; passInfer?: number; playoutNoise?: number },
) {
  const timed = opts.budgetMs !== undefined || opts.samples === undefined;
  return {
    seed,
    endgame: search.endgame,
    infer: search.infer ?? 0,
    passInfer: search.passInfer ?? 0,
    style: search.playoutNoise === undefined ? PLAYOUT : { ...PLAYOUT, noise: search.playoutNoise },
    budgetMs: timed ? Math.max(1, opts.budgetMs ?? search.budgetMs) : 0,
    samples: Math.max(1, opts.samples ?? search.samples),
  };
}

/**
 * Medium ("check"): the rule-based card, unless a short search finds another clearly better
 * (ahead by `overrule` standard errors over the same worlds). A few dozen worlds are too few to
 * trust on close calls, but enough to see a rule go wrong: a moon to stop, Q♠ to dump, a dead
 * suit to lead.
 */
function checkedPlay(
  view: SeatView,
  style: Style,
  opts: DecideOptions,
  seed: number,
  search: { budgetMs: number; samples: number; endgame: number; minWorlds: number; overrule: number },
): Card {
  const rule = rulePlay(view, style, seed);
  const found = guarded(() => searchPlay(view, { ...searchOptions(opts, seed, search), minWorlds: search.minWorlds }));
  if (!found || found.card === rule) return rule;
  // The rule's card is searched as its class's representative (distinctPlays): find that class.
  let at = found.cards.indexOf(rule);
  if (at < 0) {
    const suit = (rule / 13) | 0;
    for (let i = 0; i < found.cards.length; i++) if (((found.cards[i] / 13) | 0) === suit && found.cards[i] < rule) at = i;
  }
  return at >= 0 && found.lead[at] < search.overrule ? rule : found.card;
}

function rulePlay(view: SeatView, style: Style, seed: number): Card {
  const x = situationFromView(view, knowledgeOf(view));
  return choosePlay(x, style, style.noise || style.slip ? new FastRng(seed) : null);
}
