/**
 * The seasons' rows on each real store (SQLite, PostgreSQL): a season numbered per server with its
 * nights, a night's scores added once, the table's reset, and a person's nights kept and forgotten
 * with their data: /hearts privacy counts them, Forget me deletes them, a server's purge and the
 * retention delete them.
 */
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.js";
import { BACKENDS, useBackend } from "./backends.js";

const options = { rounds: 1, handsPerRound: 1, rulesSpec: "classic", botLevel: "easy" };
const dates = [new Date("2030-01-01T20:00:00Z"), new Date("2030-01-08T20:00:00Z")];
const season = (id: string, guildId: string) => ({
  id,
  guildId,
  name: "Club night",
  channelId: "2",
  organiserId: "9",
  options,
  dates,
  minNights: 2,
});
const score = (tournamentId: string, userId: string, percent: number, playedAt: Date) => ({
  tournamentId,
  userId,
  name: `P${userId}`,
  percent,
  playedAt,
});

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(`seasons on ${db.name}`, () => {
    useBackend(db);
    it("numbers a server's seasons, adds each night's scores once, resets, and keeps and forgets a person's nights with their data", async () => {
      const store = await openStore(await db.url());
      try {
        const s = store.seasons;
        const first = await s.create(season("s1", "1"), "t1");
        expect(first).toMatchObject({
          number: 1,
          dates,
          minNights: 2,
          options,
          endedAt: null,
          nights: [{ tournamentId: "t1", night: 1, doneAt: null }],
        });
        expect((await s.ofNight("t1"))?.id).toBe("s1");
        expect(await s.pending()).toEqual([{ seasonId: "s1", tournamentId: "t1" }]);
        expect(await s.nightDone("t1", [score("t1", "10", 75, dates[0]), score("t1", "11", 25, dates[0])], dates[0])).toBe(true);
        // A night is counted once (a restart replaying its end adds nothing).
        expect(await s.nightDone("t1", [score("t1", "10", 75, dates[0])], dates[0])).toBe(false);
        await s.addNight("s1", "t2", 2);
        expect(await s.nightDone("t2", [score("t2", "10", 50, dates[1])], dates[1])).toBe(true);
        await s.end("s1", dates[1]);
        expect(await s.pending()).toEqual([]);
        const read = (await s.latest("1"))!;
        expect(read.endedAt).toEqual(dates[1]);
        expect(read.nights.map((n) => [n.tournamentId, n.night, n.doneAt])).toEqual([
          ["t1", 1, dates[0]],
          ["t2", 2, dates[1]],
        ]);
        expect((await s.scores("s1")).map((x) => [x.userId, x.percent])).toEqual([
          ["10", 75],
          ["11", 25],
          ["10", 50],
        ]);
        // The server's next season is number 2; another server's is its own number 1.
        expect((await s.create(season("s2", "1"), "t3")).number).toBe(2);
        expect((await s.create(season("s3", "7"), "t4")).number).toBe(1);
        expect((await s.latest("1"))!.id).toBe("s2");

        // /hearts privacy lists them; Forget me deletes them, and only theirs.
        expect(await s.personal("10")).toEqual([{ guildId: "1", number: 1, name: "Club night", nights: 2 }]);
        expect(await store.personalData("10")).toMatchObject({ seasons: 2 });
        expect((await store.forgetUser("10")).seasons).toBe(2);
        expect(await store.personalData("10")).toMatchObject({ seasons: 0 });
        expect((await s.scores("s1")).map((x) => x.userId)).toEqual(["11"]);

        // An admin's reset empties the table.
        expect(await s.clear("s1")).toBe(1);
        expect(await s.scores("s1")).toEqual([]);

        // Retention: nights played before the cutoff go, in the servers it covers.
        await s.nightDone("t3", [score("t3", "20", 60, new Date("2020-01-01"))], new Date("2020-01-01"));
        await s.nightDone("t4", [score("t4", "21", 60, new Date("2020-01-01"))], new Date("2020-01-01"));
        expect(await s.prune({ before: new Date("2025-01-01"), exceptGuildIds: ["7"] })).toBe(1);
        expect(await s.scores("s2")).toEqual([]);
        expect(await s.scores("s3")).toHaveLength(1);

        // A server's purge takes its seasons, nights and scores.
        await store.purgeGuild("7");
        expect(await s.latest("7")).toBeNull();
        expect(await s.ofNight("t4")).toBeNull();
        expect(await store.personalData("21")).toMatchObject({ seasons: 0 });
      } finally {
        await store.close();
      }
    });
  });
}
