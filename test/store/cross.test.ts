/** The requests every shard on every machine reads (Forget me, purges, departures): once each, then gone. */
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import { BACKENDS, useBackend, type Backend } from "./backends.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function fresh(db: Backend): Promise<HeartsStore> {
  const store = await openStore(await db.url());
  cleanups.push(() => store.close());
  return store;
}

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(`cross-machine requests (${db.name})`, () => {
    useBackend(db);

    it("a shard reads each request once, from its first look on, and a request goes once every shard has read it", async () => {
      const store = await fresh(db);
      await store.addCrossRequest("forget", "100000000000000001"); // before any shard looked: nobody's
      // First look: a starting point, nothing to apply.
      expect(await store.pendingCrossRequests("0/2", 10)).toEqual([]);
      expect(await store.pendingCrossRequests("1/2", 10)).toEqual([]);
      const purge = await store.addCrossRequest("purge", "200000000000000001");
      const left = await store.addCrossRequest("left", "200000000000000002");
      const pending = await store.pendingCrossRequests("0/2", 10);
      expect(pending.map((r) => [r.id, r.kind, r.subject])).toEqual([
        [purge, "purge", "200000000000000001"],
        [left, "left", "200000000000000002"],
      ]);
      expect(pending[0].createdAt).toBeInstanceOf(Date);
      await store.markCrossRequests("0/2", purge);
      expect((await store.pendingCrossRequests("0/2", 10)).map((r) => r.id)).toEqual([left]);
      expect((await store.pendingCrossRequests("0/2", 1)).map((r) => r.id)).toEqual([left]);

      // Shard 1 has read neither of the two: only the row from before both first looks goes.
      const longAgo = new Date(Date.now() - 3600_000);
      expect(await store.pruneCrossRequests(["0/2", "1/2"], longAgo)).toBe(1); // the one made before every cursor
      expect((await store.pendingCrossRequests("1/2", 10)).map((r) => r.id)).toEqual([purge, left]);
      await store.markCrossRequests("1/2", left);
      await store.markCrossRequests("0/2", left);
      expect(await store.pruneCrossRequests(["0/2", "1/2"], longAgo)).toBe(2);
      // A shard count never seen keeps nothing from before: a day-old row goes anyway.
      await store.addCrossRequest("forget", "100000000000000002");
      expect(await store.pruneCrossRequests(["0/3", "1/3", "2/3"], longAgo)).toBe(0);
      expect(await store.pruneCrossRequests(["0/3", "1/3", "2/3"], new Date(Date.now() + 1000))).toBe(1);
    });
  });
}
