/**
 * The Activity's door against the real bot and the fake Discord, as a stranger would try it: a
 * signed-in page that floods and never reads, one person opening the table on many connections, a
 * crowd of idle sockets and made-up codes, and a person whose right to the table ends (kicked,
 * forgotten, removed from the server). Nothing a stranger sends costs the others more than a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InteractionHandle } from "../fake-discord/server.js";
import { Player, answerOf, byVerb, findButton, startHarness, tableMessage, type Harness } from "../bot/harness.js";
import { ActivityClient, signIn } from "./ws-client.js";
import { standaloneActivity } from "./standalone.js";
import { DOOR, Paced } from "../../src/activity/door.js";

let h: Harness;
/** Frames the server sent, by user (null: not signed in). */
const sentTo = new Map<string | null, number>();
beforeAll(async () => {
  // The door's real bounds (door.ts), not the harness's generous ones.
  h = await startHarness({
    activity: true,
    renderer: null,
    users: 6,
    activityLimits: {},
    // Fair use as in production: both front ends spend it (the table cooldown aside, so tests may open tables in a row).
    config: { rateLimits: { perUser: 12, perGuild: 300, openCooldownS: 0 } },
    onActivityFrame: (userId) => sentTo.set(userId, (sentTo.get(userId) ?? 0) + 1),
  });
});
afterAll(async () => {
  await h?.close();
});

const port = () => h.bot.activity!.port;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const answer = (handle: InteractionHandle) => answerOf(h, handle);

/** Stops reading a connection's socket: what the server sends piles up on its side, as with a page that never reads. */
const stopReading = (c: ActivityClient) => (c as any).ws._socket.pause();

describe("a page that floods", () => {
  it("one signed-in page sending as fast as it can without reading is told once a pause, and other tables are answered on time", async () => {
    const [, , , , eve, fay] = h.fake.users;
    const flooder = await signIn(port(), h.fake.oauthCode(eve), h.fake.channelId);
    stopReading(flooder);
    const before = sentTo.get(eve.id) ?? 0;
    // 3,000 tiny valid messages in about 2 s (each answered with a refusal on the old code: no table here).
    const acks: number[] = [];
    const other = new Player(h, fay);
    const started = Date.now();
    for (let burst = 0; burst < 20; burst++) {
      for (let i = 0; i < 150; i++) flooder.send({ t: "hint" });
      if (burst % 4 === 0) {
        const t0 = Date.now();
        await other.slash("scores").ack;
        acks.push(Date.now() - t0);
      }
      await sleep(100);
    }
    const answered = (sentTo.get(eve.id) ?? 0) - before;
    // The bucket's burst (16) and 8 a second over ~2.5 s, plus one refusal per pause: a few dozen, never 3,000.
    const bound = DOOR.messageBurst + Math.ceil(((Date.now() - started + 1000) / 1000) * (DOOR.messagesPerSecond + 1));
    expect(answered).toBeLessThanOrEqual(bound);
    expect(Math.max(...acks), "another person's command acknowledged").toBeLessThan(1000);
    flooder.close();
  }, 30_000);
});

describe("one person, many connections", () => {
  it("a person has a few connections at one table: another one closes their oldest, with a sentence", async () => {
    const ann = h.fake.users[0];
    const pages: ActivityClient[] = [];
    for (let i = 0; i < DOOR.perPersonPerChannel + 1; i++) pages.push(await signIn(port(), h.fake.oauthCode(ann), h.fake.channelId));
    await pages[0].until(() => pages[0].closed, 3000, "the oldest closed");
    expect(pages[0].closed).toEqual({ code: 4008, reason: "You opened this table in another window: this one is closed." });
    for (const p of pages.slice(1)) expect(p.closed).toBeNull();
    // A session resumed again and again spends that person's sign-ins, and only theirs.
    const session = pages[1].session!;
    const resumes: ActivityClient[] = [];
    for (let i = 0; i < DOOR.signInsPerPerson + 4; i++) {
      const c = new ActivityClient(port());
      await c.opened;
      c.send({ t: "resume", session, channel: h.fake.channelId });
      resumes.push(c);
    }
    await Promise.all(resumes.map((c) => c.until(() => c.closed || c.session, 5000, "a welcome or a close")));
    expect(resumes.filter((c) => c.closed?.code === 1013).length).toBeGreaterThan(0);
    // Someone else still signs in at once.
    const bob = await signIn(port(), h.fake.oauthCode(h.fake.users[1]), h.fake.channelId);
    expect(bob.session).toBeTruthy();
    for (const c of [...pages, ...resumes, bob]) c.close();
  });
});

describe("strangers at the door", () => {
  it("a crowd's upgrades are taken a few per turn of the event loop (clicks go in between), and those past the queue are refused at once", async () => {
    const taken: number[] = [];
    const failed: number[] = [];
    const upgrades = new Paced<number>(
      8,
      20,
      (n) => {
        if (n === 3) throw new Error("a broken upgrade");
        taken.push(n);
      },
      (n) => failed.push(n),
    );
    const queued = Array.from({ length: 30 }, (_, i) => upgrades.add(i));
    expect(queued.filter(Boolean)).toHaveLength(20);
    expect(taken, "none in the turn they arrived").toEqual([]);
    const turns: number[][] = [];
    for (let t = 0; t < 4; t++) {
      await new Promise((r) => setImmediate(r));
      turns.push(taken.splice(0));
    }
    expect(turns.map((t) => t.length)).toEqual([7, 8, 4, 0]);
    // One whose work throws is handed over, and the others go on.
    expect(failed).toEqual([3]);
    expect(turns.flat()).toEqual(Array.from({ length: 20 }, (_, i) => i).filter((i) => i !== 3));
  });

  it("idle sockets and made-up codes cannot keep a real person out", async () => {
    const limits = { ...DOOR, maxUnsigned: 20, signInMs: 1500 };
    const server = standaloneActivity(h, limits);
    const at = await server.start();
    const strangers: ActivityClient[] = [];
    try {
      // Five times as many idle sockets as the strangers' share; the oldest give their place.
      for (let i = 0; i < 100; i++) strangers.push(new ActivityClient(at));
      await Promise.all(strangers.map((c) => c.opened.catch(() => undefined)));
      await sleep(100);
      expect(server.connections).toBeLessThanOrEqual(limits.maxUnsigned);
      // Cut off without a close frame (1006): a page that has not sent its sign-in reconnects by itself whatever the code.
      expect(strangers.filter((c) => c.closed?.code === 1006).length).toBeGreaterThanOrEqual(100 - limits.maxUnsigned);
      // Made-up codes, 50 a second, while a real person signs in.
      let stop = false;
      const fakes = (async () => {
        for (let i = 0; !stop && i < 100; i++) {
          const c = new ActivityClient(at);
          strangers.push(c);
          c.opened.then(() => c.send({ t: "auth", code: `made-up-${i}`, channel: h.fake.channelId })).catch(() => undefined);
          await sleep(20);
        }
      })();
      await sleep(300);
      const t0 = Date.now();
      const real = await signIn(at, h.fake.oauthCode(h.fake.users[2]), h.fake.channelId);
      const took = Date.now() - t0;
      stop = true;
      await fakes;
      expect(real.session).toBeTruthy();
      expect(took).toBeLessThan(2000);
      // Idle ones are gone after the few seconds they have to sign in.
      await sleep(limits.signInMs + 300);
      expect(server.connections).toBe(1);
      real.close();
    } finally {
      for (const c of strangers) c.close();
      await server.stop();
    }
  }, 30_000);

  it("the HTTP server bounds a request's headers: a slow-header connection is closed within seconds", async () => {
    const { connect } = await import("node:net");
    const sock = connect(port(), "127.0.0.1");
    await new Promise<void>((r) => sock.once("connect", () => r()));
    sock.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const t0 = Date.now();
    const ended = await new Promise<number>((resolve) => {
      sock.on("data", () => undefined);
      sock.once("close", () => resolve(Date.now() - t0));
      setTimeout(() => resolve(-1), 15_000);
    });
    sock.destroy();
    expect(ended).toBeGreaterThan(0);
    expect(ended).toBeLessThan(DOOR.headersTimeoutMs + 3000);
  }, 20_000);
});

describe("the right to the table", () => {
  it("a kicked player's page closes with a sentence, and their old session does not come back", async () => {
    const [ann, bob] = h.fake.users.map((u) => new Player(h, u));
    await answer(ann.slash("new", { target: 30 }));
    const table = tableMessage(h.fake);
    await answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
    const page = await signIn(port(), h.fake.oauthCode(bob.user), h.fake.channelId);
    const session = page.session!;
    const kicked = await answer(ann.slash("kick", { user: { type: 6, value: bob.user.id } } as never));
    expect(kicked.text).toContain("no longer has a seat");
    await page.until(() => page.closed, 3000, "the kicked page closed");
    expect(page.closed).toEqual({ code: 4009, reason: "You were removed from this table." });
    const again = new ActivityClient(port());
    await again.opened;
    again.send({ t: "resume", session, channel: h.fake.channelId });
    await again.until(() => again.closed, 3000, "the old session refused");
    expect(again.closed!.code).toBe(4009);
    // Signing in afresh (Discord says who they are again) is still allowed: they may watch.
    const fresh = await signIn(port(), h.fake.oauthCode(bob.user), h.fake.channelId);
    expect(fresh.table?.hand ?? null).toBeNull();
    fresh.close();
    await answer(ann.slash("end"));
  });

  it("Forget me closes the person's open pages at once, saying why", async () => {
    const carl = new Player(h, h.fake.users[3]);
    const page = await signIn(port(), h.fake.oauthCode(carl.user), h.fake.channelId);
    const shown = await answer(carl.slash("privacy", {}));
    const confirm = await answer(carl.click(shown.id, shown.buttons.find((c) => c.label === "Forget me").custom_id));
    await answer(carl.click(confirm.id, confirm.buttons.find((c) => c.label === "Yes, forget me").custom_id));
    await page.until(() => page.closed, 3000, "the page closed");
    expect(page.closed).toEqual({ code: 4009, reason: "Your data was deleted (Forget me): reopen the Activity to come back." });
  });

  it("a person banned from the server has their open pages closed at once, saying so", async () => {
    const eve = h.fake.users[4];
    const page = await signIn(port(), h.fake.oauthCode(eve), h.fake.channelId);
    h.fake.ban(eve);
    try {
      await page.until(() => page.closed, 3000, "the page closed");
      expect(page.closed).toEqual({ code: 4009, reason: "You no longer have access to this server." });
    } finally {
      (h.fake.users as unknown as (typeof eve)[]).splice(4, 0, eve);
    }
  });

  it("someone no longer in the server cannot sign in, though the bot's cache still knows them", async () => {
    // Never signed in to the Activity (the bot's own 30 s answer cache has nothing for them).
    const dan = new Player(h, h.fake.users[5]);
    // They used the bot: discord.js's cache holds his member (the Guilds intent never says he left).
    await answer(dan.slash("scores"));
    const users = h.fake.users as unknown as (typeof dan.user)[];
    users.splice(users.indexOf(dan.user), 1);
    try {
      const again = new ActivityClient(port());
      await again.opened;
      again.send({ t: "auth", code: h.fake.oauthCode(dan.user), channel: h.fake.channelId });
      await again.until(() => again.closed || again.session, 5000, "an answer");
      expect(again.closed).toEqual({ code: 4006, reason: "You cannot see this channel." });
    } finally {
      users.push(dan.user);
    }
  });
});

describe("one rulebook for both front ends", () => {
  it("a server that turned hints off refuses a hint in the Activity as on the buttons, with the same sentence", async () => {
    // Ann spent her sign-ins above (resumed again and again): Cleo hosts here.
    const [bob, ann] = [1, 2].map((i) => new Player(h, h.fake.users[i]));
    h.fake.grant(bob.user, "ManageGuild");
    await answer(bob.slash("settings", { hints: false }));
    try {
      await answer(ann.slash("new", { target: 30 }));
      const page = await signIn(port(), h.fake.oauthCode(ann.user), h.fake.channelId);
      page.send({ t: "hint" });
      await page.until(() => page.said().length > 0, 3000, "the refusal");
      const sentence = "Hints are turned off on this server (a server admin chose so in `/hearts settings`).";
      expect(page.said()).toEqual([sentence]);
      expect((await answer(ann.slash("hint"))).text).toContain(sentence);
      page.close();
      await answer(ann.slash("end"));
    } finally {
      await answer(bob.slash("settings", { reset: "hints" }));
    }
  });

  it("a person's clicks on the buttons and messages in the Activity spend one fair-use budget", async () => {
    const carl = new Player(h, h.fake.users[3]);
    const page = await signIn(port(), h.fake.oauthCode(carl.user), h.fake.channelId);
    // The buttons spend the person's 12 in 5 s ...
    for (let i = 0; i < 12; i++) await carl.slash("scores").ack;
    // ... and the Activity is refused with the buttons' sentence.
    page.send({ t: "hint" });
    await page.until(() => page.said().length > 0, 3000, "the refusal");
    expect(page.said()[0]).toMatch(/^You're going faster than I can keep up with: nothing was done\. Try again in \d+ s\.$/);
    page.close();
  });
});
