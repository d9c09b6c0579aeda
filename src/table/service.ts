/**
 * The table service: the one door to the tables. It knows the engine and the store, not Discord:
 * a front end calls these methods naming who asks and from where (an Asker, for the gate: gate.ts)
 * and shows the outcome, and hears of every change through one listener, after the change is
 * persisted. It hands out TableViews (live.ts), never a game's state.
 *
 * Here: finding tables, the lobby's moves (lobby.ts), starting, a person's clicks, the store's
 * health and restarts. Each other job has its module: opening.ts, the turns (scheduler.ts,
 * players.ts), commit.ts, closing.ts, undo.ts, hints.ts, privacy.ts, updates.ts.
 *
 * Every method on a table runs in that table's queue, so concurrent clicks, bot moves and timers
 * apply one after another and an action is never applied twice.
 */
import { createGame, type DealKey, type Action, type Card, type MoonChoice, type Rules, type Seat, type SeatView } from "../game/index.js";
import { sentence, type Sentence } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { Store, TablePatch } from "./store.js";
import { newDealKey, type BotLevel } from "./records.js";
import type { FairUse } from "./fair-use.js";
import type { GuildSettingsCache } from "./guild-settings.js";
import { NOWHERE, type AskedFrom, type OpeningPlace } from "./open-rules.js";
import { TableAccess } from "./access.js";
import { systemClock, type Clock } from "./clock.js";
import { closeTable, closedRefusal } from "./closing.js";
import { commitLobbyMove } from "./lobby-commit.js";
import { commitAction } from "./commit.js";
import type { TableContext } from "./context.js";
import { hintFor } from "./hints.js";
import { actedOutcome, currentView, liveBehind, newLive, seatedActor, seatViewAt, viewOf, type LiveTable } from "./live.js";
import * as lobby from "./lobby.js";
import type { LobbyOutcome } from "./lobby.js";
import type { SettingsChange } from "./options.js";
import { clickRefusal, person, type BotPlayer } from "./players.js";
import { endGuildTables, forgetAtOpenTables, forgetAtStoredTables, type OpenTables } from "./privacy.js";
import { TableLifecycle } from "./lifecycle.js";
import { TableOpening } from "./opening.js";
import type { StartedTable } from "./started.js";
import { TableRegistry } from "./registry.js";
import { TurnScheduler } from "./scheduler.js";
import { cleanName, isHumanSeat } from "./seats.js";
import { TableUpdates } from "./updates.js";
import { admit } from "./gate.js";
import { TableFinder, type SystemTables } from "./finding.js";
import { StoreDown, StoreHealth, guardedStore } from "./store-health.js";
import { markUndoneAtLoad, takeBack } from "./undo.js";
import {
  refuse,
  type Actor,
  type Asker,
  type Purpose,
  type CloseReason,
  type NewTableOptions,
  type Outcome,
  type TableListener,
  type TableServiceConfig,
  type TableUpdate,
  type TableView,
} from "./types.js";

export interface TableServiceDeps {
  store: Store;
  bots: BotPlayer;
  log: Logger;
  config: TableServiceConfig;
  clock?: Clock;
  /** Where games' deal keys come from (tests fix it; by default a 256-bit secret from node:crypto). */
  deals?: () => DealKey;
  /** The servers' settings, for the server rules every door obeys here (where tables open, the cap, hints off). */
  guilds?: Pick<GuildSettingsCache, "get">;
  /** Fair use's cooldown between two tables one person opens; none: no cooldown. */
  fairUse?: Pick<FairUse, "takeOpen">;
}

export class TableService {
  /** The store, every call through `health`: a failing store puts the tables on hold, not the bot down. */
  private readonly store: Store;
  private readonly health: StoreHealth;
  private readonly bots: BotPlayer;
  private readonly log: Logger;
  private readonly config: TableServiceConfig;
  private readonly clock: Clock;
  private readonly deals: () => DealKey;
  private readonly guilds: Pick<GuildSettingsCache, "get"> | null;
  /** When people's right to a table ends (left, kicked, forgotten, purged): the front ends' sessions end with it. */
  readonly access: TableAccess;
  /** The tables in memory, and their loading and replay from the store. */
  private readonly registry: TableRegistry<LiveTable>;
  /** Drives every turn: people, computer players and the turn clock, through one player interface. */
  private readonly turns: TurnScheduler;
  /** What the service's parts (commit, closing, undo, hints, privacy) share. */
  private readonly ctx: TableContext;
  /** Opening a table in a channel (new or rematch): one open table there, within the server's cap. */
  private readonly opening: TableOpening;
  /** Every stored change, announced to the front ends after its step (updates.ts). */
  private readonly updates: TableUpdates;
  /** The idle lobby's timer, the store going down and back, resuming and stopping. */
  private readonly lifecycle: TableLifecycle;
  /** Finding tables: a person's through the gate, the domain's and the system's own. */
  private readonly finder: TableFinder;

  constructor(deps: TableServiceDeps) {
    this.bots = deps.bots;
    this.log = deps.log;
    this.config = deps.config;
    this.clock = deps.clock ?? systemClock;
    this.health = new StoreHealth(deps.store, this.clock, deps.log, (up) => this.lifecycle.storeChanged(up));
    this.store = guardedStore(deps.store, this.health);
    this.deals = deps.deals ?? newDealKey;
    this.guilds = deps.guilds ?? null;
    this.access = new TableAccess(() => this.clock.now());
    this.ctx = {
      store: this.store,
      log: this.log,
      clock: this.clock,
      config: this.config,
      bots: this.bots,
      emit: (live, update) => this.emit(live, update),
      plan: (live) => this.turns.plan(live),
      clearTimers: (live) => this.lifecycle.clearTimers(live),
      forget: (live) => this.registry.forget(live),
      reload: (live) => this.registry.reload(live),
    };
    this.turns = new TurnScheduler({
      clock: this.clock,
      log: this.log,
      bots: this.bots,
      botDelayMs: this.config.botDelayMs,
      // While the store cannot save, nobody's turn runs out and computer players wait (storeChanged).
      running: () => !this.lifecycle.isStopped && this.health.up,
      commit: (live, seat, action, source) => commitAction(this.ctx, live, seat, action, source),
    });
    this.updates = new TableUpdates(this.log);
    this.lifecycle = new TableLifecycle({
      ctx: this.ctx,
      turns: this.turns,
      tables: () => this.registry.tables.values(),
      load: (tableId) => this.load(tableId),
      storeUp: () => this.health.up,
    });
    this.registry = new TableRegistry<LiveTable>({
      store: this.store,
      log: this.log,
      create: newLive,
      broken: (live) => this.emit(live, { type: "closed", reason: "broken", note: sentence("lobby", "closedDamaged") }),
      replayed: (live) => markUndoneAtLoad(live),
    });
    this.finder = new TableFinder({ registry: this.registry, store: this.store, load: (id) => this.load(id) });
    this.system = this.finder.system;
    this.opening = new TableOpening({
      store: this.store,
      log: this.log,
      registry: this.registry,
      maxTablesPerGuild: this.config.maxTablesPerGuild,
      guilds: this.guilds,
      cooldown: deps.fairUse,
      findOpen: (channelId) => this.finder.findOpen(channelId),
      emit: (live, update) => this.emit(live, update),
      plan: (live) => this.turns.plan(live),
      opened: (live) => {
        this.registry.remember(live);
        this.lifecycle.armLobbyTimer(live);
      },
    });
  }

  onUpdate(listener: TableListener): void {
    this.updates.listen(listener);
  }

  /** Open tables held in memory. */
  get openTables(): number {
    return this.registry.tables.size;
  }

  // ---- finding tables: a person's through the gate (gate.ts), the system's own (finding.ts) --------

  /** The table a person means where they ask (their own among a tournament's), as the gate lets them reach it for `purpose`; `about`: the player a kick names. */
  tableHere(asker: Asker, purpose: Purpose = "watch", about?: string | null): Promise<Outcome<{ table: TableView }>> {
    return this.finder.here(asker, purpose, about);
  }

  /** A table by id (a button's, a page's), open or closed, as the gate lets `asker` reach it; `memoryOnly`: an id the front end cannot vouch for is not read from the store. */
  tableAt(tableId: string, asker: Asker, purpose: Purpose = "watch", memoryOnly = false): Promise<Outcome<{ table: TableView }>> {
    return this.finder.at(tableId, asker, purpose, memoryOnly);
  }

  /** Any table by id, for the domain (a tournament's rounds): open ones from memory, closed ones read from the store. */
  async get(tableId: string): Promise<TableView | null> {
    const live = await this.load(tableId);
    return live ? viewOf(live) : null;
  }

  /** The system's readers of the domain's updates (the presenter, metrics), for no person: finding.ts. */
  readonly system: SystemTables;

  /** Whether the store saves games now (false while the tables wait for it). */
  get storeUp(): boolean {
    return this.health.up;
  }

  /** The ids of the open tables in memory. */
  get openTableIds(): string[] {
    return this.registry.ids;
  }

  /** The same table as it is now: a view is taken once, and the game moves on. */
  current(view: TableView): TableView {
    return currentView(view);
  }

  private readonly load = (tableId: string): Promise<LiveTable | null> => this.registry.load(tableId);

  /** Runs `fn` in the table's queue on the current state (by id, or a view handed out); `actor`, if any, admitted by the gate first. */
  private async withTable<T extends object>(
    table: string | TableView,
    actor: Actor | null,
    purpose: Purpose,
    fn: (live: LiveTable) => Promise<Outcome<T>> | Outcome<T>,
  ): Promise<Outcome<T>> {
    return this.unlessStoreDown(async () => {
      const live = typeof table === "string" ? await this.load(table) : (liveBehind(table) ?? (await this.load(table.record.id)));
      if (!live) return refuse("no-table", sentence("refusals", "noTable"));
      return live.queue.run(async () => {
        if (live.closed) return refuse("closed", closedRefusal(live.record.status));
        return (actor && admit(live.record, actor, purpose)) || fn(live);
      });
    });
  }

  /** Runs `fn` unless the store cannot save; a store failure on the way is refused, never thrown. */
  private async unlessStoreDown<T extends object>(fn: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
    if (!this.health.up) return refuse("store-down", sentence("common", "storeDown"));
    try {
      return await fn();
    } catch (err) {
      if (err instanceof StoreDown) return refuse("store-down", sentence("common", "storeDown"));
      throw err;
    }
  }

  // ---- lobby ----------------------------------------------------------------

  /** A new lobby where the host asks (`where`: a thread names its parent), within the cooldown, the server's channels and its cap. */
  async open(where: OpeningPlace, host: Asker, options: NewTableOptions): Promise<Outcome<{ table: TableView }>> {
    if (this.lifecycle.isStopped) return refuse("busy", sentence("refusals", "restarting"));
    return this.unlessStoreDown(() => this.opening.open(where, host, options));
  }

  /** A tournament round's table, opened with its game started (started.ts); its view, or null if its log is broken. */
  openStarted(input: StartedTable): Promise<TableView | null> {
    return this.opening.started(input);
  }

  /** Records where the front end put the table's messages. */
  async attach(tableId: string, where: { messageId?: string | null; threadId?: string | null }): Promise<void> {
    const live = await this.load(tableId);
    if (!live) return;
    await live.queue.run(async () => {
      const patch: TablePatch = {};
      if (where.messageId !== undefined) patch.messageId = where.messageId;
      if (where.threadId !== undefined) patch.threadId = where.threadId;
      live.record = await this.store.updateTable(tableId, patch);
      if (!live.closed) this.registry.remember(live);
    });
  }

  async join(tableId: string, actor: Asker): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, actor, "watch", (live) => this.move(live, actor, lobby.join(live.record, actor)));
  }

  async leave(tableId: string, actor: Asker): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.domain.leave(tableId, actor, false); // an Asker: the gate holds them to their place
  }

  /**
   * The domain's own acts on a person's seat, at no door (no where; the gate's other rules apply): a tournament's entrant out
   * for good (`forGood`: a computer player holds the seat to the end), Forget me. No front end may use it (test/house/gate.test.ts).
   */
  readonly domain = {
    leave: async (tableId: string, actor: Actor, forGood: boolean): Promise<Outcome<{ table: TableView; say: Sentence }>> =>
      this.access.seatLost(
        await this.withTable(tableId, actor, "watch", (live) => this.move(live, actor, lobby.leave(live.record, actor, forGood))),
        actor.userId,
        "left",
      ),
  };

  async addBot(tableId: string, actor: Asker, level: BotLevel): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, actor, "host", (live) => this.move(live, actor, lobby.addBot(live.record, actor, level)));
  }

  async removeBot(tableId: string, actor: Asker): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, actor, "host", (live) => this.move(live, actor, lobby.removeBot(live.record, actor)));
  }

  /**
   * The host (or Manage Channels) removes a player who stopped responding: in the lobby the seat is
   * freed; during a game a computer player takes it until the person rejoins with /hearts join.
   */
  async kick(tableId: string, actor: Asker, userId: string): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.access.seatLost(
      await this.withTable(tableId, actor, "host", (live) => this.move(live, actor, lobby.kick(live.record, actor, userId))),
      userId,
      "kicked",
    );
  }

  /** The host changes the rules or the table settings in the lobby. */
  async configure(
    tableId: string,
    actor: Asker,
    change: { rules?: string; values?: Partial<Rules>; settings?: SettingsChange },
  ): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, actor, "host", (live) => this.move(live, actor, lobby.configure(live.record, actor, change)));
  }

  /** Stores and announces what a lobby move decided (lobby-commit.ts). Runs inside the table's queue. */
  private move(live: LiveTable, actor: Actor, r: LobbyOutcome): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return commitLobbyMove(this.ctx, live, actor, r, (l) => this.lifecycle.armLobbyTimer(l));
  }

  async start(tableId: string, actor: Asker): Promise<Outcome<{ table: TableView }>> {
    return this.withTable(tableId, actor, "host", async (live) => {
      const { record } = live;
      const r = lobby.start(record, actor);
      if (!r.ok) return r;
      const seats = r.seats;
      const deal = this.deals();
      const state = createGame(record.rules, deal);
      const status = state.phase === "passing" ? "passing" : "playing";
      live.record = await this.store.updateTable(tableId, {
        seats,
        deal,
        status,
        timeBank: seats.map(() => record.settings.timeBankSeconds),
      });
      live.state = state;
      this.lifecycle.clearTimers(live);
      this.log.info({ table: tableId, rules: record.rules.target, humans: seats.filter(isHumanSeat).length }, "game started");
      this.turns.plan(live);
      this.emit(live, { type: "started" });
      return { ok: true, table: viewOf(live) };
    });
  }

  /** Ends a table early: its host, or someone who may manage the channel. */
  async end(tableId: string, actor: Asker): Promise<Outcome<{ table: TableView }>> {
    return this.withTable(tableId, actor, "host", async (live) => {
      if (live.record.hostId !== actor.userId && !actor.canManage) return refuse("not-host", sentence("refusals", "notHostEnd"));
      await closeTable(this.ctx, live, "ended", sentence("lobby", "closedEndedBy", { name: cleanName(actor.name) }));
      return { ok: true, table: viewOf(live) };
    });
  }

  /** A new lobby where a finished game was, same seats, rules and settings; obeys what open() obeys. `asked`: where the person asked from. */
  async rematch(tableId: string, actor: Asker, asked: AskedFrom = NOWHERE): Promise<Outcome<{ table: TableView }>> {
    const old = await this.load(tableId);
    if (!old) return refuse("no-table", sentence("refusals", "rematchGone"));
    const r = admit(old.record, actor, "watch") ?? lobby.rematch(old.record, actor);
    if (!r.ok) return r;
    return this.unlessStoreDown(() => this.opening.rematch(tableId, actor, r.table, asked));
  }

  // ---- play -----------------------------------------------------------------

  /** The seat's private view, for its own ephemeral menu. */
  async handFor(tableId: string, actor: Asker): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    const live = await this.load(tableId);
    return (live && admit(live.record, actor, "watch")) || seatViewAt(live, actor);
  }

  /**
   * A person's click (pass, play, moon). `table`: its id, or the view the front end found it by
   * (then it is not looked up again). The outcome carries what the answer shows: the table as the
   * action left it and the person's seat view in it, worked out once.
   */
  async pass(
    table: string | TableView,
    actor: Asker,
    cards: Card[],
    version: number,
  ): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    return this.humanAction(table, actor, version, (seat) => ({ type: "pass", seat, cards }));
  }

  async play(table: string | TableView, actor: Asker, card: Card, version: number): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    return this.humanAction(table, actor, version, (seat) => ({ type: "play", seat, card }));
  }

  async moon(
    table: string | TableView,
    actor: Asker,
    choice: MoonChoice,
    version: number,
  ): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    return this.humanAction(table, actor, version, (seat) => ({ type: "moon", seat, choice }));
  }

  /** A person's action from a menu built at `version` (the action count it showed): see clickRefusal. */
  private async humanAction(
    table: string | TableView,
    actor: Asker,
    version: number,
    build: (seat: Seat) => Action,
  ): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    return this.withTable(table, actor, "watch", async (live) => {
      const mine = seatedActor(live, actor);
      if (!mine) return refuse("not-seated", sentence("refusals", "notPlaying"));
      if (!live.state) return refuse("not-started", sentence("refusals", "notStarted"));
      const seat = mine.seat as Seat;
      const action = build(seat);
      const refused = clickRefusal(live.state, mine, live.last[seat], action, version);
      if (refused) return refused;
      // A click takes the same road as every player's action (scheduler.ts).
      const r = await this.turns.act(live, seat, person(action), action);
      if (!r.ok) return r;
      return actedOutcome(live, seat);
    });
  }

  /** Takes back the person's last card (and the computer players' after it): undo.ts. */
  async undo(tableId: string, actor: Asker, card: Card): Promise<Outcome<{ table: TableView; view: SeatView; firstUndo: boolean }>> {
    return this.withTable(tableId, actor, "watch", async (live) => {
      const r = await takeBack(this.ctx, live, actor, card);
      return r.ok ? { ...r, table: viewOf(live) } : r;
    });
  }

  /** The strongest computer player's suggestion for the seat's current decision: hints.ts. */
  async hint(tableId: string, actor: Asker): Promise<Outcome<{ action: Action; view: SeatView }>> {
    const live = await this.load(tableId);
    return (live && admit(live.record, actor, "watch")) || hintFor(this.ctx, live, actor, this.guilds);
  }

  // ---- timers, the store's health, restarts (lifecycle.ts) -------------------------

  /** Closes a table for a reason outside the game (its channel was deleted, say). */
  async closeBySystem(tableId: string, reason: CloseReason, note: Sentence): Promise<void> {
    const live = this.registry.tables.get(tableId);
    if (!live) return;
    await live.queue.run(async () => {
      if (!live.closed) await closeTable(this.ctx, live, reason, note);
    });
  }

  /** Loads every open table from the store and carries on where it stopped (`owns`: a shard's own guilds only); how many. */
  resume(owns: (guildId: string) => boolean = () => true): Promise<number> {
    return this.lifecycle.resume(owns);
  }

  /** The game's thread is about to post places [from, to) of the game (./catch-up.ts): a resume tells them again, and what lies beyond. */
  async notePost(tableId: string, from: number, to: number): Promise<void> {
    await this.store.updateTable(tableId, { threadFrom: from, threadTo: to });
  }

  /** The closed table's thread told everything: a restart has nothing to tell again (../table/catch-up.ts). */
  async noteThreadDone(tableId: string): Promise<void> {
    await this.store.updateTable(tableId, { threadFrom: null, threadTo: null });
  }

  /** Stops timers and waits for actions in progress; the store keeps everything for the next start. */
  async stop(): Promise<void> {
    this.health.stop();
    await this.lifecycle.stop();
  }

  // ---- privacy (privacy.ts) --------------------------------------------------------------------

  /** "Forget me" at the open tables in memory; returns how many tables the person was at. */
  async forgetPlayer(userId: string, pseudonym: string): Promise<number> {
    this.access.forgotten(userId);
    return forgetAtOpenTables(this.openTablesForPrivacy(), userId, pseudonym);
  }

  /** "Forget me" in the stored open tables of servers whose shard did not answer (it was down); how many tables the person was at. */
  async forgetAtStoredTables(userId: string, pseudonym: string, theirs: (guildId: string) => boolean): Promise<number> {
    return forgetAtStoredTables(this.store, (id) => this.registry.tables.has(id), theirs, userId, pseudonym);
  }

  /** Ends every open table of a server (it purges its data, or the bot was removed from it). */
  async endGuild(guildId: string, note: Sentence): Promise<number> {
    this.access.purged(guildId);
    return endGuildTables(this.openTablesForPrivacy(), guildId, note);
  }

  private openTablesForPrivacy(): OpenTables {
    return {
      ctx: this.ctx,
      all: () => [...this.registry.tables.values()],
      leave: (tableId, actor) => this.domain.leave(tableId, actor, false),
      inTable: (tableId, fn) => this.withTable(tableId, null, "watch", fn),
      closeBySystem: (tableId, reason, note) => this.closeBySystem(tableId, reason, note),
    };
  }

  /** Announces a stored change to the listeners (updates.ts). */
  private emit(live: LiveTable, update: TableUpdate): void {
    this.updates.emit(live, update);
  }
}
