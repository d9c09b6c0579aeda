/**
 * Logging: pino, JSON lines for production, pretty for a person at a terminal. One line per table
 * event and per error, always with the table id (`tableId`); secrets never reach the output.
 *
 * Secrets are kept out twice: known fields are redacted, and every line is scrubbed as it is
 * written, of every secret the configuration holds (SECRET_SETTINGS: the bot token, the OAuth2
 * client secret, DAILY_SALT, the REST proxy's secret; and `secrets`), of DATABASE_URL's password and the
 * password of any other URL, whatever their length, and of interaction tokens inside webhook and
 * interaction URLs (an error from Discord's REST client carries its URL, and an interaction token
 * lets anyone post as the bot for 15 minutes).
 */
import { createRequire } from "node:module";
import { pino, type Logger } from "pino";

export type { Logger };

/** /webhooks/<app>/<token> and /interactions/<id>/<token>: the token part. */
const URL_TOKEN = /(\/(?:webhooks|interactions)\/\d+\/)[A-Za-z0-9_.-]{8,}/g;

/**
 * The password of any `scheme://user:password@host` in a line, whatever its length, configured or
 * not. It ends at the last `@` before a space, quote, slash, `?` or `#`, so a raw `@` in it is covered.
 */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s"'/?#:@]*):[^\s"'/?#]*@/gi;

/** The settings that hold a secret, scrubbed from every line wherever they appear (the database's password is DATABASE_URL's). */
export const SECRET_SETTINGS = ["DISCORD_TOKEN", "DISCORD_CLIENT_SECRET", "DAILY_SALT", "REST_PROXY_SECRET"] as const;

/** A password scrubbed anywhere it appears; shorter ones only inside a URL, or every "a" would go. */
const SCRUB_ANYWHERE = 8;

/** How a string appears inside a JSON line (pino writes one): quotes and backslashes escaped. */
const asJson = (s: string): string => JSON.stringify(s).slice(1, -1);

const splitJoin = (line: string, what: string, by: string): string => (line.includes(what) ? line.split(what).join(by) : line);

/**
 * Replaces every secret in a written line: `secrets` (the bot token) wherever they appear, whatever
 * their length; `passwords` (DATABASE_URL's) in their URL (`:password@`) whatever their length, and
 * anywhere once they are long enough not to be an ordinary word; any URL's password; interaction
 * tokens in webhook and interaction URLs.
 */
export function scrubber(secrets: string[], passwords: string[] = []): (line: string) => string {
  const forms = (list: string[]) => [...new Set(list.filter(Boolean).flatMap((s) => [s, asJson(s)]))].sort((a, b) => b.length - a.length);
  const tokens = forms(secrets);
  const pw = forms(passwords);
  const long = pw.filter((p) => p.length >= SCRUB_ANYWHERE);
  return (line) => {
    let out = line;
    // Configured passwords first, in their URL: a `/` or quote in one would stop URL_PASSWORD early.
    for (const p of pw) out = splitJoin(out, `:${p}@`, ":[redacted]@");
    out = out.replace(URL_PASSWORD, "$1:[redacted]@").replace(URL_TOKEN, "$1[redacted]");
    for (const s of [...tokens, ...long]) out = splitJoin(out, s, "[redacted]");
    return out;
  };
}

/** The password in a database URL (postgresql://user:password@host/db), as written and decoded. */
export function urlPassword(url: string | undefined): string[] {
  let password: string;
  try {
    password = url ? new URL(url).password : "";
  } catch {
    return [];
  }
  if (!password) return [];
  try {
    return [password, decodeURIComponent(password)];
  } catch {
    return [password]; // a malformed %-escape: scrub it as written
  }
}

/** pino-pretty is a development tool: a production install (npm ci --omit=dev) has none, and logs JSON. */
function hasPretty(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

export function createLogger(opts: { level?: string; format?: "pretty" | "json"; secrets?: string[] } = {}): Logger {
  const level = opts.level ?? "info";
  const redact = {
    paths: [
      "token",
      "*.token",
      "config.token",
      "password",
      "*.password",
      "headers.authorization",
      "*.headers.authorization",
      "err.requestBody",
      "*.requestBody",
    ],
    censor: "[redacted]",
  };
  // As written and as read (settings are trimmed); a configured secret shorter than a token is refused at start anyway.
  const configured = SECRET_SETTINGS.flatMap((k) => [process.env[k] ?? "", process.env[k]?.trim() ?? ""]);
  const scrub = scrubber(
    [...(opts.secrets ?? []), process.env.DISCORD_TOKEN ?? "", ...configured.filter((s) => s.length >= SCRUB_ANYWHERE)],
    urlPassword(process.env.DATABASE_URL),
  );
  const common = {
    level,
    redact,
    // Table events name their table `tableId` wherever they were logged from (the code says `table`).
    formatters: {
      log(obj: Record<string, unknown>) {
        if (typeof obj.table !== "string" || obj.tableId !== undefined) return obj;
        const { table, ...rest } = obj;
        return { tableId: table, ...rest };
      },
    },
    hooks: { streamWrite: scrub },
  };
  if (opts.format === "pretty" && level !== "silent" && hasPretty()) {
    return pino({
      ...common,
      transport: {
        target: "pino-pretty",
        options: { colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" },
      },
    });
  }
  return pino(common);
}

/** A logger that writes nothing (tests, benchmarks). */
export const silentLogger = (): Logger => pino({ level: "silent" });
