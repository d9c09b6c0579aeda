/**
 * A production install, as docs/operators.md's "A production install" does it, in a copy of the project:
 * dist/ built where the development tools are (`npm run build`), then the development tools taken
 * away, and every command the README gives an operator run with what is left, against the fake
 * Discord: deploy-commands, start, backup, db:copy and rest-proxy, none of them compiling or
 * touching dist/.
 *
 * `npm ci --omit=dev` itself needs the registry (or a warm cache), which a test must not reach:
 * the copy gets this checkout's node_modules (hard links, so it is quick and takes no room) and
 * `npm prune --omit=dev --offline` removes every package only development needs. That leaves the
 * tree `npm ci --omit=dev` installs from the same package.json and lock (npm computes one ideal
 * tree for both), and npm's postinstall is then run as `npm ci` would run it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/game/index.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { TableDriver } from "../reliability/driver.js";
import { botEnv, freePort, until } from "./bot-process.js";

const ROOT = process.cwd();

/** The project as a clone has it (tracked files and new ones not ignored), the generated Prisma clients, and node_modules hard-linked. */
function copyProject(to: string): void {
  const files = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8" })
    .stdout.split("\0")
    .filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(to, f)), { recursive: true });
    cpSync(join(ROOT, f), join(to, f));
  }
  cpSync(join(ROOT, "src", "generated"), join(to, "src", "generated"), { recursive: true });
  const cp = spawnSync("cp", ["-al", realpathSync(join(ROOT, "node_modules")), join(to, "node_modules")], { encoding: "utf8" });
  if (cp.status !== 0) throw new Error(`cp -al node_modules: ${cp.stderr}`);
  // npm rewrites its record of the tree: the copy's own file, never the shared one behind the link.
  if (existsSync(join(to, "node_modules", ".package-lock.json"))) unlinkSync(join(to, "node_modules", ".package-lock.json"));
  // dist/ as the suite's global setup compiled it from these same sources, with TypeScript's
  // incremental record: the copy's `npm run build` then checks it is up to date (5 s of CPU)
  // rather than compiling everything again (16-27 s); the global setup did that from scratch.
  cpSync(join(ROOT, "dist"), join(to, "dist"), { recursive: true });
}

/** Every file under dist/ with its size and modification time: a command that compiled or rewrote one changes it. */
function distState(dir: string): string {
  return readdirSync(join(dir, "dist"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const f = join(e.parentPath, e.name);
      const st = statSync(f);
      return `${f} ${st.size} ${st.mtimeMs}`;
    })
    .sort()
    .join("\n");
}

const shellEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? tmpdir(),
  ...extra,
});

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = shellEnv({})): { status: number | null; out: string } {
  const r = spawnSync("npm", args, { cwd, env, encoding: "utf8", timeout: 240_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** As npm() but without blocking this process, for a command that talks to the fake Discord (which runs in this process). */
function npmAsync(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (status) => resolve({ status, out }));
  });
}

describe("a production install (development tools left out)", () => {
  const dir = mkdtempSync(join(tmpdir(), "hearts-prod-"));
  let fake: FakeDiscord | null = null;
  let bot: (ChildProcess & { out: () => string }) | null = null;
  afterAll(async () => {
    if (bot?.pid && bot.exitCode === null)
      try {
        process.kill(-bot.pid, "SIGKILL");
      } catch {
        // already gone
      }
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("dist/ built, npm prune --omit=dev, postinstall, then deploy-commands, npm start (a game opens), backup, db:copy and rest-proxy work, SIGTERM stops the bot, and dist/ is never touched", async () => {
    copyProject(dir);
    const build = npm(["run", "build"], dir);
    expect(build.status, build.out).toBe(0);

    const prune = npm(["prune", "--omit=dev", "--offline", "--no-audit", "--no-fund"], dir);
    expect(prune.status, prune.out).toBe(0);
    const has = (p: string) => existsSync(join(dir, "node_modules", p, "package.json"));
    // (typescript and prisma may stay: npm keeps them as @prisma/client's optional peers; nothing runs them.)
    for (const devOnly of ["tsx", "esbuild", "pino-pretty", "vitest", "eslint"]) expect(has(devOnly), devOnly).toBe(false);
    for (const needed of ["better-sqlite3", "@prisma/client", "discord.js", "prom-client", "canvas"])
      expect(has(needed), needed).toBe(true);

    // npm ci's postinstall, without the Prisma CLI: the clients come compiled in dist/.
    const post = npm(["run", "postinstall"], dir);
    expect(post.status, post.out).toBe(0);

    const built = distState(dir);
    fake = await startFakeDiscord({ users: 2 });
    const port = await freePort();
    const env = shellEnv({ ...botEnv(fake, "file:./data/hearts.db", port), NODE_ENV: "production", LOG_FORMAT: "pretty" });
    const deploy = await npmAsync(["run", "deploy-commands"], dir, env);
    expect(deploy.status, deploy.out).toBe(0);
    expect(deploy.out).toContain("Registered 1 command (/hearts) globally");
    const proc = spawn("npm", ["start"], { cwd: dir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (out += d));
    bot = Object.assign(proc, { out: () => out });
    const exited = new Promise<number | null>((r) => proc.on("exit", (code) => r(code)));
    const early = exited.then((code) => {
      throw new Error(`npm start exited (${code}):\n${out}`);
    });
    await Promise.race([until(`http://127.0.0.1:${port}/readyz`, 200, 60_000), early]);
    const driver = new TableDriver(fake, fake.channelId, fake.users.slice(0, 2), createRng(3), { target: 20 });
    expect(await Promise.race([driver.open(), early])).toBe(true);
    for (let i = 0; i < 3; i++) await driver.step();
    driver.stop();

    const backup = npm(["run", "backup", "--", "--to", join(dir, "backup.db")], dir, env);
    expect(backup.status, backup.out).toBe(0);
    expect(statSync(join(dir, "backup.db")).size).toBeGreaterThan(0);
    // The backup copied into a new store, as a move between databases does (SQLite to SQLite here).
    const copy = npm(
      ["run", "db:copy", "--", "--from", `file:${join(dir, "backup.db")}`, "--to", `file:${join(dir, "copy.db")}`],
      dir,
      env,
    );
    expect(copy.status, copy.out).toBe(0);
    expect(copy.out).toMatch(/Verified: every table holds as many rows/);

    process.kill(-proc.pid!, "SIGTERM");
    await exited;
    await fake.waitFor(() => out.includes('"msg":"stopped"'), 15_000, "the bot's last log line");
    // Plain node on dist/ (no TypeScript loader); JSON logs though LOG_FORMAT=pretty (no pino-pretty); no stack trace.
    expect(out).toContain("dist/src/app/main.js");
    expect(out).toContain('"msg":"logged in to Discord"');
    expect(out).not.toMatch(/\n\s+at .*\(/);

    // The REST proxy: it starts, refuses a caller without the shared secret, and stops on SIGTERM.
    const proxyPort = await freePort();
    const secret = "s".repeat(40);
    const proxy = spawn("npm", ["run", "rest-proxy"], {
      cwd: dir,
      env: { ...env, REST_PROXY_PORT: String(proxyPort), REST_PROXY_SECRET: secret },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let proxyOut = "";
    proxy.stdout.on("data", (d) => (proxyOut += d));
    proxy.stderr.on("data", (d) => (proxyOut += d));
    const proxyExited = new Promise<number | null>((r) => proxy.on("exit", (code) => r(code)));
    await fake.waitFor(() => /listening/i.test(proxyOut) || proxy.exitCode !== null, 30_000, "the REST proxy listening");
    expect(proxy.exitCode, proxyOut).toBeNull();
    const refused = await fetch(`http://127.0.0.1:${proxyPort}/api/v10/gateway`);
    expect(refused.status).toBe(401);
    process.kill(-proxy.pid!, "SIGTERM");
    await proxyExited;

    // Nothing above compiled or rewrote the shipped dist/.
    expect(distState(dir)).toBe(built);
  }, 300_000);
});
