/**
 * The real bot process (dist/src/app/main.js, as npm start runs it: ./compiled.ts) against the fake Discord,
 * with the metrics port on: what an operator's process manager and Prometheus see.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import type { FakeDiscord } from "../fake-discord/server.js";
import { compiled } from "./compiled.js";

export interface BotProcess {
  proc: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
  /** http://127.0.0.1:<METRICS_PORT> */
  ops: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The environment of a bot on the fake Discord: fast computer players, no fair-use budgets. */
export function botEnv(fake: FakeDiscord, databaseUrl: string, metricsPort: number): NodeJS.ProcessEnv {
  return {
    DISCORD_TOKEN: fake.token,
    DISCORD_API_BASE: fake.apiBase,
    DISCORD_CLIENT_ID: fake.applicationId,
    DATABASE_URL: databaseUrl,
    METRICS_PORT: String(metricsPort),
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    BOT_DELAY_MS: "0",
    TABLE_EDIT_INTERVAL_MS: "30",
    DEFAULT_BOT_LEVEL: "easy",
    RATE_LIMIT_PER_USER: "0",
    RATE_LIMIT_PER_SERVER: "0",
    TABLE_COOLDOWN_SECONDS: "0",
  };
}

export async function startBotProcess(fake: FakeDiscord, databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<BotProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, compiled("src/app/main.ts"), {
    cwd: process.cwd(),
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...botEnv(fake, databaseUrl, port), ...env },
  });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  return {
    proc,
    out: () => out,
    exited: new Promise((r) => proc.on("exit", (code) => r(code))),
    ops: `http://127.0.0.1:${port}`,
  };
}

/** Starts the bot process and waits for its last start-up line (its tables resumed), within 60 s. */
export async function startedBot(fake: FakeDiscord, databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<BotProcess> {
  const b = await startBotProcess(fake, databaseUrl, env);
  for (const end = Date.now() + 60_000; !b.out().includes('"resumed open tables"'); await new Promise((r) => setTimeout(r, 20)))
    if (Date.now() > end || b.proc.exitCode !== null) throw new Error(`the bot did not start:\n${b.out().slice(-2000)}`);
  return b;
}

/** GET on the metrics port: status and body (status 0 while nothing listens yet). */
export async function get(url: string): Promise<{ status: number; body: string }> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: r.status, body: await r.text() };
  } catch {
    return { status: 0, body: "" };
  }
}

/** Polls `url` until it answers `status` (or `ms` pass). */
export async function until(url: string, status: number, ms: number): Promise<{ status: number; body: string }> {
  let last = { status: 0, body: "" };
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    last = await get(url);
    if (last.status === status) return last;
  }
  throw new Error(`${url} did not answer ${status} within ${ms} ms (last: ${last.status} ${last.body.trim()})`);
}
