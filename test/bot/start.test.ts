/** `npm start` as a newcomer meets it: every startup problem is a sentence, never a stack trace. */
import { spawnSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeDiscord } from "../fake-discord/server.js";
import { compiled } from "../ops/compiled.js";

const dir = mkdtempSync(join(tmpdir(), "hearts-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Run from an empty folder so no .env of the developer's is read; the script path is absolute
// (what `npm start` and `npm run deploy-commands` run: dist/, ../ops/compiled.ts).
const main = compiled("src/app/main.ts");
const deploy = compiled("commands/deploy.ts");
const baseEnv = {
  PATH: process.env.PATH ?? "",
  HOME: dir,
  DATABASE_URL: `file:${join(dir, "hearts.db")}`,
  LOG_FORMAT: "json",
  LOG_LEVEL: "warn",
};

describe("npm start", () => {
  it("without a token, says what to do and points to npm run play", () => {
    const r = spawnSync(process.execPath, main, { cwd: dir, env: baseEnv, encoding: "utf8", timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("DISCORD_TOKEN is not set");
    expect(r.stderr).toContain("npm run play");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("with a token Discord refuses, says so instead of a stack trace", async () => {
    const fake = await startFakeDiscord();
    try {
      const child = spawn(process.execPath, main, {
        cwd: dir,
        env: {
          ...baseEnv,
          DISCORD_TOKEN: "MTAwMDAwMDAwMDAwMDAwMDAx.GAAAAA.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
          DISCORD_API_BASE: fake.apiBase,
        },
      });
      let stderr = "";
      child.stderr.on("data", (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(stderr).toContain("Discord refused the token in DISCORD_TOKEN");
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      await fake.close();
    }
  }, 40_000);
});

describe("npm run deploy-commands", () => {
  it("registers /hearts in the guild, with its subcommands and French descriptions", async () => {
    const fake = await startFakeDiscord();
    try {
      const child = spawn(process.execPath, deploy, {
        cwd: dir,
        env: {
          ...baseEnv,
          DISCORD_TOKEN: fake.token,
          DISCORD_CLIENT_ID: fake.applicationId,
          GUILD_ID: fake.guildId,
          DISCORD_API_BASE: fake.apiBase,
        },
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      expect(await new Promise((resolve) => child.on("exit", resolve))).toBe(0);
      expect(out).toContain(`Registered 1 command (/hearts) in server ${fake.guildId}`);
      const [hearts] = fake.commands.get(fake.guildId) ?? [];
      expect(hearts.name).toBe("hearts");
      expect(hearts.options.map((o: { name: string }) => o.name)).toEqual([
        "new",
        "join",
        "leave",
        "start",
        "end",
        "kick",
        "hand",
        "deck",
        "rules",
        "scores",
        "hint",
        "leaderboard",
        "daily",
        "review",
        "stats",
        "tournament",
        "season",
        "settings",
        "privacy",
      ]);
      expect(hearts.description_localizations?.fr).toBeTruthy();
      expect(fake.violations).toEqual([]);
    } finally {
      await fake.close();
    }
  }, 40_000);

  it("explains, instead of failing with Discord's code, when Activities are on in the portal but the Activity is not configured", async () => {
    const fake = await startFakeDiscord({ activities: true });
    try {
      const child = spawn(process.execPath, deploy, {
        cwd: dir,
        env: { ...baseEnv, DISCORD_TOKEN: fake.token, DISCORD_CLIENT_ID: fake.applicationId, DISCORD_API_BASE: fake.apiBase },
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      expect(await new Promise((resolve) => child.on("exit", resolve))).toBe(1);
      expect(out).toContain("this application has Activities turned on in the Developer Portal");
      expect(out).toContain("DISCORD_CLIENT_SECRET and ACTIVITY_URL");
      expect(out).not.toMatch(/\n\s+at .*\(/);
    } finally {
      await fake.close();
    }
  }, 40_000);
});
