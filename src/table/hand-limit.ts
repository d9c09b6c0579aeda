/**
 * A game that ends after a number of hands, whatever the totals: a tournament round's table
 * (TableSettings.handLimit). The engine ends a game on its rules' target; here the hand that
 * reaches the limit is applied with a target every total has reached, so the engine itself ends the
 * game after that hand (winners, places, the game-over event) and nothing of a next hand is dealt.
 * The stored rules stay as they are: the limit lives in the table's settings, and a replay applies
 * it at the same hand.
 */
import {
  apply,
  createGame,
  type Action,
  type ApplyResult,
  type DealKey,
  type GameState,
  type ReplayResult,
  type Rules,
} from "../game/index.js";

/** A target every total reaches: the game ends after the hand being played. */
const ENDS_NOW = Number.MIN_SAFE_INTEGER;

/** `apply`, ending the game after hand number `limit` (none: the rules' own end only). */
export function applyWithin(state: GameState, action: Action, limit: number | undefined): ApplyResult {
  if (!limit || state.history.length !== limit - 1 || state.rules.countdown !== null) return apply(state, action);
  const r = apply({ ...state, rules: { ...state.rules, target: ENDS_NOW } }, action);
  if (r.ok) r.state.rules = state.rules;
  return r;
}

/** `replay` with the same limit. */
export function replayWithin(rules: Rules, deal: DealKey, actions: readonly Action[], limit: number | undefined): ReplayResult {
  let state = createGame(rules, deal);
  for (let i = 0; i < actions.length; i++) {
    const r = applyWithin(state, actions[i], limit);
    if (!r.ok) return { ok: false, index: i, reason: r.reason, values: r.values };
    state = r.state;
  }
  return { ok: true, state };
}
