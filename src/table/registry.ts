/**
 * The tables in memory: every open table once, found by id or by its channel or thread, and loaded
 * from the store on first use by replaying its log of actions (rules, deal key, actions → state). The
 * one place a table is read back from the store.
 */
import type { Action, GameState } from "../game/index.js";
import { replayWithin } from "./hand-limit.js";
import type { Logger } from "../log.js";
import type { Store } from "./store.js";
import type { StoredTable } from "./records.js";
import { isOpen } from "./records.js";

/** What the registry needs of a table in memory; the service's own holds more (its queue, its timers). */
export interface Loaded {
  record: StoredTable;
  state: GameState | null;
  /** Each seat's last accepted action, to tell a double click from a stale menu. */
  last: ({ seq: number; action: Action } | null)[];
  closed: boolean;
}

/** How many of the last actions a loaded table remembers per seat (enough to recognise a double click). */
const RECENT_ACTIONS = 8;

export interface TableRegistryDeps<L extends Loaded> {
  store: Store;
  log: Logger;
  /** A table in memory for a stored record, not yet replayed. */
  create(record: StoredTable): L;
  /** An open table's log did not replay: it is now stored as broken, and its players should hear so. */
  broken(table: L): void;
  /** A table was replayed from its log (what the service keeps beside the state, it sets up here). */
  replayed?(table: L): void;
}

export class TableRegistry<L extends Loaded> {
  private readonly open = new Map<string, L>();
  /** Channel or thread id → ids of the open tables there (a tournament's channel holds each round table). */
  private readonly byChannel = new Map<string, Set<string>>();
  /** Loads in progress, so two clicks on a table not yet in memory share one replay. */
  private readonly loading = new Map<string, Promise<L | null>>();

  constructor(private readonly deps: TableRegistryDeps<L>) {}

  /** The open tables in memory, by id. */
  get tables(): ReadonlyMap<string, L> {
    return this.open;
  }

  /** The ids of the open tables in memory. */
  get ids(): string[] {
    return [...this.open.keys()];
  }

  /** An open table by id, from memory only. */
  get(tableId: string): L | null {
    const live = this.open.get(tableId);
    return live && !live.closed ? live : null;
  }

  /** An open table in a channel or thread (the one there, or any of several), from memory only. */
  in(channelId: string): L | null {
    return this.allIn(channelId)[0] ?? null;
  }

  /** Every open table in a channel or thread, from memory only, oldest first. */
  allIn(channelId: string): L[] {
    const out: L[] = [];
    for (const id of this.byChannel.get(channelId) ?? []) {
      const live = this.get(id);
      if (live) out.push(live);
    }
    return out;
  }

  /** Any table by id: an open one from memory (loaded and kept on first use), a closed one read from the store (not kept). */
  async load(tableId: string): Promise<L | null> {
    const cached = this.open.get(tableId);
    if (cached) return cached;
    let pending = this.loading.get(tableId);
    if (!pending) {
      pending = this.fromStore(tableId).finally(() => this.loading.delete(tableId));
      this.loading.set(tableId, pending);
    }
    return pending;
  }

  /** Keeps an open table, and where it is (call again once it has a thread). */
  remember(live: L): void {
    this.open.set(live.record.id, live);
    for (const key of [live.record.channelId, live.record.threadId]) {
      if (!key) continue;
      let ids = this.byChannel.get(key);
      if (!ids) this.byChannel.set(key, (ids = new Set()));
      ids.add(live.record.id);
    }
  }

  /** Lets a closed table go. */
  forget(live: L): void {
    this.open.delete(live.record.id);
    for (const key of [live.record.channelId, live.record.threadId]) {
      const ids = key ? this.byChannel.get(key) : undefined;
      if (!ids) continue;
      ids.delete(live.record.id);
      if (!ids.size) this.byChannel.delete(key!);
    }
  }

  /** Reads a table again from the store after another writer moved its log on (an append conflict). */
  async reload(live: L): Promise<void> {
    const record = await this.deps.store.getTable(live.record.id);
    if (!record) return;
    const stored = await this.deps.store.loadActions(record.id);
    const r = replayWithin(
      record.rules,
      record.deal,
      stored.map((a) => a.action),
      record.settings.handLimit,
    );
    if (r.ok) {
      live.record = record;
      live.state = r.state;
    }
  }

  private async fromStore(tableId: string): Promise<L | null> {
    const { store, log } = this.deps;
    const record = await store.getTable(tableId);
    if (!record) return null;
    const live = this.deps.create(record);
    if (record.status !== "lobby") {
      const stored = await store.loadActions(tableId);
      const r = replayWithin(
        record.rules,
        record.deal,
        stored.map((a) => a.action),
        record.settings.handLimit,
      );
      if (!r.ok) {
        log.error({ table: tableId, index: r.index, reason: r.reason }, "table log does not replay");
        live.closed = true;
        if (isOpen(record.status)) {
          await store
            .updateTable(tableId, { status: "broken", brokenReason: `action ${r.index} does not replay: ${r.reason}` })
            .catch(() => undefined);
          live.record = { ...record, status: "broken" };
          this.deps.broken(live);
        }
        return live;
      }
      live.state = r.state;
      for (const a of stored.slice(-RECENT_ACTIONS)) live.last[a.seat] = { seq: a.seq, action: a.action };
      this.deps.replayed?.(live);
    }
    if (isOpen(record.status)) this.remember(live);
    else live.closed = true;
    return live;
  }
}
