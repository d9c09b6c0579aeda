/**
 * The systemd unit of docs/operators.md, as written: the bot runs as its own user (`User=hearts`)
 * in a folder whose `.env` is root's, mode 0600, and systemd hands it the settings
 * (`EnvironmentFile=`). The compiled bot (dist/, as npm start runs it) is started here as `nobody`
 * beside such a `.env`, with the settings in its environment: it says in one line that it skips
 * the file it may not read, starts, and stops on SIGTERM with exit code 0. It died with a raw
 * EACCES stack trace before. Needs root (to be another user): skipped with a line otherwise.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { botEnv, freePort, until } from "./bot-process.js";
import { compiled } from "./compiled.js";

const asRoot = process.getuid?.() === 0;
const setpriv = spawnSync("setpriv", ["--version"]).status === 0;
const nobody = asRoot ? spawnSync("id", ["-u", "nobody"], { encoding: "utf8" }) : null;
const skip = !asRoot
  ? "the service-user test needs root (to run the bot as another user): skipped"
  : !setpriv || nobody?.status !== 0
    ? "the service-user test needs setpriv and a `nobody` user: skipped"
    : null;
if (skip) console.log(skip);

describe.skipIf(!!skip)("the bot as a service's own user, beside a root-only .env", () => {
  const dir = mkdtempSync(join(tmpdir(), "hearts-service-"));
  let fake: FakeDiscord | null = null;
  afterAll(async () => {
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("skips the .env it may not read with one line, starts from its environment, and stops cleanly", async () => {
    fake = await startFakeDiscord({ users: 1 });
    const uid = Number(nobody!.stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "nobody"], { encoding: "utf8" }).stdout.trim());
    // /srv/hearts: the project's folder (root's, readable), its .env root's only, data/ the service user's.
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, ".env"), `DISCORD_TOKEN=${fake.token}\n`, { mode: 0o600 });
    mkdirSync(join(dir, "data"), { mode: 0o700 });
    chownSync(join(dir, "data"), uid, gid);

    const port = await freePort();
    // What systemd gives the process: the EnvironmentFile's settings, no ENV_FILE (so the bot looks for .env).
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir, ...botEnv(fake, "file:./data/hearts.db", port) };
    const proc = spawn(
      "setpriv",
      [`--reuid=${uid}`, `--regid=${gid}`, "--clear-groups", "--", process.execPath, ...compiled("src/app/main.ts")],
      {
        cwd: dir,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((r) => proc.on("exit", (code) => r(code)));
    try {
      await Promise.race([
        until(`http://127.0.0.1:${port}/readyz`, 200, 60_000),
        exited.then((code) => {
          throw new Error(`the bot exited (${code}):\n${out}`);
        }),
      ]);
    } finally {
      proc.kill("SIGTERM");
    }
    expect(await exited, out).toBe(0);
    const skipped = out.split("\n").filter((l) => l.includes(".env is not readable"));
    expect(skipped).toEqual([".env is not readable by this user (EACCES): skipped; the settings come from the environment only."]);
    expect(out).toContain("resumed open tables");
    expect(out).not.toMatch(/\n\s+at .*\(/); // no stack trace
  }, 90_000);
});
