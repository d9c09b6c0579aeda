/**
 * Opening a table in a channel: /hearts new and Rematch, from whichever door asks. Every opening
 * obeys, here and nowhere else: the person's cooldown between two tables they open (fair use's,
 * taken first so two opens at the same moment cannot both pass, and given back when nothing
 * opened), the server's allowed channels and its cap of open tables (./open-rules.ts), and one
 * opening at a time per channel ("is there an open table here?" and "create one" must not
 * interleave with another opening there, or both would open a table). A front end says who asks
 * and where, and only words the refusal.
 */
import { sentence } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { FairUse } from "./fair-use.js";
import { isTicket } from "./fair-use.js";
import type { GuildSettingsCache } from "./guild-settings.js";
import { openingRules, type AskedFrom, type OpeningPlace } from "./open-rules.js";
import type { NewTable, Store } from "./store.js";
import { sawFace } from "./faces.js";
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
  /** The servers' settings: where tables may open and each server's own cap. None: the ceiling only. */
  guilds?: Pick<GuildSettingsCache, "get"> | null;
  /** The cooldown between two tables one person opens. None: no cooldown. */
  cooldown?: Pick<FairUse, "takeOpen"> | null;
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

  /** A new lobby in the channel (`where`: a thread names its parent), the host seated. */
  open(where: OpeningPlace, host: Actor, options: NewTableOptions): Promise<Outcome<{ table: TableView }>> {
    return this.ruled(host, where, (maxTables) => this.channels.run(where.channelId, () => this.openHere(where, host, options, maxTables)));
  }

  /**
   * A new lobby where a finished game was (`from`), as lobby.rematch made it. `asked`: where the
   * person asked from; when that is the table's own channel and a thread, the thread's parent counts.
   */
  rematch(from: string, actor: Actor, table: NewTable, asked: AskedFrom): Promise<Outcome<{ table: TableView }>> {
    const parentId = asked.channelId === table.channelId ? asked.parentId : null;
    return this.ruled(actor, { guildId: table.guildId, channelId: table.channelId, parentId }, (maxTables) =>
      this.channels.run(table.channelId, () => this.rematchHere(from, actor, table, maxTables)),
    );
  }

  /**
   * The person's cooldown, then the server's channels and cap, then `open` with the cap; the
   * cooldown stays taken only when a table opened.
   */
  private async ruled(
    actor: Actor,
    where: OpeningPlace,
    open: (maxTables: number | undefined) => Promise<Outcome<{ table: TableView }>>,
  ): Promise<Outcome<{ table: TableView }>> {
    const ticket = this.deps.cooldown ? await this.deps.cooldown.takeOpen(actor.userId) : null;
    if (ticket && !isTicket(ticket)) return refuse("cooldown", ticket);
    try {
      let maxTables: number | undefined;
      if (this.deps.guilds) {
        const here = await openingRules(this.deps.guilds, this.deps.maxTablesPerGuild ?? Number.POSITIVE_INFINITY, where);
        if (!here.ok) return here;
        maxTables = here.maxTables;
      }
      const r = await open(maxTables);
      if (r.ok) ticket?.keep();
      return r;
    } finally {
      await ticket?.settle();
    }
  }

  /**
   * A tournament round's table, already started (./started.ts). Outside the server's cap of open
   * tables and not counted in it: a tournament is bounded by its own (MAX_ENTRANTS), its organiser
   * planned its tables, and its channel was one where tables may open when it was created
   * (docs/admins.md, Tournaments).
   */
  started(input: StartedTable): Promise<TableView | null> {
    return openStarted(this.deps, input);
  }

  private async openHere(
    where: OpeningPlace,
    host: Actor,
    options: NewTableOptions,
    maxTables: number | undefined,
  ): Promise<Outcome<{ table: TableView }>> {
    // A game that has just ended is still being recorded (its table message may already say
    // "Game over"): wait for that rather than refuse whoever starts the next game at once.
    const ending = this.deps.registry.in(where.channelId);
    if (ending?.state?.phase === "game-over") await ending.queue.idle().catch(() => undefined);
    const cap = this.guildCap(where.guildId, maxTables);
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
    sawFace(live, host);
    this.deps.opened(live);
    this.deps.log.info({ table: record.id, channel: where.channelId, host: host.userId }, "table opened");
    return { ok: true, table: viewOf(live) };
  }

  private async rematchHere(
    from: string,
    actor: Actor,
    table: NewTable,
    maxTables: number | undefined,
  ): Promise<Outcome<{ table: TableView }>> {
    const existing = await this.deps.findOpen(table.channelId);
    if (existing) return refuse("table-exists", sentence("refusals", "rematchExists"));
    const cap = this.guildCap(table.guildId, maxTables);
    if (cap) return cap;
    const record = await this.deps.store.createTable(table);
    const live = newLive(record);
    sawFace(live, actor);
    this.deps.opened(live);
    this.deps.log.info({ table: record.id, from, host: actor.userId }, "rematch opened");
    // Whichever door asked (a chat button, the Activity's page), every front end hears of it.
    this.deps.emit(live, { type: "opened", rematchOf: from });
    return { ok: true, table: viewOf(live) };
  }

  /**
   * A refusal when the server already has as many open tables as it may (every open table is in
   * memory). A tournament's round tables (a hand limit) are the tournament's, not counted here.
   */
  private guildCap(guildId: string, serverCap: number | undefined): Refusal | null {
    const ceiling = this.deps.maxTablesPerGuild;
    const max = ceiling === undefined ? serverCap : serverCap === undefined ? ceiling : Math.min(ceiling, serverCap);
    if (max === undefined) return null;
    let open = 0;
    for (const live of this.deps.registry.tables.values())
      if (!live.closed && live.record.guildId === guildId && live.record.settings.handLimit === undefined) open++;
    return open >= max ? refuse("table-cap", sentence("refusals", "tableCap", { open })) : null;
  }
}
