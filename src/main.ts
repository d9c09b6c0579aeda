/**
 * `npm start`: reads the configuration, opens the database, starts the computer players and logs in
 * to Discord. Every startup problem is a sentence saying what to do, never a stack trace.
 */
import "dotenv/config";
import { INVALID_TOKEN_HELP, readConfig } from "./config.js";
import { createLogger } from "./log.js";
import { BotPool } from "./ai/index.js";
import { createBot } from "./discord/bot.js";
import { openStore } from "./store/index.js";
import type { Store } from "./store/types.js";

async function main(): Promise<number> {
  const r = readConfig(process.env);
  if (!r.ok) {
    console.error(`\nThe bot cannot start yet:\n\n${r.problems.join("\n\n")}\n`);
    return 1;
  }
  const { config } = r;
  const log = createLogger({ level: config.logLevel, format: config.logFormat });

  let store: Store;
  try {
    store = await openStore(config.databaseUrl);
  } catch (err) {
    log.fatal({ databaseUrl: config.databaseUrl, err: err instanceof Error ? err.message : String(err) }, "could not open the database: check DATABASE_URL (default file:./data/hearts.db) and that its folder is writable");
    return 1;
  }
  const pool = new BotPool();
  const bot = createBot(config, { store, bots: pool, log });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping; open tables resume at the next start");
    await bot.stop().catch(() => undefined);
    await pool.close();
    await store.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

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

const code = await main();
if (code !== 0) process.exit(code);
