/**
 * End to end through the fake Discord: two people and two computer players play a whole game from
 * /hearts new to the final scoreboard, with pictures; no hand ever leaves its owner's ephemeral
 * messages; and every interaction is answered in time, within Discord's limits.
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardCode, replay, viewFor, type Seat } from "../../src/game/index.js";
import { decodeId } from "../../src/discord/interactions/ids.js";
import {
  Player,
  answeredPrivately,
  saidTo,
  byVerb,
  components,
  findButton,
  gamePosts,
  isEphemeral,
  playUntil,
  startHarness,
  tableIdOf,
  tableMessage,
  textOf,
  type Harness,
} from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("a whole game on Discord", () => {
  let tableId = "";

  it("opens a table, seats a person and a computer player, starts, and plays to the end", async () => {
    const [ann, bob] = [new Player(h, h.fake.users[0]), new Player(h, h.fake.users[1])];
    const opened = await ann.answer(ann.slash("new", { target: 30, level: "easy" }));
    expect(isEphemeral(opened)).toBe(true);
    expect(opened.content).toContain("Your table is open");
    const table = tableMessage(h.fake);
    tableId = tableIdOf(table);
    expect(table.attachments.map((a) => a.filename)).toEqual(["table.png"]);

    const joined = await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
    expect(joined.content).toContain("You joined");
    const botMenu = findButton(table, byVerb("bot"));
    expect((await ann.answer(ann.select(table.id, botMenu.custom_id, ["easy"]))).content).toMatch(/sits down/);

    // The table message follows the lobby (edits are coalesced, so wait for the last one).
    await h.fake.waitFor(
      () => textOf(tableMessage(h.fake)).includes("3 of 4") || /3\.\s\w+/.test(textOf(tableMessage(h.fake))),
      3000,
      "the lobby edit",
    );

    const started = await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id));
    expect(isEphemeral(started)).toBe(true);
    expect(started.visibleTo).toBe(ann.user.id);
    expect(textOf(started)).toContain("Pass 3 cards");
    ann.menuId = started.id;
    expect(started.attachments.map((a) => a.filename)).toEqual(["hand.png"]);

    // The game has its thread, and Bob is told to pass there, by mention.
    const thread = await h.fake.waitFor(() => h.fake.threads()[0], 3000, "the game thread");
    const call = await h.fake.waitFor(() => gamePosts(h.fake).find((m) => m.content.includes(`<@${bob.user.id}>`)), 3000, "Bob's ping");
    expect(call.channel_id).toBe(thread.id);
    const pinged = h.fake.calls.find(
      (c) => c.method === "POST" && c.path === `/channels/${thread.id}/messages` && c.body?.content?.includes(`<@${bob.user.id}>`),
    );
    expect(pinged?.body.allowed_mentions).toMatchObject({ parse: [], users: expect.arrayContaining([bob.user.id]) });

    await bob.openHand();
    await playUntil(h, [ann, bob], () => gamePosts(h.fake).some((m) => m.content.includes("Game over")), 15_000);

    // Each player's menu came alive by itself on every turn: nobody had to reopen it.
    expect([ann.reopened, bob.reopened]).toEqual([0, 0]);
    const over = gamePosts(h.fake).find((m) => m.content.includes("Game over"))!;
    expect(over.attachments.map((a) => a.filename)).toContain("game-over.png");
    expect(findButton(over, byVerb("rematch"))).toBeTruthy();
    const record = await h.store.getTable(tableId);
    expect(record!.status).toBe("finished");
    expect((await h.store.listFinishedGames(h.fake.guildId)).map((g) => g.tableId)).toContain(tableId);
    // Trick pictures were posted in the thread; the table message ends with Rematch.
    // (Computer players without delay outrun the posts here, so several tricks may share one post.)
    expect(gamePosts(h.fake).flatMap((m) => m.attachments.filter((a) => /^trick-\d+\.png$/.test(a.filename))).length).toBeGreaterThan(10);
    await h.fake.waitFor(() => findButton(tableMessage(h.fake), byVerb("rematch")), 3000, "the final table message");
    expect(textOf(tableMessage(h.fake))).toContain("Game over");
  }, 60_000);

  it("showed each hand only to its owner, exactly as the game dealt it", async () => {
    const stored = await h.store.loadActions(tableId);
    const record = (await h.store.getTable(tableId))!;
    const seatOf = new Map(record.seats.filter((s) => s.userId).map((s) => [s.userId!, s.seat as Seat]));
    let menus = 0;
    for (const call of h.fake.calls) {
      const body = call.body?.data ?? call.body;
      const ids: string[] = (body?.components ?? [])
        .flatMap((r: any) => r.components ?? [])
        .flatMap((c: any) => (c.custom_id ? [c.custom_id] : []));
      const decoded = ids.map((id) => decodeId(id)).filter((d) => d && (d.verb === "play" || d.verb === "pick"));
      const showsHand = decoded.length > 0 || call.files.some((f) => f.name === "hand.png");
      if (!showsHand) continue;
      // Only ever an answer to one of the owner's own interactions (or its webhook), never a channel post.
      expect(call.path).toMatch(/^\/(interactions|webhooks)\//);
      const owner = h.sent.get(call.token!)?.user.id;
      expect(owner).toBeDefined();
      const seat = seatOf.get(owner!)!;
      if (!decoded.length) continue;
      const version = (decoded[0] as { version: number }).version;
      const r = replay(
        record.rules,
        record.deal,
        stored.slice(0, version).map((a) => a.action),
      );
      expect(r.ok).toBe(true);
      const hand = viewFor((r as { ok: true; state: any }).state, seat)
        .hand.map(cardCode)
        .sort();
      const pick = (body.components ?? []).flatMap((row: any) => row.components).find((c: any) => c.type === 3);
      const shown = (pick ? pick.options.map((o: any) => o.value) : decoded.map((d: any) => cardCode(d.card))).sort();
      expect(shown).toEqual(hand);
      menus++;
    }
    expect(menus).toBeGreaterThan(20);
    // And every message that shows cards to play is ephemeral, seen by one person.
    for (const m of h.fake.messages.values()) {
      if (components(m).some((c) => c.custom_id && /^h1:(play|pick|pass):/.test(c.custom_id))) expect(isEphemeral(m)).toBe(true);
    }
  });

  it("never put the game's deal secret (read from the SQLite file) in a call to Discord or a log line", async () => {
    const db = new Database(h.dbUrl.slice("file:".length), { readonly: true });
    const row = db.prepare(`SELECT "dealFormat", "dealSecret" FROM "HeartsTable" WHERE "id" = ?`).get(tableId) as {
      dealFormat: number;
      dealSecret: string;
    };
    db.close();
    expect(row.dealFormat).toBe(2);
    const texts = [...h.fake.calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body ?? null)}`), ...h.logLines];
    expect(h.logLines.some((l) => l.includes('"game started"'))).toBe(true);
    expect(h.fake.calls.length).toBeGreaterThan(50);
    const forms = [row.dealSecret, row.dealSecret.toUpperCase(), Buffer.from(row.dealSecret, "hex").toString("base64").slice(0, 40)];
    for (let i = 0; i < 64; i += 16) forms.push(row.dealSecret.slice(i, i + 16));
    // Counted, never printed: a failure must not show the secret either.
    expect(forms.map((f) => texts.filter((t) => t.includes(f)).length)).toEqual(forms.map(() => 0));
  });

  it("counts the game in /hearts stats; the leaderboard waits for 3 games", async () => {
    const ann = new Player(h, h.fake.users[0]);
    const stats = ann.slash("stats", {});
    await h.fake.waitFor(() => saidTo(h, stats).includes("Games"), 5000, "the stats");
    expect(saidTo(h, stats)).toMatch(/Games \*\*1\*\*/);
    expect(answeredPrivately(h, stats)).toBe(true);
    const board = ann.slash("leaderboard", {});
    await h.fake.waitFor(() => saidTo(h, board), 5000, "the leaderboard");
    expect(saidTo(h, board)).toContain("after 3 finished rated games");
  });

  it("answered every interaction within 3 s, once, within Discord's limits", () => {
    expect(h.fake.violations).toEqual([]);
    expect(h.fake.unhandled).toEqual([]);
  });
});
