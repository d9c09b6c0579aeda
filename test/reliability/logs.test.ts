/**
 * The logger as the bot builds it (src/log.ts), in a process of its own since it writes to stdout:
 * JSON lines in production, readable lines for a person in development; the table id as `tableId`;
 * neither the bot token nor an interaction token ever written. (The crash suite checks the real
 * bot's own log the same way.)
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scrubber, urlPassword } from "../../src/log.js";
import { checkLogLines } from "./logs.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789AB";
const INTERACTION = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmFiY2RlZg";
const DB_PASSWORD = "s3cret-Pa55word";

function run(
  format: "json" | "pretty",
  databaseUrl = `postgresql://hearts:${DB_PASSWORD}@db.example:5432/hearts`,
  more: Record<string, string> = {},
): string {
  const script = `
    const { createLogger } = await import("./src/log.ts");
    const root = createLogger({ format: "${format}", level: "info" });
    const log = root.child({ part: "table" });
    log.info({ table: "t1abc", seat: 2 }, "game started");
    const err = Object.assign(new Error("Unknown interaction"), { url: "https://discord.com/api/v10/webhooks/123/${INTERACTION}/messages/@original", requestBody: { json: { content: "Your hand: Q♠" } } });
    log.error({ table: "t1abc", err }, "could not answer an interaction");
    root.warn({ config: { token: process.env.DISCORD_TOKEN } }, "starting with " + process.env.DISCORD_TOKEN + " on " + process.env.DATABASE_URL);
    root.warn({ cache: "redis://cache:pw@cache.example:6379" }, "cache unreachable");
    if (process.env.DAILY_SALT) root.warn({ oauth: { client_secret: process.env.DISCORD_CLIENT_SECRET }, salt: process.env.DAILY_SALT.trim() }, "configured with proxy secret " + process.env.REST_PROXY_SECRET);
    await new Promise((r) => setTimeout(r, 300));
  `;
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    env: { ...process.env, DISCORD_TOKEN: TOKEN, DATABASE_URL: databaseUrl, FORCE_COLOR: "0", ...more },
    encoding: "utf8",
  });
}

it("JSON in production: every line parses, table events carry tableId, no token of any kind", () => {
  const out = run("json");
  const lines = out.trim().split("\n");
  expect(lines).toHaveLength(4);
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

it("a one-character DATABASE_URL password and another URL's password are redacted, the rest of the line kept", () => {
  const out = run("json", "postgresql://hearts:x@db.example:5432/hearts");
  expect(out).toContain("postgresql://hearts:[redacted]@db.example:5432/hearts");
  expect(out).not.toContain(":x@");
  expect(out).toContain("redis://cache:[redacted]@cache.example:6379");
  expect(out).not.toContain(":pw@");
  expect(out, "a short password is not scrubbed out of ordinary words").toContain("could not answer an interaction");
  expect(out).not.toContain(TOKEN);
}, 20_000);

it("every secret the configuration holds is redacted: the OAuth2 client secret, DAILY_SALT and the REST proxy's secret", () => {
  const secrets = {
    DISCORD_CLIENT_SECRET: "Xq7-client-secret-Vb93kLm2",
    DAILY_SALT: " 3f9c2a7be1d04f6a8b5c9e2d7a1f0c3b5e8d1a2f4c6b9e0d3a7f1c5b8e2d4a6f ",
    REST_PROXY_SECRET: "9b1e4c7a2d5f8e0b3c6a9d2e5f8b1c4a",
  };
  const out = run("json", undefined, secrets);
  const r = checkLogLines(out.trim().split("\n"), { secrets: Object.values(secrets).map((s) => s.trim()) });
  expect(r.unparsable).toEqual([]);
  expect(r.secretHits).toEqual([]);
  expect(out).toContain("configured with proxy secret [redacted]");
}, 20_000);

describe("scrubber", () => {
  const scrub = scrubber(["tok"], urlPassword("postgresql://hearts:p%40ss@db.example/hearts"));

  it("the token goes wherever it appears, whatever its length", () => {
    expect(scrub("Bot tok; auth=tok")).toBe("Bot [redacted]; auth=[redacted]");
    expect(scrubber(["T"])("T")).toBe("[redacted]");
  });

  it("the configured password goes in its URL, as written and decoded, but a short one not out of words", () => {
    expect(scrub("on postgresql://hearts:p%40ss@db.example/hearts")).toBe("on postgresql://hearts:[redacted]@db.example/hearts");
    expect(scrub("ssh user:p@ss@host")).toBe("ssh user:[redacted]@host");
    expect(scrub("pass the p%40ss word")).toBe("pass the p%40ss word");
  });

  it("any URL's password goes, however short, and an @ written raw in it does not cut it short", () => {
    const none = scrubber([]);
    expect(none("postgresql://u:a@h/db")).toBe("postgresql://u:[redacted]@h/db");
    expect(none("postgresql://u:@h/db")).toBe("postgresql://u:[redacted]@h/db");
    expect(none('{"msg":"x","url":"mysql://root:p@ss@db:3306/x"}')).toBe('{"msg":"x","url":"mysql://root:[redacted]@db:3306/x"}');
    expect(none("a https://u:1@h and amqp://guest:guest@rabbit")).toBe("a https://u:[redacted]@h and amqp://guest:[redacted]@rabbit");
  });

  it("leaves URLs without a password alone: ports, paths with @, users without a password", () => {
    const none = scrubber([]);
    for (const line of [
      "https://discord.com:443/api/users/@me",
      "postgresql://hearts@db/hearts",
      "file:./data/hearts.db",
      "https://x.example/@original",
    ])
      expect(none(line)).toBe(line);
  });

  it("a password pino escapes in its JSON line is found as written there", () => {
    const q = scrubber([], ['a"b\\c']);
    expect(q(JSON.stringify({ msg: 'db at postgresql://u:a"b\\c@h/x' }))).toBe(
      JSON.stringify({ msg: "db at postgresql://u:[redacted]@h/x" }),
    );
  });

  it("urlPassword reads the password as written and decoded, and keeps a malformed escape as written", () => {
    expect(urlPassword("postgresql://u:p%40ss@h/db")).toEqual(["p%40ss", "p@ss"]);
    expect(urlPassword("postgresql://u:100%@h/db")).toEqual(["100%"]);
    expect(urlPassword("postgresql://u@h/db")).toEqual([]);
    expect(urlPassword("not a url")).toEqual([]);
  });
});
