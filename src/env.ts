/**
 * The environment every entry point reads (`npm start`, `npm run deploy-commands`, prisma's
 * config): the process's own variables, then the .env file for those not set.
 *
 * A variable left empty counts as unset. dotenv would put "" into the environment, and libraries
 * read it too: discord.js's Client JSON-parses SHARDS when the variable exists at all, so the
 * `SHARDS=` that .env.example ships crashed the first start of every new user.
 */
import { existsSync, readFileSync } from "node:fs";
import { parse } from "dotenv";

/**
 * Which file: ENV_FILE, else `.env` in the working directory; ENV_FILE=none reads no file (the test
 * suite sets it, so a .env in the checkout cannot change a test's outcome).
 */
export function envFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const name = env.ENV_FILE?.trim() || ".env";
  return name === "none" ? null : name;
}

/** Loads the .env file into `env` (variables already set win) and drops every empty variable. */
export function loadEnv(env: NodeJS.ProcessEnv = process.env): void {
  const file = envFile(env);
  if (file && existsSync(file)) {
    for (const [key, value] of Object.entries(parse(readFileSync(file)))) {
      if (value.trim() !== "" && (env[key] === undefined || env[key] === "")) env[key] = value;
    }
  }
  for (const key of Object.keys(env)) if (env[key]?.trim() === "") delete env[key];
}
