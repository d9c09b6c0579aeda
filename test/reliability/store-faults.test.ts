/**
 * The store failing under the real bot process (`src/app/main.ts`, as npm start runs it) and the fake
 * Discord, with real SQLite files on a small tmpfs of their own:
 * - the disk fills up mid-game: people are told in one sentence, the table says so once, the process
 *   keeps running, and the game goes on by itself once there is room; no confirmed action is lost;
 * - a database that cannot be written at start (a read-only disk): the bot says so before logging in;
 * - the PostgreSQL server stopped mid-game, then started again: the same, on PostgreSQL;
 * - a database upgraded by a newer version: the bot refuses to start with a sentence.
 * Mounting needs root (as CI has); elsewhere these tests are skipped with a line saying why.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/game/index.js";
import { openStore } from "../../src/store/index.js";
import { STORE_DOWN_MESSAGE } from "../../src/table/store-health.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { compiled } from "../ops/compiled.js";
import { postgresBin, startPostgres } from "../store/postgres-server.js";
import { TableDriver } from "./driver.js";
import { tmpfs, tmpfsUnavailable } from "./tmpfs.js";

const ROOT = process.cwd();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const why = tmpfsUnavailable();
if (why) console.warn(`store fault tests skipped: ${why}`);

interface Bot {
  proc: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function startBot(fake: FakeDiscord, databaseUrl: string): Bot {
  const proc = spawn(process.execPath, compiled("src/app/main.ts"), {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DISCORD_TOKEN: fake.token,
      DISCORD_API_BASE: fake.apiBase,
      DISCORD_CLIENT_ID: fake.applicationId,
      DATABASE_URL: databaseUrl,
      LOG_FORMAT: "json",
      LOG_LEVEL: "info",
      BOT_DELAY_MS: "0",
      TABLE_EDIT_INTERVAL_MS: "30",
      DEFAULT_BOT_LEVEL: "easy",
      RATE_LIMIT_PER_USER: "0",
      RATE_LIMIT_PER_SERVER: "0",
      TABLE_COOLDOWN_SECONDS: "0",
    },
  });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  return { proc, out: () => out, exited: new Promise((r) => proc.on("exit", (code) => r(code))) };
}

/**
 * A game through the real bot on `databaseUrl`: a few moves, then `fail()`; people are told, the
 * table says so once and the process keeps running; then `heal()`, and the game goes on by itself
 * and finishes with every confirmed action stored. Returns the seconds to tell and to recover.
 */
async function faultMidGame(databaseUrl: string, fail: () => void, heal: () => void): Promise<{ toldS: number; recoveredS: number }> {
  const fake = await startFakeDiscord({ users: 2 });
  const bot = startBot(fake, databaseUrl);
  try {
    await fake.ready();
    const driver = new TableDriver(fake, fake.channelId, fake.users.slice(0, 2), createRng(3), { target: 20 });
    expect(await driver.open()).toBe(true);
    for (let i = 0; i < 6; i++) await driver.step();
    fail();
    const confirmedBefore = driver.confirmed.length;

    // People keep clicking from their menus; the first write after the fault finds out, and from
    // then on every click is answered, in time, with the sentence.
    const failedAt = Date.now();
    const told = () => fake.calls.filter((c) => c.token && JSON.stringify(c.body ?? "").includes(STORE_DOWN_MESSAGE)).length;
    for (let i = 0; i < 400 && told() < 2; i++) if (!(await driver.step())) await sleep(50);
    expect(told()).toBeGreaterThanOrEqual(2);
    const toldS = (Date.now() - failedAt) / 1000;
    // The thread (or channel) says it once.
    const posts = () => [...fake.messages.values()].filter((m) => m.visibleTo === null).map((m) => m.content);
    await fake.waitFor(() => posts().some((c) => c.includes("I can't save games right now")), 10_000, "the paused notice");
    await sleep(3_000); // the bot keeps probing meanwhile; it says nothing more
    expect(posts().filter((c) => c.includes("I can't save games right now"))).toHaveLength(1);
    expect(bot.proc.exitCode).toBeNull();

    // The fault is gone: the bot notices by itself, says so, and the game finishes.
    heal();
    const healedAt = Date.now();
    await fake.waitFor(() => posts().some((c) => c.includes("I can save games again")), 70_000, "the back-again notice");
    const recoveredS = (Date.now() - healedAt) / 1000;
    expect(await driver.playToEnd(90_000)).toBe(true);
    driver.stop();
    expect(bot.proc.exitCode).toBeNull();

    // Every action the bot confirmed with ✅ is in the store.
    bot.proc.kill("SIGTERM");
    await bot.exited;
    const store = await openStore(databaseUrl);
    try {
      const stored = await store.loadActions(driver.tableId!);
      expect(driver.confirmed.length).toBeGreaterThan(confirmedBefore);
      for (const c of driver.confirmed) expect(stored.some((a) => a.seq === c.version)).toBe(true);
    } finally {
      await store.close();
    }
    expect(bot.out()).not.toMatch(/unhandled|reached the top/);
    return { toldS, recoveredS };
  } finally {
    if (bot.proc.exitCode === null) bot.proc.kill("SIGKILL");
    await fake.close();
  }
}

describe.skipIf(!!why)("the store failing under the real bot process", () => {
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("a full disk mid-game: people are told, the table says so once, the bot keeps running, and the game finishes once there is room", async () => {
    const disk = tmpfs(8) as Exclude<ReturnType<typeof tmpfs>, string>;
    cleanups.push(() => disk.close());
    const filler = join(disk.dir, "filler");
    const file = join(disk.dir, "hearts.db");
    const r = await faultMidGame(
      `file:${file}`,
      () => {
        // The write-ahead log emptied first, as a checkpoint leaves it: SQLite reuses the space of
        // a log it has written before, so on a full disk the next writes would succeed until the log
        // outgrew its old size (how long that takes varies, and the test with it).
        // The bot's reader and writer threads keep connections of their own: a checkpoint that
        // finds one of them reading is busy and truncates nothing, so it is tried again until the
        // log is empty (a few tries at most).
        const db = new Database(file);
        db.pragma("busy_timeout = 5000");
        const pause = new Int32Array(new SharedArrayBuffer(4));
        for (let tries = 0; ; tries++) {
          const [r] = db.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number; log: number }>;
          if (r.busy === 0 && r.log === 0) break;
          if (tries === 200) throw new Error(`the write-ahead log could not be emptied: ${JSON.stringify(r)}`);
          Atomics.wait(pause, 0, 0, 25);
        }
        db.close();
        spawnSync("sh", ["-c", `dd if=/dev/zero of=${filler} bs=64k 2>/dev/null; true`]);
      },
      () => unlinkSync(filler),
    );
    console.log(
      `full disk: people told within ${r.toldS.toFixed(1)} s; the game went on ${r.recoveredS.toFixed(1)} s after the disk had room`,
    );
  }, 240_000);

  it("a database on a read-only disk: the bot says so before logging in", async () => {
    const disk = tmpfs(8) as Exclude<ReturnType<typeof tmpfs>, string>;
    cleanups.push(() => disk.close());
    const dbUrl = `file:${join(disk.dir, "hearts.db")}`;
    await (await openStore(dbUrl)).close();
    disk.remount("ro");
    const fake = await startFakeDiscord();
    cleanups.push(() => fake.close());
    const bot = startBot(fake, dbUrl);
    expect(await bot.exited).toBe(1);
    expect(bot.out()).toMatch(/cannot be written to|folder is writable/);
    expect(bot.out()).not.toContain("logged in to Discord");
    expect(fake.gateway.identifies).toBe(0);
  }, 60_000);
});

describe.skipIf(!postgresBin())("PostgreSQL going away under the real bot process", () => {
  it("the server stopped mid-game: people are told, the table says so once, and the game finishes once it is back", async () => {
    const server = await startPostgres({ own: true });
    try {
      const r = await faultMidGame(
        server.url,
        () => server.halt(),
        () => server.restart(),
      );
      console.log(
        `PostgreSQL stopped: people told within ${r.toldS.toFixed(1)} s; the game went on ${r.recoveredS.toFixed(1)} s after the server was back`,
      );
    } finally {
      await server.stop();
    }
  }, 240_000);
});

describe("a database upgraded by a newer version of the bot", () => {
  it("refuses to start with a sentence, before logging in", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hearts-newer-"));
    const dbUrl = `file:${join(dir, "hearts.db")}`;
    try {
      await (await openStore(dbUrl)).close();
      const db = new Database(join(dir, "hearts.db"));
      db.prepare(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ('x', 'y', datetime('now'), '29991231000000_from_the_future', datetime('now'), 1)`,
      ).run();
      db.close();
      const fake = await startFakeDiscord();
      try {
        const bot = startBot(fake, dbUrl);
        expect(await bot.exited).toBe(1);
        expect(bot.out()).toContain("This database was upgraded by a newer version of the bot");
        expect(bot.out()).toContain("run that version or restore a backup");
        expect(bot.out()).not.toContain("logged in to Discord");
      } finally {
        await fake.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
