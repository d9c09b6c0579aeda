/**
 * The periodic privacy job: closed tables (abandoned ones, and finished games' move logs, with
 * their reviews) and daily challenge move logs are deleted after their server's retention period, and a server the bot left is purged once its
 * grace period is over. Results and standings stay until a person or a server asks.
 *
 * Bounded: each step deletes at most `batch` tables in one short transaction, and a run does at
 * most `maxBatches` steps, yielding to the event loop between them, so tables keep playing (on
 * SQLite the store runs one operation at a time: a table's move waits for one batch at most).
 */
import type { Logger } from "../log.js";
import type { PrivacyStore } from "./store.js";
import type { Store } from "./store.js";
import type { SeasonStore } from "./tournament/season-port.js";
import { systemClock, type Clock, type TimerHandle } from "./clock.js";
import { DEFAULT_RETENTION_DAYS, DEPARTED_GRACE_DAYS } from "./guild-settings.js";

const DAY = 24 * 3600 * 1000;

export interface HousekeepingOptions {
  intervalMs?: number;
  batch?: number;
  maxBatches?: number;
  defaultRetentionDays?: number;
  graceDays?: number;
}

export interface HousekeepingRun {
  tables: number;
  /** Daily challenge attempts whose move logs were cleared. */
  dailies: number;
  /** Nights of seasons' tables older than the retention, deleted. */
  seasonNights: number;
  guildsPurged: number;
  batches: number;
}

export class Housekeeping {
  private timer: TimerHandle | null = null;
  private running: Promise<HousekeepingRun> | null = null;
  private stopped = false;
  private readonly opts: Required<HousekeepingOptions>;

  constructor(
    private readonly store: PrivacyStore & Pick<Store, "updateGuildSettings"> & { seasons?: Pick<SeasonStore, "prune"> },
    private readonly log: Logger,
    private readonly clock: Clock = systemClock,
    opts: HousekeepingOptions = {},
  ) {
    this.opts = {
      intervalMs: 3600_000,
      batch: 200,
      maxBatches: 50,
      defaultRetentionDays: DEFAULT_RETENTION_DAYS,
      graceDays: DEPARTED_GRACE_DAYS,
      ...opts,
    };
  }

  /** Runs soon after start, then every `intervalMs`. */
  start(firstAfterMs = 60_000): void {
    this.stopped = false;
    this.arm(firstAfterMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private arm(ms: number): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.runOnce()
        .catch((err: unknown) =>
          this.log.warn({ err: err instanceof Error ? err.message : String(err) }, "privacy housekeeping failed; it runs again later"),
        )
        .finally(() => this.arm(this.opts.intervalMs));
    }, ms);
  }

  /** One run (a second call while one runs shares it). */
  runOnce(): Promise<HousekeepingRun> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<HousekeepingRun> {
    const now = this.clock.now();
    const out: HousekeepingRun = { tables: 0, dailies: 0, seasonNights: 0, guildsPurged: 0, batches: 0 };
    const more = () => out.batches < this.opts.maxBatches && !this.stopped;
    const step = async (fn: () => Promise<number>): Promise<number> => {
      out.batches++;
      const n = await fn();
      await new Promise<void>((r) => setImmediate(r));
      return n;
    };

    // Servers with a retention of their own, grouped by it; every other server has the default.
    const overrides = await this.store.retentionOverrides();
    const byDays = new Map<number, string[]>();
    for (const o of overrides) byDays.set(o.retentionDays, [...(byDays.get(o.retentionDays) ?? []), o.guildId]);
    const groups: Array<{ days: number; guildIds?: string[]; exceptGuildIds?: string[] }> = [
      { days: this.opts.defaultRetentionDays, exceptGuildIds: overrides.map((o) => o.guildId) },
      ...[...byDays].map(([days, guildIds]) => ({ days, guildIds })),
    ];
    for (const g of groups) {
      const before = new Date(now - g.days * DAY);
      while (more()) {
        const n = await step(() =>
          this.store.pruneClosedTables({ before, guildIds: g.guildIds, exceptGuildIds: g.exceptGuildIds, limit: this.opts.batch }),
        );
        out.tables += n;
        if (n < this.opts.batch) break;
      }
      // A season's nights older than the retention go (a season is a few hundred rows: one step).
      if (more() && this.store.seasons) {
        const seasons = this.store.seasons;
        out.seasonNights += await step(() => seasons.prune({ before, guildIds: g.guildIds, exceptGuildIds: g.exceptGuildIds }));
      }
      // The daily challenge's move logs keep the same retention as the tables' move logs.
      while (more()) {
        const n = await step(() =>
          this.store.pruneDailyLogs({ before, guildIds: g.guildIds, exceptGuildIds: g.exceptGuildIds, limit: this.opts.batch }),
        );
        out.dailies += n;
        if (n < this.opts.batch) break;
      }
    }

    // Servers the bot left more than the grace period ago: everything goes, settings included.
    while (more()) {
      const departed = await this.store.departedGuilds(new Date(now - this.opts.graceDays * DAY), 20);
      if (!departed.length) break;
      for (const guildId of departed) {
        await step(() => this.store.purgeGuild(guildId, { settings: true }).then((r) => r.tables));
        out.guildsPurged++;
      }
    }
    if (out.tables || out.dailies || out.seasonNights || out.guildsPurged)
      this.log.info({ ...out }, "privacy housekeeping: old tables and departed servers deleted");
    return out;
  }
}
