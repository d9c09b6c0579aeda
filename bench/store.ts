/**
 * npm run bench:store [-- --db <url>|postgres] [--actions N] [--tables T]
 * Durable actions per second through the store (SQLite WAL, synchronous=FULL; PostgreSQL with its
 * defaults, fsync and synchronous_commit on: each acknowledged action has been fsynced). Random
 * legal games; every appendAction is awaited before that table's next action, as the bot does.
 * `--db postgres` uses TEST_POSTGRES_URL's server if set, else starts a throwaway local server
 * (test/store/postgres-server.ts), and benchmarks in a new database there.
 *  - one table alone: every action pays its own fsync (the latency of one move);
 *  - T tables at once (default 64, a busy bot): appends that arrive together share one commit.
 * Last line: {"actionsPerSecond": n} (the T-table figure), with the single-table figure beside it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGame, presetRules, step } from "../src/game/index.js";
import { loadGame, openStore, redactUrl, type HeartsStore } from "../src/store/index.js";
import { SETTINGS, createRng, randomAction } from "../test/store/helpers.js";
import { freshDatabase, startPostgres } from "../test/store/postgres-server.js";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dir = mkdtempSync(join(tmpdir(), "hearts-bench-"));
const server = arg("--db") === "postgres" ? await startPostgres({ durable: true }) : null;
const url = server ? await freshDatabase(server.url, "hearts_bench") : (arg("--db") ?? `file:${join(dir, "bench.db")}`);
const total = Number(arg("--actions") ?? 6000);
const tables = Number(arg("--tables") ?? 64);
const store = await openStore(url);
const rng = createRng(1);
let gameNo = 0;
const finishedIds: string[] = [];

/** One table playing games back to back until `budget.left` actions have been appended overall. */
async function player(s: HeartsStore, budget: { left: number }, oneGame = false): Promise<void> {
  while (budget.left > 0) {
    const table = await s.createTable({
      guildId: "bench",
      channelId: `c${gameNo}`,
      hostId: "h",
      rules: presetRules("classic")!,
      settings: SETTINGS,
      deal: { format: 1, seed: ++gameNo },
      seats: [],
    });
    const state = createGame(table.rules, table.deal);
    while (state.phase !== "game-over" && budget.left > 0) {
      budget.left--;
      const action = randomAction(state, rng);
      step(state, action);
      const r = await s.appendAction(table.id, state.actionCount - 1, action.seat, action, {
        status: "playing",
        turnDeadline: new Date(Date.now() + 60_000),
      });
      if (!r.ok) throw new Error(`append refused: ${r.reason}`);
    }
    if (state.phase === "game-over") finishedIds.push(table.id);
    if (oneGame) return;
  }
}

async function measure(label: string, n: number, concurrency: number): Promise<number> {
  const budget = { left: n };
  const before = { ...store.appendStats };
  const t = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => player(store, budget)));
  const seconds = (performance.now() - t) / 1000;
  const rate = Math.round(n / seconds);
  const commits = store.appendStats.commits - before.commits;
  console.log(
    `${label}: ${n} durable actions in ${seconds.toFixed(2)} s = ${rate} actions/s (${commits} commits, ${(n / commits).toFixed(1)} actions each)`,
  );
  return rate;
}

console.log(
  store.kind === "sqlite"
    ? `SQLite WAL, synchronous=${process.env.HEARTS_SQLITE_SYNCHRONOUS === "NORMAL" ? "NORMAL" : "FULL"}, ${url}`
    : `PostgreSQL (fsync and synchronous_commit on), ${redactUrl(url)}`,
);
const single = await measure("1 table", Math.max(200, Math.round(total / 10)), 1);
const many = await measure(`${tables} tables`, total, tables);

// Reading a whole finished game back: load the table and its log, replay it with the engine
// (one more game is played first if none finished above).
if (!finishedIds.length) await player(store, { left: Infinity }, true);
const replayIds = finishedIds.slice(0, 20);
const t = performance.now();
for (const id of replayIds) {
  const loaded = await loadGame(store, id);
  if (!loaded.ok || loaded.state.phase !== "game-over") throw new Error(`game ${id} did not reload`);
}
const replayMs = +((performance.now() - t) / Math.max(1, replayIds.length)).toFixed(1);
console.log(`load + replay of a whole game (${replayIds.length} games): ${replayMs} ms each`);
await store.close();
await server?.stop();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({ db: store.kind, actionsPerSecond: many, singleTableActionsPerSecond: single, tables, replayMsPerGame: replayMs }),
);
