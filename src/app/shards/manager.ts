/**
 * SHARDS=n|auto: discord.js's ShardingManager runs one bot process per shard. Discord routes each
 * server (guild) to one shard, and a table belongs to the shard of its guild, so the processes share
 * nothing but the database: each resumes and times only its own guilds' tables. This process also
 * holds the machine's one metrics port and the Activity's one port (src/activity/front.ts).
 */
import { ShardingManager, type Shard } from "discord.js";
import { ActivityFront } from "../../activity/front.js";
import { INVALID_TOKEN_HELP, type Config } from "../../config.js";
import type { Logger } from "../../log.js";
import { startOpsServer, type OpsServer } from "../../ops/server.js";
import { shardsSource } from "../../ops/shards.js";
import {
  HEALTHY_AFTER_MS,
  IDENTIFY_WINDOW_MS,
  READY_TIMEOUT_MS,
  fetchGatewayInfo,
  identifyGroups,
  restartDelay,
  type GatewayInfo,
} from "./plan.js";

export interface ManagerOptions {
  /** The file each shard process runs (src/app/main.ts: it sees SHARDING_MANAGER and runs one shard). */
  file: string;
  /** Node options for the shard processes, e.g. ["--import", "tsx"] to run TypeScript. */
  execArgv: string[];
}

/** How long a stopping shard has to finish its moves and log out before it is killed. */
const SHARD_STOP_MS = 15_000;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs the shard processes until SIGINT/SIGTERM, restarting any that stops. Resolves with the exit
 * code once they are all stopped (1 when they could not start).
 */
export async function runShardManager(config: Config, log: Logger, opts: ManagerOptions): Promise<number> {
  const plan = await planShards(config, log);
  if (!plan) return 1;
  const { info, count, ids } = plan;
  const manager = new ShardingManager(opts.file, {
    totalShards: count,
    shardList: ids,
    token: config.token,
    mode: "process",
    // Restarts are ours (with backoff, ShardRestarts), never discord.js's immediate respawn.
    respawn: false,
    execArgv: opts.execArgv,
    shardArgs: [],
  });
  const front = activityFront(config, count, ids, log);
  const restarts = new ShardRestarts(log, front);
  manager.on("shardCreate", (shard: Shard) => restarts.watch(shard));

  let stopping = false;
  let ops: OpsServer | null = null;
  const closeAll = async () => {
    restarts.disarm();
    await stopShards(manager);
    await ops?.close();
    await front?.stop();
  };
  let finished!: (code: number) => void;
  const done = new Promise<number>((r) => (finished = r));
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    restarts.stopping = true;
    log.info({ signal, shards: count }, "stopping every shard; open tables resume at the next start");
    closeAll().then(
      () => finished(0),
      (err: unknown) => {
        log.error({ err: message(err) }, "stopping the shards failed");
        finished(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));

  // One metrics port for this machine's shards (each labelled by shard), not one per shard.
  if (config.metrics)
    ops = await startOpsServer(shardsSource(manager, ids), { ...config.metrics, log }).catch((err: unknown) => {
      log.error({ err: message(err) }, "could not open the metrics port (METRICS_PORT); running without it");
      return null;
    });
  // Before the shards start, so the page loads at once; each shard's connections wait for its start.
  await front
    ?.start()
    .catch((err: unknown) =>
      log.error(
        { err: message(err), port: config.activity?.port },
        "could not open the Activity's port (ACTIVITY_HOST/ACTIVITY_PORT); running without the Activity",
      ),
    );

  log.info(
    { shards: count, ...(config.shardIds ? { here: ids } : {}), recommended: info.shards, maxConcurrency: info.maxConcurrency },
    "starting shard processes",
  );
  try {
    await startInGroups(manager, ids, info.maxConcurrency, () => stopping);
  } catch (err) {
    if (stopping) return done;
    stopping = true;
    restarts.stopping = true;
    log.fatal({ err: message(err) }, "a shard process could not start (its own message is above); stopping the others");
    await closeAll();
    return 1;
  }
  if (!stopping) {
    // No restarts until every shard has started once: a shard that cannot start (bad database, say)
    // would otherwise be restarted forever; then the manager stops with its message instead.
    restarts.arm();
    log.info({ shards: count }, "every shard is connected");
  }
  return done;
}

/** How many shards, and which run here (SHARD_IDS: this machine runs some, other machines the rest); null when Discord cannot be asked. */
async function planShards(config: Config, log: Logger): Promise<{ info: GatewayInfo; count: number; ids: number[] } | null> {
  let info: GatewayInfo;
  try {
    info = await fetchGatewayInfo(config);
  } catch (err) {
    if ((err as { status?: number }).status === 401) console.error(`\n${INVALID_TOKEN_HELP}\n`);
    else
      log.fatal(
        { err: message(err) },
        "could not ask Discord for the shard count (GET /gateway/bot): check the network, or DISCORD_API_BASE if set",
      );
    return null;
  }
  const count = config.shards === "auto" || config.shards === null ? info.shards : config.shards;
  if (count < info.shards)
    log.warn(
      { shards: count, recommended: info.shards },
      `Discord recommends ${info.shards} shards for this bot; SHARDS=${count} may be refused once servers outgrow it (use SHARDS=auto)`,
    );
  return { info, count, ids: config.shardIds ?? Array.from({ length: count }, (_, id) => id) };
}

/**
 * The Activity's one port for this machine (ACTIVITY_HOST/PORT): the page, and each connection
 * piped to the shard of its server, whose own server listens on 127.0.0.1 (src/activity/front.ts).
 */
function activityFront(config: Config, count: number, ids: number[], log: Logger): ActivityFront | null {
  if (!config.activity || !config.clientId) return null;
  return new ActivityFront({
    clientId: config.clientId,
    host: config.activity.host,
    port: config.activity.port,
    shardCount: count,
    localShards: ids,
    log: log.child({ part: "activity" }),
  });
}

/** A stopped shard is started again after a wait that doubles with each stop in a row (plan.ts restartDelay). */
class ShardRestarts {
  /** Set when the manager stops: a shard's end is then expected. */
  stopping = false;
  private armed = false;
  private readonly state = new Map<number, { inARow: number; upSince: number; timer: ReturnType<typeof setTimeout> | null }>();

  constructor(
    private readonly log: Logger,
    private readonly front: ActivityFront | null,
  ) {}

  arm(): void {
    this.armed = true;
  }

  disarm(): void {
    this.armed = false;
    for (const r of this.state.values()) if (r.timer) clearTimeout(r.timer);
  }

  watch(shard: Shard): void {
    const r = { inARow: 0, upSince: 0, timer: null as ReturnType<typeof setTimeout> | null };
    this.state.set(shard.id, r);
    shard.on("message", (msg: unknown) => this.front?.fromShard(shard.id, msg));
    shard.on("ready", () => {
      r.upSince = Date.now();
      this.log.info({ shard: shard.id, shardPid: shard.process?.pid }, "shard connected");
    });
    shard.on("death", (child) => {
      this.front?.shardGone(shard.id);
      if (this.stopping) return;
      const code = "exitCode" in child ? child.exitCode : null;
      const signal = "signalCode" in child ? child.signalCode : null;
      if (!this.armed) {
        this.log.error({ shard: shard.id, code, signal }, "shard process stopped while starting");
        return;
      }
      if (r.upSince && Date.now() - r.upSince >= HEALTHY_AFTER_MS) r.inARow = 0;
      r.upSince = 0;
      r.inARow++;
      const waitMs = restartDelay(r.inARow);
      this.log.warn(
        { shard: shard.id, code, signal, restartInMs: waitMs, stopsInARow: r.inARow },
        "shard process stopped; starting it again after a pause (it resumes its own tables)",
      );
      r.timer = setTimeout(() => {
        r.timer = null;
        if (this.stopping) return;
        // A start that fails ends in another "death", which schedules the next try.
        shard
          .spawn(READY_TIMEOUT_MS)
          .catch((err: unknown) => this.log.error({ shard: shard.id, err: message(err) }, "shard process did not start"));
      }, waitMs);
    });
    shard.on("error", (err: Error) => this.log.error({ shard: shard.id, err: err.message }, "shard process error"));
  }
}

/** Shards identify in groups of max_concurrency, 5 s apart, as Discord asks. */
async function startInGroups(manager: ShardingManager, ids: number[], maxConcurrency: number, stopping: () => boolean): Promise<void> {
  for (const [n, groupIds] of identifyGroups(ids, maxConcurrency).entries()) {
    if (stopping()) return;
    if (n > 0) await new Promise((r) => setTimeout(r, IDENTIFY_WINDOW_MS));
    const group = groupIds.map((id) => manager.createShard(id));
    await Promise.all(group.map((shard) => shard.spawn(READY_TIMEOUT_MS)));
  }
}

/** Each shard finishes the actions in progress and logs out; one that hangs is killed. */
async function stopShards(manager: ShardingManager): Promise<void> {
  const exits = [...manager.shards.values()].map(async (shard) => {
    const child = shard.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), SHARD_STOP_MS);
    await exited;
    clearTimeout(timer);
  });
  await Promise.all(exits);
}
