/**
 * A server's settings (set with /hearts settings) as the rest of the bot uses them: read on every
 * /hearts new, so kept in memory for a short while (one read per server per `ttlMs`, concurrent
 * reads share one query) and replaced as soon as this process changes them. Another shard's
 * process sees a change within `ttlMs`.
 */
import type { GuildSettings, GuildSettingsPatch, Store } from "./store.js";
import type { TableSettings } from "./records.js";
import { overServer } from "./settings-table.js";

/** Retention of closed tables' move logs when a server has not chosen one. */
export const DEFAULT_RETENTION_DAYS = 180;
/** After the bot is removed from a server, its data is kept this long in case it is added back. */
export const DEPARTED_GRACE_DAYS = 30;
/** Most channels a server may list as the places where tables open. */
export const MAX_ALLOWED_CHANNELS = 25;

export class GuildSettingsCache {
  private readonly entries = new Map<string, { at: number; value: Promise<GuildSettings> }>();
  private readonly ttlMs: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(
    private readonly store: Pick<Store, "getGuildSettings" | "updateGuildSettings">,
    opts: { ttlMs?: number; max?: number; now?: () => number } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.max = opts.max ?? 10_000;
    this.now = opts.now ?? Date.now;
  }

  get(guildId: string): Promise<GuildSettings> {
    const hit = this.entries.get(guildId);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    const value = this.store.getGuildSettings(guildId);
    this.put(guildId, value);
    // A failed read is not remembered: the next call asks the store again.
    value.catch(() => {
      if (this.entries.get(guildId)?.value === value) this.entries.delete(guildId);
    });
    return value;
  }

  async update(guildId: string, patch: GuildSettingsPatch): Promise<GuildSettings> {
    this.entries.delete(guildId);
    const next = await this.store.updateGuildSettings(guildId, patch);
    this.put(guildId, Promise.resolve(next));
    return next;
  }

  invalidate(guildId: string): void {
    this.entries.delete(guildId);
  }

  private put(guildId: string, value: Promise<GuildSettings>): void {
    this.entries.delete(guildId);
    this.entries.set(guildId, { at: this.now(), value });
    // Oldest first (insertion order): a bounded map, whatever the number of servers.
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The settings a new table starts with on this server: the bot's defaults, then the server's. */
export function serverDefaults(base: TableSettings, g: GuildSettings): TableSettings {
  return overServer(base, g);
}

/** Open tables the server may have: its own cap, never above the configured ceiling. */
export function tableCapOf(ceiling: number, g: GuildSettings): number {
  return g.tableCap === null ? ceiling : Math.min(ceiling, g.tableCap);
}

/** Whether a table may open in this channel (or in a thread of an allowed channel). */
export function channelAllowed(g: GuildSettings, channelId: string, parentId: string | null): boolean {
  return (
    g.allowedChannels.length === 0 || g.allowedChannels.includes(channelId) || (parentId !== null && g.allowedChannels.includes(parentId))
  );
}

export function retentionDaysOf(g: GuildSettings): number {
  return g.retentionDays ?? DEFAULT_RETENTION_DAYS;
}
