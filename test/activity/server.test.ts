/**
 * The Activity's web server against the real bot and the fake Discord, from Node connections
 * (the browser suite plays the same through the page): sign-in through Discord's OAuth2, one
 * game played by two people in the Activity, one on the chat buttons and a computer player,
 * a spectator, forged and malformed messages; and every frame sent to every connection checked
 * against the game's true state: each person's own hand only, no hidden card anywhere else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerMessage } from "../../src/activity/protocol.js";
import { checkFrame, statesOf } from "./secrecy.js";
import { Player, byVerb, findButton, gamePosts, startHarness, tableIdOf, tableMessage, textOf, type Harness } from "../bot/harness.js";
import { ActivityClient, signIn, simpleMove } from "./ws-client.js";
import { standaloneActivity } from "./standalone.js";

let h: Harness;
/** Every frame the server sent, with the user of its connection. */
const sent: { userId: string | null; frame: string }[] = [];
beforeAll(async () => {
  h = await startHarness({ activity: true, renderer: null, onActivityFrame: (userId, frame) => sent.push({ userId, frame }) });
});
afterAll(async () => {
  await h?.close();
});

const port = () => h.bot.activity!.port;

describe("the Activity's web server", () => {
  it("is off unless configured: no web server, the bot as before", async () => {
    const plain = await startHarness({ renderer: null });
    try {
      expect(plain.bot.activity).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it("serves the page and its script from its own origin only", async () => {
    const page = await fetch(`http://127.0.0.1:${port()}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="app.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect((await fetch(`http://127.0.0.1:${port()}/.proxy/app.js`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port()}/secret`)).status).toBe(404);
  });

  it("closes a connection whose authorize code Discord does not confirm, with a reason", async () => {
    const c = new ActivityClient(port());
    await c.opened;
    c.send({ t: "auth", code: "made-up", channel: h.fake.channelId });
    await c.until(() => c.closed, 5000, "the close");
    expect(c.closed).toEqual({ code: 4001, reason: "Discord did not confirm who you are: reopen the Activity." });
    expect(c.frames).toEqual([]);
  });

  it("closes a connection that acts before signing in, sends garbage, or forges a session", async () => {
    const early = new ActivityClient(port());
    await early.opened;
    early.send({ t: "play", card: 0, version: 0 });
    await early.until(() => early.closed);
    expect(early.closed!.code).toBe(4002);

    const garbage = new ActivityClient(port());
    await garbage.opened;
    garbage.send("{not json");
    await garbage.until(() => garbage.closed);
    expect(garbage.closed!.code).toBe(4004);

    const huge = new ActivityClient(port());
    await huge.opened;
    huge.send({ t: "auth", code: "x".repeat(5000), channel: h.fake.channelId });
    await huge.until(() => huge.closed);
    expect(huge.closed!.code).toBe(1009); // larger than the server reads

    const forged = new ActivityClient(port());
    await forged.opened;
    const body = Buffer.from(
      JSON.stringify({ u: h.fake.users[0].id, n: "Ann", l: "en", c: h.fake.channelId, e: Date.now() + 1e6 }),
    ).toString("base64url");
    forged.send({ t: "resume", session: `${body}.AAAA`, channel: h.fake.channelId });
    await forged.until(() => forged.closed);
    expect(forged.closed!.code).toBe(4003);
  });

  it("a signed-in page with no table in its channel hears so", async () => {
    const c = await signIn(port(), h.fake.oauthCode(h.fake.users[0]), h.fake.channelId);
    expect(c.frames[0]).toMatchObject({ t: "welcome", you: { id: h.fake.users[0].id }, locale: "en", resumed: false });
    expect(c.table).toBeNull();
    c.close();
  });

  it("plays a whole game: two people in the Activity, one on the buttons, one computer player; nobody sees a hidden card", async () => {
    const [annU, bobU, carlU, daveU] = h.fake.users;
    const carl = new Player(h, carlU);
    const ann = new Player(h, annU);
    await ann.answer(ann.slash("new", { target: 30, level: "easy" }));
    const table = tableMessage(h.fake);
    const tableId = tableIdOf(table);
    await new Player(h, bobU).answer(new Player(h, bobU).click(table.id, findButton(table, byVerb("join")).custom_id));
    await carl.answer(carl.click(table.id, findButton(table, byVerb("join")).custom_id));

    const annA = await signIn(port(), h.fake.oauthCode(annU), h.fake.channelId);
    const bobA = await signIn(port(), h.fake.oauthCode(bobU), h.fake.channelId);
    const dave = await signIn(port(), h.fake.oauthCode(daveU), h.fake.channelId);
    expect(annA.table).toMatchObject({ id: tableId, status: "lobby", game: null, hand: null });

    // A person who is not seated may not act (the message names no seat: the server decides whose).
    await ann.answer(ann.click(table.id, findButton(tableMessage(h.fake), byVerb("start")).custom_id));
    await annA.until(() => annA.table?.hand, 5000, "Ann's hand");
    await carl.openHand();
    // The table message opens the Activity (LAUNCH_ACTIVITY, callback type 12).
    const playing = await h.fake.waitFor(
      () => findButton(tableMessage(h.fake), byVerb("activity")) && tableMessage(h.fake),
      3000,
      "Open the table",
    );
    const launch = carl.click(playing.id, findButton(playing, byVerb("activity")).custom_id);
    expect((await launch.ack).type).toBe(12);
    expect(dave.table!.hand).toBeNull();
    dave.send({ t: "pass", cards: [0, 1, 2], version: dave.table!.game!.version });
    await dave.until(() => dave.said().length, 5000, "the refusal");
    expect(dave.said()[0]).toBe("You are not playing at this table.");

    // A forged pass of cards Ann does not hold (another seat's, say) is refused by the same rule as the menus.
    const annHand = new Set(annA.table!.hand!.cards);
    const notAnns = Array.from({ length: 52 }, (_, c) => c)
      .filter((c) => !annHand.has(c))
      .slice(0, 3);
    annA.send({ t: "pass", cards: notAnns, version: annA.table!.game!.version });
    await annA.until(() => annA.said().length, 5000, "the refusal");
    expect(annA.said()[0]).toBe("You can only pass cards from your own hand.");
    // An extra field (a seat, a table) is not a message the server reads: the connection is closed.
    annA.send({ t: "hint", seat: 1 } as Record<string, unknown>);
    await annA.until(() => annA.closed);
    expect(annA.closed!.code).toBe(4004);
    // The page reconnects with its session: no new code, and a line saying so.
    const annB = new ActivityClient(port());
    await annB.opened;
    annB.send({ t: "resume", session: annA.session!, channel: h.fake.channelId });
    await annB.until(() => annB.table?.hand, 5000, "Ann's hand again");
    expect(annB.frames[0]).toMatchObject({ t: "welcome", resumed: true });

    // A stale version (the picture before the last action) is refused, like an old menu.
    const people = [annB, bobA];
    const over = () => gamePosts(h.fake).some((m) => m.content.includes("Game over"));
    const acted = new Map<ActivityClient, number>();
    let last = Date.now();
    let passedLate = false;
    while (!over()) {
      let moved = false;
      for (const p of people) {
        const t = p.table;
        // A pass from an older picture, sent while the table plays: refused in the page's words, not the chat menu's.
        if (!passedLate && p === bobA && t?.game?.phase === "playing" && t.hand) {
          passedLate = true;
          const before = bobA.said().length;
          bobA.send({ t: "pass", cards: t.hand.cards.slice(0, 3), version: t.game.version - 1 });
          await bobA.until(() => bobA.said().length > before, 5000, "the refusal");
          expect(bobA.said().at(-1)).toBe("The game had moved on: that was not played. The table shows where it is now.");
        }
        const move = t && simpleMove(t);
        if (move && acted.get(p) !== t.game!.version) {
          acted.set(p, t.game!.version);
          p.send(move);
          moved = true;
        }
      }
      if (await carl.act()) moved = true;
      if (moved) last = Date.now();
      else if (Date.now() - last > 10_000)
        throw new Error(`the game stalled: ${textOf(carl.menu())} ${JSON.stringify(annB.table?.game)} ${annB.said().join(" | ")}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(passedLate).toBe(true);
    await annB.until(() => annB.table?.game?.phase === "game-over", 5000, "game over in the Activity");
    await dave.until(() => dave.table?.game?.phase === "game-over", 5000, "game over for the spectator");
    expect(annB.said().filter((s) => /refus|not your turn/i.test(s))).toEqual([]);

    // The thread shows the same game: its final totals are the Activity's.
    const totals = annB.table!.seats.map((s) => s.total);
    const overPost = gamePosts(h.fake).find((m) => m.content.includes("Game over"))!;
    for (const s of annB.table!.seats) expect(textOf(overPost)).toContain(s.name);
    expect(totals.some((t) => t > 0)).toBe(true);

    // Every frame, against the true state at its version: each person's own hand exactly, and
    // nothing of it in anyone else's frames.
    const truth = await statesOf(h, tableId);
    const seatOf = new Map(annB.table!.seats.map((s) => [h.fake.users.find((u) => u.globalName === s.name)?.id, s.seat]));
    let checked = 0;
    for (const { userId, frame } of sent) {
      const m = JSON.parse(frame) as ServerMessage;
      if (m.t !== "table" || !m.table?.game || m.table.id !== tableId) continue;
      const state = truth[m.table.game.version];
      checkFrame(m.table, state, userId ? (seatOf.get(userId) ?? null) : null);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    expect(sent.filter((s) => s.userId === daveU.id && s.frame.includes('"hand":{')).length).toBe(0);

    // The Activity shows Ann and Bob their turn: the thread never mentions them to press My hand
    // (each mention was a post and a delete in the thread, three times the chat side's requests a trick).
    const mentioned = h.fake.calls.filter(
      (c) => c.method === "POST" && /press \*\*My hand/.test(String(c.body?.content)) && !String(c.body?.content).includes("Game over"),
    );
    expect(mentioned.filter((c) => c.body.content.includes(annU.id) || c.body.content.includes(bobU.id))).toEqual([]);
    for (const c of [annB, bobA, dave]) c.close();
  }, 60_000);

  it("mentions in the thread someone who has neither a menu nor the Activity open, with My hand and Open the table", async () => {
    const [annU, bobU] = h.fake.users;
    const ann = new Player(h, annU);
    const bob = new Player(h, bobU);
    await ann.answer(ann.slash("new", { target: 30, level: "easy" }));
    const table = tableMessage(h.fake);
    await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
    const annA = await signIn(port(), h.fake.oauthCode(annU), h.fake.channelId);
    const bobA = await signIn(port(), h.fake.oauthCode(bobU), h.fake.channelId);
    await ann.answer(ann.click(table.id, findButton(tableMessage(h.fake), byVerb("start")).custom_id));
    // Both pass from the Activity; Bob then closes it: he has neither a menu nor the page when his card is due.
    await bobA.until(() => bobA.table?.hand && simpleMove(bobA.table), 5000, "Bob's pass");
    bobA.send(simpleMove(bobA.table!)!);
    await bobA.until(() => bobA.table?.hand?.passed, 5000, "Bob's pass taken");
    bobA.close();
    await annA.until(() => annA.table?.hand && simpleMove(annA.table), 5000, "Ann's pass");
    annA.send(simpleMove(annA.table!)!);
    // Ann plays her cards from the page as they come due (the deal decides who leads), until Bob's
    // turn comes and the thread mentions him.
    // (Sent again if the table has not moved for 3 s: a move answered "too fast" under load is not lost.)
    let lastVersion = -1;
    let sentAt = 0;
    const post = await h.fake.waitFor(
      () => {
        const move = annA.table && simpleMove(annA.table);
        if (move && (annA.table!.game!.version !== lastVersion || Date.now() - sentAt > 3000)) {
          lastVersion = annA.table!.game!.version;
          sentAt = Date.now();
          annA.send(move);
        }
        return gamePosts(h.fake).find((m) => m.content.includes(bobU.id) && m.content.includes("your card: press **My hand**"));
      },
      20_000,
      "the mention",
    );
    expect(findButton(post, byVerb("hand"))).toBeTruthy();
    expect(findButton(post, byVerb("activity"))?.label).toBe("Open the table");
    const launch = ann.click(post.id, findButton(post, byVerb("activity")).custom_id);
    expect((await launch.ack).type).toBe(12);
    // Ann has the page open: the thread never mentions her.
    expect(gamePosts(h.fake).filter((m) => m.content.includes(annU.id) && m.content.includes("press **My hand**"))).toEqual([]);
    annA.close();
    await ann.answer(ann.slash("end"));
  });
});

describe("sign-ins, bounded for the whole process (every page arrives through Discord's proxy, from its addresses)", () => {
  it("more people at once than the exchanges with Discord and their queue: those over it are told to wait, not refused, and sign in with the same code a moment later", async () => {
    const server = standaloneActivity(h, { exchanges: 1, exchangeQueue: 2 });
    const at = await server.start();
    try {
      // 14 people at once from 127.0.0.1: the old budget per address (12 in 5 s) refused the 13th for good.
      const people = Array.from({ length: 14 }, (_, i) => h.fake.users[i % h.fake.users.length]);
      const codes = people.map((u) => h.fake.oauthCode(u));
      const pending = new Set(codes.keys());
      for (let round = 0; pending.size && round < 12; round++) {
        const tries = [...pending].map(async (k) => {
          const c = new ActivityClient(at);
          await c.opened;
          c.send({ t: "auth", code: codes[k], channel: h.fake.channelId });
          await c.until(() => c.closed || c.session, 5000, "a welcome or a close");
          if (c.session) {
            pending.delete(k);
            c.close();
          } else {
            expect(c.closed).toEqual({ code: 1013, reason: "Many people are opening tables right now: signing you in in a moment." });
          }
        });
        await Promise.all(tries);
        if (round === 0) expect(pending.size, "some were told to wait").toBeGreaterThan(0);
        if (pending.size) await new Promise((r) => setTimeout(r, 1000));
      }
      expect(pending.size).toBe(0);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
