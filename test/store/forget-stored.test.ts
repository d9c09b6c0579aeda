/**
 * "Forget me" while a shard is down. Its tables live only in the database then; when it starts
 * again it resumes them from there. So the shard that answered hands the person's seats over in
 * the stored records of the servers whose shard did not answer. It leaves alone its own tables in
 * memory (forgetPlayer takes those) and the tables of shards that answered. Two table services
 * share one SQLite file, as two shard processes do.
 */
import { describe, expect, it } from "vitest";
import { presetRules } from "../../src/game/index.js";
import { openStore } from "../../src/store/index.js";
import type { Asker } from "../../src/table/types.js";
import { ManualClock } from "../table/manual-clock.js";
import { alice, bob, carol, english, openTable, playOut, setup, where, type Setup } from "../table/service-helpers.js";
import { tempDb } from "./helpers.js";

/** A table in another server (another shard's). */
async function openElsewhere(s: Setup, guildId: string, channelId: string, people: Asker[]): Promise<string> {
  const players = people.map((p) => ({ ...p, where: { guildId, channelId } }));
  const r = await s.service.open({ guildId, channelId }, players[0], {
    rules: presetRules("classic")!,
    settings: s.settings,
  });
  if (!r.ok) throw new Error(english(r.say));
  for (const p of players.slice(1)) expect((await s.service.join(r.table.record.id, p)).ok).toBe(true);
  return r.table.record.id;
}

describe("Forget me while a shard is down", () => {
  it("the down shard resumes its game with an anonymous computer player in the seat, and no trace in the result", async () => {
    const db = tempDb();
    const clock = new ManualClock();
    clock.realWaitMs = 2;
    const answered = "900000000000000003"; // a server whose shard answered (it took the person out itself)
    try {
      // Shard B holds a game in `where.guildId`, and a lobby of a server whose shard will answer.
      const storeB = await openStore(db.url);
      const b = setup({ store: storeB, clock, settings: { fillWithBots: true } });
      const game = await openTable(b, [alice, bob, carol]);
      expect((await b.service.start(game, alice)).ok).toBe(true);
      const lobby = await openElsewhere(b, answered, "800000000000000003", [alice, bob]);
      await b.service.stop();
      await storeB.close(); // B is down

      // Shard A answers /hearts privacy; it holds a lobby of its own server with the person in it.
      const storeA = await openStore(db.url);
      const a = setup({ store: storeA, clock });
      const own = await openElsewhere(a, "900000000000000002", "800000000000000002", [alice, bob]);
      expect(await a.service.forgetAtStoredTables(alice.userId, "Former player", (g) => g !== answered)).toBe(1);
      // Its own table is forgetPlayer's (in memory), the answering shard's lobby was that shard's.
      expect((await storeA.getTable(own))!.seats.map((s) => s.userId)).toContain(alice.userId);
      expect((await storeA.getTable(lobby))!.seats.map((s) => s.userId)).toContain(alice.userId);
      const stored = (await storeA.getTable(game))!;
      expect(stored.seats[0]).toMatchObject({ userId: null, name: "Former player", botControlled: false });
      expect(stored.hostId).toBe(bob.userId);
      expect(JSON.stringify(stored)).not.toContain(alice.userId);
      await a.service.stop();
      await storeA.close();

      // B starts again: the game goes on with a computer player in the seat, and ends without her.
      const storeB2 = await openStore(db.url);
      const b2 = setup({ store: storeB2, clock });
      expect(await b2.service.resume((g) => g === where.guildId)).toBe(1);
      expect((await b2.service.get(game))!.record.seats[0]).toMatchObject({ userId: null, name: "Former player" });
      await playOut(b2, game, [bob, carol]);
      expect((await storeB2.getTable(game))!.status).toBe("finished");
      const results = await storeB2.listFinishedGames(where.guildId);
      expect(results.map((g) => g.tableId)).toEqual([game]);
      expect(JSON.stringify(results)).not.toContain(alice.userId);
      await b2.service.stop();
      await storeB2.close();
    } finally {
      db.cleanup();
    }
  }, 60_000);
});
