/**
 * Each player's latest private menu, reachable through the token of the interaction that last
 * showed it (valid 15 minutes). Writes to one player's menu go one at a time and are built from
 * the latest state when they run, so the last write always shows the current game.
 */
import { DiscordAPIError, Routes, type REST } from "discord.js";
import type { Logger } from "../log.js";
import { SerialQueue } from "../table/queue.js";
import { forRest, type OutMessage } from "./message.js";

/** A little under Discord's 15 minutes, so an edit never races the expiry. */
const TOKEN_LIFE_MS = 14 * 60_000;

interface Slot {
  appId: string | null;
  token: string | null;
  at: number;
  queue: SerialQueue;
}

export class Menus {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly rest: REST,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  private slot(tableId: string, userId: string): Slot {
    const key = `${tableId}:${userId}`;
    let s = this.slots.get(key);
    if (!s) {
      s = { appId: null, token: null, at: 0, queue: new SerialQueue() };
      this.slots.set(key, s);
    }
    return s;
  }

  /** Runs a write to this player's menu after the ones before it. */
  write<T>(tableId: string, userId: string, fn: () => Promise<T>): Promise<T> {
    return this.slot(tableId, userId).queue.run(fn);
  }

  remember(tableId: string, userId: string, appId: string, token: string): void {
    const s = this.slot(tableId, userId);
    s.appId = appId;
    s.token = token;
    s.at = this.now();
  }

  hasFresh(tableId: string, userId: string): boolean {
    const s = this.slots.get(`${tableId}:${userId}`);
    return !!s?.token && this.now() - s.at < TOKEN_LIFE_MS;
  }

  /** Rewrites the player's open menu, if its token is still valid; `build` runs at write time. */
  refresh(tableId: string, userId: string, build: () => OutMessage | null): void {
    if (!this.hasFresh(tableId, userId)) return;
    const s = this.slot(tableId, userId);
    void s.queue.run(async () => {
      if (!s.token || !s.appId || this.now() - s.at >= TOKEN_LIFE_MS) return;
      const msg = build();
      if (!msg) return;
      const { body, files } = forRest(msg, { edit: true });
      try {
        await this.rest.patch(Routes.webhookMessage(s.appId, s.token, "@original"), { body, files, auth: false });
      } catch (err) {
        // The player dismissed the message or the token died: they reopen it with My hand.
        const code = err instanceof DiscordAPIError ? err.code : undefined;
        this.log.debug({ table: tableId, code, err: err instanceof Error ? err.message : String(err) }, "could not refresh a private menu");
        s.token = null;
      }
    });
  }

  forgetTable(tableId: string): void {
    for (const key of this.slots.keys()) if (key.startsWith(`${tableId}:`)) this.slots.delete(key);
  }

  get size(): number {
    return this.slots.size;
  }
}
