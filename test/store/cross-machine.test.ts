/**
 * A shard that reads a Forget me late (it was down, stuck, or on another machine) takes the person
 * out of its tables and deletes again what they wrote after the asking shard's deletion.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { CrossMachine } from "../../src/discord/shards/cross-machine.js";
import { createLogger, silentLogger } from "../../src/log.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import { ManualClock } from "../table/manual-clock.js";
import { alice, bob, openTable, playOut, setup, where } from "../table/service-helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function shard(now: () => number) {
  const dir = mkdtempSync(join(tmpdir(), "hearts-cross-"));
  const store: HeartsStore = await openStore(`file:${join(dir, "hearts.db")}`);
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => store.close(),
  );
  /** The servers the bot is in, as this shard's guild cache would say. */
  const present = new Set<string>();
  const clock = new ManualClock();
  clock.realWaitMs = 2;
  const s = setup({ store, clock });
  cleanups.push(() => s.service.stop());
  const cross = new CrossMachine({
    store,
    service: s.service,
    shard: { id: 1, count: 2 },
    inGuild: (guildId) => present.has(guildId),
    log: process.env.DEBUG_CROSS ? createLogger({ level: "debug" }) : silentLogger(),
    now,
  });
  await cross.poll(); // its first look: where it starts reading
  return { ...s, store, cross, present };
}

it("a shard reading Forget me after the 10 s limit deletes again the game its table finished meanwhile", async () => {
  // This shard's clock, moved past the asking shard's 10 s wait when it reads the request.
  let late = 0;
  const s = await shard(() => Date.now() + late);
  const id = await openTable(s, [alice, bob]);
  expect((await s.service.start(id, alice)).ok).toBe(true);

  // Another shard asks, deletes what is stored, and stops waiting for this one.
  await s.store.addCrossRequest("forget", alice.userId);
  await s.store.forgetUser(alice.userId);
  // Meanwhile this shard's table ends with Alice still seated: her result is written after the deletion.
  await playOut(s, id, [alice, bob]);
  expect((await s.store.getTable(id))!.status).toBe("finished");
  expect((await s.store.personalData(alice.userId)).games).toBe(1);

  late = 11_000;
  await s.cross.poll();
  const after = await s.store.personalData(alice.userId);
  expect(after.games).toBe(0);
  expect(after.tables).toBe(0);
  expect((await s.store.personalData(bob.userId)).games).toBe(1);
  // Read once: a second look changes nothing and finds nothing pending.
  expect(await s.store.pendingCrossRequests("1/2", 10)).toEqual([]);
});

it("the bot leaving a server ends this shard's tables there, unless the bot is back in it by the time it reads it", async () => {
  const s = await shard(() => Date.now());
  const id = await openTable(s, [alice, bob]);
  s.present.add(where.guildId);
  await s.store.addCrossRequest("left", where.guildId);
  await s.cross.poll();
  expect((await s.store.getTable(id))!.status).toBe("lobby");
  s.present.delete(where.guildId);
  await s.store.addCrossRequest("left", where.guildId);
  await s.cross.poll();
  expect((await s.store.getTable(id))!.status).not.toBe("lobby");
});

it("a person still seated here when the request arrives leaves the open table", async () => {
  const s = await shard(() => Date.now());
  const id = await openTable(s, [alice, bob]);
  await s.store.addCrossRequest("forget", alice.userId);
  await s.cross.poll();
  const record = (await s.store.getTable(id))!;
  expect(JSON.stringify(record.seats)).not.toContain(alice.userId);
  expect(record.hostId).toBe(bob.userId);
});
