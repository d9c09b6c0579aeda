/**
 * The logger as the bot builds it (src/log.ts), in a process of its own since it writes to stdout:
 * JSON lines in production, readable lines for a person in development; the table id as `tableId`;
 * neither the bot token nor an interaction token ever written. (The crash suite checks the real
 * bot's own log the same way.)
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { checkLogLines } from "./logs.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789AB";
const INTERACTION = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmFiY2RlZg";
const DB_PASSWORD = "s3cret-Pa55word";

function run(format: "json" | "pretty"): string {
  const script = `
    const { createLogger } = await import("./src/log.ts");
    const root = createLogger({ format: "${format}", level: "info" });
    const log = root.child({ part: "table" });
    log.info({ table: "t1abc", seat: 2 }, "game started");
    const err = Object.assign(new Error("Unknown interaction"), { url: "https://discord.com/api/v10/webhooks/123/${INTERACTION}/messages/@original", requestBody: { json: { content: "Your hand: Q♠" } } });
    log.error({ table: "t1abc", err }, "could not answer an interaction");
    root.warn({ config: { token: process.env.DISCORD_TOKEN } }, "starting with " + process.env.DISCORD_TOKEN + " on " + process.env.DATABASE_URL);
    await new Promise((r) => setTimeout(r, 300));
  `;
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, env: { ...process.env, DISCORD_TOKEN: TOKEN, DATABASE_URL: `postgresql://hearts:${DB_PASSWORD}@db.example:5432/hearts`, FORCE_COLOR: "0" }, encoding: "utf8" });
}

it("JSON in production: every line parses, table events carry tableId, no token of any kind", () => {
  const out = run("json");
  const lines = out.trim().split("\n");
  expect(lines).toHaveLength(3);
  const r = checkLogLines(lines, { secrets: [TOKEN, INTERACTION, DB_PASSWORD] });
  expect(r.unparsable).toEqual([]);
  expect(r.withoutTableId).toEqual([]);
  expect(r.tableEvents).toBe(2);
  expect(r.secretHits).toEqual([]);
  expect(out).not.toContain("Q♠");
}, 20_000);

it("readable in development: one line per event with its level, time and table id, no token", () => {
  const out = run("pretty");
  expect(out).toMatch(/\[\d\d:\d\d:\d\d\] INFO: game started/);
  expect(out).toMatch(/ERROR: could not answer an interaction/);
  expect(out).toContain('tableId: "t1abc"');
  expect(out).not.toContain(TOKEN);
  expect(out).not.toContain(INTERACTION);
  expect(out).not.toContain(DB_PASSWORD);
  expect(out, "the rest of the URL is still there to read").toContain("db.example:5432/hearts");
}, 20_000);
