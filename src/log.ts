/**
 * Logging: pino, JSON lines for production, pretty for a person at a terminal. One line per table
 * event and per error, always with the table id; the token is redacted wherever it might appear.
 */
import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(opts: { level?: string; format?: "pretty" | "json" } = {}): Logger {
  const level = opts.level ?? "info";
  const redact = { paths: ["token", "*.token", "config.token", "headers.authorization", "*.headers.authorization"], censor: "[redacted]" };
  if (opts.format === "pretty" && level !== "silent") {
    return pino({ level, redact, transport: { target: "pino-pretty", options: { colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } });
  }
  return pino({ level, redact });
}

/** A logger that writes nothing (tests, benchmarks). */
export const silentLogger = (): Logger => pino({ level: "silent" });
