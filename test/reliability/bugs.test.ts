/**
 * Bugs the reliability suites found, one test each (each failed before its fix).
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apply, awaiting, cardCode, cardLabel, createGame, createRng, presetRules, viewFor, type Card } from "../../src/game/index.js";
import { firstLegalAction } from "../../src/table/players.js";
import { encodeId } from "../../src/discord/interactions/ids.js";
import { GRACE_MS, GRACE_PLAYS, SecrecyChecker } from "./secrecy.js";
import { scrubber } from "../../src/log.js";
import type { InteractionHandle } from "../fake-discord/server.js";
import { RELIABILITY, startHarness, type Harness } from "../bot/harness.js";
import { controls, TableDriver, verbOf } from "./driver.js";

let b: Harness;
let d: TableDriver;
let secrecy: SecrecyChecker;
const said = new Map<string, string[]>();

beforeAll(async () => {
  b = await startHarness({ users: 3, ...RELIABILITY });
  secrecy = new SecrecyChecker(b.fake);
  b.fake.onCall((call) => {
    if (!call.token || call.status >= 300) return;
    const msg = call.path.startsWith("/interactions/") ? call.body?.data : call.body;
    if (msg?.content) said.set(call.token, [...(said.get(call.token) ?? []), msg.content]);
    for (const e of msg?.embeds ?? []) if (e.description) said.set(call.token, [...(said.get(call.token) ?? []), e.description]);
  });
  d = new TableDriver(b.fake, b.fake.channelId, [b.fake.users[0], b.fake.users[1]], createRng(1), { target: 30 });
  expect(await d.open()).toBe(true);
});
afterAll(async () => {
  d?.stop();
  await b?.close();
});

const answer = async (h: InteractionHandle) => {
  await h.ack;
  await b.fake.waitFor(() => said.get(h.token)?.join("\n") || null, 3000, "an answer");
  return said.get(h.token)!.join("\n");
};

it("an option of the wrong type (Discord still showing an older /hearts) gets a sentence, not an error", async () => {
  const h = b.fake.slashCommand(b.fake.users[2], "hearts", { subcommand: "new", options: { bots: "yes" } }, b.fake.addChannel("elsewhere"));
  expect(await answer(h)).toContain("older form than I expect");
  expect(b.problems.filter((p) => (p.level as number) >= 50)).toEqual([]);
});

it("a pick of cards not in one's hand (or the same card three times) is refused, and no Pass button offers them", async () => {
  const ann = b.fake.users[0];
  await b.fake.waitFor(() => d.menuOf(ann) ?? null, 3000, "Ann's menu");
  const menu = await b.fake.waitFor(
    () => {
      const m = d.menuOf(ann);
      return m && controls(m).some((c) => verbOf(c) === "pick") ? m : null;
    },
    3000,
    "Ann's pick menu",
  );
  const pick = controls(menu).find((c) => verbOf(c) === "pick");
  const mine = new Set<string>(pick.options.map((o: any) => o.value));
  const notMine = Array.from({ length: 52 }, (_, c) => cardCode(c))
    .filter((c) => !mine.has(c))
    .slice(0, 3);
  for (const values of [notMine, [pick.options[0].value, pick.options[0].value, pick.options[0].value]]) {
    const h = b.fake.selectMenu(ann, menu.id, pick.custom_id, values);
    expect(await answer(h)).toContain("Pick exactly 3 different cards from your hand.");
    const pass = controls(b.fake.messages.get(menu.id)).find((c) => verbOf(c) === "pass" && !c.disabled);
    expect(pass).toBeUndefined();
  }
});

it("log lines never carry the bot token or an interaction token", () => {
  const scrub = scrubber(["bot.TOKEN.value-123456"]);
  const line = JSON.stringify({
    msg: "could not answer",
    err: { url: "https://discord.com/api/v10/webhooks/1234/aW50ZXJhY3Rpb246OTk5OmFiY2RlZg/messages/@original" },
    note: "Bot bot.TOKEN.value-123456",
  });
  const out = scrub(line);
  expect(out).not.toContain("bot.TOKEN.value-123456");
  expect(out).not.toContain("aW50ZXJhY3Rpb246OTk5OmFiY2RlZg");
  expect(out).toContain("/webhooks/1234/[redacted]/messages/@original");
});

it("the secrecy checker sees a hand shown in public (text or a card button), and passes the game as played", async () => {
  const clean = await secrecy.check(b.store);
  expect(clean.leaks).toEqual([]);
  expect(clean.payloads).toBeGreaterThan(5);
  const table = (await b.bot.service.get(d.tableId!))!;
  const bob = table.record.seats.find((s) => s.userId === b.fake.users[1].id)!;
  const hand = table.handOf(bob.userId!)!.hand;
  // What a buggy bot could do: post Bob's cards in the channel, or a public button for one of them.
  const post = (body: unknown) =>
    fetch(`${b.fake.apiBase}/v10/channels/${table.record.threadId ?? table.record.channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${b.fake.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await post({ content: `Bob holds ${hand.slice(0, 5).map(cardLabel).join(" ")}` })).status).toBe(200);
  const button = {
    type: 2,
    style: 1,
    label: "play",
    custom_id: encodeId({ verb: "play", tableId: table.record.id, version: table.game!.actionCount, card: hand[0] }),
  };
  expect((await post({ content: "x", components: [{ type: 1, components: [button] }] })).status).toBe(200);
  const report = await secrecy.check(b.store);
  expect(report.leaks.some((l) => l.includes("text shows") && l.includes(cardLabel(hand[0])))).toBe(true);
  expect(report.leaks.some((l) => l.includes("play control") && l.includes("everyone sees"))).toBe(true);
});

it("the secrecy checker takes a post of a trick already taken, come deep into the next hand (a restarted bot telling what its thread missed), for that trick; a held card in it is still a leak", async () => {
  const ch = b.fake.addChannel("late-trick");
  const rules = { ...presetRules("classic")!, target: 100 };
  const seats = [0, 1, 2, 3].map((seat) => ({
    seat,
    userId: null,
    botLevel: "easy" as const,
    name: `Bot ${seat}`,
    botControlled: false,
    timeouts: 0,
  }));
  const deal = { format: 1 as const, seed: 7 };
  const record = await b.store.createTable({
    guildId: b.fake.guildId,
    channelId: ch,
    hostId: b.fake.users[0].id,
    rules,
    settings: b.config.defaults,
    deal,
    seats,
  });
  await b.store.updateTable(record.id, { status: "playing", deal, timeBank: [0, 0, 0, 0] });
  secrecy.addTable(record.id);
  // The log as the bot writes it: the first hand whole, then the second hand past the checker's grace.
  let state = createGame(rules, 7);
  let seq = 0;
  let firstTrick: Card[] = [];
  const playUntil = async (done: () => boolean) => {
    while (!done()) {
      const seat = awaiting(state)[0];
      const action = firstLegalAction(viewFor(state, seat as 0));
      const r = apply(state, action);
      if (!r.ok) throw new Error(r.reason);
      expect(await b.store.appendAction(record.id, seq++, seat, action)).toEqual({ ok: true });
      state = r.state;
      if (state.handIndex === 0 && state.tricks.length === 1) firstTrick = state.tricks[0].cards;
    }
  };
  await playUntil(() => state.handIndex === 1 && state.phase === "playing");
  await new Promise((r) => setTimeout(r, GRACE_MS + 200));
  await playUntil(() => state.tricks.length * 4 + state.trick.length >= GRACE_PLAYS);
  const held = [1, 2, 3].flatMap((seat) => viewFor(state, seat as 1).hand);
  // The first hand's first trick: its cards sit in new hands now (the case the checker must tell apart).
  expect(firstTrick.filter((c) => held.includes(c)).length).toBeGreaterThan(0);
  const post = (content: string) =>
    fetch(`${b.fake.apiBase}/v10/channels/${ch}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${b.fake.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content }),
    });
  expect((await post(`Trick 1: ${firstTrick.map(cardLabel).join(", ")} → Bot 1 takes it`)).status).toBe(200);
  const stranger = held.find((c) => !firstTrick.includes(c))!;
  expect((await post(`Trick 1: ${[...firstTrick.slice(0, 3), stranger].map(cardLabel).join(", ")}`)).status).toBe(200);
  const leaks = (await secrecy.check(b.store)).leaks.filter((l) => l.includes(record.id));
  expect(leaks.filter((l) => l.includes("takes it"))).toEqual([]);
  expect(leaks.some((l) => l.includes(`shows ${cardLabel(stranger)}`) || l.includes(` ${cardLabel(stranger)} held`))).toBe(true);
});

it("no deal secret (read from the SQLite file) is in a log line, a custom_id, a message or an error the fake Discord saw", async () => {
  // The game goes on a while, with the log at info: "game started" included.
  for (let i = 0; i < 500 && (await b.store.getTable(d.tableId!))!.actionCount < 20; i++)
    if (!(await d.step())) await new Promise((r) => setTimeout(r, 20));
  expect((await b.store.getTable(d.tableId!))!.actionCount).toBeGreaterThanOrEqual(20);
  expect(b.logLines.some((l) => l.includes('"game started"'))).toBe(true);
  const db = new Database(b.dbFile, { readonly: true });
  const stored = db.prepare(`SELECT "id", "dealSecret" FROM "HeartsTable" WHERE "dealFormat" = 2`).all() as {
    id: string;
    dealSecret: string;
  }[];
  db.close();
  expect(stored.map((r) => r.id)).toContain(d.tableId);
  const secrets = stored.map((r) => r.dealSecret);
  const clean = await secrecy.check(b.store, { logLines: b.logLines, secrets });
  expect(clean.leaks.filter((l) => l.includes("deal secret"))).toEqual([]);
  expect(clean.secrets).toBeGreaterThanOrEqual(1);
  // The check finds one: a log line with a piece of it, a button whose custom_id holds it.
  const mine = secrets[stored.findIndex((r) => r.id === d.tableId)];
  const table = (await b.bot.service.get(d.tableId!))!;
  const post = (body: unknown) =>
    fetch(`${b.fake.apiBase}/v10/channels/${table.record.threadId ?? table.record.channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${b.fake.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const button = { type: 2, style: 1, label: "x", custom_id: `h1:${mine.slice(0, 40)}` };
  expect((await post({ content: "x", components: [{ type: 1, components: [button] }] })).status).toBe(200);
  const found = await secrecy.check(b.store, {
    logLines: [...b.logLines, JSON.stringify({ msg: "game started", seed: mine.toUpperCase() })],
  });
  expect(found.leaks.filter((l) => l.includes(`deal secret of table ${d.tableId}`))).toHaveLength(2);
  expect(found.leaks.join("\n")).not.toContain(mine.slice(16, 32));
});

it("two /hearts new (or Rematch) at the same moment in one channel open one table, not three", async () => {
  const ch = b.fake.addChannel("race-service");
  const ask = (u: number) =>
    b.bot.service.open(
      { guildId: b.fake.guildId, channelId: ch },
      { userId: b.fake.users[u].id, name: `p${u}`, where: { guildId: b.fake.guildId, channelId: ch } },
      { rules: presetRules("classic")!, settings: b.config.defaults },
    );
  const rs = await Promise.all([ask(0), ask(1), ask(2)]);
  expect(rs.filter((r) => r.ok)).toHaveLength(1);
  expect((await b.store.listOpenTables()).filter((t) => t.channelId === ch)).toHaveLength(1);
});

it("a game whose last card was stored just before a restart is announced (winner, Rematch) when the bot comes back", async () => {
  const ch = b.fake.addChannel("ended-at-restart");
  await b.fake.waitFor(() => b.bot.client.channels.cache.has(ch) || null, 3000, "the channel in the bot's cache");
  const rules = { ...presetRules("classic")!, target: 20 };
  const ann = b.fake.users[0];
  const seats = [0, 1, 2, 3].map((seat) => ({
    seat,
    userId: seat === 0 ? ann.id : null,
    botLevel: seat === 0 ? null : ("easy" as const),
    name: seat === 0 ? "Ana" : `Bot ${seat}`,
    botControlled: false,
    timeouts: 0,
  }));
  const record = await b.store.createTable({
    guildId: b.fake.guildId,
    channelId: ch,
    hostId: ann.id,
    rules,
    settings: b.config.defaults,
    deal: { format: 1, seed: 42 },
    seats,
  });
  await b.store.updateTable(record.id, { status: "playing", deal: { format: 1, seed: 42 }, timeBank: [0, 0, 0, 0] });
  // The whole game is in the log, as if the process died right after storing its last card.
  let state = createGame(rules, 42);
  for (let seq = 0; state.phase !== "game-over"; seq++) {
    const seat = awaiting(state)[0];
    const action = firstLegalAction(viewFor(state, seat as 0));
    const r = apply(state, action);
    if (!r.ok) throw new Error(r.reason);
    expect(await b.store.appendAction(record.id, seq, seat, action)).toEqual({ ok: true });
    state = r.state;
  }
  await b.restart();
  const post = await b.fake.waitFor(
    () => b.fake.channelMessages(ch).find((m) => m.content.includes("Game over")) ?? null,
    5000,
    "the game over post",
  );
  expect(controls(post).some((c) => verbOf(c) === "rematch")).toBe(true);
  expect((await b.store.getTable(record.id))!.status).toBe("finished");
});

it("a button of a game the host ended, pressed after a new game opened in the channel, says the table is closed and offers nothing (it showed that game's pass menu)", async () => {
  const [ann, bob] = b.fake.users;
  const e = new TableDriver(b.fake, b.fake.addChannel("ended-here"), [ann, bob], createRng(2), { target: 30 });
  await b.fake.waitFor(() => b.bot.client.channels.cache.has(e.channelId) || null, 5000, "the channel in the bot's cache");
  expect(await e.open()).toBe(true);
  const first = e.tableId!;
  await e.reopen(ann);
  const old = e.menuOf(ann)!;
  const pick = controls(old).find((c) => verbOf(c) === "pick");
  expect(pick).toBeDefined();
  expect(await answer(b.fake.slashCommand(ann, "hearts", { subcommand: "end" }, e.channelId))).toContain("closed");
  expect(await e.open()).toBe(true);
  expect(e.tableId).not.toBe(first);
  const h = b.fake.selectMenu(
    ann,
    old.id,
    pick.custom_id,
    pick.options.slice(0, 3).map((o: any) => o.value),
  );
  expect(await answer(h)).toContain("This table is closed.");
  await h.ack;
  const shown = b.fake.messages.get(old.id)!;
  expect(controls(shown)).toEqual([]);
  expect(JSON.stringify(shown.embeds ?? [])).not.toMatch(/hand\.png|[♣♦♠♥]/);
  e.stop();
});
