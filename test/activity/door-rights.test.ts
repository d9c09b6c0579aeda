/**
 * The Activity's door, second part, against the real bot and the fake Discord with the door's
 * production bounds (door.ts): what a socket sends below the messages (control frames) is
 * counted, a closed socket frees its place at once, a slow Discord does not lock a person out, a
 * person holds a bounded number of pages, and a page open is asked again about its right to the
 * channel (View Channel taken away, a kick Discord does not announce).
 */
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, Player, startHarness, type Harness } from "../bot/harness.js";
import { ActivityClient, signIn } from "./ws-client.js";
import { standaloneActivity } from "./standalone.js";
import { DOOR, type DoorLimits } from "../../src/activity/door.js";
import type { ActivityServer } from "../../src/activity/server.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ activity: true, renderer: null, users: 8, activityLimits: {} });
});
afterAll(async () => {
  await h?.close();
});

const port = () => h.bot.activity!.port;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A door of its own on the bot's table service, with Discord's word on who may see a channel. */
async function door(limits: Partial<DoorLimits>, body: (server: ActivityServer, at: number) => Promise<void>): Promise<void> {
  const server = standaloneActivity(
    h,
    { ...DOOR, ...limits },
    {
      mayWatch: (u, ch, m, own) => h.bot.channels.mayWatch(u, ch, m, own),
      guildOf: (ch) => h.bot.channels.guildOf(ch),
      onChanged: (l) => h.bot.channels.onChanged?.(l),
    },
  );
  const at = await server.start();
  try {
    await body(server, at);
  } finally {
    await server.stop();
  }
}

/** Resolves with the close code once the socket is closed, or null after `ms`. */
const closedWithin = (ws: WebSocket, ms: number) =>
  new Promise<number | null>((resolve) => {
    if (ws.readyState === ws.CLOSED) return resolve(-1);
    const t = setTimeout(() => resolve(null), ms);
    ws.once("close", (code) => {
      clearTimeout(t);
      resolve(code);
    });
  });

describe("control frames are counted", () => {
  it("a socket that streams pongs without signing in is cut off (terminated, no close handshake) after its budget of frames", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port()}/ws`);
    ws.on("error", () => undefined);
    await new Promise((r) => ws.once("open", r));
    const closed = closedWithin(ws, 5000);
    for (let i = 0; i < 20 && ws.readyState === ws.OPEN; i++) {
      for (let k = 0; k < 100; k++) ws.pong();
      await sleep(20);
    }
    // 1006: the server dropped the socket without a close frame.
    expect(await closed).toBe(1006);
  });

  it("a signed-in page streaming pings is cut off too, and the person's next page signs in at once", async () => {
    const ann = h.fake.users[0];
    const page = await signIn(port(), h.fake.oauthCode(ann), h.fake.channelId);
    const ws = (page as unknown as { ws: WebSocket }).ws;
    const closed = closedWithin(ws, 5000);
    for (let i = 0; i < 20 && ws.readyState === ws.OPEN; i++) {
      for (let k = 0; k < 100; k++) ws.ping();
      await sleep(20);
    }
    expect(await closed).toBe(1006);
    const again = await signIn(port(), h.fake.oauthCode(ann), h.fake.channelId);
    expect(again.session).toBeTruthy();
    again.close();
  });

  it("strangers closed for not signing in free their places at once, though they never read the close", async () => {
    await door({ maxUnsigned: 20, signInMs: 1000 }, async (server, at) => {
      const strangers = Array.from({ length: 20 }, () => new ActivityClient(at));
      await Promise.all(strangers.map((c) => c.opened));
      // They stop reading: a polite close would wait 30 s for an answer that never comes.
      for (const c of strangers) (c as unknown as { ws: { _socket: { pause(): void } } }).ws._socket.pause();
      expect(server.connections).toBeGreaterThan(0);
      await sleep(1600);
      expect(server.connections).toBe(0);
      const real = await signIn(at, h.fake.oauthCode(h.fake.users[1]), h.fake.channelId);
      expect(real.session).toBeTruthy();
      real.close();
      for (const c of strangers) c.close();
    });
  });
});

describe("a slow Discord at sign-in", () => {
  it("a token endpoint answering in 5.5 s still signs the person in: the 5 s sign-in timer stops once the code is sent", async () => {
    const c = new ActivityClient(port());
    await c.opened;
    c.send({ t: "auth", code: h.fake.oauthCode(h.fake.users[2], { delayMs: 5500 }), channel: h.fake.channelId });
    await c.until(() => c.closed || c.session, 9000, "a welcome or a close");
    expect(c.closed).toBeNull();
    expect(c.session).toBeTruthy();
    c.close();
  }, 15_000);

  it("an exchange past its own bound closes with a code the page retries with a fresh code, and the retry signs in", async () => {
    await door({ exchangeMs: 400 }, async (_server, at) => {
      const c = new ActivityClient(at);
      await c.opened;
      c.send({ t: "auth", code: h.fake.oauthCode(h.fake.users[2], { delayMs: 1500 }), channel: h.fake.channelId });
      await c.until(() => c.closed, 3000, "the close");
      expect(c.closed).toEqual({ code: 4011, reason: "Discord was slow to confirm who you are: trying again." });
      const again = await signIn(at, h.fake.oauthCode(h.fake.users[2]), h.fake.channelId);
      expect(again.session).toBeTruthy();
      again.close();
    });
  });
});

describe("pages per person and idle pages", () => {
  it("one person holds at most `perPerson` connections in all: another one, in any channel, closes their oldest", async () => {
    const channels = [h.fake.addChannel("p1"), h.fake.addChannel("p2"), h.fake.addChannel("p3")];
    await sleep(300);
    await door({ perPerson: 2 }, async (_server, at) => {
      const bea = h.fake.users[3];
      const pages: ActivityClient[] = [];
      for (const ch of channels) pages.push(await signIn(at, h.fake.oauthCode(bea), ch));
      await pages[0].until(() => pages[0].closed, 3000, "the oldest closed");
      expect(pages[0].closed).toEqual({
        code: 4008,
        reason: "You have the Activity open in too many windows: this one, the oldest, is closed.",
      });
      expect(pages.slice(1).map((p) => p.closed)).toEqual([null, null]);
      for (const p of pages) p.close();
    });
  });

  it("a signed-in page with nothing from it and no table news for the idle time is closed, saying why", async () => {
    await door({ idleMs: 500 }, async (_server, at) => {
      const page = await signIn(at, h.fake.oauthCode(h.fake.users[3]), h.fake.channelId);
      await page.until(() => page.closed, 3000, "the idle page closed");
      expect(page.closed).toEqual({ code: 4012, reason: "Closed after a long time without activity: reopen the Activity to come back." });
    });
  });
});

describe("the right to the channel, asked again while the page is open", () => {
  it("a person whose View Channel is taken away (a channel overwrite) has their page closed within seconds", async () => {
    const ch = h.fake.addChannel("private-ish");
    await sleep(300);
    const [cleo, dan] = [h.fake.users[4], h.fake.users[5]];
    const page = await signIn(port(), h.fake.oauthCode(cleo), ch);
    const other = await signIn(port(), h.fake.oauthCode(dan), ch);
    const t0 = Date.now();
    h.fake.denyView(cleo, ch);
    await page.until(() => page.closed, 5000, "the page closed");
    expect(page.closed).toEqual({ code: 4009, reason: "You can no longer see this channel." });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(other.closed, "someone else's page there stays").toBeNull();
    other.close();
  });

  /** The member look-ups made from now on: the bot's (its global budget) and people's own (their grants). */
  const lookUps = () => {
    const seen = { bot: 0, own: 0 };
    const stop = h.fake.onCall((call) => {
      if (/^\/guilds\/\d+\/members\/\d+$/.test(call.path)) seen.bot++;
      if (/^\/users\/@me\/guilds\/\d+\/member$/.test(call.path)) seen.own++;
    });
    return { seen, stop };
  };

  /** A table in the channel, a page of `kicked`'s there; the kick, then at once their move (a join): refused, the page closed. */
  async function kickedMove(open: (kicked: (typeof h.fake.users)[number]) => Promise<ActivityClient>) {
    const [host, kicked] = [new Player(h, h.fake.users[6]), h.fake.users[7]];
    await answerOf(h, host.slash("new", { target: 30 }));
    try {
      const page = await open(kicked);
      const count = lookUps();
      h.fake.kick(kicked);
      // Well within the 10 s a "yes" used to stay good for.
      page.send({ t: "join" });
      await page.until(() => page.closed, 5000, "the page closed");
      count.stop();
      expect(page.closed).toEqual({ code: 4009, reason: "You can no longer see this channel." });
      const table = h.bot.service.system.tableIn(h.fake.channelId);
      expect(table!.record.seats.some((s) => s.userId === kicked.id)).toBe(false);
      return count.seen;
    } finally {
      (h.fake.users as unknown as (typeof kicked)[]).push(kicked);
      await answerOf(h, host.slash("end"));
    }
  }

  it("a kicked member's move right after the kick is refused and their page closed, asked with their own grant: none of the bot's look-ups", async () => {
    await door({}, async (_server, at) => {
      const seen = await kickedMove((u) => signIn(at, h.fake.oauthCode(u), h.fake.channelId));
      expect(seen).toEqual({ bot: 0, own: 1 });
    });
  });

  it("a page resumed on another process (a restart) still asks with the grant its session carries sealed", async () => {
    let session = "";
    await door({}, async (_server, at) => {
      const first = await signIn(at, h.fake.oauthCode(h.fake.users[7]), h.fake.channelId);
      session = first.session!;
      expect(session).not.toContain("access-");
      first.close();
    });
    await door({}, async (_server, at) => {
      const seen = await kickedMove(async () => {
        const c = new ActivityClient(at);
        await c.opened;
        c.send({ t: "resume", session, channel: h.fake.channelId });
        await c.until(() => c.closed || c.session, 5000, "welcomed back");
        expect(c.closed).toBeNull();
        return c;
      });
      expect(seen).toEqual({ bot: 0, own: 1 });
    });
  });

  it("without the grant's scope the bot asks instead, afresh for the move: still refused", async () => {
    await door({}, async (_server, at) => {
      const seen = await kickedMove((u) => signIn(at, h.fake.oauthCode(u, { scope: "identify" }), h.fake.channelId));
      expect(seen).toEqual({ bot: 1, own: 0 });
    });
  });
});
