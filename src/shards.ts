/**
 * SHARDS=n|auto: discord.js's ShardingManager runs one bot process per shard. Discord routes each
 * server (guild) to one shard, and a table belongs to the shard of its guild, so the processes share
 * nothing but the database: each resumes and times only its own guilds' tables.
 */
import { REST, Routes, ShardingManager, type RESTGetAPIGatewayBotResult, type Shard } from "discord.js";
import { ActivityFront } from "./activity/front.js";
import { INVALID_TOKEN_HELP, type Config } from "./config.js";
import type { Logger } from "./log.js";
import { startOpsServer, type OpsServer } from "./ops/server.js";
import { shardsSource } from "./ops/shards.js";
import type { ShardInfo } from "./shard-of.js";

export { shardOf, type ShardInfo } from "./shard-of.js";

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
const IDENTIFY_WINDOW_MS = 5_500;
/** How long a shard process has to log in before its start counts as failed. */
const READY_TIMEOUT_MS = 120_000;
/**
 * A stopped shard is started again after a wait that doubles with each stop in a row, from one
 * identify window up to 5 minutes: a shard that keeps failing (its database, say) must not log in
 * again and again (Discord resets a token after 1,000 identifies a day). A shard up for 10
 * minutes counts as healthy again.
 */
const RESTART_MAX_MS = 5 * 60_000;
const HEALTHY_AFTER_MS = 10 * 60_000;

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

export interface ManagerOptions {
  /** The file each shard process runs (src/main.ts: it sees SHARDING_MANAGER and runs one shard). */
  file: string;
  /** Node options for the shard processes, e.g. ["--import", "tsx"] to run TypeScript. */
  execArgv: string[];
}

/**
 * Runs the shard processes until SIGINT/SIGTERM, restarting any that stops. Resolves with the exit
 * code once they are all stopped (1 when they could not start).
 */
export async function runShardManager(config: Config, log: Logger, opts: ManagerOptions): Promise<number> {
  let info: GatewayInfo;
  try {
    info = await fetchGatewayInfo(config);
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 401) console.error(`\n${INVALID_TOKEN_HELP}\n`);
    else
      log.fatal(
        { err: err instanceof Error ? err.message : String(err) },
        "could not ask Discord for the shard count (GET /gateway/bot): check the network, or DISCORD_API_BASE if set",
      );
    return 1;
  }
  const count = config.shards === "auto" || config.shards === null ? info.shards : config.shards;
  if (count < info.shards)
    log.warn(
      { shards: count, recommended: info.shards },
      `Discord recommends ${info.shards} shards for this bot; SHARDS=${count} may be refused once servers outgrow it (use SHARDS=auto)`,
    );

  // No restarts until every shard has started once: a shard that cannot start (bad database, say)
  // would otherwise be restarted forever; then the manager stops with its message instead.
  // SHARD_IDS: this machine runs some of the shards, other machines the rest (same SHARDS, same database).
  const ids = config.shardIds ?? Array.from({ length: count }, (_, id) => id);
  const manager = new ShardingManager(opts.file, {
    totalShards: count,
    shardList: ids,
    token: config.token,
    mode: "process",
    respawn: false,
    execArgv: opts.execArgv,
    shardArgs: [],
  });
  // The Activity's one port for this machine (ACTIVITY_HOST/PORT): the page, and each connection
  // piped to the shard of its server, whose own server listens on 127.0.0.1 (src/activity/front.ts).
  const front =
    config.activity && config.clientId
      ? new ActivityFront({
          clientId: config.clientId,
          host: config.activity.host,
          port: config.activity.port,
          shardCount: count,
          localShards: ids,
          log: log.child({ part: "activity" }),
        })
      : null;
  let stopping = false;
  /** Restarts are ours (with backoff), never discord.js's immediate respawn. */
  let restarting = false;
  const restarts = new Map<number, { inARow: number; upSince: number; timer: ReturnType<typeof setTimeout> | null }>();
  manager.on("shardCreate", (shard: Shard) => {
    const r = { inARow: 0, upSince: 0, timer: null as ReturnType<typeof setTimeout> | null };
    restarts.set(shard.id, r);
    shard.on("message", (msg: unknown) => front?.fromShard(shard.id, msg));
    shard.on("ready", () => {
      r.upSince = Date.now();
      log.info({ shard: shard.id, shardPid: shard.process?.pid }, "shard connected");
    });
    shard.on("death", (child) => {
      front?.shardGone(shard.id);
      if (stopping) return;
      const code = "exitCode" in child ? child.exitCode : null;
      const signal = "signalCode" in child ? child.signalCode : null;
      if (!restarting) {
        log.error({ shard: shard.id, code, signal }, "shard process stopped while starting");
        return;
      }
      if (r.upSince && Date.now() - r.upSince >= HEALTHY_AFTER_MS) r.inARow = 0;
      r.upSince = 0;
      r.inARow++;
      const waitMs = restartDelay(r.inARow);
      log.warn(
        { shard: shard.id, code, signal, restartInMs: waitMs, stopsInARow: r.inARow },
        "shard process stopped; starting it again after a pause (it resumes its own tables)",
      );
      r.timer = setTimeout(() => {
        r.timer = null;
        if (stopping) return;
        // A start that fails ends in another "death", which schedules the next try.
        shard
          .spawn(READY_TIMEOUT_MS)
          .catch((err: unknown) =>
            log.error({ shard: shard.id, err: err instanceof Error ? err.message : String(err) }, "shard process did not start"),
          );
      }, waitMs);
    });
    shard.on("error", (err: Error) => log.error({ shard: shard.id, err: err.message }, "shard process error"));
  });

  const stopAll = async (): Promise<void> => {
    restarting = false;
    for (const r of restarts.values()) if (r.timer) clearTimeout(r.timer);
    const exits = [...manager.shards.values()].map(async (shard) => {
      const child = shard.process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGTERM");
      // A shard finishes the actions in progress and logs out; one that hangs is killed.
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    });
    await Promise.all(exits);
  };

  let finished!: (code: number) => void;
  const done = new Promise<number>((r) => (finished = r));
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, shards: count }, "stopping every shard; open tables resume at the next start");
    stopAll()
      .then(closeOps)
      .then(
        () => finished(0),
        (err: unknown) => {
          log.error({ err: err instanceof Error ? err.message : String(err) }, "stopping the shards failed");
          finished(1);
        },
      );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  // One metrics port for this machine's shards (each labelled by shard), not one per shard.
  let ops: OpsServer | null = null;
  if (config.metrics)
    ops = await startOpsServer(shardsSource(manager, ids), { ...config.metrics, log }).catch((err: unknown) => {
      log.error(
        { err: err instanceof Error ? err.message : String(err) },
        "could not open the metrics port (METRICS_PORT); running without it",
      );
      return null;
    });
  const closeOps = async () => {
    await ops?.close();
    await front?.stop();
  };
  // Before the shards start, so the page loads at once; each shard's connections wait for its start.
  if (front)
    await front
      .start()
      .catch((err: unknown) =>
        log.error(
          { err: err instanceof Error ? err.message : String(err), port: config.activity?.port },
          "could not open the Activity's port (ACTIVITY_HOST/ACTIVITY_PORT); running without the Activity",
        ),
      );

  log.info(
    { shards: count, ...(config.shardIds ? { here: ids } : {}), recommended: info.shards, maxConcurrency: info.maxConcurrency },
    "starting shard processes",
  );
  try {
    // Shards identify in groups of max_concurrency, 5 s apart, as Discord asks.
    for (const [n, groupIds] of identifyGroups(ids, info.maxConcurrency).entries()) {
      if (stopping) break;
      if (n > 0) await new Promise((r) => setTimeout(r, IDENTIFY_WINDOW_MS));
      const group = groupIds.map((id) => manager.createShard(id));
      await Promise.all(group.map((shard) => shard.spawn(READY_TIMEOUT_MS)));
    }
  } catch (err) {
    if (!stopping) {
      stopping = true;
      log.fatal(
        { err: err instanceof Error ? err.message : String(err) },
        "a shard process could not start (its own message is above); stopping the others",
      );
      await stopAll();
      await closeOps();
      return 1;
    }
  }
  if (!stopping) {
    restarting = true;
    log.info({ shards: count }, "every shard is connected");
  }
  return done;
}
