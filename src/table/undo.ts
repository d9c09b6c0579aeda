/**
 * One-level undo (Hearts 2.0's, offline only): at a table of one person and computer players, the
 * person may take back their last card, once per trick.
 *
 * The rule, exactly:
 * - only at a table with exactly one person (every other seat a computer player): anywhere else
 *   other people have seen the card, and such a game always counts for the standings;
 * - the card taken back is the person's latest card of the hand in play: in the trick in progress,
 *   or, before they play their next card, in the trick just completed;
 * - everything played after it goes too (the computer players' replies), and it is the person's
 *   turn again, with what they saw then;
 * - one level, once per trick: after an undo nothing earlier can be taken back, and the card
 *   played again in that trick stays; the person's card of the next trick can be taken back;
 * - never across the end of a hand (a scored hand is final), never for a pass or a moon choice;
 * - a game with an undo is not rated (like a game with a hint);
 * - where the last undo was is kept in memory only: after a restart at a table that used one, the
 *   card the person could take back then stays (at worst one undo fewer, never a second in a trick).
 */
import type { Card, SeatView } from "../game/index.js";
import type { SeatRecord } from "./records.js";
import { isHumanSeat } from "./seats.js";

/** The card an undo would take back, and the trick it is in (`completed`: its post is in the thread). */
export interface UndoTarget {
  card: Card;
  /** Index of its trick in the hand (0..12). */
  trick: number;
  completed: boolean;
}

/** Where the table's last undo was: nothing up to that trick of that hand can be taken back again. */
export interface UndoMark {
  hand: number;
  trick: number;
}

/** The seat's latest card of this hand, if an undo could reach it; from the seat's own view. */
export function undoTarget(
  view: Pick<SeatView, "seat" | "phase" | "handIndex" | "trick" | "leader" | "tricks" | "trickNumber">,
): UndoTarget | null {
  if (view.phase !== "playing") return null;
  const at = (view.seat - view.leader) & 3;
  if (at < view.trick.length) return { card: view.trick[at], trick: view.trickNumber, completed: false };
  const last = view.tricks[view.tricks.length - 1];
  if (!last) return null;
  const trick = view.tricks.length - 1;
  return { card: last.cards[(view.seat - last.leader) & 3], trick, completed: true };
}

/** Only a table of one person (and computer players) has undo. */
export const aloneAtTable = (seats: readonly SeatRecord[]): boolean => seats.filter(isHumanSeat).length === 1;

/** Whether an undo at `mark` already covers this card (one level, once per trick). */
export const alreadyUndone = (target: UndoTarget, hand: number, mark: UndoMark | null | undefined): boolean =>
  !!mark && mark.hand === hand && target.trick <= mark.trick;

/** What the seat's menu offers to take back now, if anything. `mark`: the table's last undo. */
export function undoOffered(
  seats: readonly SeatRecord[],
  view: Parameters<typeof undoTarget>[0],
  mark: UndoMark | null | undefined,
): UndoTarget | null {
  const me = seats.find((s) => s.seat === view.seat);
  if (!me || !isHumanSeat(me) || me.botControlled || !aloneAtTable(seats)) return null;
  const target = undoTarget(view);
  return target && !alreadyUndone(target, view.handIndex, mark) ? target : null;
}
