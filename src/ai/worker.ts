/** Worker thread body for BotPool: decides off the main thread and posts the action back. */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { decide } from "./decide.js";
import type { PoolRequest, PoolReply } from "./pool-worker.js";
import { reviewDecision } from "./review.js";

if (!parentPort) throw new Error("src/ai/worker.ts runs only as a worker thread (see BotPool).");

/**
 * Reviews go to a worker of their own (BotPool): at its first task it lowers its own thread's
 * OS priority (Linux: a thread is a task with its own nice value), so the move workers come first
 * when the cores are busy. Elsewhere this is a no-op.
 */
let lowered = false;
function lowerPriority(): void {
  if (lowered) return;
  lowered = true;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: the review lane still keeps reviews off the move workers.
  }
}
const port = parentPort;
port.on("message", (req: PoolRequest) => {
  const started = performance.now();
  let reply: PoolReply;
  try {
    if (req.lowPriority) lowerPriority();
    if (req.review) {
      const review = reviewDecision(req.view, req.review, { seed: req.opts?.seed ?? 1, samples: req.opts?.samples });
      reply = { id: req.id, ok: true, action: req.review, review, ms: performance.now() - started };
    } else reply = { id: req.id, ok: true, action: decide(req.view, req.level, req.opts), ms: performance.now() - started };
  } catch (err) {
    reply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
