/**
 * `npm start`: reads the configuration, then runs the bot in this process (the default), or with
 * SHARDS set runs discord.js's ShardingManager, which starts this same file once per shard.
 */
import "../load-env.js";
import { fileURLToPath } from "node:url";
import { readConfig } from "../config.js";
import { createLogger } from "../log.js";
import { runShardManager } from "./shards/manager.js";
import { shardFromEnv } from "./shards/plan.js";

async function main(): Promise<number> {
  const r = readConfig(process.env);
  if (!r.ok) {
    console.error(`\nThe bot cannot start yet:\n\n${r.problems.join("\n\n")}\n`);
    return 1;
  }
  const { config } = r;
  const root = createLogger({ level: config.logLevel, format: config.logFormat });

  // Started by the ShardingManager: one shard; every log line says which.
  const shard = shardFromEnv(process.env);
  if (shard || config.shards === null) {
    // Loaded here only: the manager process stays small (no canvas, database or computer players).
    const { runBot } = await import("./bot-process.js");
    return runBot(config, shard ? root.child({ shard: shard.id }) : root, shard);
  }

  const file = fileURLToPath(import.meta.url);
  // Under tsx (how the project runs) the shard processes need its loader to run TypeScript.
  const execArgv = file.endsWith(".ts") ? ["--import", import.meta.resolve("tsx")] : [];
  // The manager opens no database: each shard migrates it at start (migrations are safe to race).
  process.exit(await runShardManager(config, root.child({ part: "shards" }), { file, execArgv }));
}

const code = await main();
if (code !== 0) process.exit(code);
