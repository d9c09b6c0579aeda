/**
 * The README's quick start, done literally, as a newcomer does it: in a copy of the project,
 * `cp .env.example .env`, a token and the application id pasted into it, `npm run deploy-commands`
 * and `npm start` (the real npm scripts, not an import), then a short game through the fake
 * Discord. Only DISCORD_API_BASE comes from the environment (the fake instead of discord.com), and
 * BOT_DELAY_MS=0 so the computer players do not pause for people to follow. `npm ci` is the one
 * step not repeated: the copy uses this checkout's node_modules.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/game/index.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { TableDriver } from "../reliability/driver.js";

const ROOT = process.cwd();
/** Token-shaped, as a newcomer pastes it from the Developer Portal (the fake accepts it). */
const TOKEN = "OTAwMDAwMDAwMDAwMDAwMDAx.GhEaRt.s0mEtHiNg-tHaT-lOoKs_LiKe-A-t0kEn";

/** The commands of the README's Quick start block, in order. */
function quickStart(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /## Quick start[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  return block
    .split("\n")
    .map((l) => l.replace(/#.*$/, "").trim())
    .filter(Boolean);
}

/** The project as a fresh clone has it (tracked files, and new ones not ignored), plus node_modules. */
function copyProject(to: string): void {
  const files = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8" })
    .stdout.split("\0")
    .filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(ROOT, f))) continue; // deleted in the working tree
    mkdirSync(dirname(join(to, f)), { recursive: true });
    cpSync(join(ROOT, f), join(to, f));
  }
  symlinkSync(join(ROOT, "node_modules"), join(to, "node_modules"));
  // npm ci's postinstall generates the Prisma clients there (gitignored): as if it had run.
  cpSync(join(ROOT, "src", "generated"), join(to, "src", "generated"), { recursive: true });
}

/** The person's shell: their PATH and HOME, and nothing of this test run (no ENV_FILE=none). */
const shellEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? tmpdir(),
  ...extra,
});

function run(cmd: string, cwd: string, env: NodeJS.ProcessEnv): ChildProcess & { output: () => string } {
  // detached: its own process group, so a Ctrl-C (SIGINT to the group) reaches npm and the bot alike.
  const child = spawn("sh", ["-c", cmd], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return Object.assign(child, { output: () => out });
}

/** Whether the child has ended: with a code, or by a signal (then exitCode stays null). */
const ended = (c: ChildProcess): boolean => c.exitCode !== null || c.signalCode !== null;

const exited = (c: ChildProcess): Promise<number | null> =>
  ended(c) ? Promise.resolve(c.exitCode) : new Promise((r) => c.once("exit", (code) => r(code)));

/** Waits (up to `ms`) until no process of the child's group is left: the bot itself has stopped. */
async function groupGone(c: ChildProcess, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    try {
      process.kill(-c.pid!, 0);
    } catch {
      return true;
    }
  }
  return false;
}

/** npm's own pid under the test's `sh -c "npm start"` (the shell may have exec'd it, or be its parent). */
function npmOf(shPid: number): number {
  // Its program, not its arguments ("sh -c npm start" names npm too): npm titles itself "npm start".
  const isNpm = (pid: number) => /^(\S*\/)?npm( |$)/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0]);
  if (isNpm(shPid)) return shPid;
  const children = spawnSync("pgrep", ["-P", String(shPid)], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")
    .map(Number);
  const npm = children.find(isNpm);
  if (!npm) throw new Error(`no npm process under the shell ${shPid}`);
  return npm;
}

/** Kills what is left of the child's process group; a group already gone (ESRCH) is what we wanted. */
function killGroup(c: ChildProcess): void {
  try {
    process.kill(-c.pid!, "SIGKILL");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ESRCH") throw e;
  }
}

describe("the README's quick start, verbatim", () => {
  let dir: string;
  let fake: FakeDiscord;
  let bot: (ChildProcess & { output: () => string }) | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hearts-quickstart-"));
    copyProject(dir);
    fake = await startFakeDiscord({ token: TOKEN, users: 2 });
  });
  afterAll(async () => {
    // The shell may be gone (Ctrl-C ended it by signal) while the bot it started still stops.
    if (bot) killGroup(bot);
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("cp .env.example .env, a token, deploy-commands, npm start: a game is played to its end", async () => {
    const started = Date.now();
    const steps = quickStart();
    // The block is the order a newcomer types; each step below runs the block's own line.
    expect(steps).toEqual(["npm ci", "cp .env.example .env", "npm run deploy-commands", "npm start", "npm test"]);

    // cp .env.example .env, run as written; then the two lines a newcomer fills in.
    expect(spawnSync("sh", ["-c", steps[1]], { cwd: dir }).status).toBe(0);
    const example = readFileSync(join(dir, ".env"), "utf8");
    expect(example).toMatch(/^SHARDS=$/m); // the empty variable that crashed the first start
    writeFileSync(
      join(dir, ".env"),
      example
        .replace(/^DISCORD_TOKEN=$/m, `DISCORD_TOKEN=${TOKEN}`)
        .replace(/^DISCORD_CLIENT_ID=$/m, `DISCORD_CLIENT_ID=${fake.applicationId}`),
    );

    const env = shellEnv({ DISCORD_API_BASE: fake.apiBase, BOT_DELAY_MS: "0" });
    const deploy = run(steps[2], dir, env);
    expect(await exited(deploy), deploy.output()).toBe(0);
    expect(deploy.output()).toContain("Registered 1 command (/hearts) globally");
    expect(fake.commands.get("global")?.map((c) => c.name)).toEqual(["hearts"]);

    bot = run(steps[3], dir, env);
    const early = exited(bot).then((code) => {
      throw new Error(`npm start exited (${code}):\n${bot!.output()}`);
    });
    await Promise.race([fake.ready(), early]);

    const driver = new TableDriver(fake, fake.channelId, [fake.users[0]], createRng(7), { target: 5 });
    expect(await Promise.race([driver.open(), early])).toBe(true);
    expect(await Promise.race([driver.playToEnd(60_000), early])).toBe(true);
    driver.stop();

    // npm start compiled the bot and ran it with plain node (no TypeScript loader in production).
    expect(existsSync(join(dir, "dist", "src", "app", "main.js"))).toBe(true);
    // The default DATABASE_URL: the folder was made and the game is in it.
    expect(statSync(join(dir, "data", "hearts.db")).size).toBeGreaterThan(0);

    // A supervisor's SIGTERM to the pid it knows, npm's (not the group, as a container's or a manual
    // kill sends it): npm start execs node, so the bot hears it and stops cleanly, leaving no process.
    const npmPid = npmOf(bot.pid!);
    process.kill(npmPid, "SIGTERM");
    await exited(bot);
    const gone = await groupGone(bot, 15_000);
    const left = gone ? "" : spawnSync("ps", ["-o", "pid,ppid,stat,args", "-g", String(bot.pid)], { encoding: "utf8" }).stdout;
    expect(gone, `the bot was still running 15 s after SIGTERM to npm:\n${left}\n${bot.output().slice(-1500)}`).toBe(true);
    expect(bot.output()).toMatch(/"msg":"stopped"|stopped/);
    expect(bot.output()).toContain("logged in to Discord");
    expect(bot.output()).not.toMatch(/\n\s+at .*\(/);
    expect(bot.output()).not.toContain(TOKEN);
    console.log(
      `quick start: deploy-commands, npm start, a game to 5 points and Ctrl-C in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 120_000);
});
