/**
 * Requests that must reach every shard on every machine: Forget me, a server's purge and the bot
 * leaving a server. broadcastEval (every-shard.ts) reaches only this machine's shards, and only
 * those that answer in time; so each request is also a row in the database every machine already
 * shares (CrossRequest), and every shard process polls it: it applies each row once, to its own
 * open tables, and records how far it has read (CrossCursor). A shard that was down, or answered
 * after the 10 s limit, applies what it missed when it comes back, after resuming its tables.
 *
 * Why a polled table rather than PostgreSQL's LISTEN/NOTIFY: it works the same on SQLite (shards
 * of one machine share a file) and PostgreSQL, and a notification is lost when nobody listens (a
 * shard that is down), so a table would be needed anyway. One indexed query a second per process.
 *
 * What is deleted is the store's own forget and purge (src/store/privacy.ts): when a shard finds
 * the person (or the server's tables) still open here, or reads a Forget me after the asking shard
 * stopped waiting for answers (10 s), its tables may have written them since the asking shard
 * deleted everything (a game that ended meanwhile, say), so it runs that deletion again.
 */
import { sentence } from "../../i18n/index.js";
import type { Logger } from "../../log.js";
import type { ShardInfo } from "../../shard-of.js";
import type { CrossKind, CrossRequest } from "../../table/store.js";
import { FORMER_PLAYER } from "../../table/store.js";
import type { HeartsStore } from "../../table/store.js";
import type { TableService } from "../../table/service.js";

/** How long a shard has to answer before it counts as down (one that hangs must not hold the person's answer). */
export const ANSWER_MS = 10_000;
/** How often a shard looks for new requests. */
export const CROSS_POLL_MS = 1000;
/** Rows applied per look (the rest at the next). */
const BATCH = 50;
/** A request nobody has read in a day is dropped (a shard down that long resumes from the store as it is). */
const KEEP_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 60_000;
/** A request that fails this many looks in a row (not the store being down: a bug) is passed over, logged. */
const MAX_TRIES = 10;

export interface CrossMachineDeps {
  store: Pick<
    HeartsStore,
    "addCrossRequest" | "pendingCrossRequests" | "markCrossRequests" | "pruneCrossRequests" | "forgetUser" | "purgeGuild"
  >;
  service: Pick<TableService, "forgetPlayer" | "endGuild">;
  shard: ShardInfo;
  /** Whether the bot is in this server now (a "left" request read late must not end a new table). */
  inGuild: (guildId: string) => boolean;
  log: Logger;
  /** Wall clock, compared with the requests' times (tests move it). */
  now?: () => number;
}

export class CrossMachine {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private lastPrune = 0;
  /** The request failing now, and how many looks in a row. */
  private failing: { id: number; tries: number } | null = null;
  /** A failure was logged since the last look that worked. */
  private warned = false;
  private readonly key: string;

  constructor(private readonly deps: CrossMachineDeps) {
    this.key = shardKey(deps.shard.id, deps.shard.count);
  }

  /** Records a request for every shard (this one applies it too, at its next look: a no-op if done). */
  async ask(kind: CrossKind, subject: string): Promise<void> {
    await this.deps.store.addCrossRequest(kind, subject);
  }

  /** Applies what was asked while this shard was away, then looks every second. Call after resuming the tables. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.poll();
    this.arm();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look (a second call while one runs shares it). Never rejects: a failure is logged and retried. */
  poll(): Promise<void> {
    this.running ??= this.applyPending()
      .then(() => {
        if (this.warned) this.deps.log.info("applying the requests of other shards again");
        this.warned = false;
      })
      .catch((err: unknown) => {
        // Once per outage, not every second while the store is down.
        if (this.warned) return;
        this.warned = true;
        this.deps.log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          "could not apply the requests of other shards; trying again every second",
        );
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  private arm(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      // poll() never rejects; the catch is for the linter's sake.
      this.poll()
        .then(() => this.arm())
        .catch(() => this.arm());
    }, CROSS_POLL_MS);
    this.timer.unref();
  }

  private async applyPending(): Promise<void> {
    const { store, log } = this.deps;
    for (;;) {
      const rows = await store.pendingCrossRequests(this.key, BATCH);
      if (!rows.length) break;
      for (const row of rows) {
        if (this.stopped) return;
        try {
          await this.apply(row);
        } catch (err) {
          // Not marked: a failure (the store down) leaves it for the next look, up to MAX_TRIES.
          const f = this.failing?.id === row.id ? this.failing : (this.failing = { id: row.id, tries: 0 });
          if (++f.tries < MAX_TRIES) throw err;
          log.error(
            { request: row.id, kind: row.kind, err: err instanceof Error ? err.message : String(err) },
            "a request of other shards kept failing; passed over",
          );
        }
        await store.markCrossRequests(this.key, row.id);
        this.failing = null;
      }
      if (rows.length < BATCH) break;
    }
    if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      const shards = Array.from({ length: this.deps.shard.count }, (_, id) => shardKey(id, this.deps.shard.count));
      const n = await store.pruneCrossRequests(shards, new Date(Date.now() - KEEP_MS));
      if (n) log.debug({ requests: n }, "requests every shard has applied deleted");
    }
  }

  private async apply(row: CrossRequest): Promise<void> {
    const { store, service, log } = this.deps;
    switch (row.kind) {
      case "forget": {
        const open = await service.forgetPlayer(row.subject, FORMER_PLAYER);
        const late = (this.deps.now?.() ?? Date.now()) - row.createdAt.getTime() > ANSWER_MS;
        if (!open && !late) return;
        const r = await store.forgetUser(row.subject);
        log.info({ request: row.id, open, results: r.results }, "a person asked elsewhere to be forgotten: their tables here let them go");
        return;
      }
      case "purge": {
        const open = await service.endGuild(row.subject, sentence("privacy", "tableEndedPurge"));
        if (!open) return;
        await store.purgeGuild(row.subject);
        log.info({ request: row.id, guild: row.subject, open }, "a server's purge asked elsewhere: its tables here ended");
        return;
      }
      case "left": {
        if (this.deps.inGuild(row.subject)) return;
        const open = await service.endGuild(row.subject, sentence("privacy", "tableEndedRemoved"));
        if (open) log.info({ request: row.id, guild: row.subject, open }, "removed from a server: its tables here ended");
        return;
      }
    }
  }
}

/** A shard's name in CrossCursor: its id and the shard count (a new count starts afresh). */
export function shardKey(id: number, count: number): string {
  return `${id}/${count}`;
}
