/**
 * Discord's error codes the bot reacts to, and the one place a failed channel request is logged:
 * a missing permission once per table and problem (the log says what to fix), anything else each
 * time. What was warned about is forgotten with the table.
 */
import { DiscordAPIError } from "discord.js";
import type { Logger } from "../../log.js";
import type { TableRecord } from "../../table/records.js";

export const UNKNOWN_CHANNEL = 10003;
export const UNKNOWN_MESSAGE = 10008;
export const MISSING_ACCESS = 50001;
export const MISSING_PERMISSIONS = 50013;

export const errorCode = (err: unknown): number | string | undefined => (err instanceof DiscordAPIError ? err.code : undefined);
export const errText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export class RequestFailures {
  /** Per table: the (request, code) pairs already warned about. */
  private readonly warned = new Map<string, Set<string>>();
  /**
   * The bot is stopping (its client logs out): a request still on its way fails for that reason
   * alone, which is no error; what it would have shown is brought up to date at the next start.
   */
  stopping = false;

  constructor(private readonly log: Logger) {}

  report(record: TableRecord, err: unknown, what: string): void {
    const code = errorCode(err);
    if (code === MISSING_PERMISSIONS || code === MISSING_ACCESS) {
      let seen = this.warned.get(record.id);
      if (!seen) this.warned.set(record.id, (seen = new Set()));
      const key = `${what}:${code}`;
      if (seen.has(key)) return;
      seen.add(key);
      this.log.warn(
        { table: record.id, channel: record.threadId ?? record.channelId, code, what },
        "missing permission: the bot needs View Channel, Send Messages, Send Messages in Threads, Embed Links, Attach Files and Create Public Threads here",
      );
      return;
    }
    if (this.stopping) this.log.info({ table: record.id, what, err: errText(err) }, "Discord request left undone: the bot is stopping");
    else this.log.error({ table: record.id, code, what, err: errText(err) }, "Discord request failed");
  }

  forget(tableId: string): void {
    this.warned.delete(tableId);
  }
}

/** Work nobody awaits: its failure is logged with the table, never left unhandled. */
export function inBackground(log: Logger, tableId: string, what: string, work: Promise<unknown>): void {
  work.catch((err: unknown) => log.error({ table: tableId, err: errText(err) }, `${what} failed`));
}
