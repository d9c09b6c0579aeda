/**
 * npm run bench:leaderboard [-- --games N]
 * Fills one guild with N finished games (default 100,000; 40 humans and the bots, written in bulk)
 * and standings for their players, then times /hearts leaderboard and /hearts stats queries.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "../src/game/index.js";
import { SqliteStore, rebuildStandings } from "../src/store/index.js";

const i = process.argv.indexOf("--games");
const games = i >= 0 ? Number(process.argv[i + 1]) : 100_000;
const dir = mkdtempSync(join(tmpdir(), "hearts-lb-"));
const store = await SqliteStore.open(`file:${join(dir, "lb.db")}`);
const p = store.prisma;
const rng = createRng(3);
const humans = Array.from({ length: 40 }, (_, k) => `user${k}`);

const fillStart = performance.now();
const CHUNK = 2000;
for (let start = 0; start < games; start += CHUNK) {
  const gameRows: string[] = [];
  const resultRows: string[] = [];
  for (let g = start; g < Math.min(games, start + CHUNK); g++) {
    const when = new Date(Date.UTC(2026, 0, 1) + g * 60_000).toISOString().replace("Z", "+00:00");
    gameRows.push(`(${g + 1}, 't${g}', 'g', '{}', 1, '[]', 8, '${when}')`);
    const seated = [...humans].sort(() => rng.next() - 0.5).slice(0, 2 + rng.int(3));
    while (seated.length < 4) seated.push("bot:hard");
    const order = [0, 1, 2, 3].sort(() => rng.next() - 0.5);
    seated.forEach((key, seat) => {
      const place = order.indexOf(seat) + 1;
      const user = key.startsWith("bot:") ? "NULL" : `'${key}'`;
      resultRows.push(`(${g + 1}, 'g', ${seat}, '${key}', ${user}, ${user === "NULL" ? "'hard'" : "NULL"}, '${key}', ${40 + place * 15}, ${place}, ${20 + place * 12}, 0, ${rng.int(2)}, 1000, 1000, '${when}')`);
    });
  }
  await p.$transaction([
    p.$executeRawUnsafe(`INSERT INTO "FinishedGame" ("id", "tableId", "guildId", "rules", "rated", "hands", "handCount", "finishedAt") VALUES ${gameRows.join(",")}`),
    p.$executeRawUnsafe(`INSERT INTO "GameResult" ("gameId", "guildId", "seat", "playerKey", "userId", "botLevel", "name", "total", "place", "points", "moons", "queens", "ratingBefore", "ratingAfter", "finishedAt") VALUES ${resultRows.join(",")}`),
  ]);
}
const fillMs = performance.now() - fillStart;
// Standings rows are kept up to date game by game in production; here they come from one rebuild.
const rebuildStart = performance.now();
await rebuildStandings(p, "g");
const rebuildMs = performance.now() - rebuildStart;

function time(label: string, runs: number, fn: () => Promise<unknown>) {
  return async () => {
    const ms: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t = performance.now();
      await fn();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    const p50 = ms[Math.floor(runs / 2)];
    const p95 = ms[Math.floor(runs * 0.95)];
    console.log(`${label}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
    return { p50Ms: +p50.toFixed(2), p95Ms: +p95.toFixed(2) };
  };
}
const results = {
  leaderboardRating: await time("leaderboard by rating, page 1", 50, () => store.leaderboard({ guildId: "g" }))(),
  leaderboardPoints: await time("leaderboard by points per hand, page 3", 50, () => store.leaderboard({ guildId: "g", sort: "points", page: 3 }))(),
  stats: await time("a player's stats card", 20, () => store.playerCard("g", "user7"))(),
};
console.log(`${games} finished games written in ${(fillMs / 1000).toFixed(1)} s; standings rebuilt from them in ${(rebuildMs / 1000).toFixed(1)} s`);
await store.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ games, ...results }));
