/**
 * Privacy at the open tables in memory (the store anonymises and deletes what is stored: see
 * src/store/privacy.ts): "Forget me" takes the person out of every table they are at, and a
 * server's purge (or the bot's removal from it) ends its tables.
 */
import type { Sentence } from "../i18n/index.js";
import type { Store, TablePatch } from "./store.js";
import type { TableContext } from "./context.js";
import type { LiveTable } from "./live.js";
import type { TableRecord } from "./records.js";
import { isHumanSeat, seatOf } from "./seats.js";
import type { Actor, CloseReason, Outcome } from "./types.js";

/** What these need of the table service: its open tables, and acting on one as its own methods do. */
export interface OpenTables {
  readonly ctx: TableContext;
  /** The open tables in memory. */
  all(): LiveTable[];
  leave(tableId: string, actor: Actor): Promise<unknown>;
  /** Runs `fn` in the table's queue (refused while the store is down, or once the table closed). */
  inTable(tableId: string, fn: (live: LiveTable) => Promise<Outcome>): Promise<Outcome>;
  closeBySystem(tableId: string, reason: CloseReason, note: Sentence): Promise<void>;
}

/**
 * The person forgotten at one table: a seat they still hold becomes an anonymous computer player
 * (named `pseudonym`), and if they were the host, the host passes to a person still playing.
 * Null when they are neither seated nor host here.
 */
export function forgotten(record: TableRecord, userId: string, pseudonym: string): { patch: TablePatch; seat: number | null } | null {
  const mine = seatOf(record.seats, userId);
  if (!mine && record.hostId !== userId) return null;
  const seats = record.seats.map((s) =>
    s === mine
      ? { ...s, userId: null, botLevel: s.botLevel ?? record.settings.botLevel, name: pseudonym, botControlled: false, timeouts: 0 }
      : s,
  );
  const patch: TablePatch = { seats };
  if (record.hostId === userId)
    patch.hostId = seats.find((s) => isHumanSeat(s) && !s.botControlled)?.userId ?? seats.find(isHumanSeat)?.userId ?? "former:";
  return { patch, seat: mine?.seat ?? null };
}

/**
 * "Forget me" at the open tables in memory: the person leaves each as if they pressed Leave, and
 * a seat they still hold (a game in progress) becomes an anonymous computer player. Returns how
 * many tables they were at. (Closed tables are the store's to anonymise.)
 */
export async function forgetAtOpenTables(tables: OpenTables, userId: string, pseudonym: string): Promise<number> {
  const { ctx } = tables;
  let count = 0;
  for (const live of tables.all()) {
    if (live.closed || (!seatOf(live.record.seats, userId) && live.record.hostId !== userId)) continue;
    count++;
    if (seatOf(live.record.seats, userId)) await tables.leave(live.record.id, { userId, name: pseudonym });
    await tables.inTable(live.record.id, async (l) => {
      const change = forgotten(l.record, userId, pseudonym);
      if (!change) return { ok: true };
      l.record = await ctx.store.updateTable(l.record.id, change.patch);
      if (change.seat !== null) ctx.emit(l, { type: "seat", seat: change.seat, change: "bot-took-over" });
      ctx.plan(l);
      return { ok: true };
    });
  }
  return count;
}

/**
 * "Forget me" at open tables that no process of this machine holds in memory (their shard was down
 * when the person asked): the shard resumes them from the store, so the seat is handed over in the
 * stored record, as that shard would have done it (a seat in the lobby too becomes an anonymous
 * computer player; an idle lobby closes on its own). `theirs`: the servers whose shard did not
 * answer; `inMemory`: this process's own tables, which forgetAtOpenTables handles. Returns how many.
 */
export async function forgetAtStoredTables(
  store: Pick<Store, "listOpenTables" | "updateTable">,
  inMemory: (tableId: string) => boolean,
  theirs: (guildId: string) => boolean,
  userId: string,
  pseudonym: string,
): Promise<number> {
  let count = 0;
  for (const record of await store.listOpenTables()) {
    if (inMemory(record.id) || !theirs(record.guildId)) continue;
    const change = forgotten(record, userId, pseudonym);
    if (!change) continue;
    await store.updateTable(record.id, change.patch);
    count++;
  }
  return count;
}

/** Ends every open table of a server (it purges its data, or the bot was removed from it). Returns how many. */
export async function endGuildTables(tables: OpenTables, guildId: string, note: Sentence): Promise<number> {
  const mine = tables.all().filter((l) => !l.closed && l.record.guildId === guildId);
  for (const live of mine) await tables.closeBySystem(live.record.id, "ended", note);
  return mine.length;
}
