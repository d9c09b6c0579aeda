/**
 * The picture process's entry: draws and encodes one PNG per request, away from the bot's main
 * thread (see render-process.ts). It ends with the bot (the IPC channel closes, even on kill -9).
 */
import * as render from "../index.js";
import type { RenderReply, RenderRequest } from "./render-process.js";

const send = (m: RenderReply | { ready: true }) => process.send!(m);
process.on("message", (req: RenderRequest) => {
  let reply: RenderReply;
  try {
    const png = (render[req.method] as (...args: unknown[]) => Buffer)(...req.args);
    reply = { id: req.id, ok: true, png };
  } catch (err) {
    reply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  send(reply);
});
process.on("disconnect", () => process.exit(0));
send({ ready: true });
