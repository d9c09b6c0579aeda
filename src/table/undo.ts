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
 *
 * The rule is the pure functions first (from a seat's view); takeBack() then does it at a live
 * table: the log cut, the game replayed, the turn planned again.
 */
import { cardLabel, replay, viewFor, type Card, type Seat, type SeatView } from "../game/index.js";
import { sentence } from "../i18n/index.js";
import type { TableContext } from "./context.js";
import type { LiveTable } from "./live.js";
import type { SeatRecord } from "./records.js";
import { isHumanSeat, seatOf } from "./seats.js";
import { refuse, type Actor, type Outcome, type UndoMark } from "./types.js";

/** The card an undo would take back, and the trick it is in (`completed`: its post is in the thread). */
export interface UndoTarget {
  card: Card;
  /** Index of its trick in the hand (0..12). */
  trick: number;
  completed: boolean;
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

// ---- taking a card back at a table ------------------------------------------------------------

/**
 * Takes back the person's last card (and the computer players' cards after it): the log is cut
 * after their last play, the game replayed from (rules, deal key, actions), and their turn starts
 * again. `card`: the card their menu offered to take back. Runs in the table's queue.
 */
export async function takeBack(
  ctx: TableContext,
  live: LiveTable,
  actor: Actor,
  card: Card,
): Promise<Outcome<{ view: SeatView; firstUndo: boolean }>> {
  const tableId = live.record.id;
  const mine = seatOf(live.record.seats, actor.userId);
  if (!mine) return refuse("not-seated", sentence("refusals", "notPlaying"));
  const state = live.state;
  if (!state) return refuse("not-started", sentence("refusals", "notStarted"));
  if (mine.botControlled) return refuse("not-seated", sentence("refusals", "timedOutSeat"));
  if (!aloneAtTable(live.record.seats)) return refuse("undo-alone", sentence("comforts", "undoOnlyAlone"));
  if (live.record.settings.handLimit) return refuse("undo-alone", sentence("tournament", "noUndo"));
  const seat = mine.seat as Seat;
  const target = undoTarget(viewFor(state, seat));
  if (!target) return refuse("undo-nothing", sentence("comforts", "undoNotNow"));
  if (target.card !== card) return refuse("stale", sentence("refusals", "stale"));
  if (alreadyUndone(target, state.handIndex, live.undone)) return refuse("undo-once", sentence("comforts", "undoOncePerTrick"));
  const stored = await ctx.store.loadActions(tableId);
  let at = stored.length - 1;
  while (at >= 0 && !(stored[at].seat === seat && stored[at].action.type === "play")) at--;
  const played = stored[at]?.action;
  if (stored.length !== state.actionCount || played?.type !== "play" || played.card !== card) {
    ctx.log.warn(
      { table: tableId, seat, at, logged: stored.length, count: state.actionCount },
      "undo: the log does not end as the game does",
    );
    return refuse("undo-nothing", sentence("comforts", "undoNothing"));
  }
  const kept = stored.slice(0, at);
  const r = replay(
    live.record.rules,
    live.record.deal,
    kept.map((a) => a.action),
  );
  if (!r.ok || r.state.phase !== "playing" || r.state.handIndex !== state.handIndex || r.state.turn !== seat)
    return refuse("undo-nothing", sentence("comforts", "undoNothing"));
  const undos = live.record.undos + 1;
  const res = await ctx.store.truncateActions(tableId, at, state.actionCount, { undos, turnDeadline: null });
  if (!res.ok) {
    if (res.reason === "conflict") await ctx.reload(live);
    return refuse("stale", sentence("refusals", "raced"));
  }
  live.record = { ...live.record, undos, turnDeadline: null, actionCount: at };
  live.state = r.state;
  live.undone = { hand: state.handIndex, trick: target.trick };
  live.epoch++;
  live.last = [null, null, null, null];
  for (const a of kept.slice(-8)) live.last[a.seat] = { seq: a.seq, action: a.action };
  // Their turn starts afresh; computer players' moves worked out meanwhile are dropped (epoch).
  live.turn = null;
  ctx.log.info({ table: tableId, seat, card: cardLabel(card), from: at, taken: stored.length - at, undos }, "card taken back");
  ctx.plan(live);
  // The trick's post is only made when it completes: a completed trick taken back is said so.
  if (target.completed)
    ctx.emit(live, { type: "notice", note: sentence("comforts", "undoThread", { name: mine.name, trick: target.trick + 1 }) });
  return { ok: true, view: viewFor(r.state, seat), firstUndo: undos === 1 };
}

/**
 * Where the last undo was is not stored: after a restart at a table that used one, the card the
 * person could take back then stays (never a second undo in a trick; at worst one fewer).
 */
export function markUndoneAtLoad(live: LiveTable): void {
  const person = live.record.seats.find(isHumanSeat);
  const latest = live.record.undos > 0 && person && live.state ? undoTarget(viewFor(live.state, person.seat as Seat)) : null;
  if (latest) live.undone = { hand: live.state!.handIndex, trick: latest.trick };
}
