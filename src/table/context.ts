/**
 * What the table service's parts share: the store, the clock, the log and the configuration, and
 * how a change is announced and what follows it is set going. The service builds one; each part
 * (committing an action, closing a table, undo, hints, privacy) is a function of it and a live
 * table, run in that table's queue.
 */
import type { Logger } from "../log.js";
import type { Store } from "./store.js";
import type { Clock } from "./clock.js";
import type { LiveTable } from "./live.js";
import type { BotPlayer } from "./players.js";
import type { TableServiceConfig, TableUpdate } from "./types.js";

export interface TableContext {
  /** The store, every call through its health: a failing store puts the tables on hold, not the bot down. */
  readonly store: Store;
  readonly log: Logger;
  readonly clock: Clock;
  readonly config: TableServiceConfig;
  /** The computer players' engine (hints; the scheduler has its own players). */
  readonly bots: BotPlayer;
  /** Tells the front end about a change, once it is stored. */
  emit(live: LiveTable, update: TableUpdate): void;
  /** After a change: the next turn (the scheduler). */
  plan(live: LiveTable): void;
  /** Stops the table's timers (its turn, its idle lobby). */
  clearTimers(live: LiveTable): void;
  /** Lets a closed table go from memory. */
  forget(live: LiveTable): void;
  /** Reads a table again from the store after another writer moved its log on. */
  reload(live: LiveTable): Promise<void>;
}
