/**
 * Configuration from the environment (and a .env file through dotenv). Every problem becomes a
 * sentence for the person starting the bot, never a stack trace.
 */
import type { TableSettings } from "./table/records.js";
import { SETTING_LIST, defaultSettings } from "./table/settings-table.js";
import { BETWEEN_ROUNDS_MS } from "./table/tournament/api.js";

export interface Config {
  token: string;
  clientId: string | null;
  guildId: string | null;
  databaseUrl: string;
  /** REST base such as "http://127.0.0.1:4000/api" (the tests' fake Discord); null = discord.com. */
  apiBase: string | null;
  /**
   * DISCORD_REST_PROXY: an HTTP proxy (`npm run rest-proxy`, @discordjs/proxy) every shard on every
   * machine sends its REST requests through, so they share Discord's global budget of 50 requests a
   * second; null: each process talks to Discord (or DISCORD_API_BASE) and takes a fixed share.
   */
  restProxy: string | null;
  /** REST_PROXY_SECRET: what the bot presents to its REST proxy (required with DISCORD_REST_PROXY). */
  restProxySecret: string | null;
  logLevel: string;
  /** "pretty" for people at a terminal, "json" for log collectors. */
  logFormat: "pretty" | "json";
  /** Pause before a computer player acts, so people can follow the game. */
  botDelayMs: number;
  /** A lobby nobody starts is closed after this long. */
  lobbyTimeoutMs: number;
  /** Consecutive turn timeouts after which a computer player keeps the seat until its owner rejoins. */
  maxTimeouts: number;
  /** Open tables one server may have at once (MAX_TABLES_PER_SERVER). */
  maxTablesPerGuild: number;
  /**
   * Interactions per person and per server in 5 s (RATE_LIMIT_PER_USER, RATE_LIMIT_PER_SERVER), and
   * seconds between two tables opened by one person (TABLE_COOLDOWN_SECONDS); 0 = no limit.
   */
  rateLimits: { perUser: number; perGuild: number; openCooldownS: number };
  /** Minimum gap between two edits of one table message (Discord rate-limits edits per channel). */
  tableEditIntervalMs: number;
  /** TOURNAMENT_BREAK_SECONDS: the pause between a tournament's rounds (its standings read, a drink fetched), in ms. */
  tournamentBreakMs: number;
  defaults: TableSettings;
  /**
   * SHARDS: null runs one process (the default); a number or "auto" (Discord's recommended count)
   * runs discord.js's ShardingManager with one process per shard.
   */
  shards: number | "auto" | null;
  /** With SHARDS=n: the shards this machine runs (SHARD_IDS), the others run elsewhere; null = all. */
  shardIds: number[] | null;
  /**
   * DAILY_SALT: the secret the daily challenge's deals are derived from. Unset: one is generated
   * at the first daily and kept in the database, so the deals are never computable from the repo.
   */
  dailySalt: string | null;
  /** DAILY_BOT_SAMPLES: worlds per computer decision in the daily (a fixed count, never a time budget). */
  dailyBotSamples: number;
  /** REVIEW_SAMPLES: worlds per reviewed decision in /hearts review (more: steadier costs, slower reviews). */
  reviewSamples: number;
  /**
   * METRICS_PORT and METRICS_HOST: /healthz, /readyz and /metrics (src/ops) on this port, one per
   * machine (with SHARDS, in the manager's process); null = off. The host is 127.0.0.1 unless set.
   */
  metrics: { port: number; host: string } | null;
  /**
   * The table as a Discord Activity (src/activity): its web server, on only when DISCORD_CLIENT_SECRET,
   * DISCORD_CLIENT_ID and ACTIVITY_URL are set; null = off (no web server, no Open the table button).
   */
  activity: ActivityConfig | null;
}

export interface ActivityConfig {
  /** The OAuth2 client secret: exchanges the Activity's authorize code for the person's identity. Never logged. */
  clientSecret: string;
  /** The public HTTPS address the Developer Portal's URL mapping points at this web server (for the README and logs). */
  publicUrl: string;
  /** Where the web server listens: 127.0.0.1 unless ACTIVITY_HOST says otherwise (behind a TLS proxy). */
  host: string;
  /** ACTIVITY_PORT; 0 picks a free port (tests). */
  port: number;
}

/** Most shard processes SHARDS may ask for on one machine (Discord needs one per 2,500 servers). */
export const MAX_SHARDS = 1024;

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** The table settings' defaults (src/table/settings-table.ts), before the environment's. */
export const DEFAULT_SETTINGS: Readonly<TableSettings> = Object.freeze(defaultSettings());

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Reads the configuration; `requireToken: false` for tools that never log in (tests build their own). */
export function readConfig(env: NodeJS.ProcessEnv = process.env, opts: { requireToken?: boolean } = {}): ConfigResult {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const v = env[name]?.trim();
    return v ? v : null;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const v = text(name);
    if (v === null) return fallback;
    if (!/^\d+$/.test(v) || +v < min || +v > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (it is "${v}").`);
      return fallback;
    }
    return +v;
  };

  const token = text("DISCORD_TOKEN");
  const apiBaseSet = !!text("DISCORD_API_BASE");
  if (opts.requireToken !== false) {
    if (!token || token === "your-bot-token") problems.push(MISSING_TOKEN);
    // The shape check helps with Discord's own tokens; another API (the tests' fake) has its own.
    else if (!apiBaseSet && !looksLikeToken(token)) problems.push(BAD_TOKEN);
  }
  const clientId = text("DISCORD_CLIENT_ID");
  if (clientId && !/^\d{15,22}$/.test(clientId))
    problems.push(`DISCORD_CLIENT_ID should be the application's numeric id (it is "${clientId}").`);
  const guildId = text("GUILD_ID");
  if (guildId && !/^\d{15,22}$/.test(guildId))
    problems.push(`GUILD_ID should be a server's numeric id, or be left empty (it is "${guildId}").`);
  const apiBase = text("DISCORD_API_BASE");
  if (apiBase && !/^https?:\/\/\S+$/.test(apiBase))
    problems.push(`DISCORD_API_BASE should be an http(s) URL such as http://127.0.0.1:4000/api (it is "${apiBase}").`);

  const restProxyText = text("DISCORD_REST_PROXY");
  // The proxy serves Discord's paths under /api, as Discord does: a bare host gets it added.
  const restProxy = restProxyText?.replace(/\/+$/, "").replace(/^(https?:\/\/[^/]+)$/, "$1/api") ?? null;
  if (restProxy && !/^https?:\/\/\S+$/.test(restProxy))
    problems.push(`DISCORD_REST_PROXY should be the URL of the REST proxy, such as http://127.0.0.1:8080/api (it is "${restProxy}").`);
  const restProxySecret = text("REST_PROXY_SECRET");
  if (restProxy && !restProxySecret)
    problems.push(
      "DISCORD_REST_PROXY needs REST_PROXY_SECRET: the secret the REST proxy was started with (the proxy refuses callers without it).",
    );

  const logLevel = (text("LOG_LEVEL") ?? "info").toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (it is "${logLevel}").`);
  const format = text("LOG_FORMAT") ?? (env.NODE_ENV === "production" ? "json" : "pretty");
  if (format !== "json" && format !== "pretty") problems.push(`LOG_FORMAT must be json or pretty (it is "${format}").`);

  // In a shard process discord.js's ShardingManager sets SHARDS to that shard's id (and
  // SHARDING_MANAGER): it is not the setting there, so it is read in the manager only.
  let shards: Config["shards"] = null;
  const shardsText = env.SHARDING_MANAGER ? null : text("SHARDS")?.toLowerCase();
  if (shardsText === "auto") shards = "auto";
  else if (shardsText) {
    if (/^\d+$/.test(shardsText) && +shardsText >= 1 && +shardsText <= MAX_SHARDS) shards = +shardsText;
    else
      problems.push(
        `SHARDS must be a number of shard processes from 1 to ${MAX_SHARDS}, or auto for the count Discord recommends, or be left empty to run one process (it is "${shardsText}").`,
      );
  }

  let shardIds: number[] | null = null;
  const idsText = env.SHARDING_MANAGER ? null : text("SHARD_IDS");
  if (idsText) {
    if (typeof shards !== "number")
      problems.push(
        `SHARD_IDS needs SHARDS set to the total number of shards over all machines (a number, not auto, so every machine counts the same).`,
      );
    else {
      const ids = parseShardIds(idsText, shards);
      if (typeof ids === "string") problems.push(ids);
      else shardIds = ids;
    }
  }

  const metricsPort = text("METRICS_PORT") === null ? null : int("METRICS_PORT", 0, 1, 65_535);
  const metricsHost = text("METRICS_HOST") ?? "127.0.0.1";
  if (/[\s/]/.test(metricsHost))
    problems.push(`METRICS_HOST should be an address to listen on, such as 127.0.0.1 or 0.0.0.0 (it is "${metricsHost}").`);
  const clientSecret = text("DISCORD_CLIENT_SECRET");
  const publicUrl = text("ACTIVITY_URL");
  if (publicUrl && !/^https?:\/\/\S+$/.test(publicUrl))
    problems.push(
      `ACTIVITY_URL should be the https address Discord's URL mapping points at, such as https://hearts.example.org (it is "${publicUrl}").`,
    );
  if (clientSecret && publicUrl && !clientId)
    problems.push(
      "The Activity needs DISCORD_CLIENT_ID too (the application's id, for the sign-in exchange), or leave DISCORD_CLIENT_SECRET empty.",
    );
  const activityPort = int("ACTIVITY_PORT", 8787, 0, 65_535);
  const activityHost = text("ACTIVITY_HOST") ?? "127.0.0.1";

  // Each table setting with an environment variable (TURN_SECONDS, DEFAULT_BOT_LEVEL, ...) moves the bot's default.
  const defaults: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const s of SETTING_LIST) {
    if (!s.env) continue;
    if (s.kind === "integer") defaults[s.key] = int(s.env, s.default as number, s.min, s.max);
    else if (s.kind === "choice") {
      const v = text(s.env);
      if (v !== null && s.check(v).ok) defaults[s.key] = v;
      else if (v !== null) problems.push(`${s.env} must be ${s.values.slice(0, -1).join(", ")} or ${s.values.at(-1)} (it is "${v}").`);
    }
  }

  const config: Config = {
    token: token ?? "",
    clientId,
    guildId,
    databaseUrl: text("DATABASE_URL") ?? "file:./data/hearts.db",
    apiBase,
    restProxy,
    restProxySecret,
    logLevel,
    logFormat: format === "json" ? "json" : "pretty",
    botDelayMs: int("BOT_DELAY_MS", 900, 0, 60_000),
    lobbyTimeoutMs: int("LOBBY_TIMEOUT_MINUTES", 30, 1, 7 * 24 * 60) * 60_000,
    maxTimeouts: int("MAX_TIMEOUTS", 2, 1, 100),
    maxTablesPerGuild: int("MAX_TABLES_PER_SERVER", 10, 1, 1000),
    rateLimits: {
      perUser: int("RATE_LIMIT_PER_USER", 12, 0, 10_000),
      perGuild: int("RATE_LIMIT_PER_SERVER", 300, 0, 1_000_000),
      openCooldownS: int("TABLE_COOLDOWN_SECONDS", 10, 0, 3600),
    },
    tableEditIntervalMs: int("TABLE_EDIT_INTERVAL_MS", 1500, 0, 60_000),
    tournamentBreakMs: int("TOURNAMENT_BREAK_SECONDS", BETWEEN_ROUNDS_MS / 1000, 0, 3600) * 1000,
    shards,
    shardIds,
    dailySalt: dailySaltOf(text("DAILY_SALT"), problems),
    dailyBotSamples: int("DAILY_BOT_SAMPLES", 300, 1, 4000),
    reviewSamples: int("REVIEW_SAMPLES", 400, 8, 4000),
    metrics: metricsPort ? { port: metricsPort, host: metricsHost } : null,
    activity: clientSecret && publicUrl && clientId ? { clientSecret, publicUrl, host: activityHost, port: activityPort } : null,
    defaults: defaults as unknown as TableSettings,
  };
  return problems.length ? { ok: false, problems } : { ok: true, config };
}

/** "0-3,8,10-11" → [0, 1, 2, 3, 8, 10, 11], each below `count`; or a sentence saying what is wrong. */
export function parseShardIds(text: string, count: number): number[] | string {
  const ids = new Set<number>();
  for (const part of text.split(",").map((p) => p.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    const from = m ? +m[1] : NaN;
    const to = m?.[2] !== undefined ? +m[2] : from;
    if (!m || to < from) return `SHARD_IDS lists this machine's shards, such as 0-3 or 0,2,4 (it is "${text}").`;
    if (to >= count) return `SHARD_IDS names shard ${to}, but SHARDS=${count} numbers the shards 0 to ${count - 1}.`;
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** A bot token is three base64url parts separated by dots; the first is the bot's id. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$/.test(token);
}

const MISSING_TOKEN = [
  "DISCORD_TOKEN is not set, so the bot cannot log in to Discord.",
  "  1. Create an application at https://discord.com/developers/applications, open Bot and press Reset Token.",
  "  2. Copy .env.example to .env and paste the token after DISCORD_TOKEN= (also set DISCORD_CLIENT_ID).",
  "  3. Run `npm run deploy-commands`, then `npm start` again.",
  'The README\'s "Setting up the Discord application" walks through it, with the invite link.',
  "Just want to try the game? `npm run play` deals you a table in this terminal, no token needed.",
].join("\n");

const BAD_TOKEN = [
  "DISCORD_TOKEN does not look like a bot token (three parts separated by dots).",
  "Copy it again from https://discord.com/developers/applications → your application → Bot → Reset Token;",
  "the Client Secret and the Public Key are different things. `npm run play` works without a token.",
].join("\n");

export const INVALID_TOKEN_HELP = [
  "Discord refused the token in DISCORD_TOKEN (it was reset or mistyped).",
  "Get a new one at https://discord.com/developers/applications → your application → Bot → Reset Token,",
  "put it in .env, and run `npm start` again. `npm run play` plays a game locally without Discord.",
].join("\n");

/**
 * DAILY_SALT must be a random secret of at least 128 bits: every day's deals come from it, and a
 * guessable one (a word, a name) is found from one hand in a fraction of a millisecond. Judged as
 * a random string over its alphabet (hex digits 4 bits a character, base64 6), and refused when its
 * characters are too few or too repetitive for that (the text of `.env.example` shows how to make one).
 */
function dailySaltOf(salt: string | null, problems: string[]): string | null {
  if (salt === null) return null;
  const bitsPerChar = /^[0-9a-fA-F]+$/.test(salt) ? 4 : /^[A-Za-z0-9+/_-]+=*$/.test(salt) ? 6 : 0;
  const counts = new Map<string, number>();
  for (const ch of salt) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  // A random string's characters are spread over its alphabet; "aaaa…" or "abab…" are not.
  const spread = [...counts.values()].reduce((h, n) => h - (n / salt.length) * Math.log2(n / salt.length), 0);
  if (bitsPerChar * salt.replace(/=+$/, "").length < 128 || spread < 3)
    problems.push(
      "DAILY_SALT must be a random secret of at least 128 bits, such as 64 hex digits from `openssl rand -hex 32` (or leave it empty: one is generated and kept in the database).",
    );
  return salt;
}
