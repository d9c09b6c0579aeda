/** Worker thread body for BotPool: decides off the main thread and posts the action back. */
import { parentPort } from "node:worker_threads";
import { decide } from "./decide.js";
import type { PoolRequest, PoolReply } from "./pool.js";
import { reviewDecision } from "./review.js";

if (!parentPort) throw new Error("src/ai/worker.ts runs only as a worker thread (see BotPool).");
const port = parentPort;
port.on("message", (req: PoolRequest) => {
  const started = performance.now();
  let reply: PoolReply;
  try {
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
