/**
 * The table service on each real store (SQLite, PostgreSQL), unchanged: a game across a restart
 * mid-hand on the same database, then finished and in the standings. The code above the store does
 * not know which database runs.
 */
import { describe, expect, it } from "vitest";
import { viewFor } from "../../src/game/index.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import { stateBehind } from "../../src/table/live.js";
import { ManualClock } from "../table/manual-clock.js";
import { alice, bob, openTable, playOut, setup, stateInMemory, stateNow, where } from "../table/service-helpers.js";
import { BACKENDS, useBackend } from "./backends.js";

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(`table service on ${db.name}`, () => {
    useBackend(db);
    it("plays a game across a restart, and the finished game is in the standings", async () => {
      const url = await db.url();
      const clock = new ManualClock();
      clock.realWaitMs = 2;
      let store: HeartsStore = await openStore(url);
      const first = setup({ store, clock });
      const id = await openTable(first, [alice, bob]);
      await first.service.start(id, alice);
      await playOut(first, id, [alice, bob], () => {
        const cur = stateInMemory(first, id);
        return !!cur && cur.phase === "playing" && cur.trickNumber >= 5 && cur.turn <= 1;
      });
      const before = await stateNow(first, id);
      await first.service.stop();
      await store.close();

      store = await openStore(url);
      const second = setup({ store, clock });
      expect(await second.service.resume()).toBe(1);
      const t = (await second.service.get(id))!;
      expect(stateBehind(t)!.actionCount).toBe(before.actionCount);
      expect(viewFor(stateBehind(t)!, 0).hand).toEqual(viewFor(before, 0).hand);
      // The menu shown before the restart still works.
      const seat = before.turn;
      expect((await second.service.play(id, seat === 0 ? alice : bob, viewFor(before, seat).legal[0], before.actionCount)).ok).toBe(true);
      await playOut(second, id, [alice, bob]);
      expect((await store.getTable(id))!.status).toBe("finished");
      expect((await store.listFinishedGames(where.guildId)).map((g) => g.tableId)).toEqual([id]);
      expect(await second.service.system.tableIn(where.channelId)).toBeNull();
      await second.service.stop();
      await store.close();
    }, 60_000);
  });
}
