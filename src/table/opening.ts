/**
 * Opening a table in a channel: /hearts new and Rematch. One at a time per channel ("is there an
 * open table here?" and "create one" must not interleave with another opening there, or both would
 * open a table), within the server's cap of open tables.
 */
import { sentence } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { NewTable, Store } from "./store.js";
import { newLive, viewOf, type LiveTable } from "./live.js";
import { KeyedQueues } from "./queue.js";
import type { TableRegistry } from "./registry.js";
import { cleanName, humanSeat } from "./seats.js";
import { openStarted, type StartedTable } from "./started.js";
import { refuse, type Actor, type NewTableOptions, type Outcome, type Refusal, type TableUpdate, type TableView } from "./types.js";

export interface OpeningDeps {
  store: Store;
  log: Logger;
  registry: TableRegistry<LiveTable>;
  /** The configured ceiling of open tables per server (every server's own cap is under it). */
  maxTablesPerGuild?: number;
  /** The open table in a channel or thread, from memory or the store. */
  findOpen(channelId: string): Promise<TableView | null>;
  /** A table just opened: kept in memory, its idle-lobby timer armed. */
  opened(live: LiveTable): void;
  /** Announces a change to the front ends (updates.ts). */
  emit(live: LiveTable, update: TableUpdate): void;
  /** Plans a started table's first turn (the scheduler). */
  plan(live: LiveTable): void;
}

export class TableOpening {
  /** Opening a table in a channel (new or rematch), one at a time per channel. */
  private readonly channels = new KeyedQueues();

  constructor(private readonly deps: OpeningDeps) {}

  /** A new lobby in the channel, the host seated. */
  open(where: { guildId: string; channelId: string }, host: Actor, options: NewTableOptions): Promise<Outcome<{ table: TableView }>> {
    return this.channels.run(where.channelId, () => this.openHere(where, host, options));
  }

  /** A new lobby where a finished game was (`from`), as lobby.rematch made it. */
  rematch(from: string, actor: Actor, table: NewTable, maxTables?: number): Promise<Outcome<{ table: TableView }>> {
    return this.channels.run(table.channelId, () => this.rematchHere(from, actor, table, maxTables));
  }

  /**
   * A tournament round's table, already started (./started.ts). Outside the server's cap of open
   * tables: a tournament is bounded by its own (MAX_ENTRANTS), and its organiser chose to run it.
   */
  started(input: StartedTable): Promise<TableView | null> {
    return openStarted(this.deps, input);
  }

  private async openHere(
    where: { guildId: string; channelId: string },
    host: Actor,
    options: NewTableOptions,
  ): Promise<Outcome<{ table: TableView }>> {
    // A game that has just ended is still being recorded (its table message may already say
    // "Game over"): wait for that rather than refuse whoever starts the next game at once.
    const ending = this.deps.registry.in(where.channelId);
    if (ending?.state?.phase === "game-over") await ending.queue.idle().catch(() => undefined);
    const cap = this.guildCap(where.guildId, options.maxTables);
    if (cap) return cap;
    const existing = await this.deps.findOpen(where.channelId);
    if (existing) {
      return refuse("table-exists", sentence("refusals", "tableExists"));
    }
    const record = await this.deps.store.createTable({
      guildId: where.guildId,
      channelId: where.channelId,
      hostId: host.userId,
      rules: options.rules,
      settings: options.settings,
      seats: [humanSeat(0, host.userId, cleanName(host.name))],
    });
    const live = newLive(record);
    this.deps.opened(live);
    this.deps.log.info({ table: record.id, channel: where.channelId, host: host.userId }, "table opened");
    return { ok: true, table: viewOf(live) };
  }

  private async rematchHere(from: string, actor: Actor, table: NewTable, maxTables?: number): Promise<Outcome<{ table: TableView }>> {
    const existing = await this.deps.findOpen(table.channelId);
    if (existing) return refuse("table-exists", sentence("refusals", "rematchExists"));
    const cap = this.guildCap(table.guildId, maxTables);
    if (cap) return cap;
    const record = await this.deps.store.createTable(table);
    const live = newLive(record);
    this.deps.opened(live);
    this.deps.log.info({ table: record.id, from, host: actor.userId }, "rematch opened");
    // Whichever door asked (a chat button, the Activity's page), every front end hears of it.
    this.deps.emit(live, { type: "opened", rematchOf: from });
    return { ok: true, table: viewOf(live) };
  }

  /** A refusal when the server already has as many open tables as it may (every open table is in memory). */
  private guildCap(guildId: string, serverCap?: number): Refusal | null {
    const ceiling = this.deps.maxTablesPerGuild;
    const max = ceiling === undefined ? serverCap : serverCap === undefined ? ceiling : Math.min(ceiling, serverCap);
    if (max === undefined) return null;
    let open = 0;
    for (const live of this.deps.registry.tables.values()) if (!live.closed && live.record.guildId === guildId) open++;
    return open >= max ? refuse("table-cap", sentence("refusals", "tableCap", { open })) : null;
  }
}
