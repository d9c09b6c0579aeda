/**
 * The tables' timers and their life across the bot's own: the idle lobby's timer, what the
 * tables do when the store goes down or comes back, resuming every open table at start, and
 * stopping. Each runs in the table's queue, as the service's other parts.
 */
import { sentence } from "../i18n/index.js";
import { missedActions } from "./catch-up.js";
import { announceFinished, closeTable, finishGame } from "./closing.js";
import type { TableContext } from "./context.js";
import type { LiveTable } from "./live.js";
import type { StoredTable } from "./records.js";
import { inBackground, type TurnScheduler } from "./scheduler.js";

/** How long after its end a finished game's thread is still told what a stop kept from it. */
const UNTOLD_WINDOW_MS = 60 * 60_000;
/** Finished games told at one start, at most (the newest). */
const UNTOLD_LIMIT = 200;

export interface LifecycleDeps {
  ctx: TableContext;
  turns: TurnScheduler;
  /** The open tables in memory. */
  tables(): Iterable<LiveTable>;
  load(tableId: string): Promise<LiveTable | null>;
  /** Whether the store saves games now. */
  storeUp(): boolean;
}

export class TableLifecycle {
  private stopped = false;

  constructor(private readonly deps: LifecycleDeps) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Closes the lobby after LOBBY_TIMEOUT_MINUTES without a change. */
  armLobbyTimer(live: LiveTable): void {
    const { clock, config, log } = this.deps.ctx;
    this.clearLobbyTimer(live);
    if (this.stopped) return;
    const idle = clock.now() - live.record.updatedAt.getTime();
    const wait = Math.max(0, config.lobbyTimeoutMs - Math.max(0, idle));
    live.timers.lobby = clock.setTimeout(() => {
      live.timers.lobby = null;
      const closing = live.queue.run(async () => {
        if (live.closed || live.record.status !== "lobby" || !this.deps.storeUp()) return;
        await closeTable(this.deps.ctx, live, "lobby-timeout", sentence("lobby", "closedLobbyTimeout"));
      });
      inBackground(log, live, "lobby timeout", closing);
    }, wait);
  }

  /** Stops the table's timers (its turn, its idle lobby). */
  clearTimers(live: LiveTable): void {
    this.deps.turns.clear(live);
    this.clearLobbyTimer(live);
  }

  private clearLobbyTimer(live: LiveTable): void {
    const t = live.timers.lobby;
    if (t) this.deps.ctx.clock.clearTimeout(t);
    live.timers.lobby = null;
  }

  /** The store went down or came back: every table in memory waits, or goes on, and says so. */
  storeChanged(up: boolean): void {
    for (const live of this.deps.tables()) {
      if (live.closed) continue;
      if (up) {
        // The time people could not play does not count against them: their turn starts afresh.
        live.turn = null;
        if (live.record.status === "lobby") this.armLobbyTimer(live);
        else this.deps.turns.plan(live);
      } else this.clearTimers(live);
      this.deps.ctx.emit(live, {
        type: "notice",
        note: sentence("lobby", up ? "storeBack" : "storePaused"),
      });
    }
  }

  /**
   * Loads every open table from the store and carries on where it stopped, then tells in their
   * threads the end of games finished just before the stop. Returns how many tables resumed.
   * `owns`: only tables of these guilds (a shard process resumes its own guilds' tables only).
   */
  async resume(owns: (guildId: string) => boolean): Promise<number> {
    const { ctx } = this.deps;
    // Read first: a game that ends as its table resumes below is told by its own close.
    const untold = await this.untoldGames(owns);
    const open = (await ctx.store.listOpenTables()).filter((t) => owns(t.guildId));
    let resumed = 0;
    for (const record of open) {
      try {
        const live = await this.deps.load(record.id);
        if (!live || live.closed) continue;
        await live.queue.run(async () => {
          // What the thread had not told when the bot stopped goes out first, before any new move.
          const missed = await missedActions(ctx.store, live).catch((err: unknown) => {
            ctx.log.warn({ table: record.id, err }, "could not read what the game's thread had not told");
            return [];
          });
          if (missed.length) ctx.emit(live, { type: "missed", actions: missed, lastPostTo: live.record.threadTo ?? 0 });
          if (live.record.status === "lobby") this.armLobbyTimer(live);
          else if (live.state?.phase === "game-over") await finishGame(ctx, live);
          else this.deps.turns.plan(live);
        });
        resumed++;
        ctx.log.info({ table: record.id, status: live.record.status, actions: live.state?.actionCount ?? 0 }, "table resumed");
        // No silent restart: the players of a game in progress hear that the bot is back.
        if (!live.closed && live.state) ctx.emit(live, { type: "notice", note: sentence("lobby", "resumed") });
      } catch (err) {
        ctx.log.error({ table: record.id, err }, "could not resume table");
      }
    }
    for (const record of untold) await this.tellEnd(record.id);
    return resumed;
  }

  /** Recently finished games whose thread had not told everything when the bot stopped. */
  private async untoldGames(owns: (guildId: string) => boolean): Promise<StoredTable[]> {
    const { ctx } = this.deps;
    const since = new Date(ctx.clock.now() - UNTOLD_WINDOW_MS);
    const found = await ctx.store.listUntoldTables(since, UNTOLD_LIMIT).catch((err: unknown) => {
      ctx.log.warn({ err }, "could not read which finished games' threads had not told their end");
      return [];
    });
    return found.filter((t) => owns(t.guildId)).reverse();
  }

  /** The posts a finished game's thread had not made (its last tricks, its score, who won), once, in order. */
  private async tellEnd(tableId: string): Promise<void> {
    const { ctx } = this.deps;
    try {
      const live = await this.deps.load(tableId);
      if (live?.state?.phase !== "game-over") return;
      const missed = await missedActions(ctx.store, live);
      if (!missed.length) return;
      ctx.emit(live, { type: "missed", actions: missed, lastPostTo: live.record.threadTo ?? 0 });
      announceFinished(ctx, live);
      ctx.log.info({ table: tableId, actions: missed.length }, "finished game's end told in its thread");
    } catch (err) {
      ctx.log.warn({ table: tableId, err }, "could not tell a finished game's end in its thread");
    }
  }

  /** Stops timers and waits for actions in progress; the store keeps everything for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.deps.tables()];
    for (const live of all) this.clearTimers(live);
    await Promise.all(all.map((l) => l.queue.idle().catch(() => undefined)));
    for (const live of all) this.clearTimers(live);
  }
}
