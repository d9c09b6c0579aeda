/**
 * A lobby move's outcome (lobby.ts decides it, purely) stored and announced, as commit.ts does for
 * the game's actions. Runs inside the table's queue.
 */
import type { Sentence } from "../i18n/index.js";
import { closeIfNobodyLeft, closeTable } from "./closing.js";
import type { TableContext } from "./context.js";
import { sawFace } from "./faces.js";
import { viewOf, type LiveTable } from "./live.js";
import type { LobbyOutcome } from "./lobby.js";
import type { Actor, Outcome, TableView } from "./types.js";

export async function commitLobbyMove(
  ctx: TableContext,
  live: LiveTable,
  actor: Actor,
  r: LobbyOutcome,
  /** A changed lobby's idle timer starts again. */
  armLobbyTimer: (live: LiveTable) => void,
): Promise<Outcome<{ table: TableView; say: Sentence }>> {
  if (!r.ok) return r;
  sawFace(live, actor);
  const c = r.change;
  const tableId = live.record.id;
  switch (c.kind) {
    case "close":
      await closeTable(ctx, live, "everyone-left", c.note);
      return { ok: true, table: viewOf(live), say: c.say };
    case "lobby":
      live.record = await ctx.store.updateTable(tableId, c.patch);
      armLobbyTimer(live);
      if (c.patch.rules || c.patch.settings) ctx.log.info({ table: tableId, by: actor.userId }, "table options changed");
      ctx.emit(live, { type: "lobby", note: c.note });
      return { ok: true, table: viewOf(live), say: c.say };
    case "seat":
      live.record = await ctx.store.updateTable(tableId, { seats: c.seats });
      ctx.log.info(
        { table: tableId, seat: c.seat, by: actor.userId },
        c.change === "left" ? "a computer player took the seat" : "player returned",
      );
      if (c.change === "left" && (await closeIfNobodyLeft(ctx, live))) return { ok: true, table: viewOf(live), say: c.sayIfClosed };
      ctx.plan(live);
      ctx.emit(live, { type: "seat", seat: c.seat, change: c.change });
      return { ok: true, table: viewOf(live), say: c.say };
  }
}
