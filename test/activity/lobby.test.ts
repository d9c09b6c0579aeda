/**
 * The lobby and the rematch from the Activity's page, against the real bot and the fake Discord,
 * from Node connections as the page makes them: Join, Leave, Add a computer player and Start go
 * through the same table service as the chat's buttons, with the same refusals, and the chat
 * follows (the table message, the game's thread); a Rematch pressed at game over opens the next
 * table in the same channel, whose table message the bot posts there as for the chat's Rematch,
 * and the page then shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMessage, FakeUser } from "../fake-discord/server.js";
import { Player, byVerb, findButton, quiet, saidTo, startHarness, tableIdOf, textOf, type Harness } from "../bot/harness.js";
import { ActivityClient, signIn, simpleMove } from "./ws-client.js";
import { messages } from "../../src/i18n/index.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ activity: true, renderer: null, users: 5 });
});
afterAll(async () => {
  await h?.close();
});

const port = () => h.bot.activity!.port;
const en = messages("en");

/** A channel of its own for each test, known to the bot (the page's sign-in checks it in the bot's cache). */
async function channel(name: string): Promise<string> {
  const id = h.fake.addChannel(name);
  await h.fake.waitFor(() => h.bot.client.channels.cache.has(id) || null, 3000, "the channel in the bot's cache");
  return id;
}

/** The channel's latest table message. */
const tableMessageIn = (ch: string): FakeMessage | null =>
  h.fake
    .channelMessages(ch)
    .filter((m) => m.embeds?.[0]?.title === "♥ Hearts")
    .at(-1) ?? null;

/** Waits until the channel's table message says `what`. */
const chatShows = (ch: string, what: (m: FakeMessage) => boolean, label: string) =>
  h.fake.waitFor(
    () => {
      const m = tableMessageIn(ch);
      return m && what(m) ? m : null;
    },
    5000,
    label,
  );

/** The refusals the page was told (the lobby's news to everyone aside). */
const refusals = (c: ActivityClient): string[] => c.frames.flatMap((f) => (f.t === "say" && f.tone === "refusal" ? [f.text] : []));

/** The latest refusal the page was told, once there is one more than `before`. */
async function toldAfter(c: ActivityClient, before: number): Promise<string> {
  await c.until(() => refusals(c).length > before, 5000, "a refusal");
  return refusals(c).at(-1)!;
}

describe("the lobby from the Activity's page", () => {
  it("Join, Leave, Add a computer player and Start from the page; a non-host's Start and Add are refused with the buttons' sentences; the chat follows", async () => {
    const ch = await channel("lobby-page");
    const [annU, bobU, carlU] = h.fake.users;
    const ann = new Player(h, annU);
    await ann.answer(ann.slash("new", { level: "easy", target: 30 }, ch));
    const tableId = tableIdOf(tableMessageIn(ch)!);
    const annA = await signIn(port(), h.fake.oauthCode(annU), ch);
    const bobA = await signIn(port(), h.fake.oauthCode(bobU), ch);
    const carlA = await signIn(port(), h.fake.oauthCode(carlU), ch);
    expect(annA.table).toMatchObject({ id: tableId, status: "lobby", host: annU.id });
    expect(annA.table!.seats.map((s) => s.id)).toEqual([annU.id]);

    // Bob and Carl sit down from the page: every page and the chat's table message show them.
    bobA.send({ t: "join" });
    carlA.send({ t: "join" });
    await annA.until(() => annA.table?.seats.length === 3, 5000, "three seated");
    expect(annA.table!.seats.map((s) => s.id).sort()).toEqual([annU.id, bobU.id, carlU.id].sort());
    await chatShows(
      ch,
      (m) => textOf(m).includes(bobU.globalName) && textOf(m).includes(carlU.globalName),
      "Bob and Carl on the table message",
    );

    // Carl gets up: his seat is free, and his page closes as a leave from the chat closes it.
    carlA.send({ t: "leave" });
    await carlA.until(() => carlA.closed, 5000, "Carl's page closed");
    expect(carlA.closed).toEqual({ code: 4009, reason: en.activity.endedLeft });
    await annA.until(() => annA.table?.seats.length === 2, 5000, "Carl gone");
    await chatShows(ch, (m) => !textOf(m).includes(carlU.globalName), "Carl off the table message");

    // Bob is not the host: Start and Add are refused with the very sentences the chat's buttons answer.
    const bob = new Player(h, bobU);
    const chatStart = bob.click(tableMessageIn(ch)!.id, findButton(tableMessageIn(ch), byVerb("start")).custom_id);
    await bob.answer(chatStart);
    const before = refusals(bobA).length;
    bobA.send({ t: "start" });
    expect(await toldAfter(bobA, before)).toBe(saidTo(h, chatStart).trim());
    expect(saidTo(h, chatStart)).toContain(en.refusals.notHostStart({ host: annU.globalName }));
    bobA.send({ t: "addBot", level: "easy" });
    expect(await toldAfter(bobA, before + 1)).toBe(en.refusals.notHostAddBot);
    expect(annA.table!.status).toBe("lobby");
    expect(annA.table!.seats).toHaveLength(2);

    // The host adds a computer player of a level, then starts: the game is dealt, and the chat
    // opens its thread and shows the game on the table message, as after the Start button.
    const threads = h.fake.threads().length;
    annA.send({ t: "addBot", level: "medium" });
    await annA.until(() => annA.table?.seats.length === 3, 5000, "the computer player seated");
    const bot = annA.table!.seats.find((s) => s.bot)!;
    expect(bot.id).toBeNull();
    await chatShows(ch, (m) => textOf(m).includes(bot.name), "the computer player on the table message");
    annA.send({ t: "start" });
    await annA.until(() => annA.table?.hand, 5000, "Ann's hand");
    await bobA.until(() => bobA.table?.hand, 5000, "Bob's hand");
    expect(annA.table!.seats).toHaveLength(4);
    await chatShows(ch, (m) => !!findButton(m, byVerb("hand")), "My hand on the table message");
    await h.fake.waitFor(() => h.fake.threads().length > threads || null, 5000, "the game's thread");
    expect(h.fake.threads().at(-1)!.parent_id).toBe(ch);
    expect(refusals(annA)).toEqual([]);
    // The game is under way: the lobby's moves are refused with their sentences.
    const told = refusals(annA).length;
    annA.send({ t: "addBot", level: "easy" });
    expect(await toldAfter(annA, told)).toBe(en.refusals.seatsFixed);
    for (const c of [annA, bobA]) c.close();
  }, 30_000);
});

/** A short game in the channel, played to its end from Ann's page (target 1, three computer players); her page. */
async function gameOver(ch: string, watching?: FakeUser): Promise<[ActivityClient, ActivityClient | null]> {
  const annU = h.fake.users[0];
  const ann = new Player(h, annU);
  await ann.answer(ann.slash("new", { level: "easy", target: 1, bots: true }, ch));
  const annA = await signIn(port(), h.fake.oauthCode(annU), ch);
  const watcher = watching ? await signIn(port(), h.fake.oauthCode(watching), ch) : null;
  annA.send({ t: "start" });
  let acted = -1;
  await annA.until(
    () => {
      const t = annA.table;
      const move = t && simpleMove(t);
      if (move && t.game!.version !== acted) {
        acted = t.game!.version;
        annA.send(move);
      }
      return t?.game?.phase === "game-over";
    },
    20_000,
    "game over",
  );
  await chatShows(ch, (m) => !!findButton(m, byVerb("rematch")), "Rematch on the table message");
  expect(annA.table!.status).toBe("finished");
  return [annA, watcher];
}

describe("Rematch from the Activity's page", () => {
  it("at game over, a player's Rematch opens the next table in the same channel, its table message posted there; the page shows it; a spectator's, or one where the server's settings allow no table, is refused", async () => {
    const ch = await channel("rematch-page");
    const [annU, , , , eveU] = h.fake.users;
    const [annA, watcher] = await gameOver(ch, eveU);
    const eve = watcher!;
    const first = tableMessageIn(ch)!;
    const firstId = tableIdOf(first);

    // Someone who watched is refused with the chat's sentence; nothing opens.
    const heard = refusals(eve).length;
    eve.send({ t: "rematch" });
    expect(await toldAfter(eve, heard)).toBe(en.refusals.rematchNotPlayer);
    expect(tableMessageIn(ch)!.id).toBe(first.id);

    // The server's rules for where tables open hold on the page as on the chat's Rematch, with the same sentence.
    const admin = new Player(h, eveU);
    h.fake.grant(eveU, "ManageGuild");
    const elsewhere = await channel("tables-here");
    await admin.answer(admin.slash("settings", { add_channel: { type: 7, value: elsewhere } } as never));
    const refused = refusals(annA).length;
    annA.send({ t: "rematch" });
    expect(await toldAfter(annA, refused)).toBe(en.settings.channelNotAllowed({ channels: `<#${elsewhere}>` }));
    expect(h.bot.service.system.tableIn(ch)).toBeNull();
    await admin.answer(admin.slash("settings", { reset: "channels" } as never));

    const messagesBefore = h.fake.channelMessages(ch).length;
    annA.send({ t: "rematch" });
    const next = await chatShows(ch, (m) => m.id !== first.id, "the rematch's table message in the channel");
    const nextId = tableIdOf(next);
    expect(nextId).not.toBe(firstId);
    expect(findButton(next, byVerb("join"))).toBeTruthy();
    expect(h.fake.channelMessages(ch).length).toBe(messagesBefore + 1);
    // Both pages follow the channel to its new table: a lobby with the same players.
    await annA.until(() => annA.table?.id === nextId, 5000, "Ann's page on the new table");
    await eve.until(() => eve.table?.id === nextId, 5000, "the spectator's page on the new table");
    expect(annA.table).toMatchObject({ status: "lobby", game: null, host: annU.id });
    expect(annA.table!.seats).toHaveLength(4);
    // A second Rematch of the same game: the channel already has its table.
    const again = refusals(annA).length;
    annA.send({ t: "rematch" });
    expect(await toldAfter(annA, again)).toBe(en.refusals.rematchStillGoing);
    for (const c of [annA, eve]) c.close();
  }, 40_000);

  it("a page opened after the game is over shows its end (the final scores, who won) and its Rematch works, as on a page open at the end", async () => {
    const ch = await channel("opened-late");
    const [annU, , , , eveU] = h.fake.users;
    const [early] = await gameOver(ch);
    const finished = early.table!;
    early.close();
    // Ann opens the Activity again, and someone who never played opens it for the first time.
    const late = await signIn(port(), h.fake.oauthCode(annU), ch);
    const eve = await signIn(port(), h.fake.oauthCode(eveU), ch);
    for (const c of [late, eve]) {
      expect(c.table).toMatchObject({ id: finished.id, status: "finished", host: annU.id });
      expect(c.table!.game).toMatchObject({ phase: "game-over", winners: finished.game!.winners, history: finished.game!.history });
      expect(c.table!.game!.winners!.length).toBeGreaterThan(0);
      expect(c.table!.seats.map((x) => x.total)).toEqual(finished.seats.map((x) => x.total));
    }
    late.send({ t: "rematch" });
    await late.until(() => late.table?.status === "lobby" && late.table.id !== finished.id, 5000, "the rematch on the late page");
    await eve.until(() => eve.table?.id === late.table!.id, 5000, "the spectator's late page on the rematch");
    for (const c of [late, eve]) c.close();
  }, 40_000);

  it("a rematch whose table message Discord refuses closes at once, and the page says why", async () => {
    const ch = await channel("rematch-not-posted");
    const [annA] = await gameOver(ch);
    const first = tableMessageIn(ch)!;
    const finishedId = annA.table!.id;
    await quiet(h);
    h.fake.failNext((method, path) => method === "POST" && path === `/channels/${ch}/messages`, {
      status: 403,
      code: 50013,
      message: "Missing Permissions",
    });
    annA.send({ t: "rematch" });
    await annA.until(() => annA.table?.id !== finishedId && annA.table?.status === "abandoned", 5000, "the rematch closed");
    await annA.until(() => annA.said().includes(en.lobby.closedNotPosted), 5000, "why");
    expect(h.bot.service.system.tableIn(ch)).toBeNull();
    expect(tableMessageIn(ch)!.id).toBe(first.id);
    annA.close();
  }, 40_000);
});
