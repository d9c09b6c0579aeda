/**
 * How a table ends: a game played to the end is recorded (its result goes to the standings), any
 * other end marks the table abandoned (or broken). Either way its timers stop, it leaves memory and
 * the front end hears why.
 */
import { sentence, type Sentence } from "../i18n/index.js";
import type { TableContext } from "./context.js";
import type { LiveTable } from "./live.js";
import type { FinishedGame, TableRecord } from "./records.js";
import { isHumanSeat } from "./seats.js";
import type { CloseReason } from "./types.js";

/** The game is over: its result is recorded and the table closes as finished. */
export async function finishGame(ctx: TableContext, live: LiveTable): Promise<void> {
  const state = live.state!;
  const { record } = live;
  const game: FinishedGame = {
    tableId: record.id,
    guildId: record.guildId,
    rules: record.rules,
    rated: record.settings.rated && !record.hintsUsed && !record.undos,
    players: record.seats.map((s) => ({
      seat: s.seat,
      userId: s.userId,
      botLevel: s.userId === null ? s.botLevel : null,
      name: s.name,
      total: state.totals[s.seat],
      place: state.placements![s.seat],
    })),
    hands: state.history.map((h) => ({
      change: h.change.slice(),
      handPoints: h.handPoints.slice(),
      moonShooter: h.moon?.shooter ?? null,
      queenTakenBy: h.queenTakenBy,
      jackTakenBy: h.jackTakenBy,
    })),
    finishedAt: new Date(ctx.clock.now()),
  };
  try {
    await ctx.store.recordFinishedGame(game);
    live.record = { ...live.record, status: "finished" };
  } catch (err) {
    // The last action is stored: a restart finds the game over and records it then.
    ctx.log.error({ table: record.id, err }, "could not record the finished game");
  }
  letGo(ctx, live);
  ctx.log.info({ table: record.id, totals: state.totals, winners: state.winners }, "game over");
  announceFinished(ctx, live);
}

/** Tells the front ends the game is over and who won (at its end, or again after a restart: ./catch-up.ts). */
export function announceFinished(ctx: TableContext, live: LiveTable): void {
  const winners = live.state!.winners!.map((s) => live.record.seats[s]?.name).join(" & ");
  ctx.emit(live, { type: "closed", reason: "finished", note: sentence("lobby", "closedWon", { winners }) });
}

/** Closes a table before its game is over (or one whose log is broken), for `reason`; `note` says why to everyone. */
export async function closeTable(ctx: TableContext, live: LiveTable, reason: CloseReason, note: Sentence): Promise<void> {
  const status = reason === "broken" ? "broken" : "abandoned";
  try {
    live.record = await ctx.store.updateTable(live.record.id, { status, turnDeadline: null });
  } catch (err) {
    ctx.log.error({ table: live.record.id, err }, "could not mark the table closed");
    live.record = { ...live.record, status };
  }
  letGo(ctx, live);
  ctx.log.info({ table: live.record.id, reason }, "table closed");
  ctx.emit(live, { type: "closed", reason, note });
}

/** A game no person plays any more (all left, or all handed to computer players) is closed, not played on by bots forever. */
export async function closeIfNobodyLeft(ctx: TableContext, live: LiveTable): Promise<boolean> {
  // A tournament round's table is played to its last hand: the other tables' people are compared with its seats.
  if (live.record.settings.handLimit) return false;
  if (live.record.seats.some((s) => isHumanSeat(s) && !s.botControlled)) return false;
  await closeTable(ctx, live, "everyone-left", sentence("lobby", "closedAllAway"));
  return true;
}

function letGo(ctx: TableContext, live: LiveTable): void {
  ctx.clearTimers(live);
  live.closed = true;
  ctx.forget(live);
}

/** Why an action on a closed table is refused: the game is over (Rematch), it broke, or it was closed. */
export function closedRefusal(status: TableRecord["status"]): Sentence {
  return sentence("refusals", status === "finished" ? "closedFinished" : status === "broken" ? "closedBroken" : "closedOther");
}
