/**
 * The worker pool's side of a worker thread (worker.ts): the messages they exchange, and how a
 * worker starts. The bot runs compiled JavaScript (npm run build, dist/), where a worker loads
 * worker.js itself; tests, scripts and benchmarks run the TypeScript through tsx or vitest, where a
 * worker cannot load a .ts entry by itself, so it starts from a one-line bootstrap that registers
 * tsx's loader first (Node 20.6+).
 */
import { Worker } from "node:worker_threads";
import type { Action, SeatView } from "../game/index.js";
import type { DecideOptions } from "./decide.js";
import type { BotLevel } from "./levels.js";
import type { DecisionReview } from "./review.js";

export interface PoolRequest {
  id: number;
  view: SeatView;
  level: BotLevel;
  opts?: DecideOptions;
  /** A review: the person's action at `view`, to compare with the hard player's (see review.ts). */
  review?: Action;
  /** Sent to the review worker: it runs its thread at the lowest OS priority. */
  lowPriority?: boolean;
}
export type PoolReply =
  { id: number; ok: true; action: Action; review?: DecisionReview; ms: number } | { id: number; ok: false; error: string };

export function spawn(entry: URL, workerData: unknown): Worker {
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry, { workerData });
  const api = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

/** worker.ts beside this module, compiled or not. */
export const defaultEntry = () => new URL(import.meta.url.endsWith(".ts") ? "./worker.ts" : "./worker.js", import.meta.url);
