/**
 * The environment every entry point reads (`npm start`, `npm run deploy-commands`, prisma's
 * config): the process's own variables, then the .env file for those not set.
 *
 * A variable left empty counts as unset. dotenv would put "" into the environment, and libraries
 * read it too: discord.js's Client JSON-parses SHARDS when the variable exists at all, so the
 * `SHARDS=` that .env.example ships crashed the first start of every new user.
 */
import { readFileSync } from "node:fs";
import { parse } from "dotenv";

/**
 * Which file: ENV_FILE, else `.env` in the working directory; ENV_FILE=none reads no file (the test
 * suite sets it, so a .env in the checkout cannot change a test's outcome).
 */
export function envFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const name = env.ENV_FILE?.trim() || ".env";
  return name === "none" ? null : name;
}

/**
 * The file's text, or null when there is none. A file this user may not read (a .env of mode 0600
 * owned by root beside a service run as another user, whose settings come from systemd's
 * EnvironmentFile=) is skipped with one line on stderr: the variables it would give may well be in
 * the environment already, and the settings' own check says what is still missing.
 */
function readEnvFile(file: string, warn: (line: string) => void): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    warn(`${file} is not readable by this user (${code ?? String(err)}): skipped; the settings come from the environment only.`);
    return null;
  }
}

/** Loads the .env file into `env` (variables already set win) and drops every empty variable. */
export function loadEnv(env: NodeJS.ProcessEnv = process.env, warn: (line: string) => void = (l) => console.error(l)): void {
  const file = envFile(env);
  const text = file ? readEnvFile(file, warn) : null;
  if (text !== null) {
    for (const [key, value] of Object.entries(parse(text))) {
      if (value.trim() !== "" && (env[key] === undefined || env[key] === "")) env[key] = value;
    }
  }
  for (const key of Object.keys(env)) if (env[key]?.trim() === "") delete env[key];
}
