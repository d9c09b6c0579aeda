/**
 * The one scheduler of a table's turns. After every change it asks the player of each seat the
 * game waits for when it acts unasked (a computer player after the table's delay, the turn clock's
 * stand-in at the person's deadline; a person only when they click), arms one timer for the
 * earliest, and when it fires lets each player whose moment has come act. A person's click takes
 * the same road, act(): from a player's decision to the stored, announced action, with the
 * player's own answer to a refusal.
 *
 * While the store cannot save, or the service stops, no turn runs (plan arms nothing).
 */
import { awaiting, viewFor, type Action, type Seat } from "../game/index.js";
import type { Logger } from "../log.js";
import type { Clock } from "./clock.js";
import type { LiveTable } from "./live.js";
import { ComputerPlayer, TurnTimeout, type BotPlayer, type Player, type TurnTimes } from "./players.js";
import { isBotSeat } from "./seats.js";
import { StoreDown } from "./store-health.js";
import { deadlineOf, reached, turnKey } from "./turn-clock.js";
import type { ActionSource, Outcome } from "./types.js";

export interface TurnSchedulerDeps {
  clock: Clock;
  log: Logger;
  bots: BotPlayer;
  /** How long a computer player waits before it acts (so people can follow the table). */
  botDelayMs: number;
  /** Whether turns may run now: the service is not stopping and the store can save. */
  running(): boolean;
  /** Validates, stores and announces one action (commit.ts); runs in the table's queue. */
  commit(live: LiveTable, seat: Seat, action: Action, source: ActionSource): Promise<Outcome>;
}

export class TurnScheduler {
  /** When each table was last planned: a computer player's delay runs from there. */
  private readonly plannedAt = new WeakMap<LiveTable, number>();

  constructor(private readonly deps: TurnSchedulerDeps) {}

  /**
   * After every change: the turn clock starts when a new turn waits for a person, and one timer is
   * armed for the first player due to act on its own.
   */
  plan(live: LiveTable): void {
    this.clear(live);
    const { clock } = this.deps;
    const state = live.state;
    if (!state || live.closed || !this.deps.running() || state.phase === "game-over") return;
    const key = turnKey(state);
    const waiting = awaiting(state);
    const now = clock.now();
    this.plannedAt.set(live, now);
    if (!waiting.some((s) => !isBotSeat(seatRecord(live, s)))) live.turn = null;
    else if (live.turn?.key !== key) live.turn = { key, startedAt: now };
    const first = Math.min(...waiting.map((s) => this.playerFor(live, s).dueAt(this.times(live, s)) ?? Infinity));
    if (first === Infinity) return;
    const epoch = live.epoch;
    live.timers.turn = clock.setTimeout(
      () => inBackground(this.deps.log, live, "turn", this.due(live, key, epoch)),
      Math.max(0, first - now),
    );
  }

  /** Stops the table's turn timer. */
  clear(live: LiveTable): void {
    if (live.timers.turn) this.deps.clock.clearTimeout(live.timers.turn);
    live.timers.turn = null;
  }

  /**
   * The player acts for the seat now: decides from the seat's view, and the action is committed;
   * refused, the player may offer another (which is committed as it comes). Runs in the table's
   * queue; returns the first action's outcome (a person's answer). `decided`: a person's click is
   * their decision already, so no seat view is worked out for it.
   */
  async act(live: LiveTable, seat: Seat, player: Player, decided?: Action): Promise<Outcome> {
    const action = decided ?? (await player.decide(viewFor(live.state!, seat)));
    return this.settle(live, seat, player, action);
  }

  /** Who acts unasked for the seat on this turn: a computer player on a computer's seat, else the turn clock's stand-in. */
  playerFor(live: LiveTable, seat: number): Player {
    const { record } = live;
    const at = { log: this.deps.log, tableId: record.id };
    const rec = seatRecord(live, seat);
    if (isBotSeat(rec))
      return new ComputerPlayer(this.deps.bots, rec?.botLevel ?? record.settings.botLevel, record.deal, this.deps.botDelayMs, at);
    return new TurnTimeout(this.deps.bots, record.settings.botLevel, record.deal, at);
  }

  private times(live: LiveTable, seat: number): TurnTimes {
    const { turn, state, record } = live;
    return {
      plannedAt: this.plannedAt.get(live) ?? this.deps.clock.now(),
      deadline: turn && state ? deadlineOf(turn, record.settings, state, record.timeBank[seat]) : Infinity,
    };
  }

  /** Whether the player's moment has come (a timer may fire a hair early: the turn clock's slack). */
  private isDue(live: LiveTable, seat: number, player: Player): boolean {
    const at = player.dueAt(this.times(live, seat));
    return at !== null && reached(at, this.deps.clock.now());
  }

  /** The timer fired: each seat whose player is due acts, one after another, the table checked again before each. */
  private async due(live: LiveTable, key: string, epoch: number): Promise<void> {
    live.timers.turn = null;
    const due = ([0, 1, 2, 3] as Seat[])
      .filter((seat) => onTurn(live, key, seat))
      .map((seat) => ({ seat, player: this.playerFor(live, seat) }))
      .filter(({ seat, player }) => this.isDue(live, seat, player));
    for (const { seat, player } of due) {
      const acted = player.holdsTable ? await this.actHeld(live, key, seat, player) : await this.actAside(live, key, epoch, seat, player);
      // The table moved on meanwhile: the change that moved it planned what comes next.
      if (!acted) return;
    }
    // Whoever's moment has not come (a person with time left) gets the timer again.
    await live.queue.run(() => {
      if (live.state && !live.closed && turnKey(live.state) === key) this.plan(live);
    });
  }

  /** A player that decides with the table held (the turn clock's stand-in). */
  private actHeld(live: LiveTable, key: string, seat: Seat, player: Player): Promise<boolean> {
    return live.queue.run(async () => {
      if (!onTurn(live, key, seat) || !this.isDue(live, seat, player)) return false;
      await this.act(live, seat, player);
      return true;
    });
  }

  /**
   * A computer player thinks outside the table's queue (clicks go on meanwhile); its move is
   * committed only if the turn is still the one it thought about (not taken back by an undo: epoch).
   */
  private async actAside(live: LiveTable, key: string, epoch: number, seat: Seat, player: Player): Promise<boolean> {
    if (!onTurn(live, key, seat)) return false;
    const action = await player.decide(viewFor(live.state!, seat));
    return live.queue.run(async () => {
      if (live.epoch !== epoch || !onTurn(live, key, seat)) return false;
      await this.settle(live, seat, player, action);
      return true;
    });
  }

  private async settle(live: LiveTable, seat: Seat, player: Player, action: Action): Promise<Outcome> {
    const r = await this.deps.commit(live, seat, action, player.source);
    if (r.ok || !live.state) return r;
    const instead = player.insteadOf(r, action, viewFor(live.state, seat));
    if (instead) await this.deps.commit(live, seat, instead, player.source);
    return r;
  }
}

const seatRecord = (live: LiveTable, seat: number) => live.record.seats.find((s) => s.seat === seat);

/** Whether the game still waits for the seat on the turn `key`. */
const onTurn = (live: LiveTable, key: string, seat: number): boolean =>
  !!live.state && !live.closed && turnKey(live.state) === key && awaiting(live.state).includes(seat);

/**
 * Work a timer started: nobody awaits it, so its failure is caught here. A store that went down
 * is already handled (the table waits for it); anything else is logged and the table goes on.
 */
export function inBackground(log: Logger, live: LiveTable, what: string, work: Promise<unknown>): void {
  work.catch((err: unknown) => {
    if (err instanceof StoreDown) return;
    log.error({ table: live.record.id, err }, `${what} failed`);
  });
}
