/** The privacy job: closed tables past their server's retention go, in batches; departed servers after the grace period. */
import { afterEach, describe, expect, it } from "vitest";
import { presetRules } from "../../src/game/index.js";
import { silentLogger } from "../../src/log.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import { Housekeeping } from "../../src/table/housekeeping.js";
import { BACKENDS, prismaOf, useBackend, type Backend } from "./backends.js";
import { SETTINGS } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function fresh(db: Backend): Promise<HeartsStore> {
  const store = await openStore(await db.url());
  cleanups.push(() => store.close());
  return store;
}

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 10, 24);

/** A closed table of `guildId` last changed `daysAgo` days before NOW. */
async function closed(
  store: HeartsStore,
  guildId: string,
  daysAgo: number,
  status: "finished" | "abandoned" = "abandoned",
): Promise<string> {
  const t = await store.createTable({
    guildId,
    channelId: `c-${guildId}`,
    hostId: "100000000000000001",
    rules: presetRules("classic")!,
    settings: SETTINGS,
    deal: { format: 1, seed: 1 },
    seats: [],
  });
  await store.updateTable(t.id, { status });
  await prismaOf(store).heartsTable.update({ where: { id: t.id }, data: { updatedAt: new Date(NOW - daysAgo * DAY) } });
  return t.id;
}

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(db.name, () => {
    useBackend(db);
    it("deletes what each server's retention allows, in bounded batches, and departed servers after 30 days", async () => {
      const store = await fresh(db);
      const clock = { now: () => NOW, setTimeout: () => ({ id: 0 }), clearTimeout: () => undefined };
      const old = await Promise.all(Array.from({ length: 5 }, () => closed(store, "g1", 200)));
      const recent = await closed(store, "g1", 100, "finished");
      const keptLonger = await closed(store, "g2", 200);
      const shortRetention = await closed(store, "g3", 40);
      await store.updateGuildSettings("g2", { retentionDays: 365 });
      await store.updateGuildSettings("g3", { retentionDays: 30 });
      await store.updateGuildSettings("g4", { leftAt: new Date(NOW - 31 * DAY) });
      await store.updateGuildSettings("g5", { leftAt: new Date(NOW - 5 * DAY) });
      const departed = await closed(store, "g4", 1);
      const away = await closed(store, "g5", 1);

      const job = new Housekeeping(store, silentLogger(), clock, { batch: 2 });
      const run = await job.runOnce();
      expect(run).toMatchObject({ tables: 6, guildsPurged: 1 });
      expect(await store.getTable(departed)).toBeNull();
      expect(await store.getTable(away)).not.toBeNull();
      for (const id of [...old, shortRetention]) expect(await store.getTable(id)).toBeNull();
      for (const id of [recent, keptLonger]) expect(await store.getTable(id)).not.toBeNull();
      expect(await store.departedGuilds(new Date(NOW), 10)).toEqual(["g5"]);
      // Bounded: a run stops after maxBatches steps; the next one carries on.
      const more = await Promise.all(Array.from({ length: 6 }, () => closed(store, "g1", 300)));
      const small = new Housekeeping(store, silentLogger(), clock, { batch: 2, maxBatches: 2 });
      expect((await small.runOnce()).tables).toBe(4);
      expect((await small.runOnce()).tables).toBe(2);
      for (const id of more) expect(await store.getTable(id)).toBeNull();
    });
  });
}
