/**
 * One bot process: the whole bot (`npm start` without SHARDS), or one shard of it when the
 * ShardingManager started this process. Every startup problem is a sentence, never a stack trace.
 */
import { INVALID_TOKEN_HELP, type Config } from "./config.js";
import type { Logger } from "./log.js";
import { BotPool } from "./ai/index.js";
import { createBot } from "./discord/bot.js";
import { openStore, redactUrl } from "./store/index.js";
import type { Store } from "./store/types.js";
import type { ShardInfo } from "./shards.js";

/**
 * Opens the database, starts the computer players and logs in; for a shard, only that shard's
 * guilds arrive and only their tables resume. Resolves with a non-zero exit code when the start
 * fails; once running, the process ends on SIGINT/SIGTERM (or when its ShardingManager goes away).
 */
export async function runBot(config: Config, log: Logger, shard: ShardInfo | null): Promise<number> {
  let store: Store;
  try {
    store = await openStore(config.databaseUrl);
  } catch (err) {
    const where = config.databaseUrl.startsWith("file:") ? "and that its folder is writable" : "and that the PostgreSQL server is reachable and the user may create tables";
    log.fatal({ databaseUrl: redactUrl(config.databaseUrl), err: err instanceof Error ? err.message : String(err) }, `could not open the database: check DATABASE_URL (default file:./data/hearts.db) ${where}`);
    return 1;
  }
  const pool = new BotPool();
  const bot = createBot(config, { store, bots: pool, log, shard });

  let stopping = false;
  const shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: why }, "stopping; open tables resume at the next start");
    await bot.stop().catch(() => undefined);
    await pool.close();
    await store.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // The manager's IPC channel closes when it dies: stop too, or this shard would run twice after
  // the manager is started again.
  if (shard && process.send) process.on("disconnect", () => void shutdown("manager gone"));

  try {
    await bot.start();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "TokenInvalid" || (err as { status?: number }).status === 401) console.error(`\n${INVALID_TOKEN_HELP}\n`);
    else if (code === "DisallowedIntents") console.error("\nDiscord refused the bot's intents. This bot needs only the default Guilds intent; check the Bot page of your application.\n");
    else log.fatal({ err: err instanceof Error ? err.message : String(err) }, "could not connect to Discord (check the network, or DISCORD_API_BASE if set)");
    await bot.stop().catch(() => undefined);
    await pool.close();
    await store.close();
    return 1;
  }
  return 0;
}
