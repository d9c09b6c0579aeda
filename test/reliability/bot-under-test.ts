/**
 * The real bot (createBot) in this process, on a temporary SQLite file, logged in to the fake
 * Discord: like test/bot/harness.ts, with more users, a captured JSON log and no call history
 * kept (long runs read calls through fake.onCall instead).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { decide } from "../../src/ai/index.js";
import { readConfig, type Config } from "../../src/config.js";
import { createBot, type HeartsBot } from "../../src/discord/bot.js";
import { idleGauge } from "../../src/render/runtime/load.js";
import { openStore } from "../../src/store/index.js";

type OpenedStore = Awaited<ReturnType<typeof openStore>>;
import type { BotPlayer } from "../../src/table/players.js";
import { startFakeDiscord, type FakeDiscord, type FakeOptions } from "../fake-discord/server.js";

/** Rule-based computer players on this thread: fast and deterministic (hard plays as medium). */
export const fastBots: BotPlayer = {
  decide: async (view, level) => decide(view, level === "hard" ? "medium" : level),
};

export interface BotUnderTest {
  fake: FakeDiscord;
  store: OpenedStore;
  bot: HeartsBot;
  config: Config;
  /** The bot's log lines at warn and above, parsed. */
  problems: Array<Record<string, unknown>>;
  /** Every log line (info and above) as written. */
  lines: string[];
  /** The SQLite file (tests read what is stored there directly). */
  dbFile: string;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startBotUnderTest(
  opts: { users?: number; fake?: FakeOptions; config?: Partial<Config> } = {},
): Promise<BotUnderTest> {
  const fake = await startFakeDiscord({ users: opts.users ?? 8, ...opts.fake });
  const dir = mkdtempSync(join(tmpdir(), "hearts-rel-"));
  const dbUrl = `file:${join(dir, "hearts.db")}`;
  const base = readConfig({}, { requireToken: false });
  if (!base.ok) throw new Error(base.problems.join("\n"));
  // Simulated people act faster than anyone can click, at more tables than one server may open:
  // no budgets or table cap here (test/bot/e2e-fair-use.test.ts tests them).
  const config: Config = {
    ...base.config,
    token: fake.token,
    clientId: fake.applicationId,
    apiBase: fake.apiBase,
    botDelayMs: 0,
    tableEditIntervalMs: 30,
    maxTablesPerGuild: 1000,
    rateLimits: { perUser: 0, perGuild: 0, openCooldownS: 0 },
    ...opts.config,
  };
  const problems: Array<Record<string, unknown>> = [];
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split("\n")) {
        if (!line.trim()) continue;
        lines.push(line);
        const o = JSON.parse(line) as Record<string, unknown>;
        if ((o.level as number) >= 40) problems.push(o);
      }
      cb();
    },
  });
  const log = pino({ level: "info" }, sink);
  let store = await openStore(dbUrl);
  const make = () => createBot(config, { store, bots: fastBots, renderer: null, log, tokenClock: () => fake.now(), load: idleGauge });
  const b: BotUnderTest = {
    fake,
    store,
    bot: make(),
    config,
    problems,
    lines,
    dbFile: join(dir, "hearts.db"),
    async restart() {
      await b.bot.stop();
      await store.close();
      store = await openStore(dbUrl);
      b.store = store;
      b.bot = make();
      await b.bot.start();
    },
    async close() {
      await b.bot.stop().catch(() => undefined);
      await store.close().catch(() => undefined);
      try {
        await fake.close(); // throws when a request did not match Discord's API
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  await b.bot.start();
  await fake.ready();
  return b;
}
