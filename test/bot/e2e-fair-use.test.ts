/**
 * Fair use through the real bot and the fake Discord: one person hammering buttons is told, each
 * time and privately, to slow down and when to retry, while another person at the table is served
 * as usual; opening tables has a per-person cooldown; a server has a cap of open tables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FAIR_USE } from "../../src/table/fair-use.js";
import type { HeartsStore } from "../../src/table/store.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { presetRules } from "../../src/game/index.js";
import { encodeId } from "../../src/discord/interactions/ids.js";
import { humanSeat } from "../../src/table/seats.js";
import type { InteractionHandle } from "../fake-discord/server.js";
import { Player, answeredPrivately, byVerb, findButton, saidTo, startHarness, tableIdOf, tableMessage, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  // A small cap, so the test need not open ten tables.
  h = await startHarness({
    renderer: null,
    config: {
      maxTablesPerGuild: 2,
      rateLimits: { perUser: DEFAULT_FAIR_USE.perUser, perGuild: DEFAULT_FAIR_USE.perGuild, openCooldownS: DEFAULT_FAIR_USE.openCooldownS },
    },
  });
});
afterAll(async () => {
  await h?.close();
});

describe("fair use", () => {
  it("a person clicking 40 times at once is refused with a sentence saying when to retry; the other player is served", async () => {
    const [ann, bob] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
    await ann.answer(ann.slash("new", {}));
    const table = tableMessage(h.fake);
    const rules = findButton(table, byVerb("rules"));
    const burst = Array.from({ length: 40 }, () => ann.click(table.id, rules.custom_id));
    await Promise.all(burst.map((b) => b.ack));
    await h.fake.waitFor(() => burst.every((b) => saidTo(h, b)) || null, 5000, "every click answered");
    const slowDown = burst.filter((b) =>
      /You're going faster than I can keep up with: nothing was done\. Try again in \d+ s\./.test(saidTo(h, b)),
    );
    expect(slowDown.length).toBeGreaterThanOrEqual(40 - 12);
    expect(slowDown.length).toBeLessThan(40);
    expect(slowDown.every((b) => answeredPrivately(h, b))).toBe(true);
    // Bob is not slowed by Ann: his click is answered normally.
    const bobJoin = bob.click(table.id, findButton(tableMessage(h.fake), byVerb("join")).custom_id);
    await bobJoin.ack;
    await h.fake.waitFor(() => saidTo(h, bobJoin) || null, 3000, "Bob's answer");
    expect(saidTo(h, bobJoin)).not.toMatch(/faster than I can keep up/);
  }, 30_000);

  it("a second table by the same person at once waits for the cooldown; the server's third table is refused", async () => {
    const [cy, dee] = [2, 3].map((i) => new Player(h, h.fake.users[i]));
    const second = h.fake.addChannel("second");
    const third = h.fake.addChannel("third");
    await h.fake.waitFor(
      () => (h.bot.client.channels.cache.has(second) && h.bot.client.channels.cache.has(third)) || null,
      3000,
      "channels in the cache",
    );
    const cyOpens = cy.slash("new", {}, second);
    await h.fake.waitFor(() => saidTo(h, cyOpens).includes("Your table is open") || null, 5000, "Cy's table");
    const cyAgain = cy.slash("new", {}, third);
    await h.fake.waitFor(() => saidTo(h, cyAgain) || null, 3000, "Cy's second answer");
    expect(saidTo(h, cyAgain)).toMatch(/You opened a table a moment ago\. You can open another in \d+ s\./);
    const deeOpens = dee.slash("new", {}, third);
    await h.fake.waitFor(() => saidTo(h, deeOpens) || null, 3000, "Dee's answer");
    expect(saidTo(h, deeOpens)).toContain("This server already has 2 open tables, the most it may have");
    expect(answeredPrivately(h, deeOpens)).toBe(true);
  }, 30_000);
});

/** The store as the bot sees it, counting every call (by method) while `counts` is set. */
function counting(store: HeartsStore, calls: { counts: Map<string, number> | null }): HeartsStore {
  return new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (calls.counts) calls.counts.set(String(prop), (calls.counts.get(String(prop)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe("fair use without gaps", () => {
  let g: Harness;
  const storeCalls: { counts: Map<string, number> | null } = { counts: null };
  /** Per person 12 in 5 s as by default; the server's budget small, so a few accounts would spend it. */
  const limits = { perUser: 12, perGuild: 30, openCooldownS: 10 };
  beforeAll(async () => {
    g = await startHarness({
      renderer: null,
      users: 12,
      config: { maxTablesPerGuild: 10, rateLimits: limits },
      wrapStore: (s) => counting(s, storeCalls),
    });
  });
  afterAll(async () => {
    await g?.close();
  });

  it("two /hearts new at the same moment by one person in two channels: one table opens, the other is told to wait", async () => {
    const ann = new Player(g, g.fake.users[0]);
    const [one, two] = [g.fake.addChannel("one"), g.fake.addChannel("two")];
    await g.fake.waitFor(() => [one, two].every((c) => g.bot.client.channels.cache.has(c)) || null, 3000, "channels in the cache");
    const both = [ann.slash("new", {}, one), ann.slash("new", {}, two)];
    await g.fake.waitFor(() => both.every((b) => saidTo(g, b)) || null, 5000, "both answers");
    const said = both.map((b) => saidTo(g, b));
    expect(said.filter((s) => s.includes("Your table is open"))).toHaveLength(1);
    expect(said.filter((s) => /You opened a table a moment ago\. You can open another in \d+ s\./.test(s))).toHaveLength(1);
    expect([one, two].filter((c) => g.bot.service.system.tableIn(c))).toHaveLength(1);
  }, 30_000);

  it("four accounts flooding a server at their full rate cannot stop another person's click from being answered", async () => {
    const [host, ...rest] = g.fake.users.slice(1).map((u) => new Player(g, u));
    const floods = rest.slice(0, 3);
    const bob = rest[3];
    const where = g.fake.addChannel("flooded");
    await g.fake.waitFor(() => g.bot.client.channels.cache.has(where) || null, 3000, "channel in the cache");
    await host.answer(host.slash("new", {}, where));
    const table = g.fake.channelMessages(where).find((m) => m.embeds?.[0]?.title === "♥ Hearts")!;
    const rules = findButton(table, byVerb("rules")).custom_id;
    // 4 accounts (the host too) × 12 = 48 clicks their own budgets allow, beyond the server's 30.
    const burst = [host, ...floods].flatMap((p) => Array.from({ length: 13 }, () => p.click(table.id, rules)));
    await Promise.all(burst.map((b) => b.ack));
    await g.fake.waitFor(() => burst.every((b) => saidTo(g, b)) || null, 10_000, "every flooding click answered");
    expect(burst.filter((b) => /keeping me very busy/.test(saidTo(g, b))).length).toBeGreaterThan(0);
    const bobJoins = bob.click(table.id, findButton(table, byVerb("join")).custom_id);
    await bobJoins.ack;
    await g.fake.waitFor(() => saidTo(g, bobJoins) || null, 3000, "Bob's answer");
    expect(saidTo(g, bobJoins)).toContain("You joined");
  }, 30_000);

  it("a person flooding autocomplete gets no suggestions past their budget, and the store is never asked", async () => {
    const typist = g.fake.users[9];
    storeCalls.counts = new Map();
    const typed = Array.from({ length: 40 }, () =>
      g.fake.autocomplete(typist, "hearts", { subcommand: "new", options: { rules: "" }, focused: "rules" }),
    );
    await Promise.all(typed.map((t) => t.ack));
    await g.fake.waitFor(() => typed.every((t) => t.choices() !== null) || null, 5000, "every suggestion list");
    const counts = storeCalls.counts;
    storeCalls.counts = null;
    const answered = typed.filter((t) => t.choices()!.length > 0).length;
    expect(answered).toBe(limits.perUser * 2);
    expect(typed.filter((t) => t.choices()!.length === 0)).toHaveLength(40 - answered);
    expect([...counts.entries()]).toEqual([]);
  }, 30_000);

  it("a forged button naming another channel's table is refused, privately, without reading the store", async () => {
    const [they, me] = [10, 11].map((i) => new Player(g, g.fake.users[i]));
    const [theirs, mine] = [g.fake.addChannel("theirs"), g.fake.addChannel("mine")];
    await g.fake.waitFor(() => [theirs, mine].every((c) => g.bot.client.channels.cache.has(c)) || null, 3000, "channels in the cache");
    const tableIn = (channel: string) => g.fake.channelMessages(channel).find((m) => m.embeds?.[0]?.title === "♥ Hearts")!;
    for (const [who, where] of [
      [they, theirs],
      [me, mine],
    ] as const)
      await who.answer(who.slash("new", {}, where));
    // Their table ends: it is read from the store, not memory, from now on.
    await they.answer(they.slash("end", {}, theirs));
    const closed = tableIdOf(tableIn(theirs));
    const open = tableIdOf(tableIn(mine));
    expect(g.bot.service.system.openTable(closed)).toBeNull();
    const forged = [
      encodeId({ verb: "scores", tableId: closed }),
      encodeId({ verb: "join", tableId: closed }),
      // An id of the older form (no channel in it) that is not a button of the message clicked.
      encodeId({ verb: "scores", tableId: "0123456789abcdef" }),
    ];
    storeCalls.counts = new Map();
    const clicks = forged.map((id) => me.click(tableIn(mine).id, id));
    await g.fake.waitFor(() => clicks.every((c) => saidTo(g, c)) || null, 5000, "the answers");
    const reads = [...storeCalls.counts].filter(([name]) => /^(getTable|loadActions|findOpenTable)$/.test(name));
    storeCalls.counts = null;
    expect(reads).toEqual([]);
    expect(clicks.slice(0, 2).map((c) => saidTo(g, c))).toEqual([
      "This button belongs to a table in another channel.",
      "This button belongs to a table in another channel.",
    ]);
    expect(saidTo(g, clicks[2])).toContain("This button is not one I recognise");
    expect(clicks.every((c) => answeredPrivately(g, c))).toBe(true);
    expect(g.bot.service.system.tableIn(mine)?.record.id).toBe(open);
  }, 30_000);

  it("Rematch honours the server's allowed channels and its own cap of open tables, as /hearts new does", async () => {
    const [admin, player, opener] = [6, 7, 8].map((i) => new Player(g, g.fake.users[i]));
    g.fake.grant(admin.user, "ManageGuild");
    const [done, allowed] = [g.fake.addChannel("done"), g.fake.addChannel("allowed")];
    await g.fake.waitFor(() => [done, allowed].every((c) => g.bot.client.channels.cache.has(c)) || null, 3000, "channels in the cache");
    const said = async (handle: InteractionHandle) => {
      await handle.ack;
      return g.fake.waitFor(() => saidTo(g, handle) || null, 5000, "an answer");
    };
    // A table message in the channel, and a game finished there by the player.
    expect(await said(opener.slash("new", {}, done))).toContain("Your table is open");
    await said(opener.slash("end", {}, done));
    const message = g.fake.channelMessages(done).find((m) => m.embeds?.[0]?.title === "♥ Hearts")!;
    const finished = await g.store.createTable({
      guildId: g.fake.guildId,
      channelId: done,
      hostId: player.user.id,
      rules: presetRules("classic")!,
      settings: DEFAULT_SETTINGS,
      deal: { format: 1, seed: 0 },
      seats: [humanSeat(0, player.user.id, "Player")],
    });
    await g.store.updateTable(finished.id, { status: "finished" });
    const rematch = encodeId({ verb: "rematch", tableId: finished.id });

    await said(admin.slash("settings", { add_channel: { type: 7, value: allowed } } as never));
    const notHere = player.click(message.id, rematch);
    expect(await said(notHere)).toContain(`Tables can't open in this channel on this server. Use one of: <#${allowed}>.`);
    expect(answeredPrivately(g, notHere)).toBe(true);
    expect(g.bot.service.system.tableIn(done)).toBeNull();

    // Any channel again, but the server's own cap is the tables open now. (The refusal above gave
    // the player's cooldown back: this answer is the cap, not "a moment ago".)
    expect(await said(admin.slash("new", {}, allowed))).toContain("Your table is open");
    const open = g.bot.service.openTables;
    await said(admin.slash("settings", { reset: "channels", max_tables: open } as never));
    expect(await said(player.click(message.id, rematch))).toContain(`This server already has ${open} open tables, the most it may have`);
    expect(g.bot.service.system.tableIn(done)).toBeNull();
  }, 30_000);
});
