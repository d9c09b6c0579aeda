/**
 * `.env.example` is the list of settings: every environment variable the bot, its commands and its
 * scripts read is in it (with its comment), except the few that are not settings, named here with
 * why. A setting added to the code and not to the file fails this test.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { SETTING_LIST } from "../../src/table/settings-table.js";

const ROOT = new URL("../..", import.meta.url).pathname;

/** Read by the code but not settings an operator writes in .env. */
const NOT_SETTINGS: Record<string, string> = {
  ENV_FILE: "chooses the file itself (docs/operators.md, Settings: ENV_FILE=none reads none)",
  NODE_ENV: "the platform's own (production: JSON logs)",
  SHARDING_MANAGER: "set by discord.js for the shard processes it starts",
  SHARD_COUNT: "set by discord.js for the shard processes it starts",
  HEARTS_SQLITE_SYNCHRONOUS: "a benchmark's switch to measure what FULL durability costs, never for production",
  HEARTS_THREADS_FROM_DIST:
    "the test suite's switch: a bot run as TypeScript starts its threads from dist/ (src/paths.ts); a compiled bot never reads it",
  PATH: "the shell's own (npm run lint finds the tools' commands on it)",
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : files(p);
    return /\.(ts|mjs)$/.test(e.name) ? [p] : [];
  });
}

it("lists every environment variable the code reads, each with a comment", () => {
  const read = new Set<string>();
  for (const f of ["src", "commands", "scripts"].flatMap((d) => files(join(ROOT, d)))) {
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/(?:\b(?:text|int)\("|env\.|env\["|process\.env\.)([A-Z][A-Z0-9_]+)/g)) read.add(m[1]);
  }
  // The table settings' variables (TURN_SECONDS, DEFAULT_BOT_LEVEL, ...) are read through their entry.
  for (const s of SETTING_LIST) if (s.env) read.add(s.env);
  expect(read.size).toBeGreaterThan(25);
  const example = readFileSync(join(ROOT, ".env.example"), "utf8");
  const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
  const missing = [...read].filter((v) => !listed.has(v) && !(v in NOT_SETTINGS)).sort();
  expect(missing, "add them to .env.example, one comment each").toEqual([]);
  // Each listed setting has a comment line above it (or above its group).
  const lines = example.split("\n");
  for (const v of listed) {
    let i = lines.findIndex((l) => l.startsWith(`${v}=`)) - 1;
    while (i >= 0 && /^[A-Z][A-Z0-9_]+=/.test(lines[i])) i--;
    expect(lines[i] ?? "", `${v} has no comment`).toMatch(/^#/);
  }
  // And nothing in NOT_SETTINGS is stale.
  for (const v of Object.keys(NOT_SETTINGS)) expect(read.has(v), `${v} is no longer read`).toBe(true);
});
