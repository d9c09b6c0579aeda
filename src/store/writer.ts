/**
 * Where the SQLite store commits appended moves: in its writer thread (writer-worker.ts) once that
 * is ready, else on the main thread's connection (while the thread starts, after it died, or for a
 * database a thread cannot open). Either way the same statements run (appends.ts); a batch the
 * thread could not answer is committed here instead, and the guard on the log's count refuses any
 * append the thread had already stored (a conflict, which the table service answers by reloading).
 */
import { DbThread, sibling, ThreadGone } from "./db-thread.js";
import type { AppendItem } from "./group-commit.js";
import { configuredDailySalt } from "./daily.js";
import type { ForgetResult, NewTable, TablePatch } from "../table/store.js";
import type { TableRowOf } from "./tables.js";

type ForgetPerson = Omit<ForgetResult, "tables">;
type PurgeStep = { tables: number; games: number; done: boolean };
import type { AppendResult } from "../table/store.js";

/** Which closed tables or daily logs a retention step deletes (privacy.ts pruneClosedTables, pruneDailyLogs). */
export interface RetentionStep {
  before: Date;
  guildIds?: string[];
  exceptGuildIds?: string[];
  limit: number;
}

/**
 * What the writer thread is asked (a request's own `id` is the thread's: name a table `tableId`): a batch of appends, a table's row (opened, changed, or the
 * channel's open one looked up), a person's Forget me, or the deletions of retention and purges.
 */
export type WriteRequest =
  | { op: "append"; batch: AppendItem[] }
  | { op: "createTable"; input: NewTable }
  | { op: "updateTable"; tableId: string; patch: TablePatch }
  | { op: "findOpenTable"; channelId: string }
  | { op: "forgetPerson"; userId: string; dailySalt: string | null }
  | { op: "forgetTables"; userId: string }
  | { op: "pruneTables"; step: RetentionStep }
  | { op: "pruneDailies"; step: RetentionStep }
  | { op: "purgeStep"; guildId: string; settings: boolean; dailySalt: string | null }
  | { op: "dropStaleMenus"; before: Date };

/** How long after the thread died before it is started again (its appends run here meanwhile). */
const RESTART_MS = 5_000;
/** Starts in a row that failed before the store stops trying (the database is then written here only). */
const MAX_FAILED_STARTS = 3;

export class AppendWriter {
  private readonly thread: DbThread<WriteRequest> | null;
  private restart: NodeJS.Timeout | null = null;
  private closed = false;
  private failedStarts = 0;
  /** Batches committed by the writer thread and on the main thread (tests, benchmarks). */
  readonly counts = { thread: 0, local: 0 };

  constructor(
    file: string | null,
    synchronous: "FULL" | "NORMAL",
    private readonly local: (batch: AppendItem[]) => Promise<AppendResult[]>,
    private readonly restartMs = RESTART_MS,
  ) {
    this.thread = file ? new DbThread(sibling("writer-worker"), { file, synchronous }) : null;
    this.start();
  }

  /** Resolves when the thread is ready to take batches (false if it cannot start). */
  ready(): Promise<boolean> {
    return this.thread?.warm() ?? Promise.resolve(false);
  }

  /** True while the thread takes the batches. */
  get up(): boolean {
    return this.thread?.ready ?? false;
  }

  /** Stops the thread as a crash would (fault tests): batches go on here until it is back. */
  async crash(): Promise<void> {
    await this.thread?.terminate();
  }

  commit(batch: AppendItem[]): Promise<AppendResult[]> {
    return this.run({ op: "append", batch }, () => this.local(batch)) as Promise<AppendResult[]>;
  }

  /**
   * A table's row opened or changed, and the channel's open table looked up, in the thread: on the
   * main connection each held the event loop for Prisma's query and the commit's fsync
   * (synchronous=FULL), 2–3 ms a time, and 200 tables opening at once queued them all.
   */
  createTable(input: NewTable, here: () => Promise<TableRowOf>): Promise<TableRowOf> {
    return this.run({ op: "createTable", input }, here) as Promise<TableRowOf>;
  }

  updateTable(id: string, patch: TablePatch, here: () => Promise<TableRowOf>): Promise<TableRowOf> {
    return this.run({ op: "updateTable", tableId: id, patch }, here) as Promise<TableRowOf>;
  }

  findOpenTable(channelId: string, here: () => Promise<TableRowOf | null>): Promise<TableRowOf | null> {
    return this.run({ op: "findOpenTable", channelId }, here) as Promise<TableRowOf | null>;
  }

  /**
   * Forget me's reads and writes (privacy.ts forgetPerson, forgetTablesStep) in the thread, so
   * their queries hold this thread and not the event loop; `here` runs the same on the main
   * connection when the thread is not up.
   */
  forgetPerson(userId: string, here: () => Promise<ForgetPerson>): Promise<ForgetPerson> {
    return this.run({ op: "forgetPerson", userId, dailySalt: configuredDailySalt() }, here) as Promise<ForgetPerson>;
  }

  forgetTables(userId: string, here: () => Promise<number>): Promise<number> {
    return this.run({ op: "forgetTables", userId }, here) as Promise<number>;
  }

  /**
   * The retention job's and a server purge's deletions (privacy.ts), in the thread for the same
   * reason: a step deletes hundreds of tables with their move logs (cascades), which held the event
   * loop 100–300 ms a step on the main connection (bench:abuse).
   */
  pruneTables(step: RetentionStep, here: () => Promise<number>): Promise<number> {
    return this.run({ op: "pruneTables", step }, here) as Promise<number>;
  }

  pruneDailies(step: RetentionStep, here: () => Promise<number>): Promise<number> {
    return this.run({ op: "pruneDailies", step }, here) as Promise<number>;
  }

  purgeStep(guildId: string, settings: boolean, here: () => Promise<PurgeStep>): Promise<PurgeStep> {
    return this.run({ op: "purgeStep", guildId, settings, dailySalt: configuredDailySalt() }, here) as Promise<PurgeStep>;
  }

  dropStaleMenus(before: Date, here: () => Promise<number>): Promise<number> {
    return this.run({ op: "dropStaleMenus", before }, here) as Promise<number>;
  }

  private async run(req: WriteRequest, here: () => Promise<unknown>): Promise<unknown> {
    if (this.thread?.ready) {
      try {
        const results = await this.thread.call(req);
        this.counts.thread++;
        return results;
      } catch (err) {
        if (!(err instanceof ThreadGone)) throw err;
        this.restartLater();
      }
    } else if (this.thread) {
      this.restartLater();
    }
    this.counts.local++;
    return here();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.restart) clearTimeout(this.restart);
    await this.thread?.close();
  }

  private restartLater(): void {
    if (this.closed || this.restart) return;
    if (this.failedStarts >= MAX_FAILED_STARTS) return;
    this.restart = setTimeout(() => {
      this.restart = null;
      this.start();
    }, this.restartMs);
    this.restart.unref();
  }

  private start(): void {
    if (this.closed || !this.thread || this.thread.ready) return;
    // warm() never rejects: a failed start is counted, and appends go on here.
    this.thread.warm().then(
      (up) => void (this.failedStarts = up ? 0 : this.failedStarts + 1),
      () => undefined,
    );
  }
}
