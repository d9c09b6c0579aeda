/**
 * The shards' plan, apart from running them (manager.ts): which shard this process is, how many
 * Discord recommends, in which groups they identify, and how long a stopped one waits to restart.
 */
import { REST, Routes, type RESTGetAPIGatewayBotResult } from "discord.js";
import type { Config } from "../../config.js";
import type { ShardInfo } from "../../shard-of.js";

/** In a process started by the ShardingManager: its shard (discord.js passes SHARDS and SHARD_COUNT). */
export function shardFromEnv(env: NodeJS.ProcessEnv = process.env): ShardInfo | null {
  if (!env.SHARDING_MANAGER) return null;
  const id = Number(JSON.parse(env.SHARDS ?? "null"));
  const count = Number(env.SHARD_COUNT);
  if (!Number.isInteger(id) || !Number.isInteger(count) || id < 0 || id >= count) return null;
  return { id, count };
}

export interface GatewayInfo {
  /** The shard count Discord recommends for this bot. */
  shards: number;
  /** How many shards may identify at once (then Discord wants 5 s before the next group). */
  maxConcurrency: number;
}

/** GET /gateway/bot on DISCORD_API_BASE (or Discord itself): the recommended shard count. */
export async function fetchGatewayInfo(config: Pick<Config, "token" | "apiBase">): Promise<GatewayInfo> {
  const rest = new REST({ version: "10", ...(config.apiBase ? { api: config.apiBase } : {}) }).setToken(config.token);
  try {
    const info = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
    return { shards: Math.max(1, info.shards), maxConcurrency: Math.max(1, info.session_start_limit?.max_concurrency ?? 1) };
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

/** Discord allows one group of `max_concurrency` identifies per 5 seconds; a little margin. */
export const IDENTIFY_WINDOW_MS = 5_500;
/** How long a shard process has to log in before its start counts as failed. */
export const READY_TIMEOUT_MS = 120_000;
/**
 * A stopped shard is started again after a wait that doubles with each stop in a row, from one
 * identify window up to 5 minutes: a shard that keeps failing (its database, say) must not log in
 * again and again (Discord resets a token after 1,000 identifies a day). A shard up for 10
 * minutes counts as healthy again.
 */
const RESTART_MAX_MS = 5 * 60_000;
export const HEALTHY_AFTER_MS = 10 * 60_000;

/** The wait before the n-th restart in a row (n ≥ 1). */
export function restartDelay(n: number): number {
  return Math.min(RESTART_MAX_MS, IDENTIFY_WINDOW_MS * 2 ** Math.max(0, n - 1));
}

/**
 * The order in which shards identify: groups started 5 s apart, each with at most one shard per
 * rate-limit bucket (Discord's key is shard_id % max_concurrency), as Discord asks.
 */
export function identifyGroups(ids: number[], maxConcurrency: number): number[][] {
  const groups: number[][] = [];
  const left = [...ids];
  while (left.length) {
    const keys = new Set<number>();
    const group: number[] = [];
    for (let i = 0; i < left.length && group.length < maxConcurrency;) {
      const key = left[i] % maxConcurrency;
      if (keys.has(key)) i++;
      else {
        keys.add(key);
        group.push(...left.splice(i, 1));
      }
    }
    groups.push(group);
  }
  return groups;
}
