/**
 * npm run bench:store [-- --db <url>] [--actions N]
 * Durable actions per second: appendAction calls, each committed before the next starts, as the
 * bot does (a random legal game, replayed from the engine). Last line: {"actionsPerSecond": n}.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGame, presetRules, step } from "../src/game/index.js";
import { loadGame, openStore } from "../src/store/index.js";
import { SETTINGS, createRng, randomAction } from "../test/store/helpers.js";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dir = mkdtempSync(join(tmpdir(), "hearts-bench-"));
const url = arg("--db") ?? `file:${join(dir, "bench.db")}`;
const total = Number(arg("--actions") ?? 5000);
const store = await openStore(url);
const rng = createRng(1);

let done = 0;
let replayMs = 0;
let games = 0;
const started = performance.now();
while (done < total) {
  const table = await store.createTable({ guildId: "bench", channelId: `c${games}`, hostId: "h", rules: presetRules("classic")!, settings: SETTINGS, seed: games + 1, seats: [] });
  const state = createGame(table.rules, table.seed);
  while (state.phase !== "game-over" && done < total) {
    const action = randomAction(state, rng);
    step(state, action);
    const r = await store.appendAction(table.id, state.actionCount - 1, action.seat, action, { status: "playing", turnDeadline: null });
    if (!r.ok) throw new Error(r.reason);
    done++;
  }
  const t = performance.now();
  const loaded = await loadGame(store, table.id);
  replayMs += performance.now() - t;
  if (!loaded.ok) throw new Error(loaded.message);
  games++;
}
const seconds = (performance.now() - started) / 1000;
await store.close();
if (!arg("--db")) rmSync(dir, { recursive: true, force: true });
const actionsPerSecond = Math.round(done / seconds);
console.log(`${done} durable actions in ${seconds.toFixed(2)} s over ${games} games (${url.startsWith("file:") ? "SQLite, WAL" : url.split(":")[0]})`);
console.log(`load + replay of a whole game from the log: ${(replayMs / games).toFixed(1)} ms on average`);
console.log(JSON.stringify({ actionsPerSecond, replayMsPerGame: +(replayMs / games).toFixed(1) }));
