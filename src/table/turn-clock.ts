/**
 * The turn clock: when a seat's time runs out, and how much of its time bank a turn used. One
 * formula for the timer that fires, the timeout that checks it, the bank that is charged and the
 * countdown a menu shows.
 *
 * A turn (a card to play, or the whole passing phase of a hand) starts when it is first waited for;
 * a seat then has its phase's allowance, then its time bank (only when the table has a timer).
 */
import type { GameState } from "../game/index.js";
import type { TableSettings } from "./records.js";
import { turnAllowance } from "./options.js";

export interface TurnStart {
  /** Identifies the turn (turnKey): a new key is a new turn, with the full allowance again. */
  key: string;
  startedAt: number;
}

/** A timer may fire a few ms before the instant it was set for (clocks round differently): a seat within this much of its deadline has run out. */
export const TIMER_SLACK_MS = 50;

const phaseOf = (state: GameState): "passing" | "playing" => (state.phase === "passing" ? "passing" : "playing");

/** When the seat's time runs out (ms since the epoch): the turn's start, the phase's allowance, then the seat's bank. */
export function deadlineOf(turn: TurnStart, settings: TableSettings, state: GameState, bankSeconds: number | undefined): number {
  const bank = settings.turnSeconds > 0 ? (bankSeconds ?? 0) * 1000 : 0;
  return turn.startedAt + turnAllowance(settings, phaseOf(state)) * 1000 + bank;
}

/** Whether the moment `at` (a deadline, a computer player's turn) has come at `now`, a timer's slack allowed. */
export const reached = (at: number, now: number): boolean => now >= at - TIMER_SLACK_MS;

/** Whether the seat's time has run out at `now`. */
export const hasExpired = (
  turn: TurnStart,
  settings: TableSettings,
  state: GameState,
  bankSeconds: number | undefined,
  now: number,
): boolean => reached(deadlineOf(turn, settings, state, bankSeconds), now);

/** Whole seconds of time bank used by acting at `now`: the time past the phase's allowance, rounded up. */
export function bankUsed(turn: TurnStart, settings: TableSettings, state: GameState, now: number): number {
  const over = (now - turn.startedAt) / 1000 - turnAllowance(settings, phaseOf(state));
  return over > 0 ? Math.ceil(over) : 0;
}

/** Identifies one turn: every card, or the whole passing phase of a hand. */
export function turnKey(state: GameState): string {
  return state.phase === "passing" ? `${state.handIndex}:pass` : `${state.handIndex}:${state.phase}:${state.actionCount}`;
}
