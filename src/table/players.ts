/**
 * Computer players as the table service sees them: one asynchronous decision per turn. The real
 * players live in src/ai (worker threads); `firstLegalPlayer` is the fallback the tests may use.
 */
import type { Action, SeatView } from "../game/index.js";
import type { BotLevel } from "./records.js";
import type { DecisionReview } from "../ai/review.js";

export interface BotPlayer {
  /** `background`: nobody waits for it at a table (BotPool: the low-priority review worker). */
  decide(
    view: SeatView,
    level: BotLevel,
    opts?: { seed?: number; budgetMs?: number; samples?: number; background?: boolean },
  ): Promise<Action>;
  /**
   * The strongest player's suggestion for a person (BotPool: behind every computer move, one at a
   * time per `key`, repeated positions from a cache); without it, a hard decision.
   */
  hint?(view: SeatView, opts: { key: string }): Promise<Action>;
  /** The hard player's review of a person's decision, at low priority (BotPool); without it, worked out here. */
  review?(view: SeatView, chosen: Action, opts: { seed: number; samples?: number }): Promise<DecisionReview>;
  close?(): Promise<void> | void;
}

/** The simplest legal player: lowest legal card, first three cards, moon "add". */
export function firstLegalAction(view: SeatView): Action {
  if (view.phase === "passing") return { type: "pass", seat: view.seat, cards: view.hand.slice(0, 3) };
  if (view.phase === "moon-choice") return { type: "moon", seat: view.seat, choice: "add" };
  return { type: "play", seat: view.seat, card: view.legal[0] };
}

export const firstLegalPlayer: BotPlayer = {
  decide: async (view) => firstLegalAction(view),
};
