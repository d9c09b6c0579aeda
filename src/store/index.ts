/** The store: openStore() for the bot, loadGame() to rebuild a table's game from its action log. */
import { replay, validateRules, type GameState } from "../game/index.js";
import { isPostgresUrl } from "./pg-url.js";
import { PostgresStore } from "./postgres.js";
import { CorruptRowError } from "./records.js";
import { DEFAULT_DATABASE_URL, SqliteStore } from "./sqlite.js";
import type { HeartsStore, Store } from "../table/store.js";
import type { StoredTable } from "../table/records.js";

export * from "../table/store.js";
export { SqliteStore } from "./sqlite.js";
export { redactUrl } from "./records.js";
export { NewerDatabaseError } from "./migrate.js";
export { MIN_RANKED_GAMES } from "./standings.js";

/**
 * Opens the database at `databaseUrl` (default DATABASE_URL, then file:./data/hearts.db), applying
 * pending migrations: `file:...` is a SQLite file, `postgresql://...` (or `postgres://`) a
 * PostgreSQL database. Nothing above the store needs to know which.
 */
export function openStore(databaseUrl: string = process.env.DATABASE_URL || DEFAULT_DATABASE_URL): Promise<HeartsStore> {
  if (isPostgresUrl(databaseUrl)) return PostgresStore.open(databaseUrl);
  return SqliteStore.open(databaseUrl);
}

export type LoadedGame =
  { ok: true; table: StoredTable; state: GameState } | { ok: false; reason: "missing-table" | "corrupt-log"; message: string };

/** Replays a table's stored actions with the engine. A log the engine refuses is reported, never thrown. */
export async function loadGame(store: Store, tableId: string): Promise<LoadedGame> {
  try {
    const table = await store.getTable(tableId);
    if (!table) return { ok: false, reason: "missing-table", message: `table ${tableId} does not exist` };
    const badRules = typeof table.rules === "object" && table.rules !== null ? validateRules(table.rules) : "not an object";
    if (badRules) return { ok: false, reason: "corrupt-log", message: `table ${tableId}: stored rules are unusable (${badRules})` };
    const actions = await store.loadActions(tableId);
    let result: ReturnType<typeof replay>;
    try {
      result = replay(
        table.rules,
        table.deal,
        actions.map((a) => a.action),
      );
    } catch (e) {
      // A malformed row the engine trips over: this table is broken, the bot is not.
      return {
        ok: false,
        reason: "corrupt-log",
        message: `table ${tableId}: its log does not replay (${e instanceof Error ? e.message : String(e)})`,
      };
    }
    if (!result.ok)
      return {
        ok: false,
        reason: "corrupt-log",
        message: `table ${tableId}: stored action ${result.index} is refused on replay (${result.reason})`,
      };
    return { ok: true, table, state: result.state };
  } catch (e) {
    if (e instanceof CorruptRowError) return { ok: false, reason: "corrupt-log", message: e.message };
    throw e;
  }
}
