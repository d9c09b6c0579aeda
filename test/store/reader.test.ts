/** Heavy reads off the main thread: the SQLite store's reader thread and the short read cache. */
import { afterEach, expect, it } from "vitest";
import { presetRules } from "../../src/game/index.js";
import { SqliteStore } from "../../src/store/index.js";
import { type FinishedGame } from "../../src/table/records.js";
import { ReadCache } from "../../src/store/reader.js";
import { SETTINGS, tempDb } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

let t = Date.UTC(2026, 0, 1);
async function finish(store: SqliteStore, winner: string, other: string): Promise<void> {
  const table = await store.createTable({
    guildId: "g",
    channelId: "c",
    hostId: winner,
    rules: presetRules("classic")!,
    settings: SETTINGS,
    deal: { format: 1, seed: 1 },
    seats: [],
  });
  const players = [winner, other, null, null].map((userId, seat) => ({
    seat,
    userId,
    botLevel: userId ? null : ("hard" as const),
    name: userId ?? "Bot",
    total: 10 + seat,
    place: seat + 1,
  }));
  const game: FinishedGame = {
    tableId: table.id,
    guildId: "g",
    rules: table.rules,
    rated: true,
    players,
    hands: [{ change: [0, 5, 8, 13], handPoints: [0, 5, 8, 13], moonShooter: null, queenTakenBy: 3, jackTakenBy: null }],
    finishedAt: new Date((t += 60_000)),
  };
  await store.recordFinishedGame(game);
}

it("answers leaderboards and cards from its reader thread, fresh after each recorded game, one query for a flood", async () => {
  const db = tempDb();
  const store = await SqliteStore.open(db.url);
  cleanups.push(db.cleanup, () => store.close());
  for (let i = 0; i < 3; i++) await finish(store, "ana", "ben");
  expect((await store.leaderboard({ guildId: "g" })).rows.map((r) => r.playerKey)).toEqual(["ana", "ben"]);
  // A game recorded in this process drops the server's cached answers at once.
  for (let i = 0; i < 6; i++) await finish(store, "ben", "ana");
  expect((await store.leaderboard({ guildId: "g" })).rows[0].playerKey).toBe("ben");
  expect(store.reader.counts).toMatchObject({ local: 0 });
  expect(store.reader.counts.worker).toBeGreaterThanOrEqual(2);

  const before = store.reads.counts.misses;
  const cards = await Promise.all(Array.from({ length: 50 }, () => store.playerCard("g", "ana")));
  expect(store.reads.counts.misses - before).toBe(1);
  expect(cards.every((c) => c.stats?.games === 9)).toBe(true);

  // A rebuild computed in the reader thread gives the numbers the games gave one by one.
  const live = await store.leaderboard({ guildId: "g", pageSize: 50 });
  await store.rebuildStandings("g");
  expect(await store.leaderboard({ guildId: "g", pageSize: 50 })).toEqual(live);
}, 20_000);

it("the read cache expires, is bounded, and forgets a failed read", async () => {
  let now = 0;
  const cache = new ReadCache(1000, 2, () => now);
  let loads = 0;
  const load = () => Promise.resolve(++loads);
  expect(await cache.get("g", "a", load)).toBe(1);
  expect(await cache.get("g", "a", load)).toBe(1);
  now = 1000;
  expect(await cache.get("g", "a", load)).toBe(2);
  await cache.get("g", "b", load);
  await cache.get("h", "c", load);
  expect(await cache.get("g", "a", load)).toBe(5); // evicted: the oldest of three
  await expect(cache.get("g", "x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  await new Promise((r) => setTimeout(r, 0));
  expect(await cache.get("g", "x", load)).toBe(6);
});
