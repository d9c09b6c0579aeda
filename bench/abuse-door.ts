/**
 * bench:abuse's second round at the Activity's door (bench/abuse.ts runs them after
 * bench/abuse-activity.ts's; pongFlood and churn, the attackers, from bench/abuse-attackers.ts's process), against the bot process's real Activity server on 127.0.0.1 with the
 * door's production bounds:
 * - sockets streaming pongs (four without an account, one signed in), coming back when cut off;
 * - 300 new sockets a second that never read, while a real person signs in;
 * - a token endpoint answering in 5.5 s;
 * - a member banned and one whose View Channel is denied: how long until their pages close;
 * - a kicked member (Discord does not announce it without the members intent) making their next move
 *   right after the kick, and the member look-ups it cost the bot (none: the person's own grant asks).
 * Every loop here is bounded in count and time.
 */
import WebSocket from "ws";
import { ActivityClient, signIn, simpleMove } from "../test/activity/ws-client.js";
import type { FakeDiscord, FakeUser } from "../test/fake-discord/server.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Streams pongs on `anonymous` sockets and one signed-in page (a code from `codes` each time) for `ms`, each opened again when the server cuts it off. */
export async function pongFlood(port: number, codes: () => string, channel: string, ms: number, anonymous = 4) {
  const end = performance.now() + ms;
  let cutOff = 0;
  let sent = 0;
  const stream = async (open: () => Promise<WebSocket | null>) => {
    while (performance.now() < end) {
      const ws = await open().catch(() => null);
      if (!ws) {
        await sleep(200);
        continue;
      }
      while (ws.readyState === ws.OPEN && performance.now() < end) {
        for (let i = 0; i < 200 && ws.readyState === ws.OPEN && ws.bufferedAmount < 1 << 20; i++, sent++) ws.pong();
        await sleep(1);
      }
      if (ws.readyState !== ws.OPEN) cutOff++;
      ws.terminate();
    }
  };
  const raw = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      ws.on("error", () => undefined);
      ws.once("open", () => resolve(ws));
      ws.once("close", () => reject(new Error("refused")));
    });
  const signedIn = async () => (await signIn(port, codes(), channel, { keepFrames: false })) as unknown as { ws: WebSocket };
  await Promise.all([...Array.from({ length: anonymous }, () => stream(raw)), stream(async () => (await signedIn()).ws)]);
  return { pongsSent: sent, cutOff };
}

/** Opens `perSecond` sockets a second that never read, for `ms`; meanwhile `during` runs. */
export async function churn(port: number, perSecond: number, ms: number, during: () => Promise<void>) {
  const sockets: WebSocket[] = [];
  let opened = 0;
  let refused = 0;
  let stop = false;
  const opener = (async () => {
    const end = performance.now() + ms;
    while (!stop && performance.now() < end) {
      for (let i = 0; i < perSecond / 10; i++) {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
        ws.on("error", () => undefined);
        ws.once("open", () => {
          opened++;
          (ws as unknown as { _socket: { pause(): void } })._socket.pause();
        });
        ws.once("unexpected-response", () => refused++);
        sockets.push(ws);
      }
      await sleep(100);
    }
  })();
  await during();
  stop = true;
  await opener;
  for (const ws of sockets) ws.terminate();
  return { opened, refused };
}

/** A real sign-in whose code Discord takes `delayMs` to exchange: whether the person got in. */
export async function slowExchange(port: number, fake: FakeDiscord, user: FakeUser, channel: string, delayMs: number): Promise<boolean> {
  const c = new ActivityClient(port, { keepFrames: false });
  await c.opened;
  c.send({ t: "auth", code: fake.oauthCode(user, { delayMs }), channel });
  await c.until(() => c.closed || c.session, delayMs + 8000).catch(() => null);
  const ok = !!c.session;
  c.close();
  return ok;
}

/** A member banned and one whose View Channel is denied, each with a page open: ms until each page closed (NaN: never, within 35 s). */
export async function revoked(port: number, fake: FakeDiscord, banned: FakeUser, unseen: FakeUser, channel: string) {
  const pages = [await signIn(port, fake.oauthCode(banned), channel), await signIn(port, fake.oauthCode(unseen), channel)];
  const t0 = performance.now();
  fake.ban(banned);
  fake.denyView(unseen, channel);
  const times = await Promise.all(
    pages.map((p) =>
      p
        .until(() => p.closed, 35_000)
        .then(
          () => Math.round(performance.now() - t0),
          () => NaN,
        ),
    ),
  );
  for (const p of pages) p.close();
  return { bannedClosedMs: times[0], unseenClosedMs: times[1], codes: pages.map((p) => p.closed?.code ?? null) };
}

/**
 * A member at their own table (a game against easy computer players) with the page open is kicked
 * (removed from the server, which Discord does not announce); 10.5 s later (past the door's
 * recheck time) they make their move: refused, their page closed, and the move not made.
 */
export async function kickedMove(port: number, fake: FakeDiscord, user: FakeUser, channel: string, openTable: () => Promise<void>) {
  await openTable();
  const page = await signIn(port, fake.oauthCode(user), channel);
  const move = await page.until(() => page.table && simpleMove(page.table), 10_000, "a move to make").catch(() => null);
  // The member look-ups from the kick on: the bot's (on its global 50 a second) and the person's own grant's.
  const lookUps = { bot: 0, own: 0 };
  const stop = fake.onCall((call) => {
    if (/^\/guilds\/\d+\/members\/\d+$/.test(call.path)) lookUps.bot++;
    if (/^\/users\/@me\/guilds\/\d+\/member$/.test(call.path)) lookUps.own++;
  });
  fake.kick(user);
  // The strict case: the move comes right after the kick, well within the 10 s a "yes" once stayed good for.
  await sleep(200);
  if (move) page.send(move);
  await page.until(() => page.closed, 5000).catch(() => null);
  stop();
  const refused = !!move && page.closed?.code === 4009;
  page.close();
  return { refused, lookUps };
}
