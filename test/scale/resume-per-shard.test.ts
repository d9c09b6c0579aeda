/**
 * Per-shard resume in the table service: a shard process loads, times and plays only the open tables
 * of its own guilds; the other shards' tables stay untouched in the store for their own processes.
 */
import { describe, expect, it } from "vitest";
import { presetRules } from "../../src/game/index.js";
import { shardOf } from "../../src/shard-of.js";
import { ManualClock } from "../table/manual-clock.js";
import { MemoryStore } from "../table/memory-store.js";
import { alice, bob, setup } from "../table/service-helpers.js";

/** A guild id routed to `shard` of `count` (its timestamp bits decide). */
const guildOn = (shard: number, count: number, n: number): string => String((BigInt(1000 + n * count + shard) << 22n) | 7n);

describe("resume with several shards", () => {
  it("each shard resumes its own guilds' tables and plays only those", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock();
    const first = setup({ store, clock });
    const ids: Record<number, string[]> = { 0: [], 1: [] };
    for (let n = 0; n < 3; n++) {
      for (const shard of [0, 1]) {
        const guildId = guildOn(shard, 2, n);
        expect(shardOf(guildId, 2)).toBe(shard);
        const at = { guildId, channelId: `7000000000000${shard}${n}000` };
        const [host, guest] = [alice, bob].map((p) => ({ ...p, where: at }));
        const r = await first.service.open(at, host, {
          rules: presetRules("classic")!,
          settings: first.settings,
        });
        if (!r.ok) throw new Error(r.code);
        const id = r.table.record.id;
        ids[shard].push(id);
        // Two tables of each shard are games in progress (computer players to move), one a lobby.
        if (n < 2) {
          expect((await first.service.join(id, guest)).ok).toBe(true);
          expect((await first.service.start(id, host)).ok).toBe(true);
        }
      }
    }
    await first.service.stop();
    const counts = () => new Map([...store.tables.values()].map((t) => [t.id, t.actionCount]));
    const before = counts();

    const shard1 = setup({ store, clock });
    expect(await shard1.service.resume((g) => shardOf(g, 2) === 1)).toBe(3);
    expect(shard1.service.openTables).toBe(3);
    // Time passes: lobbies expire, turns time out, computer players move — on shard 1's tables only.
    for (let k = 0; k < 40; k++) await clock.advance(60_000);
    const after = counts();
    for (const id of ids[0]) expect(after.get(id)).toBe(before.get(id));
    for (const id of ids[0]) expect(store.tables.get(id)!.status).not.toBe("abandoned");
    // Shard 1's games went on (turn timers, then computer players) and its lobby expired.
    for (const id of ids[1].slice(0, 2)) expect(after.get(id)!).toBeGreaterThan(before.get(id)!);
    expect(store.tables.get(ids[1][2])!.status).toBe("abandoned");
    expect(store.tables.get(ids[0][2])!.status).toBe("lobby");
    await shard1.service.stop();

    const shard0 = setup({ store, clock });
    expect(await shard0.service.resume((g) => shardOf(g, 2) === 0)).toBe(3);
    await shard0.service.stop();
  });
});
