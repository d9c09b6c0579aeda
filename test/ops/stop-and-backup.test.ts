/**
 * What a process manager and an operator do to a running bot (the real process, npm start's
 * src/app/main.ts, on the fake Discord): `npm run backup` mid-game while people keep playing, then
 * SIGTERM right after a move, as systemd does on a restart. The process exits 0 within its bound
 * with every acknowledged move stored; the backup, restored into a new bot, resumes the game, which
 * is played to its end. And with the Activity on: the process killed (SIGKILL) mid-trick and started
 * again, an Activity connection comes back with its session and finds the table where it was.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/game/index.js";
import { STOP_TIMEOUT_MS } from "../../src/app/bot-process.js";
import { openStore } from "../../src/store/index.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { TableDriver } from "../reliability/driver.js";
import { ActivityClient, signIn } from "../activity/ws-client.js";
import { freePort, startBotProcess, until, type BotProcess } from "./bot-process.js";
import { compiled } from "./compiled.js";

function backup(databaseUrl: string, to: string): Promise<{ code: number | null; out: string }> {
  const p = spawn(process.execPath, [...compiled("src/app/backup.ts"), "--to", to], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  p.stdout.on("data", (d) => (out += d));
  p.stderr.on("data", (d) => (out += d));
  return new Promise((r) => p.on("exit", (code) => r({ code, out })));
}

async function storedSeqs(databaseUrl: string, tableId: string): Promise<Set<number>> {
  const store = await openStore(databaseUrl);
  try {
    return new Set((await store.loadActions(tableId)).map((a) => a.seq));
  } finally {
    await store.close();
  }
}

describe("stopping and backing up a running bot", () => {
  const dir = mkdtempSync(join(tmpdir(), "hearts-ops-"));
  let fake: FakeDiscord | null = null;
  const bots: BotProcess[] = [];
  afterAll(async () => {
    for (const b of bots) if (b.proc.exitCode === null) b.proc.kill("SIGKILL");
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a backup taken mid-game restores and resumes the game; SIGTERM after a move exits 0 in time with every acknowledged move stored", async () => {
    const live = `file:${join(dir, "live", "hearts.db")}`;
    fake = await startFakeDiscord({ users: 2 });
    const bot = await startBotProcess(fake, live);
    bots.push(bot);
    await fake.ready();
    const driver = new TableDriver(fake, fake.channelId, fake.users.slice(0, 2), createRng(11), { target: 15 });
    expect(await driver.open()).toBe(true);
    for (let i = 0; i < 4; i++) await driver.step();

    // The backup runs while people keep playing (moves committed during the copy).
    const before = driver.confirmed.length;
    const copy = join(dir, "backup.db");
    let playing = true;
    const play = (async () => {
      for (let moves = 0; playing && moves < 3;) if ((moves += await driver.step()) === 0) await new Promise((r) => setTimeout(r, 20));
    })();
    const b = await backup(live, copy);
    playing = false;
    await play;
    expect(b.code, b.out).toBe(0);
    expect(b.out).toContain("Backed up");
    expect(statSync(copy).mode & 0o077).toBe(0); // players' data: private like the store
    const inBackup = await storedSeqs(`file:${copy}`, driver.tableId!);
    for (const c of driver.confirmed.slice(0, before)) expect(inBackup.has(c.version)).toBe(true);

    // A move, then SIGTERM at once: the computer players' replies may be in flight.
    for (let i = 0; i < 20 && !(await driver.step()); i++) await new Promise((r) => setTimeout(r, 50));
    const termAt = Date.now();
    bot.proc.kill("SIGTERM");
    expect(await bot.exited).toBe(0);
    const stopMs = Date.now() - termAt;
    expect(stopMs).toBeLessThan(STOP_TIMEOUT_MS);
    expect(bot.out()).toContain("stopped");
    const stored = await storedSeqs(live, driver.tableId!);
    expect(driver.confirmed.length).toBeGreaterThan(before);
    for (const c of driver.confirmed) expect(stored.has(c.version), `move ${c.version} (${c.text})`).toBe(true);

    // The backup restored (a new bot on the copied file): the table resumes and the game ends.
    mkdirSync(join(dir, "restored"));
    copyFileSync(copy, join(dir, "restored", "hearts.db"));
    const restored = await startBotProcess(fake, `file:${join(dir, "restored", "hearts.db")}`);
    bots.push(restored);
    await until(`${restored.ops}/readyz`, 200, 30_000);
    await fake.waitFor(() => restored.out().includes("resumed open tables"), 5000, "the resumed tables' log line");
    expect(restored.out()).toMatch(/"tables":1,"msg":"resumed open tables"/);
    expect(await driver.playToEnd(120_000)).toBe(true);
    driver.stop();
    restored.proc.kill("SIGTERM");
    expect(await restored.exited).toBe(0);
    console.log(`SIGTERM mid-game: stopped in ${stopMs} ms with ${driver.confirmed.length} acknowledged moves stored`);
  }, 240_000);

  it("the Activity's page comes back with its session after the bot process is killed mid-trick and started again", async () => {
    const db = `file:${join(dir, "activity", "hearts.db")}`;
    const other = await startFakeDiscord({ users: 2 });
    try {
      const port = await freePort();
      const env = { DISCORD_CLIENT_SECRET: other.clientSecret, ACTIVITY_URL: "https://hearts.example.org", ACTIVITY_PORT: String(port) };
      const first = await startBotProcess(other, db, env);
      bots.push(first);
      await other.ready();
      const driver = new TableDriver(other, other.channelId, other.users.slice(0, 2), createRng(5), { target: 15 });
      expect(await driver.open()).toBe(true);
      await until(`http://127.0.0.1:${port}/`, 200, 30_000);
      const page = await signIn(port, other.oauthCode(other.users[0]), other.channelId);
      // Mid-trick: a card or more of a trick on the table, after the first trick.
      for (let i = 0; i < 400; i++) {
        const g = page.table?.game;
        if (g && g.phase === "playing" && g.trickNumber > 0 && g.trick.length > 0) break;
        if (!(await driver.step())) await new Promise((r) => setTimeout(r, 20));
      }
      const before = page.table!.game!;
      expect(before.trick.length).toBeGreaterThan(0);
      first.proc.kill("SIGKILL");
      await first.exited;
      await page.until(() => page.closed, 5000, "the dropped connection");
      expect(page.closed!.code).toBe(1006); // no close frame: the process is gone

      const second = await startBotProcess(other, db, env);
      bots.push(second);
      await until(`${second.ops}/readyz`, 200, 30_000);
      // As the page does: the same origin again, with the session it was given.
      let back: ActivityClient | null = null;
      for (let i = 0; i < 100 && !back?.table; i++) {
        const c = new ActivityClient(port);
        const opened = await c.opened.then(
          () => true,
          () => false,
        );
        if (opened) {
          c.send({ t: "resume", session: page.session!, channel: other.channelId });
          await c.until(() => c.table || c.closed, 5000, "the table again").catch(() => undefined);
          if (c.table) back = c;
        }
        if (!back) await new Promise((r) => setTimeout(r, 100));
      }
      expect(back?.frames[0]).toMatchObject({ t: "welcome", resumed: true, you: { id: other.users[0].id } });
      // Every card it had seen was stored: the table is where it was, or on (computer players).
      const now = back!.table!.game!;
      expect(now.version).toBeGreaterThanOrEqual(before.version);
      if (now.version === before.version) expect(now.trick).toEqual(before.trick);
      expect(back!.table!.hand!.cards.length).toBeGreaterThan(0);
      // And it is live: the next card played reaches it.
      for (let i = 0; i < 100 && back!.table!.game!.version === now.version; i++)
        if (!(await driver.step())) await new Promise((r) => setTimeout(r, 50));
      expect(back!.table!.game!.version).toBeGreaterThan(now.version);
      back!.close();
      driver.stop();
      second.proc.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    } finally {
      await other.close();
    }
  }, 120_000);
});
