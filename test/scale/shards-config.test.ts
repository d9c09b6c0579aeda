/** SHARDS in the configuration, and a shard process's place as the ShardingManager passes it. */
import { describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.js";
import { shardFromEnv } from "../../src/app/shards/plan.js";
import { shardOf } from "../../src/shard-of.js";

const env = (extra: Record<string, string>) => ({ DISCORD_TOKEN: "t", DISCORD_API_BASE: "http://127.0.0.1:1/api", ...extra });

describe("SHARDS", () => {
  it("is off by default: one process", () => {
    const r = readConfig(env({}));
    expect(r.ok && r.config.shards).toBe(null);
  });

  it("takes a number of shard processes, or auto", () => {
    const four = readConfig(env({ SHARDS: "4" }));
    expect(four.ok && four.config.shards).toBe(4);
    const auto = readConfig(env({ SHARDS: " Auto " }));
    expect(auto.ok && auto.config.shards).toBe("auto");
  });

  it("refuses anything else with a sentence saying what it may be", () => {
    for (const bad of ["0", "-2", "two", "1.5", "5000"]) {
      const r = readConfig(env({ SHARDS: bad }));
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.problems).toEqual([
          `SHARDS must be a number of shard processes from 1 to 1024, or auto for the count Discord recommends, or be left empty to run one process (it is "${bad}").`,
        ]);
    }
  });

  it("in a shard process, SHARDS is discord.js's shard id, not the setting", () => {
    const child = { ...env({ SHARDS: "0" }), SHARDING_MANAGER: "true", SHARD_COUNT: "4" };
    const r = readConfig(child);
    expect(r.ok && r.config.shards).toBe(null);
    expect(shardFromEnv(child)).toEqual({ id: 0, count: 4 });
    expect(shardFromEnv({ ...child, SHARDS: "3" })).toEqual({ id: 3, count: 4 });
    expect(shardFromEnv(env({ SHARDS: "4" }))).toBe(null);
  });

  it("routes a guild as Discord does: (guild_id >> 22) % shards, exactly for 64-bit ids", () => {
    expect(shardOf(String((5n << 22n) | 12345n), 4)).toBe(1);
    expect(shardOf("1000000000000000000", 4)).toBe(1); // 1e18 >> 22 = 238418579101
    // Past 2^53 a Number would round the id: the last bits before the shift still count.
    expect(shardOf(String((((1n << 40n) + 3n) << 22n) | 4194303n), 4)).toBe(3);
    expect(shardOf("1000000000000000000", 1)).toBe(0);
  });
});

describe("Discord's global request limit across shards", () => {
  it("one process may use all 50 requests/s; shards share them, never more than 50 in all", async () => {
    const { globalRequestsPerSecond } = await import("../../src/discord/bot/client.js");
    expect(globalRequestsPerSecond(null)).toBe(50);
    for (const count of [1, 2, 3, 4, 7, 16, 64]) {
      const shares = Array.from({ length: count }, (_, id) => globalRequestsPerSecond({ id, count }));
      if (count <= 50)
        expect(
          shares.reduce((a, b) => a + b, 0),
          `${count} shards`,
        ).toBeLessThanOrEqual(50);
      expect(Math.min(...shares), "every shard can still send").toBeGreaterThanOrEqual(1);
    }
    // Through the REST proxy (DISCORD_REST_PROXY) the proxy keeps the one budget: no share is set aside.
    expect(globalRequestsPerSecond({ id: 0, count: 4 }, true)).toBe(50);
  });
});

describe("SHARD_IDS: this machine's part of the shards", () => {
  it("lists ranges and single ids below SHARDS, in order", () => {
    const r = readConfig(env({ SHARDS: "12", SHARD_IDS: "8, 0-2,10-11" }));
    expect(r.ok && r.config.shardIds).toEqual([0, 1, 2, 8, 10, 11]);
    const all = readConfig(env({ SHARDS: "4" }));
    expect(all.ok && all.config.shardIds, "empty: every shard here").toBe(null);
  });

  it("refuses with a sentence: no SHARDS number, an id past the count, a bad list", () => {
    const problems = (extra: Record<string, string>) => {
      const r = readConfig(env(extra));
      return r.ok ? [] : r.problems;
    };
    expect(problems({ SHARD_IDS: "0-1" })[0]).toMatch(/SHARD_IDS needs SHARDS set to the total number/);
    expect(problems({ SHARDS: "auto", SHARD_IDS: "0-1" })[0]).toMatch(/not auto/);
    expect(problems({ SHARDS: "4", SHARD_IDS: "2-4" })[0]).toMatch(/names shard 4, but SHARDS=4 numbers the shards 0 to 3/);
    expect(problems({ SHARDS: "4", SHARD_IDS: "3-1" })[0]).toMatch(/such as 0-3 or 0,2,4 \(it is "3-1"\)/);
    expect(problems({ SHARDS: "4", SHARD_IDS: "one" })[0]).toMatch(/SHARD_IDS lists this machine's shards/);
  });

  it("shards identify in groups with at most one shard per Discord rate-limit bucket (id % max_concurrency)", async () => {
    const { identifyGroups } = await import("../../src/app/shards/plan.js");
    expect(identifyGroups([0, 1, 2, 3], 1)).toEqual([[0], [1], [2], [3]]);
    expect(identifyGroups([0, 1, 2, 3, 4], 2)).toEqual([[0, 1], [2, 3], [4]]);
    // Even ids only, max_concurrency 2: all share bucket 0, so one at a time.
    expect(identifyGroups([0, 2, 4], 2)).toEqual([[0], [2], [4]]);
    for (const group of identifyGroups([1, 3, 4, 5, 8, 9, 12], 4)) expect(new Set(group.map((id) => id % 4)).size).toBe(group.length);
  });
});
