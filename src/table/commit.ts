/**
 * Applying one action to a table, whoever acts (scheduler.ts brings every player's here): the
 * engine validates it; the seat's timeouts, its time bank and the table's status change with it;
 * it is stored; only then does the table move on, plan its next turn and announce it. A seat that
 * timed out too often passes to a computer player; the game's last action finishes it.
 */
import { publicAction, publicEvent, type Action, type Seat } from "../game/index.js";
import { sentence } from "../i18n/index.js";
import type { TablePatch } from "./store.js";
import { closeIfNobodyLeft, finishGame } from "./closing.js";
import { applyWithin } from "./hand-limit.js";
import type { TableContext } from "./context.js";
import type { LiveTable } from "./live.js";
import { describeAction } from "./players.js";
import { MOVED_BY, type SeatRecord, type StoredTable } from "./records.js";
import { isHumanSeat } from "./seats.js";
import { bankUsed } from "./turn-clock.js";
import { refuse, type ActionSource, type Outcome } from "./types.js";

/**
 * A person's seat at a tournament table (a hand limit): its `handsBy` with this move counted, or
 * null when it already was (at most two writes per seat and hand, each with its action).
 */
function movedBy(record: StoredTable, seatRec: SeatRecord, hand: number, source: ActionSource): number[] | null {
  if (!record.settings.handLimit || !isHumanSeat(seatRec)) return null;
  const bit = source === "player" ? MOVED_BY.person : MOVED_BY.computer;
  const by = seatRec.handsBy ?? [];
  if ((by[hand] ?? 0) & bit) return null;
  const next = by.slice();
  for (let i = 0; i < hand; i++) next[i] ??= 0;
  next[hand] = (by[hand] ?? 0) | bit;
  return next;
}

/** Validates, persists, then announces one action. Runs inside the table's queue. */
export async function commitAction(ctx: TableContext, live: LiveTable, seat: Seat, action: Action, source: ActionSource): Promise<Outcome> {
  const state = live.state!;
  const r = applyWithin(state, action, live.record.settings.handLimit);
  if (!r.ok) return refuse("illegal", sentence("moves", r.reason, { ...r.values }));
  const seq = state.actionCount;
  const now = ctx.clock.now();
  const patch: TablePatch = {};
  const seatRec = live.record.seats.find((s) => s.seat === seat)!;

  let tookOver = false;
  if (source === "player" && seatRec.timeouts > 0) {
    patch.seats = live.record.seats.map((s) => (s === seatRec ? { ...s, timeouts: 0 } : s));
  } else if (source === "timeout") {
    const timeouts = seatRec.timeouts + 1;
    tookOver = timeouts >= ctx.config.maxTimeouts;
    patch.seats = live.record.seats.map((s) => (s === seatRec ? { ...s, timeouts, botControlled: tookOver } : s));
  }
  const by = movedBy(live.record, seatRec, state.history.length, source);
  if (by) patch.seats = (patch.seats ?? live.record.seats).map((s) => (s.seat === seat ? { ...s, handsBy: by } : s));
  if (isHumanSeat(seatRec) && live.turn && live.record.settings.turnSeconds > 0) {
    // Seconds of time bank the seat used on this turn.
    const used = bankUsed(live.turn, live.record.settings, state, now);
    if (used > 0 || source === "timeout") {
      const bank = live.record.timeBank.slice();
      bank[seat] = source === "timeout" ? 0 : Math.max(0, bank[seat] - used);
      patch.timeBank = bank;
    }
  }
  const status = r.state.phase === "passing" ? "passing" : "playing";
  if (status !== live.record.status) patch.status = status;
  patch.turnDeadline = null;

  const res = await ctx.store.appendAction(live.record.id, seq, seat, action, patch);
  if (!res.ok) {
    ctx.log.error({ table: live.record.id, seq, reason: res.reason }, "action not stored");
    if (res.reason === "conflict") await ctx.reload(live);
    return refuse("stale", sentence("refusals", "raced"));
  }
  live.record = { ...live.record, ...patch, actionCount: seq + 1 } as StoredTable;
  live.state = r.state;
  live.last[seat] = { seq, action };
  // Every card at info would drown the table events; timeouts are logged on their own. (Worded only when debug is on: it is every move.)
  if (ctx.log.isLevelEnabled("debug"))
    // A pass's cards are that seat's secret: the log says a pass was made, never which cards (plays are public).
    ctx.log.debug(
      { table: live.record.id, seq, seat, action: action.type === "pass" ? "passed" : describeAction(action), source },
      "action",
    );
  // Timers first, so whoever hears of the action also sees the next turn's deadline.
  if (r.state.phase !== "game-over") ctx.plan(live);
  // Every front end hears the public side only: a pass without its cards, the exchange without what each seat gave.
  ctx.emit(live, { type: "action", seat, action: publicAction(action), events: r.events.map(publicEvent), source });
  if (tookOver) {
    ctx.log.info({ table: live.record.id, seat }, "seat passed to a bot after repeated timeouts");
    ctx.emit(live, { type: "seat", seat, change: "bot-took-over" });
    if (await closeIfNobodyLeft(ctx, live)) return { ok: true };
  }
  if (r.state.phase === "game-over") await finishGame(ctx, live);
  return { ok: true };
}
