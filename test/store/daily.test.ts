/** The daily challenge's rows on both backends: one attempt per day, guarded saves, results, secrets, cache. */
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import { BACKENDS, useBackend } from "./backends.js";
import { inTwoProcesses } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(db.name, () => {
    useBackend(db);
    async function fresh(url?: string): Promise<HeartsStore> {
      const store = await openStore(url ?? (await db.url()));
      cleanups.push(() => store.close());
      return store;
    }

    it("keeps one attempt per person per day, saves only from the count it read, and lists results", async () => {
      const store = await fresh();
      const a = await store.startDailySession({ guildId: "g", day: 7, userId: "u1", name: "Ann", rulesSpec: "classic" });
      expect(a.actions).toEqual([]);
      expect(a.result).toBeNull();
      const pass = { type: "pass" as const, seat: 0 as const, cards: [1, 2, 3] };
      expect(await store.saveDailyProgress("g", 7, "u1", 0, [pass])).toBe(true);
      // A second start returns the attempt already there, with its actions.
      const again = await store.startDailySession({ guildId: "g", day: 7, userId: "u1", name: "Ann again", rulesSpec: "omnibus" });
      expect(again.actions).toEqual([pass]);
      expect(again.name).toBe("Ann");
      // A save from a stale count is refused.
      expect(await store.saveDailyProgress("g", 7, "u1", 0, [pass, pass])).toBe(false);
      const finishedAt = new Date("2026-11-24T10:00:00Z");
      expect(
        await store.saveDailyProgress("g", 7, "u1", 1, [pass, pass], {
          points: 9,
          perHand: [0, 1, 8, 0],
          queens: 0,
          moons: [false, false, false, false],
          finishedAt,
        }),
      ).toBe(true);
      await store.startDailySession({ guildId: "g", day: 7, userId: "u2", name: "Bob", rulesSpec: "classic" });
      await store.startDailySession({ guildId: "other", day: 7, userId: "u3", name: "Cy", rulesSpec: "classic" });
      const results = await store.listDailyResults("g", 7);
      expect(results.map((r) => r.userId)).toEqual(["u1"]);
      expect(results[0].result).toEqual({ points: 9, perHand: [0, 1, 8, 0], queens: 0, moons: [false, false, false, false], finishedAt });
      expect(await store.getDailySession("g", 7, "u2")).toMatchObject({ userId: "u2", result: null });
      expect(await store.getDailySession("g", 8, "u2")).toBeNull();
      await store.startDailySession({ guildId: "g", day: 8, userId: "u1", name: "Ann", rulesSpec: "classic" });
      await store.saveDailyProgress("g", 8, "u1", 0, [], {
        points: 3,
        perHand: [3, 0, 0, 0],
        queens: 0,
        moons: [false, false, false, false],
        finishedAt,
      });
      // On every server: u1's attempt of day 6 was played on "other".
      await store.startDailySession({ guildId: "other", day: 6, userId: "u1", name: "Ann", rulesSpec: "classic" });
      await store.saveDailyProgress("other", 6, "u1", 0, [], {
        points: 12,
        perHand: [12, 0, 0, 0],
        queens: 0,
        moons: [false, false, false, false],
        finishedAt,
      });
      expect(await store.listPlayerDailies("u1", 10)).toEqual([
        { day: 8, points: 3, guildId: "g" },
        { day: 7, points: 9, guildId: "g" },
        { day: 6, points: 12, guildId: "other" },
      ]);
    });

    it("stores a secret once (the first candidate wins) and a cache entry by kind and key", async () => {
      const store = await fresh();
      expect(await store.secret("daily-salt", "first")).toBe("first");
      expect(await store.secret("daily-salt", "second")).toBe("first");
      expect(await store.getCached("k", "x")).toBeNull();
      await store.putCached("k", "x", "1");
      await store.putCached("k", "x", "2");
      expect(await store.getCached("k", "x")).toBe("2");
    });

    it("forgets a person's attempts and reviews, and a purged server's attempts", async () => {
      const store = await fresh();
      for (const [g, u] of [
        ["g", "111"],
        ["g", "222"],
        ["h", "111"],
      ])
        await store.startDailySession({ guildId: g, day: 3, userId: u, name: u, rulesSpec: "classic" });
      await store.putCached("review", "daily:g:3|111", "{}");
      await store.putCached("review", "daily:g:3|222", "{}");
      await store.forgetUser("111");
      expect(await store.getDailySession("g", 3, "111")).toBeNull();
      expect(await store.getDailySession("h", 3, "111")).toBeNull();
      expect(await store.getCached("review", "daily:g:3|111")).toBeNull();
      expect(await store.getDailySession("g", 3, "222")).not.toBeNull();
      await store.purgeGuild("g");
      expect(await store.getDailySession("g", 3, "222")).toBeNull();
      expect(await store.getCached("review", "daily:g:3|222")).toBeNull();
    });

    it("two starts of one person's day on two servers at once, by two shard processes, give both the same one attempt", async () => {
      const url = await db.url();
      const store = await fresh(url);
      const started = await inTwoProcesses<string>("./daily-start-child.ts", [
        [url, "g", "9", "u1"],
        [url, "h", "9", "u1"],
      ]);
      expect(started[1]).toBe(started[0]);
      const other = started[0] === "g" ? "h" : "g";
      expect(await store.getDailySession(started[0], 9, "u1")).not.toBeNull();
      expect(await store.getDailySession(other, 9, "u1")).toBeNull();
    });

    it("finds a person's attempt of a day on any server, fixes a server's rules of the day, and shares once", async () => {
      const store = await fresh();
      await store.startDailySession({ guildId: "g", day: 5, userId: "u1", name: "Ann", rulesSpec: "classic" });
      expect(await store.findDailySession(5, "u1")).toMatchObject({ guildId: "g", day: 5, userId: "u1" });
      expect(await store.findDailySession(6, "u1")).toBeNull();
      expect(await store.fixDailyRules("g", 5, "omnibus")).toBe("omnibus");
      expect(await store.fixDailyRules("g", 5, "classic")).toBe("omnibus");
      expect(await store.fixDailyRules("h", 5, "classic")).toBe("classic");
      // Not finished: nothing to share yet.
      expect(await store.markDailyShared("g", 5, "u1", new Date())).toBe(false);
      const result = { points: 4, perHand: [4, 0, 0, 0], queens: 0, moons: [false, false, false, false], finishedAt: new Date() };
      expect(await store.saveDailyProgress("g", 5, "u1", 0, [], result)).toBe(true);
      const shares = await Promise.all([1, 2, 3].map(() => store.markDailyShared("g", 5, "u1", new Date())));
      expect(shares.filter(Boolean)).toHaveLength(1);
    });

    it("leaves a keyed tombstone, no user id, when Forget me or a purge deletes an attempt of the open day", async () => {
      const store = await fresh();
      await store.secret("daily-salt", "tomb-salt");
      store.useDailySalt(null);
      const day = 300;
      await store.startDailySession({ guildId: "g", day, userId: "111", name: "Ann", rulesSpec: "classic" });
      await store.startDailySession({ guildId: "h", day, userId: "222", name: "Bob", rulesSpec: "classic" });
      // An attempt of long ago leaves none.
      await store.startDailySession({ guildId: "h", day: 1, userId: "333", name: "Cy", rulesSpec: "classic", startedAt: new Date(0) });
      expect(await store.isDailyTombstoned("111", day)).toBe(false);
      await store.forgetUser("111");
      expect(await store.isDailyTombstoned("111", day)).toBe(true);
      expect(await store.isDailyTombstoned("111", day + 1)).toBe(false);
      expect(await store.isDailyTombstoned("222", day)).toBe(false);
      await store.purgeGuild("h");
      expect(await store.isDailyTombstoned("222", day)).toBe(true);
      expect(await store.isDailyTombstoned("333", 1)).toBe(false);
      const rows = await (
        store as unknown as { prisma: { dailyTombstone: { findMany(): Promise<object[]> } } }
      ).prisma.dailyTombstone.findMany();
      expect(rows).toHaveLength(2);
      expect(JSON.stringify(rows)).not.toMatch(/111|222/);
      // Keyed by the configured salt when there is one: another salt, another key.
      store.useDailySalt("configured");
      expect(await store.isDailyTombstoned("111", day)).toBe(false);
      store.useDailySalt(null);
    });

    it("keys Forget me's tombstone by DAILY_SALT when it is configured (also when the writer thread runs the forget)", async () => {
      const store = await fresh();
      store.useDailySalt("configured-salt");
      // On SQLite, wait for the writer thread, which has module state of its own, to take the forget.
      await (store as { writer?: { ready(): Promise<boolean> } }).writer?.ready();
      await store.startDailySession({ guildId: "g", day: 301, userId: "444", name: "Di", rulesSpec: "classic" });
      await store.forgetUser("444");
      expect(await store.isDailyTombstoned("444", 301)).toBe(true);
      store.useDailySalt(null);
    });

    it("keeps the daily's guild settings", async () => {
      const store = await fresh();
      expect(await store.getGuildSettings("g")).toMatchObject({ dailyEnabled: true, dailyRules: "classic" });
      expect(await store.updateGuildSettings("g", { dailyEnabled: false, dailyRules: "omnibus" })).toMatchObject({
        dailyEnabled: false,
        dailyRules: "omnibus",
      });
    });
  });
}
