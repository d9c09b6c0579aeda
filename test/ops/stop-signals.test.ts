/**
 * A stop the operator asks for is not an error. Ctrl-C sends SIGINT to the whole process group and
 * systemd (KillMode=control-group, its default) SIGTERM to every process of the service, so the
 * picture process gets the signal with the bot: it used to die of it at once, and the bot logged
 * "the picture process stopped…" as an ERROR on every clean stop. Here the compiled bot (dist/, as
 * npm start runs it) is stopped each way and its log must hold no ERROR, with exit code 0; and a
 * picture process killed on its own (nobody stopping the bot) is still an ERROR, and is replaced.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/game/index.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { TableDriver } from "../reliability/driver.js";
import { botEnv, freePort, until } from "./bot-process.js";
import { compiled } from "./compiled.js";

interface Bot {
  proc: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The log lines at ERROR or above (pino: 50 error, 60 fatal). */
const errors = (out: string): string[] => out.split("\n").filter((l) => /"level":(50|60)/.test(l));

/** The bot's child processes (the picture process; computer players are threads). */
const children = (pid: number): number[] =>
  spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);

describe("stopping the bot process", () => {
  const dir = mkdtempSync(join(tmpdir(), "hearts-signals-"));
  let fake: FakeDiscord;
  const bots: Bot[] = [];
  beforeAll(async () => {
    fake = await startFakeDiscord({ users: 1 });
  });
  afterAll(async () => {
    for (const b of bots) if (b.proc.exitCode === null && b.proc.signalCode === null) b.proc.kill("SIGKILL");
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The bot in a process group of its own (as a terminal or a service has it), its picture process
   * running, a game in progress: a stop then has moves and menus to save, and the picture process's
   * end used to be noticed meanwhile (with nothing to save, the bot closed it first).
   */
  async function started(name: string): Promise<Bot & { picture: number }> {
    const port = await freePort();
    const proc = spawn(process.execPath, compiled("src/app/main.ts"), {
      env: { ...process.env, ...botEnv(fake, `file:${join(dir, name, "hearts.db")}`, port) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let out = "";
    proc.stdout!.on("data", (d) => (out += d));
    proc.stderr!.on("data", (d) => (out += d));
    const bot = { proc, out: () => out, exited: new Promise<number | null>((r) => proc.on("exit", (code) => r(code))) };
    bots.push(bot);
    await until(`http://127.0.0.1:${port}/readyz`, 200, 60_000);
    for (const end = Date.now() + 20_000; !children(proc.pid!).length; await sleep(50))
      if (Date.now() > end) throw new Error(`no picture process under the bot:\n${out}`);
    const driver = new TableDriver(fake, fake.channelId, [fake.users[0]], createRng(bots.length), { target: 50 });
    expect(await driver.open()).toBe(true);
    for (let moves = 0; moves < 2;) if ((moves += await driver.step()) === 0) await sleep(20);
    driver.stop();
    return { ...bot, picture: children(proc.pid!)[0] };
  }

  for (const [how, signal, group] of [
    ["Ctrl-C (SIGINT to the process group)", "SIGINT", true],
    ["systemd's stop (SIGTERM to every process of the service)", "SIGTERM", true],
    ["SIGTERM to the bot's pid alone", "SIGTERM", false],
  ] as const) {
    it(`${how}: exit code 0 and no ERROR in the log`, async () => {
      const bot = await started(`${signal}-${group}`);
      process.kill(group ? -bot.proc.pid! : bot.proc.pid!, signal);
      expect(await bot.exited, bot.out()).toBe(0);
      expect(bot.out()).toContain('"msg":"stopped"');
      expect(errors(bot.out())).toEqual([]);
      expect(children(bot.proc.pid!)).toEqual([]);
    }, 90_000);
  }

  it("a picture process that dies on its own is an ERROR, and a new one takes its place", async () => {
    const bot = await started("crash");
    process.kill(bot.picture, "SIGKILL");
    for (const end = Date.now() + 10_000; !errors(bot.out()).length; await sleep(50))
      if (Date.now() > end) throw new Error(`no ERROR after the picture process was killed:\n${bot.out()}`);
    expect(errors(bot.out()).join("\n")).toMatch(/killed by SIGKILL.*the picture process stopped/);
    for (const end = Date.now() + 10_000; !children(bot.proc.pid!).some((p) => p !== bot.picture); await sleep(50))
      if (Date.now() > end) throw new Error("the picture process was not replaced");
    process.kill(-bot.proc.pid!, "SIGTERM");
    expect(await bot.exited).toBe(0);
  }, 90_000);
});
