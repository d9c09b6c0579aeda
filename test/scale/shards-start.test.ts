/** `npm start` with SHARDS set, when it cannot start: a sentence, exit code 1, no process left behind. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shardOf } from "../../src/shard-of.js";
import { ActivityClient } from "../activity/ws-client.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { compiled } from "../ops/compiled.js";

const dir = mkdtempSync(join(tmpdir(), "hearts-shards-start-"));
// What `npm start` runs (dist/src/app/main.js), by absolute path from an empty folder.
const bot = (): [string, string[]] => [process.execPath, compiled("src/app/main.ts")];
let fake: FakeDiscord;

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: 2, shards: 2, maxConcurrency: 2 });
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm start` from an empty folder (no .env read); resolves with its exit code and output. */
function start(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(...bot(), {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, DISCORD_API_BASE: fake.apiBase, LOG_FORMAT: "json", ...env },
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 40_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    }),
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm start with SHARDS", () => {
  it("with a token Discord refuses, says so before starting any shard", async () => {
    const r = await start({ SHARDS: "auto", DISCORD_TOKEN: "not-the-token" });
    expect(r.code).toBe(1);
    expect(r.out).toContain("Discord refused the token in DISCORD_TOKEN");
    expect(r.out).not.toMatch(/\n\s+at /);
    expect(fake.gateway.identifies).toBe(0);
  }, 45_000);

  it("when a shard cannot start, stops the others and exits with the shard's own sentence", async () => {
    // A folder is no database file: each shard says so, the manager gives up instead of looping.
    const r = await start({ SHARDS: "2", DISCORD_TOKEN: fake.token, DATABASE_URL: `file:${dir}` });
    expect(r.code).toBe(1);
    expect(r.out).toContain("could not open the database: check DATABASE_URL");
    expect(r.out).toContain("a shard process could not start");
    expect(r.out).not.toContain("starting it again");
    // Every process that logged (the manager and each shard) has ended.
    const pids = new Set(r.out.split("\n").flatMap((line) => (line.startsWith("{") ? [JSON.parse(line).pid as number] : [])));
    expect(pids.size).toBeGreaterThanOrEqual(2);
    await new Promise((res) => setTimeout(res, 200));
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(fake.liveShards()).toEqual([]);
  }, 45_000);
});

describe("npm start with SHARDS and SHARD_IDS (shards spread over machines)", () => {
  it("runs only this machine's shards; SIGTERM stops them", async () => {
    const other = await startFakeDiscord({ guilds: 4, shards: 4, maxConcurrency: 4 });
    const child = spawn(...bot(), {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: dir,
        DISCORD_API_BASE: other.apiBase,
        LOG_FORMAT: "json",
        DISCORD_TOKEN: other.token,
        DATABASE_URL: `file:${join(dir, "ids.db")}`,
        SHARDS: "4",
        SHARD_IDS: "1,3",
        // The Activity's port is this machine's: it forwards to shards 1 and 3 only.
        DISCORD_CLIENT_ID: other.applicationId,
        DISCORD_CLIENT_SECRET: other.clientSecret,
        ACTIVITY_URL: "http://127.0.0.1",
        ACTIVITY_PORT: "0",
      },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const until = Date.now() + 40_000;
      while (!out.includes("every shard is connected") && Date.now() < until && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 100));
      expect(out, out.slice(-2000)).toContain("every shard is connected");
      expect(other.liveShards()).toEqual([1, 3]);
      // A page of a server on shard 0, which runs elsewhere: told so, not forwarded anywhere.
      const front = out
        .split("\n")
        .flatMap((line) => (line.startsWith("{") ? [JSON.parse(line) as { msg: string; port?: number }] : []))
        .find((l) => l.msg.startsWith("Activity web server listening; each connection"));
      const guild = String((1_000_000_000n << 22n) | 5n);
      expect(shardOf(guild, 4)).toBe(0);
      const page = new ActivityClient(front!.port!, { guild });
      await page.until(() => page.closed, 5000, "the close");
      expect(page.closed).toEqual({
        code: 4007,
        reason: "This server's tables are run by another of the bot's machines, which this address does not reach.",
      });
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await other.close();
    }
  }, 60_000);
});
