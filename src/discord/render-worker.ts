/**
 * The picture worker thread's entry: draws and encodes one PNG per request, off the bot's main
 * thread (see render-thread.ts).
 */
import { parentPort } from "node:worker_threads";
import * as render from "../render/index.js";
import type { RenderReply, RenderRequest } from "./render-thread.js";

const port = parentPort!;
port.on("message", (req: RenderRequest) => {
  let reply: RenderReply;
  try {
    const png = (render[req.method] as (...args: unknown[]) => Buffer)(...req.args);
    reply = { id: req.id, ok: true, png };
  } catch (err) {
    reply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
