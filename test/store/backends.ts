/** The store suite's databases: each test file runs its tests against SQLite and PostgreSQL. */
import type { Sql } from "@prisma/client/runtime/client";
import { afterAll, beforeAll } from "vitest";
import type { HeartsStore, SqliteStore } from "../../src/store/index.js";
import { tempDb } from "./helpers.js";
import { dropDatabases, freshDatabase, postgresUnavailable, startPostgres, type PostgresServer } from "./postgres-server.js";

/**
 * The databases the store suite runs against: SQLite files always, PostgreSQL when a server can be
 * started here (or TEST_POSTGRES_URL names one). In a file:
 *   for (const db of BACKENDS) describe.skipIf(db.skip)(db.name, () => { useBackend(db); ... db.url() ... });
 */
export interface Backend {
  name: "sqlite" | "postgres";
  /** Why this backend's tests are skipped here, or null. */
  skip: string | null;
  /** A new empty database (a temp file, or a new PostgreSQL database), removed after the file's tests. */
  url(): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const sqliteBackend = (): Backend => {
  const dirs: Array<() => void> = [];
  return {
    name: "sqlite",
    skip: null,
    async url() {
      const db = tempDb();
      dirs.push(db.cleanup);
      return db.url;
    },
    async start() {},
    async stop() {
      while (dirs.length) dirs.pop()!();
    },
  };
};

const postgresBackend = (): Backend => {
  let server: PostgresServer | null = null;
  const created: string[] = [];
  const skip = postgresUnavailable();
  return {
    name: "postgres",
    skip,
    async url() {
      if (!server) throw new Error("the PostgreSQL test server is not started (useBackend in the describe block)");
      const url = await freshDatabase(server.url);
      created.push(url);
      return url;
    },
    async start() {
      server ??= await startPostgres();
    },
    async stop() {
      // A server of our own goes with its databases; on a shared one (TEST_POSTGRES_URL) drop ours.
      if (server?.external) await dropDatabases(server.url, created.splice(0));
      await server?.stop();
      server = null;
    },
  };
};

export const BACKENDS: Backend[] = [sqliteBackend(), postgresBackend()];
// Said once per run when the globalSetup runs (it sets HEARTS_PG_SKIP_SAID), else once per file.
if (BACKENDS[1].skip && !process.env.HEARTS_PG_SKIP_SAID) console.warn(BACKENDS[1].skip);

/** Starts the backend before the block's tests and stops it after them. */
export function useBackend(b: Backend): void {
  beforeAll(() => b.start(), 60_000);
  afterAll(() => b.stop(), 60_000);
}

/**
 * The store's Prisma client, for tests that read or break rows directly. Both stores' clients have
 * the same models (one schema per database, same model definitions), so the SQLite client's type
 * describes either at runtime.
 */
export const prismaOf = (store: HeartsStore) => (store as unknown as { prisma: SqliteStore["prisma"] }).prisma;

/** Runs SQL written to mean the same on both databases (Prisma.sql placeholders). */
export const execSql = (store: HeartsStore, query: Sql) =>
  (store as unknown as { prisma: { $executeRaw(q: Sql): Promise<number> } }).prisma.$executeRaw(query);
export { sqltag as sql } from "@prisma/client/runtime/client";
