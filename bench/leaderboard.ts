/**
 * npm run bench:leaderboard [-- --games N]
 * Fills one guild with N finished games (default 100,000; 40 humans and the bots, written in bulk)
 * and standings for their players, then times /hearts leaderboard and /hearts stats queries and the
 * longest event-loop block they cause: on the main thread (before) and through the store (its reader
 * thread and short cache).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { SqliteStore } from "../src/store/index.js";
import { leaderboard, playerCard } from "../src/store/standings.js";
import { fillFinishedGames } from "./fill-games.js";

const i = process.argv.indexOf("--games");
const games = i >= 0 ? Number(process.argv[i + 1]) : 100_000;
const dir = mkdtempSync(join(tmpdir(), "hearts-lb-"));
const store = await SqliteStore.open(`file:${join(dir, "lb.db")}`);
const p = store.prisma;
const humans = Array.from({ length: 40 }, (_, k) => `user${k}`);

const fillStart = performance.now();
await fillFinishedGames(p, { guildId: "g", games, humans });
const fillMs = performance.now() - fillStart;
// Standings rows are kept up to date game by game in production; here they come from one rebuild.
const rebuildStart = performance.now();
// In the store's reader thread: the main heap stays the size a bot's would be (a rebuild here left
// 600 MB whose garbage collections then showed up as 30 ms event-loop blocks in every later phase).
await store.rebuildStandings("g");
const rebuildMs = performance.now() - rebuildStart;

/**
 * The longest the event loop was held: perf_hooks' histogram (enabled once, for the whole run: a
 * histogram enabled just before a synchronous block never sees it) and, as a check, the longest gap
 * between the ticks of a 1 ms interval.
 */
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
let gap = 0;
let lastTick = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  gap = Math.max(gap, now - lastTick);
  lastTick = now;
}, 1);
const settle = () => new Promise((r) => setTimeout(r, 20));

/** Runs `fn` `runs` times in a row, or all at once (`concurrent`: a flood), and reports its cost to everyone else. */
function time(label: string, runs: number, fn: (r: number) => Promise<unknown>, concurrent = false) {
  return async () => {
    await settle();
    loop.reset();
    gap = 0;
    lastTick = performance.now();
    const ms: number[] = [];
    const one = async (r: number) => {
      const t = performance.now();
      await fn(r);
      ms.push(performance.now() - t);
    };
    if (concurrent) await Promise.all(Array.from({ length: runs }, (_, r) => one(r)));
    else for (let r = 0; r < runs; r++) await one(r);
    await settle();
    ms.sort((a, b) => a - b);
    const p50 = ms[Math.floor(runs / 2)];
    const p95 = ms[Math.floor(runs * 0.95)];
    const maxBlockMs = +(loop.max / 1e6).toFixed(2);
    const maxGapMs = +gap.toFixed(2);
    console.log(
      `${label}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms; longest event-loop block ${maxBlockMs} ms (histogram), ${maxGapMs} ms (1 ms ticker)`,
    );
    return { p50Ms: +p50.toFixed(2), p95Ms: +p95.toFixed(2), maxBlockMs, maxGapMs };
  };
}
const players = humans.slice(0, 20);
const results = {
  // Before: the same queries on the main thread, as the store ran them until the reader thread.
  before: {
    leaderboard: await time("before: leaderboard by rating, on the main thread", 20, () => leaderboard(p, { guildId: "g" }))(),
    stats: await time("before: a player's stats card, on the main thread", 10, (r) => playerCard(p, "g", players[r]))(),
  },
  leaderboardRating: await time("leaderboard by rating, page 1", 50, () => store.leaderboard({ guildId: "g" }))(),
  leaderboardPoints: await time("leaderboard by points per hand, page 3", 50, () =>
    store.leaderboard({ guildId: "g", sort: "points", page: 3 }),
  )(),
  // Each a different player: none is answered from the short cache.
  stats: await time("a player's stats card (20 players, uncached)", 20, (r) => store.playerCard("g", players[r]))(),
  statsAgain: await time(
    "the same 20 cards again, cache emptied (a warm reader thread)",
    20,
    (r) => (r === 0 && store.reads.clear(), store.playerCard("g", players[r])),
  )(),
  statsFlood: await time(
    "100 stats at once for 5 players (cached, single flight)",
    100,
    (r) => store.playerCard("g", humans[20 + (r % 5)]),
    true,
  )(),
  rebuild: await time("standings rebuilt from every game (a Forget me)", 1, () => store.rebuildStandings("g"))(),
};
clearInterval(ticker);
console.log(
  `${games} finished games written in ${(fillMs / 1000).toFixed(1)} s; standings rebuilt from them in ${(rebuildMs / 1000).toFixed(1)} s; reads by the reader thread ${store.reader.counts.worker}, here ${store.reader.counts.local}; cache ${store.reads.counts.hits} hits, ${store.reads.counts.misses} misses`,
);
await store.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ games, ...results }));
