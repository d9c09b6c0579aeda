/**
 * Whether the store can save games. A store call that fails (a read-only file, a full disk, a
 * PostgreSQL server that went away) puts the tables on hold: the service refuses moves and new
 * tables with one sentence, timers stop acting, and a write probe retries with exponential backoff
 * until the store answers again. Nothing acknowledged is ever lost: an action is only announced
 * once stored, and the store is the only place a game lives.
 */
import { messages } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { Store } from "./store.js";
import type { Clock, TimerHandle } from "./clock.js";

/** What a person is told while the store cannot save: nothing happened, and they will hear back. */
export const STORE_DOWN_MESSAGE = messages("en").common.storeDown;

/** Thrown by a store call made while the store is down, or by the call that found it down. */
export class StoreDown extends Error {
  constructor(readonly reason: string) {
    super(`the store cannot save games: ${reason}`);
    this.name = "StoreDown";
  }
}

/** First retry after 1 s, doubling up to a minute. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

export class StoreHealth {
  private down: { since: number; reason: string; retryMs: number; timer: TimerHandle | null } | null = null;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Told when the store goes down and when it is back. */
    private readonly onChange: (up: boolean) => void,
  ) {}

  get up(): boolean {
    return this.down === null;
  }

  /**
   * Runs one store call. Refused at once while the store is down; a call that fails puts it down.
   * Errors that are about the data, not the store (a row that does not parse), go through as they are.
   */
  async run<T>(call: () => Promise<T>, isDataError: (err: unknown) => boolean = () => false): Promise<T> {
    if (this.down) throw new StoreDown(this.down.reason);
    try {
      return await call();
    } catch (err) {
      if (err instanceof StoreDown || isDataError(err)) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      this.markDown(reason);
      throw new StoreDown(reason);
    }
  }

  private markDown(reason: string): void {
    if (this.down || this.stopped) return;
    this.down = { since: this.clock.now(), reason, retryMs: FIRST_RETRY_MS, timer: null };
    this.log.error({ err: reason }, "the store cannot save games: tables wait until it can");
    this.onChange(false);
    this.retryLater();
  }

  private retryLater(): void {
    const d = this.down;
    if (!d || this.stopped) return;
    d.timer = this.clock.setTimeout(() => {
      d.timer = null;
      this.store.probeWrite().then(
        () => this.recovered(),
        (err: unknown) => {
          d.reason = err instanceof Error ? err.message : String(err);
          d.retryMs = Math.min(MAX_RETRY_MS, d.retryMs * 2);
          this.log.warn({ err: d.reason, retryInMs: d.retryMs }, "the store still cannot save games");
          this.retryLater();
        },
      );
    }, d.retryMs);
  }

  private recovered(): void {
    const d = this.down;
    if (!d || this.stopped) return;
    this.down = null;
    this.log.info({ downMs: this.clock.now() - d.since }, "the store saves games again: tables go on");
    this.onChange(true);
  }

  stop(): void {
    this.stopped = true;
    if (this.down?.timer) this.clock.clearTimeout(this.down.timer);
  }
}

/** A row the store could not read is that table's problem (it is marked broken), not the store's. */
const isDataError = (err: unknown): boolean => err instanceof Error && err.name === "CorruptRowError";

/** The store with every call going through `health`. */
export function guardedStore(store: Store, health: StoreHealth): Store {
  const run = <T>(call: () => Promise<T>): Promise<T> => health.run(call, isDataError);
  return {
    createTable: (input) => run(() => store.createTable(input)),
    getTable: (id) => run(() => store.getTable(id)),
    findOpenTable: (channelId) => run(() => store.findOpenTable(channelId)),
    updateTable: (id, patch) => run(() => store.updateTable(id, patch)),
    appendAction: (tableId, seq, seat, action, patch) => run(() => store.appendAction(tableId, seq, seat, action, patch)),
    loadActions: (tableId) => run(() => store.loadActions(tableId)),
    truncateActions: (tableId, fromSeq, expectedCount, patch) => run(() => store.truncateActions(tableId, fromSeq, expectedCount, patch)),
    listOpenTables: () => run(() => store.listOpenTables()),
    listUntoldTables: (since, limit) => run(() => store.listUntoldTables(since, limit)),
    recordFinishedGame: (game) => run(() => store.recordFinishedGame(game)),
    getGuildSettings: (guildId) => run(() => store.getGuildSettings(guildId)),
    updateGuildSettings: (guildId, patch) => run(() => store.updateGuildSettings(guildId, patch)),
    saveMenus: (menus) => run(() => store.saveMenus(menus)),
    getPlayerPrefs: (userId) => run(() => store.getPlayerPrefs(userId)),
    setPlayerPrefs: (userId, patch) => run(() => store.setPlayerPrefs(userId, patch)),
    takeMenus: (tableIds) => run(() => store.takeMenus(tableIds)),
    probeWrite: () => store.probeWrite(),
    close: () => store.close(),
  };
}
