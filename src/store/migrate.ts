/**
 * Applies the committed migrations (prisma/migrations) when the bot starts.
 *
 * Done here rather than by running `prisma migrate deploy`: no CLI child process (about 70 ms
 * instead of 1.5 s, and no prisma config or npx needed where the bot runs), and three things the
 * CLI path does not give us on SQLite:
 * - all pending migrations run in one BEGIN IMMEDIATE transaction, so two processes starting at
 *   once cannot both apply one, and a failing migration leaves the database as it was;
 * - foreign keys are switched off around it (PRAGMA foreign_keys is a no-op inside a transaction),
 *   so the "redefine table" migrations Prisma writes for SQLite (create new_X, copy, DROP X,
 *   rename) cannot cascade-delete the action log; PRAGMA foreign_key_check runs before commit;
 * - the files run as scripts through the same driver adapter the store uses;
 * - it checks that the `append_action` trigger exists afterwards (see REQUIRED_TRIGGERS).
 * Each applied migration is recorded in Prisma's own `_prisma_migrations` table, exactly as
 * `prisma migrate deploy` writes it (checksum = sha256 of migration.sql), so both stay compatible.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PROJECT_ROOT } from "../paths.js";

export const MIGRATIONS_DIR = join(PROJECT_ROOT, "prisma", "migrations");

/** pino-compatible: what the store reports that a person should read. */
export interface StoreLog {
  warn(fields: object, message: string): void;
}

export const stderrLog: StoreLog = {
  warn: (fields, message) => console.error(`store: ${message} ${JSON.stringify(fields)}`),
};

/** `file:./data/hearts.db` -> the file's path (relative to the working folder, as the Prisma CLI reads it). */
function sqliteFile(databaseUrl: string): string {
  if (!databaseUrl.startsWith("file:")) {
    throw new Error(
      `DATABASE_URL must name a SQLite file, like file:./data/hearts.db, or a PostgreSQL database, like postgresql://user:password@host:5432/hearts (got “${databaseUrl.replace(/\/\/[^@/]*@/, "//…@")}”)`,
    );
  }
  return databaseUrl.slice("file:".length).replace(/\?.*$/, "");
}

/** The same DDL `prisma migrate deploy` uses for its ledger. */
const LEDGER = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

/** DateTime as Prisma writes it in SQLite. */
export const sqlDate = (d: Date): string => d.toISOString().replace("Z", "+00:00");

/** The driver adapter's errors carry SQLite's own message in `cause`. */
export const errorText = (e: unknown): string =>
  (e as { cause?: { originalMessage?: string } })?.cause?.originalMessage ?? (e instanceof Error ? e.message : String(e));

/**
 * Hand-written triggers the store relies on. Prisma's schema cannot express them, and the
 * "redefine table" migrations it writes for SQLite (create new_X, copy, DROP X, rename) drop them
 * silently: a migration that redefines HeartsTable must re-create append_action, or appendAction
 * would acknowledge actions without logging them. Checked after every migration run.
 */
export const REQUIRED_TRIGGERS = [
  { name: "append_action", table: "HeartsTable", does: "writes each appended action into GameAction", from: "the init migration" },
  {
    name: "table_seat_people_insert",
    table: "HeartsTable",
    does: "lists a new table's people in TableSeatPerson",
    from: "migration 20261126000300_privacy_indexes",
  },
  {
    name: "table_seat_people_update",
    table: "HeartsTable",
    does: "keeps TableSeatPerson in step with the seats",
    from: "migration 20261126000300_privacy_indexes",
  },
];

const text = { scalarType: "string", arity: "scalar" } as const;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function committedMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * The committed migrations a database still lacks, given its ledger rows (name, checksum). Warns
 * about an applied file edited since; throws NewerDatabaseError for applied migrations this
 * version does not know.
 */
export function pendingMigrations(migrations: Migration[], ledgerRows: unknown[][], log: StoreLog): Migration[] {
  const done = new Map(ledgerRows.map((r) => [String(r[0]), String(r[1])]));
  for (const m of migrations) {
    const checksum = done.get(m.name);
    if (checksum !== undefined && checksum !== m.checksum)
      log.warn({ migration: m.name }, "an applied migration's file was edited afterwards; the database keeps what was applied");
  }
  const known = new Set(migrations.map((m) => m.name));
  const unknown = [...done.keys()].filter((n) => !known.has(n));
  if (unknown.length) throw new NewerDatabaseError(unknown);
  return migrations.filter((m) => !done.has(m.name));
}

/**
 * The database has migrations this version does not know: a newer bot upgraded it. Running on it
 * would fail query by query (or worse, write rows the newer schema reads wrong), so the bot stops.
 */
export class NewerDatabaseError extends Error {
  constructor(readonly migrations: string[]) {
    super(
      `This database was upgraded by a newer version of the bot (migration ${migrations.join(", ")}); run that version or restore a backup.`,
    );
    this.name = "NewerDatabaseError";
  }
}

/**
 * Switches a new database file to WAL. That needs an exclusive lock, and SQLite answers BUSY at
 * once, without its busy handler, when two connections race for it (several shard processes
 * starting on a new file): retry until the timeout. Once in WAL the setting stays with the file.
 */
async function enterWal(db: { executeScript(sql: string): Promise<void> }, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
    try {
      await db.executeScript("PRAGMA journal_mode = WAL");
      return;
    } catch (e) {
      if (!/busy|locked/i.test(errorText(e)) || Date.now() + wait > until) throw e;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/**
 * Applies every committed migration the database lacks; returns the names applied. Creates the
 * database file and its folder if needed, and leaves the file in WAL mode.
 */
export async function migrate(
  databaseUrl: string,
  options: { dir?: string; log?: StoreLog; busyTimeoutMs?: number } = {},
): Promise<string[]> {
  const log = options.log ?? stderrLog;
  const file = sqliteFile(databaseUrl);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const migrations = committedMigrations(options.dir);
  const db = await new PrismaBetterSQLite3({ url: file, timeout: options.busyTimeoutMs ?? 10_000 }).connect();
  try {
    await enterWal(db, options.busyTimeoutMs ?? 10_000);
    await db.executeScript("PRAGMA foreign_keys = OFF;");
    const applied: string[] = [];
    let current = "";
    try {
      await db.executeScript("BEGIN IMMEDIATE");
      await db.executeScript(LEDGER);
      const ledger = await db.queryRaw({
        sql: `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        args: [],
        argTypes: [],
      });
      for (const m of pendingMigrations(migrations, ledger.rows, log)) {
        current = m.name;
        const started = sqlDate(new Date());
        await db.executeScript(m.sql);
        const broken = await db.queryRaw({ sql: "PRAGMA foreign_key_check", args: [], argTypes: [] });
        if (broken.rows.length)
          throw new Error(`it leaves ${broken.rows.length} rows pointing at missing rows (first in table ${String(broken.rows[0][0])})`);
        await db.executeRaw({
          sql: `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)`,
          args: [randomUUID(), m.checksum, sqlDate(new Date()), m.name, started],
          argTypes: [text, text, text, text, text],
        });
        applied.push(m.name);
      }
      current = "";
      for (const t of REQUIRED_TRIGGERS) {
        const found = await db.queryRaw({
          sql: `SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ? AND tbl_name = ?`,
          args: [t.name, t.table],
          argTypes: [text, text],
        });
        if (!found.rows.length) {
          throw new Error(
            `the trigger ${t.name} on ${t.table} (it ${t.does}) is missing after the migrations${applied.length ? ` ${applied.join(", ")}` : ""}; a migration that redefines ${t.table} must re-create it (copy it from ${t.from})`,
          );
        }
      }
      await db.executeScript("COMMIT");
    } catch (e) {
      // The adapter can throw before returning a promise (no transaction open when BEGIN failed).
      try {
        await db.executeScript("ROLLBACK");
      } catch {
        /* nothing to undo */
      }
      if (e instanceof NewerDatabaseError) throw e;
      const why = errorText(e);
      if (current)
        throw new Error(`database migration ${current} failed, so none was applied and the database is unchanged: ${why}`, { cause: e });
      if (applied.length)
        throw new Error(`the migrations ${applied.join(", ")} were not applied (the database is unchanged): ${why}`, { cause: e });
      throw new Error(`the database cannot be used: ${why}`, { cause: e });
    }
    return applied;
  } finally {
    await db.dispose();
  }
}
