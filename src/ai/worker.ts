/** Worker thread body for BotPool: decides off the main thread and posts the action back. */
import { parentPort } from "node:worker_threads";
import { decide } from "./decide.js";
import type { PoolRequest, PoolReply } from "./pool.js";

if (!parentPort) throw new Error("src/ai/worker.ts runs only as a worker thread (see BotPool).");
const port = parentPort;
port.on("message", (req: PoolRequest) => {
  const started = performance.now();
  let reply: PoolReply;
  try {
    reply = { id: req.id, ok: true, action: decide(req.view, req.level, req.opts), ms: performance.now() - started };
  } catch (err) {
    reply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
