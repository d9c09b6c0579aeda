/**
 * The worker pool's side of a worker thread (worker.ts): the messages they exchange, and the module
 * a worker starts from (compiled or TypeScript: ../paths.ts says which, and starts it).
 */
import { besideModule } from "../paths.js";
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

/** worker.ts beside this module, as this build runs it (../paths.ts). */
export const defaultEntry = () => besideModule(import.meta.url, "worker");
