/**
 * One bot process: the whole bot (`npm start` without SHARDS), or one shard of it when the
 * ShardingManager started this process. Every startup problem is a sentence, never a stack trace.
 */
import { INVALID_TOKEN_HELP, type Config } from "../config.js";
import type { Logger } from "../log.js";
import { BotPool } from "../ai/index.js";
import { NewerDatabaseError, openStore, redactUrl } from "../store/index.js";
import type { HeartsStore } from "../table/store.js";
import type { ShardInfo } from "../shard-of.js";
import { BotMetrics } from "../ops/metrics.js";
import { startOpsServer, type OpsServer } from "../ops/server.js";
import { answerManager } from "../ops/shards.js";
import { createHearts } from "./hearts.js";

/**
 * How long a stop may take (the moves in flight committed, the menus saved, the picture process and
 * the workers ended) before the process exits anyway: below the ShardingManager's 15 s and
 * systemd's default 90 s, so a restart never waits on a stuck dependency.
 */
export const STOP_TIMEOUT_MS = 10_000;

/**
 * Opens the database, starts the computer players and logs in; for a shard, only that shard's
 * guilds arrive and only their tables resume. Resolves with a non-zero exit code when the start
 * fails; once running, the process ends on SIGINT/SIGTERM (or when its ShardingManager goes away).
 */
export async function runBot(config: Config, log: Logger, shard: ShardInfo | null): Promise<number> {
  let store: HeartsStore;
  const sqlite = config.databaseUrl.startsWith("file:");
  try {
    store = await openStore(config.databaseUrl);
  } catch (err) {
    if (err instanceof NewerDatabaseError) {
      console.error(`\n${err.message}\n`);
      return 1;
    }
    const where = sqlite ? "and that its folder is writable" : "and that the PostgreSQL server is reachable and the user may create tables";
    log.fatal(
      { databaseUrl: redactUrl(config.databaseUrl), err: err instanceof Error ? err.message : String(err) },
      `could not open the database: check DATABASE_URL (default file:./data/hearts.db) ${where}`,
    );
    return 1;
  }
  // Before logging in: a database that opens but cannot be written (a read-only file or disk, a
  // full disk, a read-only PostgreSQL user) would refuse every move.
  try {
    await store.probeWrite();
  } catch (err) {
    const fix = sqlite
      ? "Check that the file and its folder are writable and that the disk has room."
      : "Check that the PostgreSQL user may write and the server is not read-only.";
    log.fatal(
      { databaseUrl: redactUrl(config.databaseUrl), err: err instanceof Error ? err.message : String(err) },
      `the database cannot be written to, so no game could be saved. ${fix}`,
    );
    await store.close().catch(() => undefined);
    return 1;
  }
  const pool = new BotPool({ log: log.child({ part: "bots" }) });
  // The metrics watch the store and the computer players through timing wrappers (src/ops).
  const metrics = config.metrics ? new BotMetrics() : null;
  const bot = createHearts(config, {
    store: metrics ? metrics.timedStore(store) : store,
    bots: metrics ? metrics.timedBots(pool) : pool,
    log,
    shard,
    onAck: metrics?.onAck,
  });
  metrics?.attach(bot, store, () => pool.queued);
  // One port per machine: a shard answers its ShardingManager, which serves every local shard.
  let ops: OpsServer | null = null;
  if (metrics && shard) answerManager(metrics, shard.id);
  else if (metrics && config.metrics) {
    ops = await startOpsServer(metrics.source(), { ...config.metrics, log: log.child({ part: "metrics" }) }).catch((err: unknown) => {
      log.error(
        { err: err instanceof Error ? err.message : String(err), port: config.metrics?.port },
        "could not open the metrics port (METRICS_PORT); the bot runs without it",
      );
      return null;
    });
  }

  let stopping = false;
  const shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: why }, "stopping; open tables resume at the next start");
    setTimeout(() => {
      log.error({ timeoutMs: STOP_TIMEOUT_MS }, "stopping took too long; exiting now (every committed move is stored)");
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    // The moves in flight are committed and the menus saved (bot.stop), then the workers and the store end.
    await bot
      .stop()
      .catch((err: unknown) => log.error({ err: err instanceof Error ? err.message : String(err) }, "stopping the bot failed"));
    await pool.close();
    await store.close();
    await ops?.close();
    metrics?.close();
    log.info("stopped");
    process.exit(0);
  };
  const stopOn = (why: string) => () => {
    shutdown(why).catch((err: unknown) => {
      log.error({ err: err instanceof Error ? err.message : String(err) }, "stopping failed");
      process.exit(1);
    });
  };
  process.on("SIGINT", stopOn("SIGINT"));
  process.on("SIGTERM", stopOn("SIGTERM"));
  // The manager's IPC channel closes when it dies: stop too, or this shard would run twice after
  // the manager is started again.
  if (shard && process.send) process.on("disconnect", stopOn("manager gone"));
  // A promise nobody caught, or an exception thrown in a callback: a bug in one table's work, not a
  // reason to drop every other table. Logged with what it was; the process keeps serving.
  process.on("unhandledRejection", (reason) =>
    log.error({ err: reason instanceof Error ? reason : String(reason) }, "a promise failed and nobody handled it; carrying on"),
  );
  process.on("uncaughtException", (err, origin) => log.error({ err, origin }, "an exception reached the top; carrying on"));

  try {
    await bot.start();
    metrics?.markStarted();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "TokenInvalid" || (err as { status?: number }).status === 401) console.error(`\n${INVALID_TOKEN_HELP}\n`);
    else if (code === "DisallowedIntents")
      console.error(
        "\nDiscord refused the bot's intents. This bot needs only the default Guilds intent; check the Bot page of your application.\n",
      );
    else
      log.fatal(
        { err: err instanceof Error ? err.message : String(err) },
        "could not connect to Discord (check the network, or DISCORD_API_BASE if set)",
      );
    await bot.stop().catch(() => undefined);
    await pool.close();
    await store.close();
    await ops?.close();
    return 1;
  }
  return 0;
}
