/**
 * The tournaments' rows on each real store (SQLite, PostgreSQL), one module for both: a tournament
 * read whole, one entry per person and a cap, a round's seating and tables stored together, a
 * table's deals stored once, and Forget me giving the person a stand-in id everywhere in it.
 */
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.js";
import { BACKENDS, useBackend } from "./backends.js";

const secret = "ab".repeat(32);

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(`tournaments on ${db.name}`, () => {
    useBackend(db);
    it("stores a tournament's sign-up, rounds and deals, and forgets a person without changing the others' seats", async () => {
      const store = await openStore(await db.url());
      try {
        const t = store.tournaments;
        const made = await t.create({
          id: "t1",
          guildId: "1",
          channelId: "2",
          organiserId: "9",
          name: "Night",
          startsAt: new Date("2030-01-01T20:00:00Z"),
          rounds: 2,
          handsPerRound: 4,
          rulesSpec: "classic",
          botLevel: "easy",
          secret,
        });
        expect(made).toMatchObject({ status: "signup", round: 0, entries: [], played: [] });
        expect(await t.join("t1", { userId: "10", name: "A", joinedAt: new Date(1000) }, 2)).toBe("joined");
        expect(await t.join("t1", { userId: "10", name: "A", joinedAt: new Date(1001) }, 2)).toBe("already");
        expect(await t.join("t1", { userId: "11", name: "B", joinedAt: new Date(2000) }, 2)).toBe("joined");
        expect(await t.join("t1", { userId: "12", name: "C", joinedAt: new Date(3000) }, 2)).toBe("full");
        const seating = { round: 1, tables: [{ seats: ["10", "11", null, null] }], sittingOut: [] };
        await t.startRound("t1", { round: 1, seating, startedAt: new Date(5000), tables: [{ tableId: "x1", tableIndex: 0 }] });
        expect(await t.tableRound("x1")).toEqual({ tournamentId: "t1", round: 1, tableIndex: 0, closedAt: null });
        await t.finishTable("x1", [[0, 26, 0, 0]], ["11"], new Date(6000), [[0, 2, 0, 0]]);
        await t.finishTable("x1", [[9, 9, 9, 9]], [], new Date(7000));
        await t.closeRound("t1", 1, new Date(8000));
        expect(await t.leave("t1", "11", new Date(8500))).toBe(true);
        const read = (await t.get("t1"))!;
        expect(read).toMatchObject({ status: "playing", round: 1 });
        expect(read.entries.map((e) => [e.userId, e.leftAt !== null])).toEqual([
          ["10", false],
          ["11", true],
        ]);
        expect(read.played[0]).toMatchObject({ seating, closedAt: new Date(8000) });
        expect(read.played[0].tables[0]).toMatchObject({
          deals: [[0, 26, 0, 0]],
          standIns: ["11"],
          playedBy: [[0, 2, 0, 0]],
          finishedAt: new Date(6000),
        });
        expect((await t.list({ guildId: "1", statuses: ["playing"] })).map((x) => x.id)).toEqual(["t1"]);
        expect(await t.personal("10")).toEqual([
          { tournamentId: "t1", guildId: "1", name: "Night", status: "playing", joinedAt: new Date(1000), left: false },
        ]);

        // /hearts privacy counts them, and the name an entry was made under.
        expect(await store.personalData("11")).toMatchObject({ tournaments: 1, names: ["B"] });

        expect((await store.forgetUser("11")).tournaments).toBe(1);
        const after = (await t.get("t1"))!;
        const standIn = after.entries[1].userId;
        expect(standIn).toMatch(/^former:/);
        expect(after.entries[1]).toMatchObject({ name: "Former player", joinedAt: new Date(2000) });
        expect(after.played[0].seating.tables[0].seats).toEqual(["10", standIn, null, null]);
        expect(after.played[0].tables[0].standIns).toEqual([standIn]);
        expect(JSON.stringify(after)).not.toContain('"11"');
        expect(await t.personal("11")).toEqual([]);
        expect(await store.personalData("11")).toMatchObject({ tournaments: 0, names: [] });
      } finally {
        await store.close();
      }
    });
  });
}
