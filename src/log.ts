/**
 * Logging: pino, JSON lines for production, pretty for a person at a terminal. One line per table
 * event and per error, always with the table id (`tableId`); secrets never reach the output.
 *
 * Secrets are kept out twice: known fields are redacted, and every line is scrubbed as it is
 * written, of the bot token (DISCORD_TOKEN, or `secrets`), of DATABASE_URL's password, and of interaction tokens inside
 * webhook and interaction URLs (an error from Discord's REST client carries its URL, and an
 * interaction token lets anyone post as the bot for 15 minutes).
 */
import { pino, type Logger } from "pino";

export type { Logger };

/** /webhooks/<app>/<token> and /interactions/<id>/<token>: the token part. */
const URL_TOKEN = /(\/(?:webhooks|interactions)\/\d+\/)[A-Za-z0-9_.-]{8,}/g;

/** Replaces every secret in a written line. */
export function scrubber(secrets: string[]): (line: string) => string {
  const known = [...new Set(secrets.filter((s) => s && s.length >= 8))];
  return (line) => {
    let out = line.replace(URL_TOKEN, "$1[redacted]");
    for (const s of known) if (out.includes(s)) out = out.split(s).join("[redacted]");
    return out;
  };
}

/** The password in a database URL (postgresql://user:password@host/db), as written and decoded. */
function urlPassword(url: string | undefined): string[] {
  try {
    const password = url ? new URL(url).password : "";
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

export function createLogger(opts: { level?: string; format?: "pretty" | "json"; secrets?: string[] } = {}): Logger {
  const level = opts.level ?? "info";
  const redact = {
    paths: ["token", "*.token", "config.token", "headers.authorization", "*.headers.authorization", "err.requestBody", "*.requestBody"],
    censor: "[redacted]",
  };
  const scrub = scrubber([...(opts.secrets ?? []), process.env.DISCORD_TOKEN ?? "", ...urlPassword(process.env.DATABASE_URL)]);
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
  if (opts.format === "pretty" && level !== "silent") {
    return pino({ ...common, transport: { target: "pino-pretty", options: { colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } });
  }
  return pino(common);
}

/** A logger that writes nothing (tests, benchmarks). */
export const silentLogger = (): Logger => pino({ level: "silent" });
