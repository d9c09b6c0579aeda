/**
 * Decisions on worker threads, so no search holds the event loop every table and the Discord
 * gateway share: a hard decision stops at its budget (HARD_BUDGET_MS, 48 ms; most settle in a
 * few milliseconds), a daily decision plays a fixed number of worlds (300 by default), a review
 * 400. How a worker starts and what it is sent: pool-worker.ts; hints' answers: hint-cache.ts.
 *
 * The workers are shared by every table, so the pool keeps them fair and keeps a table going
 * whatever a worker does:
 * - two lanes: computer-player moves always go before hints, first come first served within a
 *   lane; with two workers or more, hints never hold all of them;
 * - hints: at most one in flight per key (a seat), answered from a cache when the same position
 *   is asked again, and a bounded lane that sheds hints (never moves) with a sentence to show;
 * - the daily challenge's computer players have a lane of their own, after moves: at most
 *   `daily.running` searches at once (default 1), at most `daily.queue` waiting (default 4); past
 *   that, or after `daily.waitMs`, the decision is refused (DAILY_BUSY) and the person tries again;
 * - game reviews run on a worker of their own, started at the first review, whose thread runs
 *   at the lowest OS priority: moves never queue behind a review, and when the cores are busy
 *   the system serves the move workers first;
 * - every task has a time limit (its budget plus a margin): a worker that overruns it is
 *   terminated and its task rejected, and the caller falls back (the table plays the first
 *   legal card);
 * - a worker that stops, hangs or never starts is replaced after an exponential backoff
 *   (100 ms doubling up to 30 s, back to 100 ms after a healthy minute), logged.
 */
import type { Worker } from "node:worker_threads";
import type { Action, SeatView } from "../game/index.js";
import { silentLogger, type Logger } from "../log.js";
import { HINT_BUSY, HINT_PENDING, HintCache, HintRefused, positionOf } from "./hint-cache.js";
import { poolLimits, poolSize, type BotPoolOptions, type PoolLimits } from "./pool-options.js";
import { startWorker } from "../paths.js";
import { defaultEntry, type PoolRequest, type PoolReply } from "./pool-worker.js";
import type { DecideOptions } from "./decide.js";
import { ADVISOR_LEVEL, HARD_BUDGET_MS, levelOf, type BotLevel } from "./levels.js";
import type { DecisionReview } from "./review.js";

export { HINT_BUSY, HINT_PENDING, HintRefused } from "./hint-cache.js";
export type { PoolRequest } from "./pool-worker.js";
export type { BotPoolOptions } from "./pool-options.js";

/** A daily decision refused because the daily lane is full (the service tells the person in their words). */
export const DAILY_BUSY = "The daily's computer players are busy right now.";

/** What the pool has done, for logs and tests. */
export interface PoolStats {
  moves: number;
  hints: number;
  cacheHits: number;
  shed: number;
  timeouts: number;
  restarts: number;
  reviews: number;
  dailies: number;
}

type Kind = "move" | "hint" | "review" | "daily";

/** A review decision's time limit (its "budget"; the margin comes on top), and how long it may wait. */
const REVIEW_LIMIT_MS = 20_000;
const REVIEW_WAIT_MS = 120_000;

interface Task extends PoolRequest {
  kind: Kind;
  /** The task's own budget (the time limit adds the margin). */
  budgetMs: number;
  /** The wait limit in a lane, then the time limit on a worker. */
  timer: NodeJS.Timeout | null;
  resolve: (a: Action, review?: DecisionReview) => void;
  reject: (e: Error) => void;
}

interface Slot {
  index: number;
  worker: Worker | null;
  state: "starting" | "ready" | "down";
  task: Task | null;
  /** Start timeout, or the restart timer while down. */
  timer: NodeJS.Timeout | null;
  readyAt: number;
  restartAt: number;
  /** Failures since the last healthy run: the next restart waits initialMs × 2^(failures − 1). */
  failures: number;
  /** The review worker: takes reviews only. */
  reviewOnly?: boolean;
}

export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly moves: Task[] = [];
  private readonly hints: Task[] = [];
  private readonly reviews: Task[] = [];
  private readonly dailies: Task[] = [];
  /** Hint in flight per key: its position and the promise every asker of that position shares. */
  private readonly pending = new Map<string, { position: string; answer: Promise<Action> }>();
  /** Hints' answers by position. */
  private readonly cache: HintCache;
  private readonly log: Logger;
  private readonly entry: URL;
  private readonly workerData: unknown;
  private readonly limits: PoolLimits;
  /** Hints may hold every worker but one, so a move never waits behind hints when there are two or more. */
  private readonly maxHintsRunning: number;
  private readonly counts: PoolStats = { moves: 0, hints: 0, cacheHits: 0, shed: 0, timeouts: 0, restarts: 0, reviews: 0, dailies: 0 };
  private nextId = 1;
  private closed = false;

  constructor(opts: BotPoolOptions = {}) {
    const size = poolSize(opts);
    this.log = opts.log ?? silentLogger();
    this.entry = opts.worker?.entry ?? defaultEntry();
    this.workerData = opts.worker?.data;
    this.limits = poolLimits(opts);
    this.cache = new HintCache({ size: this.limits.cacheSize, ttlMs: this.limits.cacheTtlMs });
    this.maxHintsRunning = Math.max(1, size - 1);
    for (let i = 0; i < size; i++) {
      const slot: Slot = { index: i, worker: null, state: "down", task: null, timer: null, readyAt: 0, restartAt: 0, failures: 0 };
      this.slots.push(slot);
      this.start(slot);
    }
  }

  get size(): number {
    return this.slots.filter((s) => !s.reviewOnly).length;
  }

  /** Workers started and able to take a task now (for health checks). */
  get ready(): number {
    return this.slots.filter((s) => s.state === "ready" && !s.reviewOnly).length;
  }

  /** Tasks waiting for a worker, by lane (metrics). */
  get queued(): { moves: number; hints: number; reviews: number } {
    return { moves: this.moves.length, hints: this.hints.length, reviews: this.reviews.length };
  }

  get stats(): Readonly<PoolStats> {
    return { ...this.counts };
  }

  /** Same as decide() from index.ts, on a worker thread; always before any hint. */
  decide(view: SeatView, level: BotLevel, opts?: DecideOptions & { background?: boolean; daily?: boolean }): Promise<Action> {
    if (this.closed) return Promise.reject(new Error("The bot pool is closed."));
    // The daily challenge's computer players: their own bounded lane, so a crowd doing the daily
    // never queues searches beside every table's moves.
    if (opts?.daily) {
      const { daily: _, ...rest } = opts;
      if (this.dailies.length >= this.limits.dailyQueue) return Promise.reject(new Error(`${DAILY_BUSY} (the daily lane is full)`));
      const budgetMs = rest.budgetMs ?? HARD_BUDGET_MS;
      return new Promise<Action>((resolve, reject) => this.enqueue({ kind: "daily", view, level, opts: rest, budgetMs, resolve, reject }));
    }
    // A decision nobody waits for at a table (e.g. the daily's reference game) goes with the reviews.
    if (opts?.background) {
      this.reviewSlot();
      const { background: _, ...rest } = opts;
      return new Promise<Action>((resolve, reject) =>
        this.enqueue({ kind: "review", view, level, opts: rest, budgetMs: REVIEW_LIMIT_MS, resolve, reject }),
      );
    }
    const row = levelOf(level);
    const budgetMs = row.poolLimit === "budget" ? (opts?.budgetMs ?? row.search?.budgetMs ?? 0) : 0;
    return new Promise<Action>((resolve, reject) => this.enqueue({ kind: "move", view, level, opts, budgetMs, resolve, reject }));
  }

  /** The review worker, started at the first review (or background decision). */
  private reviewSlot(): void {
    if (this.slots.some((s) => s.reviewOnly)) return;
    const slot: Slot = {
      index: this.slots.length,
      worker: null,
      state: "down",
      task: null,
      timer: null,
      readyAt: 0,
      restartAt: 0,
      failures: 0,
      reviewOnly: true,
    };
    this.slots.push(slot);
    this.start(slot);
  }

  /**
   * The hard player's suggestion for `view`, with a hard move's budget. `key` names who asks
   * (e.g. `${tableId}:${seat}`): the same position asked again is answered from the cache, or
   * shares the answer in flight; a new position while the key's previous hint is still in
   * flight is refused (HintRefused "pending"), as is a hint the pool has no room or time for
   * (HintRefused "busy"). Other errors (a worker that failed or overran) are plain Errors.
   */
  hint(view: SeatView, opts: { key: string; seed?: number }): Promise<Action> {
    if (this.closed) return Promise.reject(new Error("The bot pool is closed."));
    const position = positionOf(opts.key, view);
    const cached = this.cache.get(position);
    if (cached) {
      this.counts.cacheHits++;
      return Promise.resolve(cached);
    }
    const inFlight = this.pending.get(opts.key);
    if (inFlight) {
      if (inFlight.position === position) return inFlight.answer;
      return Promise.reject(new HintRefused("pending", HINT_PENDING));
    }
    if (this.hints.length >= this.limits.hintQueue) return Promise.reject(this.shed("the hint lane is full"));
    let resolve!: (a: Action) => void;
    let reject!: (e: Error) => void;
    const answer = new Promise<Action>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const entry = { position, answer };
    this.pending.set(opts.key, entry);
    const done = () => {
      if (this.pending.get(opts.key) === entry) this.pending.delete(opts.key);
    };
    this.enqueue({
      kind: "hint",
      view,
      level: ADVISOR_LEVEL,
      ...(opts.seed !== undefined && { opts: { seed: opts.seed } }),
      budgetMs: HARD_BUDGET_MS,
      resolve: (action) => {
        done();
        if (!this.closed) this.cache.put(position, action);
        resolve(action);
      },
      reject: (err) => {
        done();
        reject(err);
      },
    });
    return answer;
  }

  /**
   * Reviews the person's `chosen` action at `view` with the hard search (a fixed number of worlds),
   * at the lowest priority: after every move and every hint, and never on the last free worker
   * when there are two or more.
   */
  review(view: SeatView, chosen: Action, opts: { seed: number; samples?: number }): Promise<DecisionReview> {
    if (this.closed) return Promise.reject(new Error("The bot pool is closed."));
    this.reviewSlot();
    return new Promise<DecisionReview>((resolve, reject) =>
      this.enqueue({
        kind: "review",
        view,
        level: ADVISOR_LEVEL,
        opts: { seed: opts.seed, samples: opts.samples },
        review: chosen,
        budgetMs: REVIEW_LIMIT_MS,
        resolve: (_a, r) => (r ? resolve(r) : reject(new Error("The worker sent no review."))),
        reject,
      }),
    );
  }

  /** Stops the workers and every timer; decisions and hints still queued or running are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const gone = new Error("The bot pool is closed.");
    for (const t of [...this.moves.splice(0), ...this.hints.splice(0), ...this.dailies.splice(0), ...this.reviews.splice(0)])
      this.settle(t, gone);
    this.pending.clear();
    this.cache.clear();
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
        if (slot.task) this.settle(slot.task, gone);
        slot.task = null;
        const w = slot.worker;
        slot.worker = null;
        slot.state = "down";
        await w?.terminate().catch(() => undefined);
      }),
    );
  }

  // ---- lanes ----------------------------------------------------------------

  private enqueue(fields: Omit<Task, "id" | "timer">): void {
    const task: Task = { ...fields, id: this.nextId++, timer: null };
    const waitMs =
      task.kind === "move"
        ? this.limits.moveWaitMs
        : task.kind === "hint"
          ? this.limits.hintWaitMs
          : task.kind === "daily"
            ? this.limits.dailyWaitMs
            : REVIEW_WAIT_MS;
    // Every worker is down and none is back in time: refuse now rather than after waiting.
    const serving = this.slots.filter((s) => !s.reviewOnly === (task.kind !== "review"));
    if (serving.every((s) => s.state === "down") && Math.min(...serving.map((s) => s.restartAt)) - Date.now() >= waitMs) {
      this.settle(task, this.waitError(task, "every worker is restarting"));
      return;
    }
    const lane = this.laneOf(task.kind);
    lane.push(task);
    task.timer = setTimeout(() => {
      task.timer = null;
      const i = lane.indexOf(task);
      if (i < 0) return;
      lane.splice(i, 1);
      this.settle(task, this.waitError(task, `no worker was free for ${waitMs} ms`));
    }, waitMs);
    task.timer.unref();
    this.pump();
  }

  private laneOf(kind: Kind): Task[] {
    return kind === "move" ? this.moves : kind === "hint" ? this.hints : kind === "daily" ? this.dailies : this.reviews;
  }

  private waitError(task: Task, why: string): Error {
    if (task.kind === "hint") return this.shed(why);
    if (task.kind === "daily") return new Error(`${DAILY_BUSY} (${why})`);
    if (task.kind === "review") return new Error(`The review could not be worked out now: ${why}.`);
    this.log.warn({ why }, "a computer player's move could not be worked out in time; its table plays a simple move");
    return new Error(`The computer players' workers could not take this decision: ${why}.`);
  }

  private shed(why: string): HintRefused {
    this.counts.shed++;
    this.log.info({ why, queued: this.hints.length }, "hint shed");
    return new HintRefused("busy", HINT_BUSY);
  }

  private pump(): void {
    if (this.closed) return;
    let hintsRunning = this.slots.filter((s) => s.task?.kind === "hint").length;
    let dailiesRunning = this.slots.filter((s) => s.task?.kind === "daily").length;
    for (const slot of this.slots) {
      if (slot.state !== "ready" || slot.task) continue;
      if (slot.reviewOnly) {
        const review = this.reviews.shift();
        if (review) this.run(slot, review);
        continue;
      }
      let task = this.moves.shift();
      // Daily searches share the hints' workers (never the last free one) and have a cap of their own.
      if (!task && dailiesRunning < this.limits.dailyRunning && hintsRunning + dailiesRunning < this.maxHintsRunning) {
        task = this.dailies.shift();
        if (task) dailiesRunning++;
      }
      if (!task && hintsRunning + dailiesRunning < this.maxHintsRunning) {
        task = this.hints.shift();
        if (task) hintsRunning++;
      }
      if (task) this.run(slot, task);
    }
  }

  private run(slot: Slot, task: Task): void {
    const w = slot.worker!;
    if (task.timer) clearTimeout(task.timer);
    slot.task = task;
    this.counts[task.kind === "move" ? "moves" : task.kind === "hint" ? "hints" : task.kind === "daily" ? "dailies" : "reviews"]++;
    // A daily search plays a fixed number of worlds: its own limit, not a budget and a margin.
    const limit = task.kind === "daily" ? this.limits.dailyTimeoutMs : task.budgetMs + this.limits.marginMs;
    task.timer = setTimeout(() => {
      task.timer = null;
      if (slot.task !== task) return;
      this.counts.timeouts++;
      this.fail(
        slot,
        w,
        `a ${task.kind === "move" ? "decision" : task.kind === "daily" ? "daily decision" : task.kind} took over ${limit} ms`,
        `The computer player took too long (over ${limit} ms); its worker was replaced.`,
      );
    }, limit);
    w.ref();
    const req: PoolRequest = {
      id: task.id,
      view: task.view,
      level: task.level,
      opts: task.opts,
      ...(task.review && { review: task.review }),
      ...(slot.reviewOnly && { lowPriority: true }),
    };
    try {
      w.postMessage(req);
    } catch (err) {
      // A view that cannot be sent (never one of the engine's): refuse it, the worker is fine.
      slot.task = null;
      w.unref();
      this.settle(task, err instanceof Error ? err : new Error(String(err)));
      queueMicrotask(() => this.pump());
    }
  }

  private settle(task: Task, result: Action | Error, review?: DecisionReview): void {
    if (task.timer) clearTimeout(task.timer);
    task.timer = null;
    if (result instanceof Error) task.reject(result);
    else task.resolve(result, review);
  }

  // ---- workers --------------------------------------------------------------

  private start(slot: Slot): void {
    const w = startWorker(this.entry, this.workerData);
    slot.worker = w;
    slot.state = "starting";
    slot.readyAt = 0;
    w.unref();
    slot.timer = setTimeout(
      () => this.fail(slot, w, `it did not start within ${this.limits.startTimeoutMs} ms`),
      this.limits.startTimeoutMs,
    );
    slot.timer.unref();
    w.on("message", (msg: PoolReply | { ready: true }) => {
      if (slot.worker !== w) return;
      if (!("id" in msg)) {
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
        slot.state = "ready";
        slot.readyAt = Date.now();
        if (slot.failures) this.log.info({ worker: slot.index, failures: slot.failures }, "a computer players' worker is back");
        this.pump();
        return;
      }
      const task = slot.task;
      if (!task || task.id !== msg.id) return;
      slot.task = null;
      w.unref();
      this.settle(task, msg.ok ? msg.action : new Error(msg.error), msg.ok ? msg.review : undefined);
      this.pump();
    });
    w.on("error", (err) => this.fail(slot, w, err.message));
    w.on("exit", (code) => this.fail(slot, w, `exit code ${code}`));
  }

  /** The slot's worker stopped, hung or never started: its task is rejected and a new worker follows after a backoff. */
  private fail(slot: Slot, w: Worker, why: string, taskError?: string): void {
    if (slot.worker !== w || this.closed) return;
    slot.worker = null;
    if (slot.timer) clearTimeout(slot.timer);
    void w.terminate().catch(() => undefined);
    const task = slot.task;
    slot.task = null;
    if (task) this.settle(task, new Error(taskError ?? `The computer player's worker stopped: ${why}.`));
    const now = Date.now();
    if (slot.readyAt && now - slot.readyAt >= this.limits.healthyMs) slot.failures = 0;
    slot.failures++;
    const delay = Math.min(this.limits.maxMs, this.limits.initialMs * 2 ** (slot.failures - 1));
    slot.state = "down";
    slot.restartAt = now + delay;
    this.counts.restarts++;
    this.log.error(
      { worker: slot.index, why, failures: slot.failures, restartInMs: delay, lost: task?.kind ?? null },
      "a computer players' worker stopped; starting a new one after a pause",
    );
    slot.timer = setTimeout(() => {
      slot.timer = null;
      if (!this.closed) this.start(slot);
    }, delay);
    slot.timer.unref();
  }
}
