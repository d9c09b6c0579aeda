/**
 * The rules engine's public API. Everything outside src/game talks to the game through this file:
 *
 *   const state = createGame(rules, deal);
 *   const r = apply(state, { type: "play", seat: 0, card: parseCard("2C")! });
 *   if (!r.ok) show(r.reason); else { state = r.state; handle(r.events); }
 *
 * A game is fully defined by (rules, deal key, actions): `replay` rebuilds it exactly. A deal key
 * (deal.ts) is a format 2 secret for every new game; a plain number is a format 1 seed (games
 * stored before formats, simulations, benchmarks).
 */
import { cloneState, newGame, step, type Action, type GameEvent, type GameState, type RejectReason } from "./engine.js";
import { refusalValues, type RefusalValues } from "./messages.js";
import type { Rules } from "./rules.js";
import type { DealKey } from "./deal.js";

export * from "./cards.js";
export * from "./rules.js";
export * from "./presets.js";
export * from "./rules-read.js";
export { playRejection, passRejection, cloneState, step, playCard } from "./engine.js";
export { legalMasks, PLAY_RESTRICTIONS, type PlayReason } from "./legality.js";
export type { Action, GameEvent, GameState, Phase, RejectReason, TrickRecord } from "./engine.js";
export { scoreHand, gameEnd, placements, moonChoiceOffered, type HandResult, type MoonChoice } from "./scoring.js";
export {
  viewFor,
  publicView,
  publicEvent,
  publicAction,
  cardsStillOut,
  refusalInView,
  type SeatView,
  type PublicView,
  type PublicEvent,
  type PublicAction,
} from "./view.js";
export { refusalValues, type RefusalValues } from "./messages.js";
export { createRng, mix32, type Rng } from "./rng.js";
export { decisionSeed, derivedDealKey, isDealSecret, type DealKey, type DealFormat } from "./deal.js";

export function createGame(rules: Rules, deal: DealKey | number): GameState {
  return newGame(rules, deal);
}

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; reason: RejectReason; values: RefusalValues };

/** Applies an action to a copy of the state; the given state is never modified. */
export function apply(state: GameState, action: Action): ApplyResult {
  const copy = cloneState(state);
  const events: GameEvent[] = [];
  const reason = step(copy, action, events);
  if (reason) return { ok: false, reason, values: refusalValues(state, action?.seat) };
  return { ok: true, state: copy, events };
}

export type ReplayResult = { ok: true; state: GameState } | { ok: false; index: number; reason: RejectReason; values: RefusalValues };

/** Rebuilds a game from its rules, deal key and ordered actions; reports the first action that does not apply. */
export function replay(rules: Rules, deal: DealKey | number, actions: readonly Action[]): ReplayResult {
  const state = newGame(rules, deal);
  for (let i = 0; i < actions.length; i++) {
    const reason = step(state, actions[i], null);
    if (reason) return { ok: false, index: i, reason, values: refusalValues(state, actions[i]?.seat) };
  }
  return { ok: true, state };
}

/** Whose input the game waits for: seats that still have to pass, the seat to play, or the moon shooter. */
export function awaiting(state: GameState): number[] {
  switch (state.phase) {
    case "passing":
      return [0, 1, 2, 3].filter((s) => state.passes[s] === null);
    case "playing":
    case "moon-choice":
      return [state.turn];
    case "game-over":
      return [];
  }
}
