/**
 * The group commit of appended moves, the one batching core of both stores: appends that arrive
 * while earlier ones are being written wait in one open batch and are then written together (one
 * fsync on SQLite, one statement and round trip on PostgreSQL). Each append is still checked on
 * its own, and none is acknowledged before its batch is committed. A failed batch rejects each of
 * its appends; the core goes on with the next.
 *
 * Two ways to start a batch's write:
 * - `gate` (SQLite, one connection): the batch reserves its turn among the store's other
 *   operations when it opens, and takes appends until its turn comes, or until `close()` (another
 *   operation was issued, so operations still run in the order they were issued);
 * - `maxInFlight` (PostgreSQL, a pool): up to that many batches are written at once; the open
 *   batch takes appends until a write can start.
 */
import type { Action } from "../game/index.js";
import type { AppendResult, TablePatch } from "../table/store.js";

/** One move to append: the table's log gets `action` at number `seq` (and the table `patch`). */
export interface AppendItem {
  tableId: string;
  seq: number;
  seat: number;
  action: Action;
  patch?: TablePatch;
}

type Pending = AppendItem & { resolve: (r: AppendResult) => void; reject: (e: unknown) => void };

export interface GroupCommitOptions {
  /** Writes one batch; one result per append, in order. */
  write(batch: AppendItem[]): Promise<AppendResult[]>;
  /** Appends in one batch at most (default: no limit). */
  maxBatch?: number;
  /** Runs `flush` in its turn (SQLite's one-at-a-time queue); without it, `maxInFlight` batches run at once. */
  gate?: (flush: () => Promise<void>) => Promise<void>;
  maxInFlight?: number;
}

export class GroupCommit {
  /** Appends stored, and commits they took (their ratio is the mean batch size). */
  readonly stats = { appends: 0, commits: 0 };
  private open: Pending[] | null = null;
  private readonly waiting: Pending[][] = [];
  private inFlight = 0;

  constructor(private readonly opts: GroupCommitOptions) {}

  append(item: AppendItem): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      const pending: Pending = { ...item, resolve, reject };
      if (this.open && this.open.length < (this.opts.maxBatch ?? Infinity)) {
        this.open.push(pending);
        return;
      }
      const batch = [pending];
      if (this.opts.gate) {
        // The gate first: it closes the batch open until now (another operation's turn), never this one.
        // flush() reports a failure to each append of the batch (they reject); nothing else to do here.
        this.opts.gate(() => this.flush(batch)).catch(() => undefined);
        this.open = batch;
      } else {
        this.open = batch;
        this.waiting.push(batch);
        this.pump();
      }
    });
  }

  /** The open batch takes no more appends (the next append opens another, after whatever comes between). */
  close(): void {
    this.open = null;
  }

  private pump(): void {
    while (this.inFlight < (this.opts.maxInFlight ?? 1) && this.waiting.length) {
      const batch = this.waiting.shift()!;
      this.inFlight++;
      this.flush(batch)
        .catch(() => undefined)
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    if (this.open === batch) this.open = null;
    try {
      const results = await this.opts.write(batch.map(({ tableId, seq, seat, action, patch }) => ({ tableId, seq, seat, action, patch })));
      this.stats.appends += batch.length;
      this.stats.commits++;
      batch.forEach((item, i) => item.resolve(results[i]));
    } catch (e) {
      for (const item of batch) item.reject(e);
    }
  }
}
