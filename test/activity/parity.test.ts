/**
 * Door parity (issue 39, items 1, 2 and 7): the same forbidden requests sent through the chat (the
 * real bot against the fake Discord) and through the Activity (the bot's own ActivityServer and a
 * WebSocket client) get the same refusal at each, because both ask the domain's one gate
 * (src/table/gate.ts) with who asks and where. During a round of a tournament of 8 (two round
 * tables sharing the tournament's channel, each in its thread):
 * - someone not at a round table asks for its scores, in the channel or by a forged button;
 * - someone acts at a table where they are not seated (a round table, an ordinary one);
 * - a person the organiser removed tries to take their seat back;
 * - another server's ids: a sign-up's Join and a table's button from another server.
 * And a command typed in the tournament's channel finds the asker's own table, never the last one
 * opened there (item 2).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeId } from "../../src/discord/interactions/ids.js";
import type { TournamentActor } from "../../src/table/tournament/api.js";
import type { TableView } from "../../src/table/types.js";
import type { FakeUser } from "../fake-discord/server.js";
import { Player, answerOf, byVerb, findButton, startHarness, type Harness } from "../bot/harness.js";
import { inFuture } from "../table/tournament/helpers.js";
import { signIn, type ActivityClient } from "./ws-client.js";

const HIDDEN = "watched only by its own players";
const OUT = "You are out of this tournament";

let h: Harness;
let port: number;
let tournamentId: string;
/** The round's two tables, as opened (the second is the one a "last opened" lookup finds). */
let tables: TableView[];
let outsider: FakeUser;
const organiser = (): TournamentActor => ({ userId: "700000000000000001", name: "Org", manageGuild: true, guildId: h.fake.guildId });
const seatedAt = (t: TableView, u: FakeUser) => t.record.seats.some((s) => s.userId === u.id);

beforeAll(async () => {
  h = await startHarness({ activity: true, renderer: null, users: 9 });
  port = h.bot.activity!.port;
  const tours = h.bot.tournaments;
  const made = await tours.create(organiser(), {
    guildId: h.fake.guildId,
    channelId: h.fake.channelId,
    name: "Club night",
    startsAt: inFuture(),
    rounds: 2,
    handsPerRound: 4,
    rulesSpec: "classic",
    botLevel: "easy",
  });
  if (!made.ok) throw new Error(made.code);
  tournamentId = made.tournament.id;
  const [people, last] = [h.fake.users.slice(0, 8), h.fake.users[8]];
  outsider = last;
  for (const u of people)
    expect((await tours.join(tournamentId, { userId: u.id, name: u.globalName, guildId: h.fake.guildId })).ok).toBe(true);
  expect((await tours.start(tournamentId, organiser())).ok).toBe(true);
  const round = (await tours.get(tournamentId))!.played[0];
  tables = [];
  for (const id of round.tables)
    tables.push(
      await h.fake.waitFor(
        () => {
          const t = h.bot.service.system.openTable(id);
          return t?.record.threadId && h.bot.client.channels.cache.has(t.record.threadId) ? t : null;
        },
        10_000,
        "the table's thread",
      ),
    );
  expect(tables).toHaveLength(2);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** What the chat answered a slash command typed by `u` in `channel`. */
async function chat(u: FakeUser, sub: string, channel: string, options: Record<string, string> = {}): Promise<string> {
  return (await answerOf(h, new Player(h, u).slash(sub, options, channel))).text;
}

/** What the chat answered a click of `customId` by `u` on message `messageId` (a forged one: any id the client sends). */
async function click(u: FakeUser, messageId: string, customId: string): Promise<string> {
  return (await answerOf(h, new Player(h, u).click(messageId, customId))).text;
}

/** A page opened by `u` in `channel`: what it was shown and told. */
async function page(u: FakeUser, channel: string, guild?: string): Promise<ActivityClient> {
  return signIn(port, h.fake.oauthCode(u), channel, { keepFrames: true, ...(guild ? { guild } : {}) });
}

/** The page's answer to a message it sends. */
async function pageSays(c: ActivityClient, m: Record<string, unknown>): Promise<string> {
  const before = c.said().length;
  c.send(m);
  await c.until(() => c.said().length > before, 5000, "the page's answer");
  return c.said()[before];
}

/** A message in the tournament's channel to click forged buttons on (the sign-up's). */
const signupMessage = () =>
  h.fake.waitFor(
    () => h.fake.channelMessages(h.fake.channelId).find((m) => m.embeds?.[0]?.title?.startsWith("🏆")) ?? null,
    5000,
    "the sign-up message",
  );

describe("every door asks the same gate", () => {
  it("a command in the tournament's channel finds the asker's own table, at both doors", async () => {
    for (const t of tables) {
      const u = h.fake.users.find((x) => seatedAt(t, x))!;
      const other = tables.find((x) => x !== t)!;
      const scores = await chat(u, "scores", h.fake.channelId);
      // The score sheet's columns are the table's four seats: the asker's own table's.
      for (const s of t.record.seats) expect(scores).toContain(s.name.slice(0, 8));
      for (const s of other.record.seats) if (s.userId) expect(scores).not.toContain(s.name.slice(0, 8));
      expect(await chat(u, "hand", h.fake.channelId)).not.toContain("not playing at this table");
      const p = await page(u, h.fake.channelId);
      expect(p.table?.id).toBe(t.record.id);
      p.close();
    }
  });

  it("another table's scores during a round: refused alike, in the channel, by a forged button, and on the page", async () => {
    expect(await chat(outsider, "scores", h.fake.channelId)).toContain(HIDDEN);
    const signup = await signupMessage();
    const atTable2 = h.fake.users.find((u) => seatedAt(tables[1], u))!;
    expect(await click(atTable2, signup.id, encodeId({ verb: "scores", tableId: tables[0].record.id }))).toContain(HIDDEN);
    const p = await page(outsider, h.fake.channelId);
    expect(p.table).toBeNull();
    expect(p.said()).toEqual([expect.stringContaining(HIDDEN)]);
    p.close();
  });

  it("acting at a table where you are not seated: refused alike", async () => {
    // A round table: the outsider's My hand in the channel, a forged My hand of table 1, and the page's Leave.
    expect(await chat(outsider, "hand", h.fake.channelId)).toContain(HIDDEN);
    const signup = await signupMessage();
    expect(await click(outsider, signup.id, encodeId({ verb: "hand", tableId: tables[0].record.id }))).toContain(HIDDEN);
    const p = await page(outsider, h.fake.channelId);
    expect(await pageSays(p, { t: "leave" })).toContain(HIDDEN);
    p.close();
    // An ordinary table in another channel: Leave from someone not seated there.
    const casual = h.fake.addChannel("casual");
    const host = h.fake.users[0];
    expect(await chat(host, "new", casual)).toContain("Your table is open");
    const table = await h.fake.waitFor(
      () => h.fake.channelMessages(casual).find((m) => m.embeds?.[0]?.title === "♥ Hearts") ?? null,
      5000,
      "the casual table's message",
    );
    const leaveChat = await click(outsider, table.id, findButton(table, byVerb("leave")).custom_id);
    const q = await page(outsider, casual);
    expect(q.table).not.toBeNull();
    const leavePage = await pageSays(q, { t: "leave" });
    expect(leaveChat).toContain("You are not seated at this table.");
    expect(leavePage).toBe(leaveChat.trim());
    q.close();
  });

  it("a person the organiser removed may not take their seat back, at any door", async () => {
    const removed = h.fake.users.find((u) => seatedAt(tables[0], u))!;
    const r = await h.bot.tournaments.remove(tournamentId, organiser(), removed.id);
    expect(r.ok).toBe(true);
    const thread = tables[0].record.threadId!;
    expect(await chat(removed, "join", thread)).toContain(OUT);
    expect(await chat(removed, "join", h.fake.channelId)).toContain(OUT);
    const p = await page(removed, h.fake.channelId);
    expect(p.table).toBeNull();
    expect(p.said()).toEqual([expect.stringContaining(OUT)]);
    expect(await pageSays(p, { t: "join" })).toContain(OUT);
    p.close();
    // The seat stays the computer player's.
    expect(h.bot.service.system.openTable(tables[0].record.id)!.record.seats.find((s) => s.userId === removed.id)).toMatchObject({
      botControlled: true,
      out: true,
    });
  });

  it("another server's ids: a sign-up's Join and a table's button are refused there; a page there reaches nothing of this server", async () => {
    const later = await h.bot.tournaments.create(organiser(), {
      guildId: h.fake.guildId,
      channelId: h.fake.channelId,
      name: "Next week",
      startsAt: inFuture(),
      rounds: 1,
      rulesSpec: "classic",
      botLevel: "easy",
    });
    if (!later.ok) throw new Error(later.code);
    const elsewhere = h.fake.addGuild({ name: "Elsewhere" });
    const there = h.fake.users[8];
    expect(await chat(there, "new", elsewhere.channelId)).toContain("Your table is open");
    const theirTable = await h.fake.waitFor(
      () => h.fake.channelMessages(elsewhere.channelId).find((m) => m.embeds?.[0]?.title === "♥ Hearts") ?? null,
      5000,
      "the other server's table message",
    );
    expect(await click(there, theirTable.id, encodeId({ verb: "tjoin", tableId: later.tournament.id }))).toContain(
      "I can't find that tournament",
    );
    expect((await h.bot.tournaments.get(later.tournament.id))!.players).toEqual([]);
    expect(await click(there, theirTable.id, encodeId({ verb: "scores", tableId: tables[0].record.id }))).toContain(
      "belongs to a table in another channel",
    );
    // The page's messages carry no ids: where it was opened is the only where, and it shows that server's own table.
    const p = await page(there, elsewhere.channelId, elsewhere.id);
    expect(p.table?.id).not.toBe(tables[0].record.id);
    expect(p.table?.id).not.toBe(tables[1].record.id);
    p.close();
  });
});
