/**
 * The committed migrations match schema.prisma, agree with Prisma's own CLI, serve every model,
 * and are applied safely at start: atomically, once, and without touching the action log.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { createGame, presetRules, step } from "../../src/game/index.js";
import { MIGRATIONS_DIR, committedMigrations, migrate } from "../../src/store/migrate.js";
import { SqliteStore, openStore } from "../../src/store/index.js";
import { type FinishedGame } from "../../src/table/records.js";
import { SETTINGS, createRng, migrateInTwoProcesses, randomAction, tempDb } from "./helpers.js";

const run = promisify(execFile);
/** The Prisma CLI as a developer runs it (prisma.config.ts: JS engine, better-sqlite3 adapter, offline). */
async function prisma(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; stdout: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["prisma", ...args], { encoding: "utf8", env: { ...process.env, ...env } });
    return { code: 0, out: stdout + stderr, stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr, stdout: err.stdout };
  }
}

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
function scratch() {
  const db = tempDb();
  cleanups.push(db.cleanup);
  return db;
}
async function open(url: string): Promise<SqliteStore> {
  const store = await SqliteStore.open(url);
  cleanups.push(() => store.close());
  return store;
}
const silent = { warn: () => undefined };
const newTable = (store: SqliteStore) =>
  store.createTable({
    guildId: "g",
    channelId: "c",
    hostId: "h",
    rules: presetRules("classic")!,
    settings: SETTINGS,
    deal: { format: 1, seed: 5 },
    seats: [],
  });

/** Appends `n` random legal actions to a new table; returns its id and the actions. */
async function playSome(store: SqliteStore, n: number) {
  const t = await newTable(store);
  const state = createGame(t.rules, t.deal);
  const rng = createRng(8);
  const actions = [];
  for (let seq = 0; seq < n; seq++) {
    const a = randomAction(state, rng);
    step(state, a);
    expect(await store.appendAction(t.id, seq, a.seat, a)).toEqual({ ok: true });
    actions.push(a);
  }
  return { id: t.id, actions };
}

describe("SQLite: the committed migrations", () => {
  it("build exactly the schema in schema.prisma (prisma migrate diff on a shadow database)", async () => {
    const r = await prisma([
      "migrate",
      "diff",
      "--from-migrations",
      "prisma/migrations",
      "--to-schema-datamodel",
      "prisma/schema.prisma",
      "--exit-code",
    ]);
    // 0 = no difference, 2 = schema.prisma changed without a migration, 1 = error.
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/No difference detected/);
  });

  it("migrated at start, the database is up to date for `prisma migrate deploy`, with the ledger Prisma writes", async () => {
    const db = scratch();
    expect(await migrate(db.url)).toEqual(committedMigrations().map((m) => m.name));
    const store = await open(db.url);
    const ledger = await store.prisma.$queryRawUnsafe<
      Array<{ migration_name: string; checksum: string; finished_at: string; started_at: string }>
    >(
      `SELECT migration_name, checksum, CAST(finished_at AS TEXT) AS finished_at, CAST(started_at AS TEXT) AS started_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(ledger.map((r) => [r.migration_name, r.checksum])).toEqual(
      committedMigrations().map((m) => [
        m.name,
        createHash("sha256")
          .update(readFileSync(join(MIGRATIONS_DIR, m.name, "migration.sql")))
          .digest("hex"),
      ]),
    );
    for (const r of ledger)
      for (const at of [r.started_at, r.finished_at]) expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    // The CLI takes an exclusive lock (PRAGMA locking_mode=EXCLUSIVE): it runs only while the bot is stopped.
    await store.close();
    const deploy = await prisma(["migrate", "deploy"], { DATABASE_URL: db.url });
    expect(deploy.code, deploy.out).toBe(0);
    expect(deploy.out).toMatch(/No pending migrations/);
    expect(await migrate(db.url), "opening again applies nothing twice").toEqual([]);
  });

  it("serve every model when the database was created by `prisma migrate deploy`", async () => {
    const db = scratch();
    const deploy = await prisma(["migrate", "deploy"], { DATABASE_URL: db.url });
    expect(deploy.code, deploy.out).toBe(0);
    expect(await migrate(db.url), "the bot sees the CLI's ledger").toEqual([]);
    const store = await open(db.url);
    // HeartsTable and GameAction (the trigger came from the migration too).
    const { id, actions } = await playSome(store, 6);
    await store.updateTable(id, { messageId: "m1" });
    expect((await store.getTable(id))!).toMatchObject({ messageId: "m1", actionCount: 6 });
    expect((await store.loadActions(id)).map((a) => a.action)).toEqual(actions);
    // FinishedGame, GameResult and PlayerStats.
    const game: FinishedGame = {
      tableId: id,
      guildId: "g",
      rules: presetRules("classic")!,
      rated: true,
      players: [0, 1, 2, 3].map((seat) => ({
        seat,
        userId: `u${seat}`,
        botLevel: null,
        name: `P${seat}`,
        total: 26 * seat,
        place: seat + 1,
      })),
      hands: [{ change: [0, 26, 52, 78], handPoints: [0, 26, 52, 78], moonShooter: null, queenTakenBy: 3, jackTakenBy: null }],
      finishedAt: new Date(),
    };
    await store.recordFinishedGame(game);
    expect(await store.listFinishedGames("g")).toEqual([{ ...game, finishedAt: expect.any(Date) }]);
    expect((await store.playerCard("g", "u3")).stats).toMatchObject({ games: 1, queens: 1, places: [0, 0, 0, 1] });
    // GuildSettings.
    await store.updateGuildSettings("g", { turnSeconds: 30, allowedChannels: ["c"] });
    expect(await store.getGuildSettings("g")).toMatchObject({ turnSeconds: 30, allowedChannels: ["c"] });
  });
});

let redefineSql: string | null = null;
/** The SQL Prisma writes for `hostId String?`: on SQLite, a "redefine table" migration. */
async function redefineHeartsTable(): Promise<string> {
  if (redefineSql) return redefineSql;
  const dir = scratch().dir;
  const schema = readFileSync("prisma/schema.prisma", "utf8").replace(/(\n\s+hostId\s+)String\n/, "$1String?\n");
  expect(schema).toMatch(/hostId\s+String\?/);
  writeFileSync(join(dir, "schema.prisma"), schema);
  const diff = await prisma([
    "migrate",
    "diff",
    "--from-migrations",
    MIGRATIONS_DIR,
    "--to-schema-datamodel",
    join(dir, "schema.prisma"),
    "--script",
  ]);
  expect(diff.code, diff.out).toBe(0);
  expect(diff.stdout, "Prisma redefines the table to change a column on SQLite").toMatch(/DROP TABLE "HeartsTable"/);
  return (redefineSql = diff.stdout);
}

/** The committed migrations plus the redefine migration, with or without the trigger re-created. */
async function withRedefineMigration(keepTrigger: boolean): Promise<string> {
  const sql = await redefineHeartsTable();
  const migrations = join(scratch().dir, "migrations");
  cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
  const init = readFileSync(join(MIGRATIONS_DIR, committedMigrations()[0].name, "migration.sql"), "utf8");
  const seatPeople = readFileSync(join(MIGRATIONS_DIR, "20261126000300_privacy_indexes", "migration.sql"), "utf8");
  const trigger =
    init.slice(init.indexOf('CREATE TRIGGER "append_action"')) +
    seatPeople.slice(seatPeople.indexOf('CREATE TRIGGER "table_seat_people_insert"'), seatPeople.indexOf("-- Backfill"));
  mkdirSync(join(migrations, "29990101000000_host_optional"));
  writeFileSync(join(migrations, "29990101000000_host_optional", "migration.sql"), keepTrigger ? `${sql}\n${trigger}` : sql);
  return migrations;
}

describe("SQLite: applying migrations at start", () => {
  it("a migration that redefines HeartsTable keeps every logged action (no cascade delete)", async () => {
    const db = scratch();
    const store = await open(db.url);
    const before = await playSome(store, 20);
    await store.close();
    const future = await withRedefineMigration(true);
    expect(await migrate(db.url, { dir: future, log: silent })).toEqual(["29990101000000_host_optional"]);
    // This version of the bot does not know that migration: it refuses the database.
    await expect(SqliteStore.open(db.url)).rejects.toThrow(
      /upgraded by a newer version of the bot \(migration 29990101000000_host_optional\)/,
    );
    const after = await SqliteStore.open(db.url, { migrations: future });
    cleanups.push(() => after.close());
    expect((await after.loadActions(before.id)).map((a) => a.action)).toEqual(before.actions);
    expect((await after.getTable(before.id))!.actionCount).toBe(20);
    // The re-created trigger still logs new actions.
    const more = await playSome(after, 3);
    expect((await after.loadActions(more.id)).length).toBe(3);
  });

  it("refuses a migration that drops the append_action trigger, leaving the database as it was", async () => {
    const db = scratch();
    const store = await open(db.url);
    const before = await playSome(store, 5);
    await store.close();
    await expect(migrate(db.url, { dir: await withRedefineMigration(false), log: silent })).rejects.toThrow(
      /append_action.*missing.*re-create/,
    );
    const after = await open(db.url);
    expect((await after.loadActions(before.id)).map((a) => a.action)).toEqual(before.actions);
    expect(await migrate(db.url), "nothing of the refused migration was kept").toEqual([]);
  });

  it("two processes starting on a new database at once: both open it, each migration is applied once", async () => {
    const db = scratch();
    const applied = await migrateInTwoProcesses(db.url);
    expect(applied.sort()).toEqual(committedMigrations().map((m) => m.name));
    const store = await open(db.url);
    const rows = await store.prisma.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT COUNT(*) AS n FROM "_prisma_migrations"`);
    expect(Number(rows[0].n)).toBe(committedMigrations().length);
  });

  it("another process holding the write lock past the busy timeout: a sentence saying so, nothing half-applied", async () => {
    const db = scratch();
    await (await open(db.url)).close();
    const { default: Database } = await import("better-sqlite3");
    const other = new Database(db.url.slice("file:".length));
    other.exec("BEGIN IMMEDIATE");
    try {
      await expect(migrate(db.url, { busyTimeoutMs: 50 })).rejects.toThrow(/^the database cannot be used: .*locked/);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(await migrate(db.url), "usable once the lock is gone").toEqual([]);
  });
});

it("says in words what is wrong with a URL that is neither a SQLite file nor PostgreSQL, without its password", async () => {
  const url = "mysql://u:secret@localhost/hearts";
  const refused = await openStore(url).then(
    () => "opened",
    (e: Error) => e.message,
  );
  expect(refused).toMatch(/DATABASE_URL must name a SQLite file.*file:\.\/data\/hearts\.db.*postgresql:\/\//);
  expect(refused, "no password in a message that reaches the log").not.toMatch(/secret/);
  expect(existsSync("mysql:"), "no folder made from the URL").toBe(false);
});
