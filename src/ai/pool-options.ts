/** The worker pool's options (pool.ts), and their defaults. */
import { availableParallelism } from "node:os";
import type { Logger } from "../log.js";

export interface BotPoolOptions {
  /** Worker threads (default: one per spare core, at least 1, at most 4). */
  size?: number;
  /** Where restarts, timeouts and shed hints are logged (default: nowhere). */
  log?: Logger;
  /** A task is abandoned this long after its budget ran out (default 2000 ms). */
  marginMs?: number;
  /** A worker that has not said it is ready after this long is replaced (default 20 s). */
  startTimeoutMs?: number;
  /** A move that no worker took within this long is rejected, so its table goes on (default 10 s). */
  moveWaitMs?: number;
  /** Restart backoff: the first delay, its cap, and how long a worker must run to reset it. */
  restart?: { initialMs?: number; maxMs?: number; healthyMs?: number };
  hints?: {
    /** Hints waiting for a worker beyond this many are refused (default 8). */
    queue?: number;
    /** A hint that no worker took within this long is refused (default 5 s). */
    waitMs?: number;
    /** Answers kept, and for how long (default 1000 positions, 10 minutes). */
    cacheSize?: number;
    cacheTtlMs?: number;
  };
  daily?: {
    /** Daily searches running at once (default 1; never more than the hints' share of workers). */
    running?: number;
    /** Daily decisions waiting beyond this many are refused (default 4). */
    queue?: number;
    /** A daily decision that no worker took within this long is refused (default 10 s). */
    waitMs?: number;
    /**
     * How long a running daily search may take before its worker is replaced (default 30 s). It
     * searches a fixed number of worlds, not a time budget: on a busy machine it takes longer, and
     * a move's or a hint's limit (its budget and the margin, about 2 s) killed the first ones.
     */
    timeoutMs?: number;
  };
  /** Another worker module and its workerData (tests inject faults this way); it must load ./worker. */
  worker?: { entry: URL; data?: unknown };
}

/** The options with every default filled in. */
export interface PoolLimits {
  marginMs: number;
  startTimeoutMs: number;
  moveWaitMs: number;
  initialMs: number;
  maxMs: number;
  healthyMs: number;
  hintQueue: number;
  hintWaitMs: number;
  cacheSize: number;
  cacheTtlMs: number;
  dailyRunning: number;
  dailyQueue: number;
  dailyWaitMs: number;
  dailyTimeoutMs: number;
}

/** Worker threads: one per spare core, at least 1, at most 4, unless given. */
export const poolSize = (opts: BotPoolOptions): number =>
  Math.max(1, Math.floor(opts.size ?? Math.min(4, Math.max(1, availableParallelism() - 1))));

export function poolLimits(opts: BotPoolOptions): PoolLimits {
  return {
    marginMs: opts.marginMs ?? 2000,
    startTimeoutMs: opts.startTimeoutMs ?? 20_000,
    moveWaitMs: opts.moveWaitMs ?? 10_000,
    initialMs: opts.restart?.initialMs ?? 100,
    maxMs: opts.restart?.maxMs ?? 30_000,
    healthyMs: opts.restart?.healthyMs ?? 60_000,
    hintQueue: opts.hints?.queue ?? 8,
    hintWaitMs: opts.hints?.waitMs ?? 5000,
    cacheSize: opts.hints?.cacheSize ?? 1000,
    cacheTtlMs: opts.hints?.cacheTtlMs ?? 10 * 60_000,
    dailyRunning: Math.max(1, opts.daily?.running ?? 1),
    dailyQueue: Math.max(0, opts.daily?.queue ?? 4),
    dailyWaitMs: opts.daily?.waitMs ?? 10_000,
    dailyTimeoutMs: opts.daily?.timeoutMs ?? 30_000,
  };
}
