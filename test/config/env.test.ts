/** The .env loader: empty variables count as unset, for us and for the libraries that read them. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, GatewayIntentBits } from "discord.js";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.js";
import { envFile, loadEnv } from "../../src/env.js";

const dir = mkdtempSync(join(tmpdir(), "hearts-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileWith(text: string): string {
  const f = join(dir, `env-${Math.random().toString(36).slice(2)}`);
  writeFileSync(f, text);
  return f;
}

describe("loadEnv", () => {
  it("leaves out what .env.example leaves empty, so discord.js does not JSON-parse an empty SHARDS", () => {
    const env: NodeJS.ProcessEnv = { ENV_FILE: fileWith("DISCORD_TOKEN=abc\nSHARDS=\nSHARD_COUNT=\nGUILD_ID=   \nLOG_LEVEL=info\n") };
    loadEnv(env);
    expect(env).toEqual({ ENV_FILE: env.ENV_FILE, DISCORD_TOKEN: "abc", LOG_LEVEL: "info" });
  });

  it("reads .env.example as shipped, with only a token pasted in, as every setting's default", () => {
    const example = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
    const env: NodeJS.ProcessEnv = {
      ENV_FILE: fileWith(
        example.replace(/^DISCORD_TOKEN=$/m, "DISCORD_TOKEN=OTAwMDAwMDAwMDAwMDAwMDAx.GhEaRt.a-token-that-is-never-used-for-real-xx"),
      ),
    };
    loadEnv(env);
    const r = readConfig(env);
    if (!r.ok) throw new Error(r.problems.join("\n"));
    // Every variable the file leaves empty reads as unset: no empty guild, shard list, API base or salt.
    expect(r.config).toMatchObject({
      guildId: null,
      clientId: null,
      shards: null,
      shardIds: null,
      apiBase: null,
      restProxy: null,
      dailySalt: null,
    });
    expect(r.config.metrics).toBeNull(); // METRICS_PORT= : no port opened
    for (const [key, value] of Object.entries(env)) expect(value, key).not.toBe("");
  });

  it("is what keeps new Client() from throwing on the empty SHARDS that dotenv would set", () => {
    const client = () => new Client({ intents: [GatewayIntentBits.Guilds] }).destroy();
    process.env.SHARDS = "";
    try {
      expect(client).toThrow(/JSON/); // what every newcomer saw
      loadEnv(process.env); // ENV_FILE=none under the tests: only the dropping of empty variables
      expect(process.env.SHARDS).toBeUndefined();
      expect(client).not.toThrow();
    } finally {
      delete process.env.SHARDS;
    }
  });

  it("keeps what the process was given over .env, and drops empty ones from anywhere", () => {
    const env: NodeJS.ProcessEnv = {
      ENV_FILE: fileWith("LOG_LEVEL=info\nBOT_DELAY_MS=900\nTURN_SECONDS=60\n"),
      LOG_LEVEL: "warn",
      TURN_SECONDS: "",
      SHARDS: " ",
    };
    loadEnv(env);
    expect(env.LOG_LEVEL).toBe("warn");
    expect(env.BOT_DELAY_MS).toBe("900");
    expect(env.TURN_SECONDS).toBe("60");
    expect("SHARDS" in env).toBe(false);
  });

  it("skips a file it cannot read with one line, and an absent one silently, keeping the environment's settings", () => {
    const lines: string[] = [];
    // A folder stands for a file this user may not read (root reads any file, so no mode would do here).
    const unreadable: NodeJS.ProcessEnv = { ENV_FILE: dir, DISCORD_TOKEN: "from-systemd", SHARDS: "" };
    loadEnv(unreadable, (l) => lines.push(l));
    expect(unreadable).toEqual({ ENV_FILE: dir, DISCORD_TOKEN: "from-systemd" });
    expect(lines).toEqual([`${dir} is not readable by this user (EISDIR): skipped; the settings come from the environment only.`]);
    const absent: NodeJS.ProcessEnv = { ENV_FILE: join(dir, "no-such-file") };
    loadEnv(absent, (l) => lines.push(l));
    expect(absent).toEqual({ ENV_FILE: join(dir, "no-such-file") });
    expect(lines).toHaveLength(1);
  });

  it("reads no file with ENV_FILE=none, and .env by default", () => {
    const env: NodeJS.ProcessEnv = { ENV_FILE: "none" };
    loadEnv(env);
    expect(env).toEqual({ ENV_FILE: "none" });
    expect(envFile({})).toBe(".env");
    expect(envFile({ ENV_FILE: "none" })).toBeNull();
  });
});

describe("DAILY_SALT", () => {
  const salt = (v: string) => readConfig({ DAILY_SALT: v }, { requireToken: false });
  it("is refused with a sentence when it is guessable: a word, too short, or not random", () => {
    for (const weak of [
      "hearts",
      "my-server-daily-salt",
      "0123456789abcdef",
      "a".repeat(64),
      "ab".repeat(40),
      // Long enough on paper, but words or a pattern.
      "correcthorsebatterystaple",
      "correct-horse-battery-staple-and-a-few-more-words-2024",
      "0123456789abcdef0123456789abcdef",
      "fedcba9876543210fedcba9876543210",
      "3f9c2a7be1d04f6a3f9c2a7be1d04f6a",
    ]) {
      const r = salt(weak);
      expect(!r.ok && r.problems.join(" "), weak).toMatch(/^DAILY_SALT must be a random secret of at least 128 bits/);
    }
  });
  it("is taken when it is random: 32 hex digits or more, or 22 base64 characters or more", () => {
    for (const good of [
      "3f9c2a7be1d04f6a8b5c9e2d7a1f0c3b",
      "3f9c2a7be1d04f6a8b5c9e2d7a1f0c3b5e8d1a2f4c6b9e0d3a7f1c5b8e2d4a6f",
      "q3ZrT8vKx1mN5pL2wY7bQc",
    ]) {
      const r = salt(good);
      expect(r.ok && r.config.dailySalt, good).toBe(good);
    }
  });
  it("takes every random salt as `openssl rand` makes them (16 or 32 bytes, hex or base64): the pattern check refuses none", () => {
    // A seeded stream of bytes (a random salt's shape, the same in every run).
    let x = 0x9e3779b9;
    const byte = () => ((x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) >>> 24) & 0xff;
    for (let i = 0; i < 300; i++) {
      const bytes = Buffer.from(Array.from({ length: i % 2 ? 16 : 32 }, byte));
      for (const good of [bytes.toString("hex"), bytes.toString("base64")]) {
        const r = salt(good);
        expect(r.ok, good).toBe(true);
      }
    }
  });
});

describe("DISCORD_REST_PROXY", () => {
  const read = (v: string, secret: string | null = "a-secret-shared-with-the-proxy") =>
    readConfig({
      DISCORD_TOKEN: "x",
      DISCORD_API_BASE: "http://127.0.0.1:1/api",
      DISCORD_REST_PROXY: v,
      ...(secret ? { REST_PROXY_SECRET: secret } : {}),
    });
  it("is the proxy's URL, with Discord's /api path added to a bare address", () => {
    expect(read("http://127.0.0.1:8080")).toMatchObject({ ok: true, config: { restProxy: "http://127.0.0.1:8080/api" } });
    expect(read("http://127.0.0.1:8080/")).toMatchObject({ ok: true, config: { restProxy: "http://127.0.0.1:8080/api" } });
    expect(read("http://10.0.0.5:8080/api")).toMatchObject({ ok: true, config: { restProxy: "http://10.0.0.5:8080/api" } });
  });
  it("says what is wrong with something that is not a URL", () => {
    const r = read("127.0.0.1:8080");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.join("\n")).toContain("DISCORD_REST_PROXY should be the URL of the REST proxy");
  });
  it("needs the proxy's secret (REST_PROXY_SECRET)", () => {
    const r = read("http://127.0.0.1:8080", null);
    expect(!r.ok && r.problems).toEqual([
      "DISCORD_REST_PROXY needs REST_PROXY_SECRET: the secret the REST proxy was started with (the proxy refuses callers without it).",
    ]);
  });
});

describe("METRICS_PORT and METRICS_HOST", () => {
  it("a port on 127.0.0.1 unless METRICS_HOST says otherwise; a port out of range is a sentence", () => {
    const base = { DISCORD_TOKEN: "t", DISCORD_API_BASE: "http://127.0.0.1:1/api" };
    const on = readConfig({ ...base, METRICS_PORT: "9464" });
    expect(on.ok && on.config.metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    const anywhere = readConfig({ ...base, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" });
    expect(anywhere.ok && anywhere.config.metrics).toEqual({ port: 9464, host: "0.0.0.0" });
    const bad = readConfig({ ...base, METRICS_PORT: "70000" });
    expect(!bad.ok && bad.problems).toEqual(['METRICS_PORT must be a whole number from 1 to 65535 (it is "70000").']);
  });
});
