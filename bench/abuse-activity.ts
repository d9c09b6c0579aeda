/**
 * bench:abuse's strangers at the Activity's door (bench/abuse-attackers.ts runs them in a process of
 * their own for bench/abuse.ts's activity phases, against the bot process's real Activity server on
 * 127.0.0.1; pageSignIn, the real person, stays in bench/abuse.ts's):
 * - a signed-in page that sends small valid messages as fast as its socket takes them and never reads;
 * - 5,000 idle sockets and 50 made-up codes a second, while a real person signs in as the page does;
 * - one session resumed on 2,000 connections while a lobby in that channel changes.
 * Every loop here is bounded in count and time.
 */
import { ActivityClient, signIn } from "../test/activity/ws-client.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A signed-in page flooding without reading; `stop` ends it and says how many messages it sent. */
export async function floodingPage(port: number, code: string, channel: string): Promise<{ stop(): number }> {
  const page = await signIn(port, code, channel, { keepFrames: false });
  const ws = (page as any).ws;
  ws._socket.pause();
  const frame = JSON.stringify({ t: "hint" });
  let sent = 0;
  // As fast as this socket takes them (this process's own buffer kept under 1 MB), never reading an answer.
  const timer = setInterval(() => {
    for (let i = 0; i < 500 && ws.readyState === 1 && ws.bufferedAmount < 1 << 20; i++) {
      ws.send(frame);
      sent++;
    }
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      ws.terminate();
      return sent;
    },
  };
}

/** A real person's sign-in as the page makes it (again after a refusal, 300 ms later, then longer): milliseconds until welcomed. */
export async function pageSignIn(port: number, code: string, channel: string): Promise<number> {
  const t0 = performance.now();
  for (let attempt = 0; attempt < 8; attempt++) {
    const c = new ActivityClient(port, { keepFrames: false });
    if (
      await c.opened.then(
        () => true,
        () => false,
      )
    ) {
      c.send({ t: "auth", code, channel });
      await c.until(() => c.closed || c.session, 5000).catch(() => null);
      if (c.session) {
        c.close();
        return Math.round(performance.now() - t0);
      }
    }
    c.close();
    await sleep(Math.min(5000, 300 * 2 ** attempt));
  }
  return NaN;
}

/** Opens `n` sockets that never sign in (in batches of 250); how many the server accepted. */
export async function idleSockets(port: number, n: number): Promise<{ clients: ActivityClient[]; accepted: number }> {
  const clients: ActivityClient[] = [];
  let accepted = 0;
  for (let i = 0; i < n; i += 250) {
    const batch = Array.from({ length: Math.min(250, n - i) }, () => new ActivityClient(port, { keepFrames: false }));
    clients.push(...batch);
    const opened = await Promise.all(
      batch.map((c) =>
        c.opened.then(
          () => 1,
          () => 0,
        ),
      ),
    );
    accepted += opened.reduce<number>((a, b) => a + b, 0);
  }
  return { clients, accepted };
}

/** Made-up codes, `perSecond`, for `ms`; resolves with how many were sent. */
export async function madeUpCodes(
  port: number,
  channel: string,
  perSecond: number,
  ms: number,
): Promise<{ sent: number; clients: ActivityClient[] }> {
  const clients: ActivityClient[] = [];
  const end = performance.now() + ms;
  let sent = 0;
  while (performance.now() < end) {
    const c = new ActivityClient(port, { keepFrames: false });
    clients.push(c);
    const k = sent++;
    c.opened.then(() => c.send({ t: "auth", code: `made-up-${k}`, channel })).catch(() => undefined);
    await sleep(1000 / perSecond);
  }
  return { sent, clients };
}

/** One session resumed on `n` connections (in batches of 200, as fast as they open): how they ended. */
export async function resumeCrowd(port: number, code: string, channel: string, n: number) {
  const first = await signIn(port, code, channel, { keepFrames: false });
  const session = first.session!;
  const clients: ActivityClient[] = [first];
  for (let i = 0; i < n; i += 200) {
    const batch = Array.from({ length: Math.min(200, n - i) }, () => new ActivityClient(port, { keepFrames: false }));
    clients.push(...batch);
    await Promise.all(
      batch.map((c) =>
        c.opened.then(
          () => c.send({ t: "resume", session, channel }),
          () => undefined,
        ),
      ),
    );
  }
  await sleep(1000);
  const open = clients.filter((c) => !c.closed).length;
  return { clients, stillOpen: open, closed: clients.length - open };
}

export function closeAll(clients: ActivityClient[]): void {
  for (const c of clients) c.close();
}
