/**
 * The table service's announcements: every stored change, to every listener (the front ends),
 * once the step that made it has returned, never in its middle: queued, in order, and delivered as
 * soon as that step awaits or ends. Not at the end of the table's queue task: a game's last card
 * is announced before its result is recorded (the next table may open meanwhile).
 */
import type { Logger } from "../log.js";
import { viewOf, type LiveTable } from "./live.js";
import type { TableListener, TableUpdate, TableView } from "./types.js";

export class TableUpdates {
  private readonly listeners: TableListener[] = [];
  /** Updates stored and not yet announced. */
  private readonly outbox: { table: TableView; update: TableUpdate }[] = [];

  constructor(private readonly log: Logger) {}

  listen(listener: TableListener): void {
    this.listeners.push(listener);
  }

  emit(live: LiveTable, update: TableUpdate): void {
    // One view for every listener: the table as this update left it.
    this.outbox.push({ table: viewOf(live), update });
    if (this.outbox.length === 1) queueMicrotask(() => this.announce());
  }

  private announce(): void {
    for (let next = this.outbox.shift(); next; next = this.outbox.shift()) {
      for (const listener of this.listeners) {
        try {
          listener(next.table, next.update);
        } catch (err) {
          this.log.error({ table: next.table.record.id, err }, "table listener failed");
        }
      }
    }
  }
}
