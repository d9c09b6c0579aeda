/**
 * The picture process's entry: draws and encodes one PNG per request, away from the bot's main
 * thread (see render-process.ts). It ends with the bot (the IPC channel closes, even on kill -9).
 *
 * A stop the operator asks for reaches this process too: Ctrl-C signals the whole process group,
 * systemd (KillMode=control-group) every process of the service. Dying of it at once would read
 * in the bot's log as a picture process that crashed; so on SIGINT or SIGTERM it keeps drawing and
 * lets the bot end it as the bot stops (the channel closes). Sent to this process alone, the signal
 * still ends it, once the bot has had longer than its own stop bound (10 s) to do so.
 */
import * as render from "../index.js";
import type { RenderReply, RenderRequest } from "./render-process.js";

// The bot may be gone already (it stopped as this process started): nothing to tell, and no throw.
const send = (m: RenderReply | { ready: true }) => {
  if (process.connected) process.send!(m, undefined, undefined, () => {});
};
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
const LINGER_MS = 15_000;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    setTimeout(() => {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }, LINGER_MS);
  });
}
if (process.connected) send({ ready: true });
else process.exit(0);
