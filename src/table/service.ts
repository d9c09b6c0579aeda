/**
 * The table service: lobbies, seats, hosts, options, the game flow, turn timers and computer turns.
 * It knows the engine and the store, not Discord: the front end calls these methods with the
 * interaction's user and shows the outcome; the service tells it about every change through one
 * listener, always after the change is persisted.
 *
 * Every method on a table runs in that table's queue, so concurrent clicks, bot moves and timers
 * apply one after another and an action is never applied twice.
 */
import { randomInt } from "node:crypto";
import {
  apply,
  awaiting,
  cardLabel,
  createGame,
  replay,
  viewFor,
  type Action,
  type Card,
  type MoonChoice,
  type Seat,
  type SeatView,
} from "../game/index.js";
import { HintRefused } from "../ai/index.js";
import { sentence, type Sentence } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { NewTable, Store, TablePatch } from "../store/types.js";
import type { BotLevel, FinishedGame, TableRecord } from "./records.js";
import { systemClock, type Clock } from "./clock.js";
import type { SettingsChange } from "./options.js";
import { describeAction, person, type BotPlayer } from "./players.js";
import { TurnScheduler, inBackground } from "./scheduler.js";
import { SerialQueue } from "./queue.js";
import { aloneAtTable, alreadyUndone, undoTarget } from "./undo.js";
import { bankUsed } from "./turn-clock.js";
import { currentView, newLive, viewOf, type LiveTable } from "./live.js";
import { StoreDown, StoreHealth, guardedStore } from "./store-health.js";
import * as lobby from "./lobby.js";
import { TableRegistry } from "./registry.js";
import type { LobbyOutcome } from "./lobby.js";
import { cleanName, humanSeat, isHumanSeat, seatOf } from "./seats.js";
import {
  refuse,
  type ActionSource,
  type Refusal,
  type Actor,
  type CloseReason,
  type NewTableOptions,
  type Outcome,
  type TableListener,
  type TableServiceConfig,
  type TableUpdate,
  type TableView,
} from "./types.js";

type Live = LiveTable;

export interface TableServiceDeps {
  store: Store;
  bots: BotPlayer;
  log: Logger;
  config: TableServiceConfig;
  clock?: Clock;
  /** Where deal seeds come from (tests fix it; by default a cryptographic random number). */
  seeds?: () => number;
}

export class TableService {
  /** The store, every call through `health`: a failing store puts the tables on hold, not the bot down. */
  private readonly store: Store;
  private readonly health: StoreHealth;
  private readonly bots: BotPlayer;
  private readonly log: Logger;
  private readonly config: TableServiceConfig;
  private readonly clock: Clock;
  private readonly seeds: () => number;
  /** The tables in memory, and their loading and replay from the store. */
  private readonly registry: TableRegistry<Live>;
  /** Drives every turn: people, computer players and the turn clock, through one player interface. */
  private readonly turns: TurnScheduler;
  /** Opening a table in a channel (new or rematch), one at a time per channel: one open table there. */
  private readonly opening = new Map<string, SerialQueue>();
  private readonly listeners: TableListener[] = [];
  private stopped = false;

  constructor(deps: TableServiceDeps) {
    this.bots = deps.bots;
    this.log = deps.log;
    this.config = deps.config;
    this.clock = deps.clock ?? systemClock;
    this.health = new StoreHealth(deps.store, this.clock, deps.log, (up) => this.storeChanged(up));
    this.store = guardedStore(deps.store, this.health);
    this.seeds = deps.seeds ?? (() => randomInt(0, 2 ** 32 - 1));
    this.turns = new TurnScheduler({
      clock: this.clock,
      log: this.log,
      bots: this.bots,
      botDelayMs: this.config.botDelayMs,
      // While the store cannot save, nobody's turn runs out and computer players wait (storeChanged).
      running: () => !this.stopped && this.health.up,
      commit: (live, seat, action, source) => this.commit(live, seat, action, source),
    });
    this.registry = new TableRegistry<Live>({
      store: this.store,
      log: this.log,
      create: (record) => this.newLive(record),
      broken: (live) => this.emit(live, { type: "closed", reason: "broken", note: sentence("lobby", "closedDamaged") }),
      replayed: (live) => markUndoneAtLoad(live),
    });
  }

  /** The open tables in memory, by id. */
  private get tables(): ReadonlyMap<string, Live> {
    return this.registry.tables;
  }

  onUpdate(listener: TableListener): void {
    this.listeners.push(listener);
  }

  /** Open tables held in memory. */
  get openTables(): number {
    return this.tables.size;
  }

  // ---- finding tables -------------------------------------------------------

  /** The open table in a channel or thread. */
  async findOpen(channelId: string): Promise<TableView | null> {
    const live = this.registry.in(channelId);
    if (live) return viewOf(live);
    const record = await this.store.findOpenTable(channelId);
    const loaded = record ? await this.load(record.id) : null;
    return loaded ? viewOf(loaded) : null;
  }

  /** Any table by id: open ones from memory, closed ones read from the store (not kept). */
  async get(tableId: string): Promise<TableView | null> {
    const live = await this.load(tableId);
    return live ? viewOf(live) : null;
  }

  /** The same table as it is now: a view is taken once, and the game moves on. */
  current(view: TableView): TableView {
    return currentView(view);
  }

  private async load(tableId: string): Promise<Live | null> {
    return this.registry.load(tableId);
  }

  private newLive(record: TableRecord): Live {
    return newLive(record);
  }

  private remember(live: Live): void {
    this.registry.remember(live);
  }

  private forget(live: Live): void {
    this.registry.forget(live);
  }

  /** Runs `fn` in the table's queue, on the current state. */
  private async withTable<T extends object>(tableId: string, fn: (live: Live) => Promise<Outcome<T>> | Outcome<T>): Promise<Outcome<T>> {
    return this.unlessStoreDown(async () => {
      const live = await this.load(tableId);
      if (!live) return refuse("no-table", sentence("refusals", "noTable"));
      return live.queue.run(async () => {
        if (live.closed) return refuse("closed", closedMessage(live.record.status));
        return fn(live);
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

  /**
   * Runs `fn` alone for this channel: "is there an open table here?" and "create one" must not
   * interleave with another /hearts new or Rematch there, or both would open a table.
   */
  private async inChannel<T>(channelId: string, fn: () => Promise<T>): Promise<T> {
    let q = this.opening.get(channelId);
    if (!q) this.opening.set(channelId, (q = new SerialQueue()));
    try {
      return await q.run(fn);
    } finally {
      if (q.size === 0 && this.opening.get(channelId) === q) this.opening.delete(channelId);
    }
  }

  async open(where: { guildId: string; channelId: string }, host: Actor, options: NewTableOptions): Promise<Outcome<{ table: TableView }>> {
    if (this.stopped) return refuse("busy", sentence("refusals", "restarting"));
    return this.unlessStoreDown(() => this.inChannel(where.channelId, () => this.openHere(where, host, options)));
  }

  private async openHere(
    where: { guildId: string; channelId: string },
    host: Actor,
    options: NewTableOptions,
  ): Promise<Outcome<{ table: TableView }>> {
    const cap = this.guildCap(where.guildId, options.maxTables);
    if (cap) return cap;
    const existing = await this.findOpen(where.channelId);
    if (existing) {
      return refuse("table-exists", sentence("refusals", "tableExists"));
    }
    const record = await this.store.createTable({
      guildId: where.guildId,
      channelId: where.channelId,
      hostId: host.userId,
      rules: options.rules,
      settings: options.settings,
      seed: 0,
      seats: [humanSeat(0, host.userId, cleanName(host.name))],
    });
    const live = this.newLive(record);
    this.remember(live);
    this.armLobbyTimer(live);
    this.log.info({ table: record.id, channel: where.channelId, host: host.userId }, "table opened");
    return { ok: true, table: viewOf(live) };
  }

  /** A refusal when the server already has as many open tables as it may (every open table is in memory). */
  private guildCap(guildId: string, serverCap?: number): Refusal | null {
    const ceiling = this.config.maxTablesPerGuild;
    const max = ceiling === undefined ? serverCap : serverCap === undefined ? ceiling : Math.min(ceiling, serverCap);
    if (max === undefined) return null;
    let open = 0;
    for (const live of this.tables.values()) if (!live.closed && live.record.guildId === guildId) open++;
    return open >= max ? refuse("table-cap", sentence("refusals", "tableCap", { open })) : null;
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
      if (!live.closed) this.remember(live);
    });
  }

  async join(tableId: string, actor: Actor): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, (live) => this.move(live, actor, lobby.join(live.record, actor)));
  }

  async leave(tableId: string, actor: Actor): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, (live) => this.move(live, actor, lobby.leave(live.record, actor)));
  }

  async addBot(tableId: string, actor: Actor, level: BotLevel): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, (live) => this.move(live, actor, lobby.addBot(live.record, actor, level)));
  }

  async removeBot(tableId: string, actor: Actor): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, (live) => this.move(live, actor, lobby.removeBot(live.record, actor)));
  }

  /**
   * The host (or Manage Channels) removes a player who stopped responding: in the lobby the seat is
   * freed; during a game a computer player takes it until the person rejoins with /hearts join.
   */
  async kick(tableId: string, actor: Actor, userId: string): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, (live) => this.move(live, actor, lobby.kick(live.record, actor, userId)));
  }

  /** The host changes the rules or the table settings in the lobby. */
  async configure(
    tableId: string,
    actor: Actor,
    change: { rules?: string; settings?: SettingsChange },
  ): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    return this.withTable(tableId, (live) => this.move(live, actor, lobby.configure(live.record, actor, change)));
  }

  /** Stores and announces what a lobby move decided (src/table/lobby.ts). Runs inside the table's queue. */
  private async move(live: Live, actor: Actor, r: LobbyOutcome): Promise<Outcome<{ table: TableView; say: Sentence }>> {
    if (!r.ok) return r;
    const c = r.change;
    const tableId = live.record.id;
    switch (c.kind) {
      case "close":
        await this.close(live, "everyone-left", c.note);
        return { ok: true, table: viewOf(live), say: c.say };
      case "lobby":
        live.record = await this.store.updateTable(tableId, c.patch);
        this.armLobbyTimer(live);
        if (c.patch.rules || c.patch.settings) this.log.info({ table: tableId, by: actor.userId }, "table options changed");
        this.emit(live, { type: "lobby", note: c.note });
        return { ok: true, table: viewOf(live), say: c.say };
      case "seat":
        await this.saveSeats(live, c.seats);
        this.log.info(
          { table: tableId, seat: c.seat, by: actor.userId },
          c.change === "left" ? "a computer player took the seat" : "player returned",
        );
        if (c.change === "left" && (await this.closeIfNobodyLeft(live))) return { ok: true, table: viewOf(live), say: c.sayIfClosed };
        this.turns.plan(live);
        this.emit(live, { type: "seat", seat: c.seat, change: c.change });
        return { ok: true, table: viewOf(live), say: c.say };
    }
  }

  async start(tableId: string, actor: Actor): Promise<Outcome<{ table: TableView }>> {
    return this.withTable(tableId, async (live) => {
      const { record } = live;
      const r = lobby.start(record, actor);
      if (!r.ok) return r;
      const seats = r.seats;
      const seed = this.seeds() >>> 0;
      const state = createGame(record.rules, seed);
      const status = state.phase === "passing" ? "passing" : "playing";
      live.record = await this.store.updateTable(tableId, {
        seats,
        seed,
        status,
        timeBank: seats.map(() => record.settings.timeBankSeconds),
      });
      live.state = state;
      this.clearTimers(live);
      this.log.info({ table: tableId, seed, rules: record.rules.target, humans: seats.filter(isHumanSeat).length }, "game started");
      this.turns.plan(live);
      this.emit(live, { type: "started" });
      return { ok: true, table: viewOf(live) };
    });
  }

  /** Ends a table early: its host, or someone who may manage the channel. */
  async end(tableId: string, actor: Actor): Promise<Outcome<{ table: TableView }>> {
    return this.withTable(tableId, async (live) => {
      if (live.record.hostId !== actor.userId && !actor.canManage) return refuse("not-host", sentence("refusals", "notHostEnd"));
      await this.close(live, "ended", sentence("lobby", "closedEndedBy", { name: cleanName(actor.name) }));
      return { ok: true, table: viewOf(live) };
    });
  }

  /** A new lobby where a finished game was, with the same seats, rules and settings. */
  async rematch(tableId: string, actor: Actor): Promise<Outcome<{ table: TableView }>> {
    const old = await this.load(tableId);
    if (!old) return refuse("no-table", sentence("refusals", "rematchGone"));
    const r = lobby.rematch(old.record, actor);
    if (!r.ok) return r;
    return this.unlessStoreDown(() => this.inChannel(r.table.channelId, () => this.rematchHere(tableId, actor, r.table)));
  }

  private async rematchHere(from: string, actor: Actor, table: NewTable): Promise<Outcome<{ table: TableView }>> {
    const existing = await this.findOpen(table.channelId);
    if (existing) return refuse("table-exists", sentence("refusals", "rematchExists"));
    const cap = this.guildCap(table.guildId);
    if (cap) return cap;
    const record = await this.store.createTable(table);
    const live = this.newLive(record);
    this.remember(live);
    this.armLobbyTimer(live);
    this.log.info({ table: record.id, from, host: actor.userId }, "rematch opened");
    return { ok: true, table: viewOf(live) };
  }

  // ---- play -----------------------------------------------------------------

  /** The seat's private view, for its own ephemeral menu. */
  async handFor(tableId: string, actor: Actor): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    const live = await this.load(tableId);
    if (!live) return refuse("no-table", sentence("refusals", "noTableShort"));
    const mine = seatOf(live.record.seats, actor.userId);
    if (!mine) return refuse("not-seated", sentence("refusals", "notPlaying"));
    if (!live.state) return refuse("not-started", sentence("refusals", "notStartedDeal"));
    return { ok: true, table: viewOf(live), view: viewFor(live.state, mine.seat as Seat) };
  }

  async pass(tableId: string, actor: Actor, cards: Card[], version: number): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    return this.humanAction(tableId, actor, version, (seat) => ({ type: "pass", seat, cards }));
  }

  async play(tableId: string, actor: Actor, card: Card, version: number): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    return this.humanAction(tableId, actor, version, (seat) => ({ type: "play", seat, card }));
  }

  async moon(tableId: string, actor: Actor, choice: MoonChoice, version: number): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    return this.humanAction(tableId, actor, version, (seat) => ({ type: "moon", seat, choice }));
  }

  /**
   * A person's action from a menu built at `version` (the action count it showed). A play or moon
   * choice needs the exact version; a pass only needs the same passing phase, since the others'
   * passes move the count without changing this seat's choice.
   */
  private async humanAction(
    tableId: string,
    actor: Actor,
    version: number,
    build: (seat: Seat) => Action,
  ): Promise<Outcome<{ table: TableView; view: SeatView }>> {
    return this.withTable(tableId, async (live) => {
      const mine = seatOf(live.record.seats, actor.userId);
      if (!mine) return refuse("not-seated", sentence("refusals", "notPlaying"));
      const state = live.state;
      if (!state) return refuse("not-started", sentence("refusals", "notStarted"));
      const seat = mine.seat as Seat;
      const action = build(seat);
      const last = live.last[seat];
      if (last && last.seq >= version && sameAction(last.action, action)) {
        return refuse("duplicate", alreadyDone(last.action));
      }
      const passPhaseStart = state.actionCount - state.passes.filter((p) => p !== null).length;
      const fresh =
        action.type === "pass"
          ? state.phase === "passing" && version >= passPhaseStart && version <= state.actionCount
          : version === state.actionCount;
      if (!fresh) {
        return refuse("stale", sentence("refusals", version > state.actionCount ? "notThisGame" : "stale"));
      }
      if (mine.botControlled) {
        return refuse("not-seated", sentence("refusals", "timedOutSeat"));
      }
      const r = await this.turns.act(live, seat, person(action));
      if (!r.ok) return r;
      return { ok: true, table: viewOf(live), view: viewFor(live.state!, seat) };
    });
  }

  /**
   * Takes back the person's last card (and the computer players' cards after it): the rule is in
   * undo.ts. The log is cut after their last play, the game replayed from (rules, seed, actions),
   * and their turn starts again. `card`: the card their menu offered to take back.
   */
  async undo(tableId: string, actor: Actor, card: Card): Promise<Outcome<{ table: TableView; view: SeatView; firstUndo: boolean }>> {
    return this.withTable(tableId, async (live) => {
      const mine = seatOf(live.record.seats, actor.userId);
      if (!mine) return refuse("not-seated", sentence("refusals", "notPlaying"));
      const state = live.state;
      if (!state) return refuse("not-started", sentence("refusals", "notStarted"));
      if (mine.botControlled) return refuse("not-seated", sentence("refusals", "timedOutSeat"));
      if (!aloneAtTable(live.record.seats)) return refuse("undo-alone", sentence("comforts", "undoOnlyAlone"));
      const seat = mine.seat as Seat;
      const target = undoTarget(viewFor(state, seat));
      if (!target) return refuse("undo-nothing", sentence("comforts", "undoNotNow"));
      if (target.card !== card) return refuse("stale", sentence("refusals", "stale"));
      if (alreadyUndone(target, state.handIndex, live.undone)) return refuse("undo-once", sentence("comforts", "undoOncePerTrick"));
      const stored = await this.store.loadActions(tableId);
      let at = stored.length - 1;
      while (at >= 0 && !(stored[at].seat === seat && stored[at].action.type === "play")) at--;
      const played = stored[at]?.action;
      if (stored.length !== state.actionCount || played?.type !== "play" || played.card !== card) {
        this.log.warn(
          { table: tableId, seat, at, logged: stored.length, count: state.actionCount },
          "undo: the log does not end as the game does",
        );
        return refuse("undo-nothing", sentence("comforts", "undoNothing"));
      }
      const kept = stored.slice(0, at);
      const r = replay(
        live.record.rules,
        live.record.seed,
        kept.map((a) => a.action),
      );
      if (!r.ok || r.state.phase !== "playing" || r.state.handIndex !== state.handIndex || r.state.turn !== seat)
        return refuse("undo-nothing", sentence("comforts", "undoNothing"));
      const undos = live.record.undos + 1;
      const res = await this.store.truncateActions(tableId, at, state.actionCount, { undos, turnDeadline: null });
      if (!res.ok) {
        if (res.reason === "conflict") await this.reload(live);
        return refuse("stale", sentence("refusals", "raced"));
      }
      live.record = { ...live.record, undos, turnDeadline: null, actionCount: at };
      live.state = r.state;
      live.undone = { hand: state.handIndex, trick: target.trick };
      live.epoch++;
      live.last = [null, null, null, null];
      for (const a of kept.slice(-8)) live.last[a.seat] = { seq: a.seq, action: a.action };
      // Their turn starts afresh; computer players' moves worked out meanwhile are dropped (epoch).
      live.turn = null;
      this.log.info({ table: tableId, seat, card: cardLabel(card), from: at, taken: stored.length - at, undos }, "card taken back");
      this.turns.plan(live);
      // The trick's post is only made when it completes: a completed trick taken back is said so.
      if (target.completed)
        this.emit(live, { type: "notice", note: sentence("comforts", "undoThread", { name: mine.name, trick: target.trick + 1 }) });
      return { ok: true, table: viewOf(live), view: viewFor(r.state, seat), firstUndo: undos === 1 };
    });
  }

  /** The strongest computer player's suggestion for the seat's current decision. */
  async hint(tableId: string, actor: Actor): Promise<Outcome<{ action: Action; view: SeatView }>> {
    const live = await this.load(tableId);
    if (!live || live.closed) return refuse("no-table", sentence("refusals", "noGame"));
    if (!live.record.settings.hintsAllowed) return refuse("hints-off", sentence("refusals", "hintsOff"));
    const mine = seatOf(live.record.seats, actor.userId);
    if (!mine) return refuse("not-seated", sentence("refusals", "notPlaying"));
    if (!live.state) return refuse("not-started", sentence("refusals", "notStarted"));
    if (!awaiting(live.state).includes(mine.seat)) return refuse("stale", sentence("refusals", "hintNotYourTurn"));
    const view = viewFor(live.state, mine.seat as Seat);
    let action: Action;
    try {
      action = await (this.bots.hint ? this.bots.hint(view, { key: `${tableId}:${mine.seat}` }) : this.bots.decide(view, "hard"));
    } catch (err) {
      // Never the first legal card dressed up as advice: say why there is no hint.
      if (err instanceof HintRefused) return refuse("busy", sentence("refusals", err.reason === "pending" ? "hintPending" : "hintBusy"));
      this.log.warn({ table: tableId, err }, "hint failed");
      return refuse("busy", sentence("refusals", "hintFailed"));
    }
    if (!live.record.hintsUsed) {
      // A hinted game is not rated: the hint is only shown once that is stored.
      const stored = await live.queue
        .run(async () => {
          if (live.record.hintsUsed || live.closed) return;
          live.record = await this.store.updateTable(tableId, { hintsUsed: true });
          this.log.info({ table: tableId, seat: mine.seat }, "hint used; the game will not be rated");
        })
        .then(
          () => true,
          (err: unknown) => (err instanceof StoreDown ? false : Promise.reject(err)),
        );
      if (!stored) return refuse("store-down", sentence("common", "storeDown"));
    }
    return { ok: true, action, view };
  }

  // ---- applying actions -----------------------------------------------------

  /** Validates, persists, then announces one action. Runs inside the table's queue. */
  private async commit(live: Live, seat: Seat, action: Action, source: ActionSource): Promise<Outcome> {
    const state = live.state!;
    const r = apply(state, action);
    if (!r.ok) return refuse("illegal", sentence("moves", r.reason, { ...r.values }));
    const seq = state.actionCount;
    const now = this.clock.now();
    const patch: TablePatch = {};
    const seatRec = live.record.seats.find((s) => s.seat === seat)!;

    let tookOver = false;
    if (source === "player" && seatRec.timeouts > 0) {
      patch.seats = live.record.seats.map((s) => (s === seatRec ? { ...s, timeouts: 0 } : s));
    } else if (source === "timeout") {
      const timeouts = seatRec.timeouts + 1;
      tookOver = timeouts >= this.config.maxTimeouts;
      patch.seats = live.record.seats.map((s) => (s === seatRec ? { ...s, timeouts, botControlled: tookOver } : s));
    }
    if (isHumanSeat(seatRec) && live.turn && live.record.settings.turnSeconds > 0) {
      const used = this.bankUse(live, now);
      if (used > 0 || source === "timeout") {
        const bank = live.record.timeBank.slice();
        bank[seat] = source === "timeout" ? 0 : Math.max(0, bank[seat] - used);
        patch.timeBank = bank;
      }
    }
    const status = r.state.phase === "passing" ? "passing" : "playing";
    if (status !== live.record.status) patch.status = status;
    patch.turnDeadline = null;

    const res = await this.store.appendAction(live.record.id, seq, seat, action, patch);
    if (!res.ok) {
      this.log.error({ table: live.record.id, seq, reason: res.reason }, "action not stored");
      if (res.reason === "conflict") await this.reload(live);
      return refuse("stale", sentence("refusals", "raced"));
    }
    live.record = { ...live.record, ...patch, actionCount: seq + 1 } as TableRecord;
    live.state = r.state;
    live.last[seat] = { seq, action };
    // Every card at info would drown the table events; timeouts are logged on their own.
    this.log.debug({ table: live.record.id, seq, seat, action: describeAction(action), source }, "action");
    // Timers first, so whoever hears of the action also sees the next turn's deadline.
    if (r.state.phase !== "game-over") this.turns.plan(live);
    this.emit(live, { type: "action", seat, action, events: r.events, source });
    if (tookOver) {
      this.log.info({ table: live.record.id, seat }, "seat passed to a bot after repeated timeouts");
      this.emit(live, { type: "seat", seat, change: "bot-took-over" });
      if (await this.closeIfNobodyLeft(live)) return { ok: true };
    }
    if (r.state.phase === "game-over") await this.finish(live);
    return { ok: true };
  }

  /** Seconds of time bank the seat used on this turn. */
  private bankUse(live: Live, now: number): number {
    return live.turn && live.state ? bankUsed(live.turn, live.record.settings, live.state, now) : 0;
  }

  private async reload(live: Live): Promise<void> {
    await this.registry.reload(live);
  }

  private async finish(live: Live): Promise<void> {
    const state = live.state!;
    const { record } = live;
    const game: FinishedGame = {
      tableId: record.id,
      guildId: record.guildId,
      rules: record.rules,
      rated: record.settings.rated && !record.hintsUsed && !record.undos,
      players: record.seats.map((s) => ({
        seat: s.seat,
        userId: s.userId,
        botLevel: s.userId === null ? s.botLevel : null,
        name: s.name,
        total: state.totals[s.seat],
        place: state.placements![s.seat],
      })),
      hands: state.history.map((h) => ({
        change: h.change.slice(),
        handPoints: h.handPoints.slice(),
        moonShooter: h.moon?.shooter ?? null,
        queenTakenBy: h.queenTakenBy,
        jackTakenBy: h.jackTakenBy,
      })),
      finishedAt: new Date(this.clock.now()),
    };
    try {
      await this.store.recordFinishedGame(game);
      live.record = { ...live.record, status: "finished" };
    } catch (err) {
      // The last action is stored: a restart finds the game over and records it then.
      this.log.error({ table: record.id, err }, "could not record the finished game");
    }
    this.clearTimers(live);
    live.closed = true;
    this.forget(live);
    const winners = state.winners!.map((s) => record.seats[s]?.name).join(" & ");
    this.log.info({ table: record.id, totals: state.totals, winners: state.winners }, "game over");
    this.emit(live, { type: "closed", reason: "finished", note: sentence("lobby", "closedWon", { winners }) });
  }

  private async close(live: Live, reason: CloseReason, note: Sentence): Promise<void> {
    const status = reason === "broken" ? "broken" : "abandoned";
    try {
      live.record = await this.store.updateTable(live.record.id, { status, turnDeadline: null });
    } catch (err) {
      this.log.error({ table: live.record.id, err }, "could not mark the table closed");
      live.record = { ...live.record, status };
    }
    this.clearTimers(live);
    live.closed = true;
    this.forget(live);
    this.log.info({ table: live.record.id, reason }, "table closed");
    this.emit(live, { type: "closed", reason, note });
  }

  private async closeIfNobodyLeft(live: Live): Promise<boolean> {
    if (live.record.seats.some((s) => isHumanSeat(s) && !s.botControlled)) return false;
    await this.close(live, "everyone-left", sentence("lobby", "closedAllAway"));
    return true;
  }

  private async saveSeats(live: Live, seats: TableRecord["seats"]): Promise<void> {
    live.record = await this.store.updateTable(live.record.id, { seats });
  }

  // ---- turns, timers and computer players -----------------------------------

  private armLobbyTimer(live: Live): void {
    this.clearTimer(live, "lobby");
    if (this.stopped) return;
    const idle = this.clock.now() - live.record.updatedAt.getTime();
    const wait = Math.max(0, this.config.lobbyTimeoutMs - Math.max(0, idle));
    live.timers.lobby = this.clock.setTimeout(() => {
      live.timers.lobby = null;
      const closing = live.queue.run(async () => {
        if (live.closed || live.record.status !== "lobby" || !this.health.up) return;
        await this.close(live, "lobby-timeout", sentence("lobby", "closedLobbyTimeout"));
      });
      inBackground(this.log, live, "lobby timeout", closing);
    }, wait);
  }

  /** The store went down or came back: every table in memory waits, or goes on, and says so. */
  private storeChanged(up: boolean): void {
    for (const live of this.tables.values()) {
      if (live.closed) continue;
      if (up) {
        // The time people could not play does not count against them: their turn starts afresh.
        live.turn = null;
        if (live.record.status === "lobby") this.armLobbyTimer(live);
        else this.turns.plan(live);
      } else this.clearTimers(live);
      this.emit(live, {
        type: "notice",
        note: sentence("lobby", up ? "storeBack" : "storePaused"),
      });
    }
  }

  private clearTimer(live: Live, which: "lobby"): void {
    const t = live.timers[which];
    if (t) this.clock.clearTimeout(t);
    live.timers[which] = null;
  }

  private clearTimers(live: Live): void {
    this.turns.clear(live);
    this.clearTimer(live, "lobby");
  }

  /** An open table by id, from memory only. */
  openTable(tableId: string): TableView | null {
    const live = this.registry.get(tableId);
    return live ? viewOf(live) : null;
  }

  /** The ids of the open tables in memory. */
  get openTableIds(): string[] {
    return this.registry.ids;
  }

  /** The open table in a channel or thread, from memory only. */
  tableIn(channelId: string): TableView | null {
    const live = this.registry.in(channelId);
    return live ? viewOf(live) : null;
  }

  /** Closes a table for a reason outside the game (its channel was deleted, say). */
  async closeBySystem(tableId: string, reason: CloseReason, note: Sentence): Promise<void> {
    const live = this.tables.get(tableId);
    if (!live) return;
    await live.queue.run(async () => {
      if (!live.closed) await this.close(live, reason, note);
    });
  }

  // ---- lifecycle ------------------------------------------------------------

  /**
   * Loads every open table from the store and carries on where it stopped. Returns how many.
   * `owns`: only tables of these guilds (a shard process resumes its own guilds' tables only).
   */
  async resume(owns: (guildId: string) => boolean = () => true): Promise<number> {
    const open = (await this.store.listOpenTables()).filter((t) => owns(t.guildId));
    let resumed = 0;
    for (const record of open) {
      try {
        const live = await this.load(record.id);
        if (!live || live.closed) continue;
        await live.queue.run(async () => {
          if (live.record.status === "lobby") this.armLobbyTimer(live);
          else if (live.state?.phase === "game-over") await this.finish(live);
          else this.turns.plan(live);
        });
        resumed++;
        this.log.info({ table: record.id, status: live.record.status, actions: live.state?.actionCount ?? 0 }, "table resumed");
        // No silent restart: the players of a game in progress hear that the bot is back.
        if (!live.closed && live.state) this.emit(live, { type: "notice", note: sentence("lobby", "resumed") });
      } catch (err) {
        this.log.error({ table: record.id, err }, "could not resume table");
      }
    }
    return resumed;
  }

  /** Stops timers and waits for actions in progress; the store keeps everything for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.health.stop();
    const all = [...this.tables.values()];
    for (const live of all) this.clearTimers(live);
    await Promise.all(all.map((l) => l.queue.idle().catch(() => undefined)));
    for (const live of all) this.clearTimers(live);
  }

  // ---- privacy --------------------------------------------------------------------------------

  /**
   * "Forget me" at the open tables in memory: the person leaves each as if they pressed Leave, and
   * a seat they still hold (a game in progress) becomes an anonymous computer player. Returns how
   * many tables they were at. (Closed tables are the store's to anonymise.)
   */
  async forgetPlayer(userId: string, pseudonym: string): Promise<number> {
    let count = 0;
    for (const live of [...this.tables.values()]) {
      if (live.closed || (!seatOf(live.record.seats, userId) && live.record.hostId !== userId)) continue;
      count++;
      if (seatOf(live.record.seats, userId)) await this.leave(live.record.id, { userId, name: pseudonym });
      await this.withTable<object>(live.record.id, async (l) => {
        const mine = seatOf(l.record.seats, userId);
        if (!mine && l.record.hostId !== userId) return { ok: true };
        const seats = l.record.seats.map((s) =>
          s === mine
            ? { ...s, userId: null, botLevel: s.botLevel ?? l.record.settings.botLevel, name: pseudonym, botControlled: false, timeouts: 0 }
            : s,
        );
        const patch: TablePatch = { seats };
        if (l.record.hostId === userId)
          patch.hostId = seats.find((s) => isHumanSeat(s) && !s.botControlled)?.userId ?? seats.find(isHumanSeat)?.userId ?? "former:";
        l.record = await this.store.updateTable(l.record.id, patch);
        if (mine) this.emit(l, { type: "seat", seat: mine.seat, change: "bot-took-over" });
        this.turns.plan(l);
        return { ok: true };
      });
    }
    return count;
  }

  /** Ends every open table of a server (it purges its data, or the bot was removed from it). */
  async endGuild(guildId: string, note: Sentence): Promise<number> {
    const mine = [...this.tables.values()].filter((l) => !l.closed && l.record.guildId === guildId);
    for (const live of mine) await this.closeBySystem(live.record.id, "ended", note);
    return mine.length;
  }

  private emit(live: Live, update: TableUpdate): void {
    // One view for every listener: the table as this update left it.
    const view = viewOf(live);
    for (const listener of this.listeners) {
      try {
        listener(view, update);
      } catch (err) {
        this.log.error({ table: live.record.id, err }, "table listener failed");
      }
    }
  }
}

function closedMessage(status: TableRecord["status"]): Sentence {
  return sentence("refusals", status === "finished" ? "closedFinished" : status === "broken" ? "closedBroken" : "closedOther");
}

/** A repeated click's answer: what was already done. */
function alreadyDone(action: Action): Sentence {
  switch (action.type) {
    case "play":
      return sentence("refusals", "duplicatePlay", { card: cardLabel(action.card) });
    case "pass":
      return sentence("refusals", "duplicatePass", { cards: action.cards.map(cardLabel).join(" ") });
    case "moon":
      return sentence("refusals", "duplicateMoon", { choice: action.choice });
  }
}

function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  if (a.type === "play" && b.type === "play") return a.card === b.card;
  if (a.type === "moon" && b.type === "moon") return a.choice === b.choice;
  if (a.type === "pass" && b.type === "pass") return a.cards.length === b.cards.length && a.cards.every((c) => b.cards.includes(c));
  return false;
}

/**
 * Where the last undo was is not stored: after a restart at a table that used one, the card the
 * person could take back then stays (never a second undo in a trick; at worst one fewer).
 */
function markUndoneAtLoad(live: Live): void {
  const person = live.record.seats.find(isHumanSeat);
  const latest = live.record.undos > 0 && person && live.state ? undoTarget(viewFor(live.state, person.seat as Seat)) : null;
  if (latest) live.undone = { hand: live.state!.handIndex, trick: latest.trick };
}
