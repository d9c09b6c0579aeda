/**
 * Applies the committed PostgreSQL migrations (prisma/postgres/migrations) when the bot starts,
 * the PostgreSQL counterpart of migrate.ts:
 * - a session advisory lock (the key `prisma migrate deploy` takes, so the CLI and any number of
 *   bot processes starting at once on several machines apply each migration exactly once);
 * - all pending migrations in one transaction (PostgreSQL's DDL is transactional): a failing
 *   migration leaves the database as it was;
 * - each recorded in Prisma's own `_prisma_migrations` ledger as `prisma migrate deploy` writes it.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { NewerDatabaseError, committedMigrations, pendingMigrations, stderrLog, type StoreLog } from "./migrate.js";
import { PROJECT_ROOT } from "../paths.js";
import { pgErrorText, pgTarget, quoteIdent } from "./pg-url.js";

export const PG_MIGRATIONS_DIR = join(PROJECT_ROOT, "prisma", "postgres", "migrations");

/** The advisory lock key Prisma's schema engine takes around migrate deploy/dev. */
const MIGRATION_LOCK = 72707369;

/** The same DDL Prisma's schema engine uses for its ledger on PostgreSQL. */
const LEDGER = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

const text = { scalarType: "string", arity: "scalar" } as const;
const int = { scalarType: "int", arity: "scalar" } as const;

/** Prisma's pg driver adapter for the URL: its database, its schema (as search_path too, for raw SQL). */
export function pgAdapter(url: string, pool: { max?: number } = {}): PrismaPg {
  const target = pgTarget(url);
  return new PrismaPg(
    { connectionString: target.connectionString, options: `-c search_path=${quoteIdent(target.schema)}`, ...pool },
    { schema: target.schema },
  );
}

/** Applies every committed migration the database lacks; returns the names applied. */
export async function migratePostgres(url: string, options: { dir?: string; log?: StoreLog } = {}): Promise<string[]> {
  const log = options.log ?? stderrLog;
  const target = pgTarget(url);
  const migrations = committedMigrations(options.dir ?? PG_MIGRATIONS_DIR);
  let db: Awaited<ReturnType<PrismaPg["connect"]>>;
  try {
    db = await pgAdapter(url, { max: 1 }).connect();
  } catch (e) {
    throw new Error(`cannot connect to PostgreSQL at ${target.shown}: ${pgErrorText(e, url)}`, { cause: e });
  }
  const applied: string[] = [];
  let current = "";
  let tx: Awaited<ReturnType<typeof db.startTransaction>> | null = null;
  // Run without parameters, pg uses the simple query protocol: a whole migration file at once.
  const run = (sql: string, args: unknown[] = [], argTypes: Array<typeof text | typeof int> = []) =>
    tx!.executeRaw({ sql, args, argTypes });
  try {
    tx = await db.startTransaction();
    // Held until COMMIT or ROLLBACK: processes starting together take turns here.
    await run("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK], [int]);
    if (target.schema !== "public") await run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(target.schema)}`);
    await run(LEDGER);
    const ledger = await tx.queryRaw({
      sql: `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      args: [],
      argTypes: [],
    });
    for (const m of pendingMigrations(migrations, ledger.rows, log)) {
      current = m.name;
      const started = new Date().toISOString();
      await run(m.sql);
      await run(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, NULL, NULL, $4::timestamptz, 1)`,
        [randomUUID(), m.checksum, m.name, started],
        [text, text, text, text],
      );
      applied.push(m.name);
    }
    current = "";
    await run("COMMIT");
    await tx.commit();
    tx = null;
    return applied;
  } catch (e) {
    if (tx) {
      // run() throws before returning a promise when the transaction never started.
      try {
        await run("ROLLBACK");
      } catch {
        /* nothing to undo */
      }
      await tx.rollback().catch(() => undefined);
    }
    if (e instanceof NewerDatabaseError) throw e;
    const why = pgErrorText(e, url);
    if (current)
      throw new Error(`database migration ${current} failed, so none was applied and the database is unchanged: ${why}`, { cause: e });
    if (applied.length)
      throw new Error(`the migrations ${applied.join(", ")} were not applied (the database is unchanged): ${why}`, { cause: e });
    throw new Error(`the PostgreSQL database at ${target.shown} cannot be used: ${why}`, { cause: e });
  } finally {
    await db.dispose().catch(() => undefined);
  }
}
