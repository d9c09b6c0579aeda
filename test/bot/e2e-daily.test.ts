/**
 * The daily challenge through the fake Discord: three people play the day's challenge privately,
 * one of them across a restart of the bot. Same deals and same computer decisions for all, one
 * attempt each, the board in order, and a share line that names no card.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decide } from "../../src/ai/index.js";
import { decodeId } from "../../src/discord/interactions/ids.js";
import type { BotPlayer } from "../../src/table/players.js";
import type { FakeMessage, FakeUser } from "../fake-discord/server.js";
import { answeredPrivately, components, startHarness, textOf, type Harness } from "./harness.js";

/** Seeded computer players: deterministic in (view, seed, samples), as the hard search is, and fast. */
const seededBots: BotPlayer = {
  decide: async (view, _level, opts) => decide(view, "medium", { seed: opts?.seed, samples: opts?.samples }),
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ renderer: null, bots: seededBots, config: { dailySalt: "e2e-salt", dailyBotSamples: 8, reviewSamples: 16 } });
});
afterAll(async () => {
  await h?.close();
});

const verb = (c: any) => (c.custom_id ? decodeId(c.custom_id)?.verb : undefined);

async function answer(handle: ReturnType<Harness["fake"]["slashCommand"]>): Promise<FakeMessage> {
  const ack = await handle.ack;
  if (ack.type === 5 || ack.type === 6)
    await h.fake.waitFor(
      () => handle.calls().some((c) => c.path.startsWith("/webhooks/") && c.status < 300),
      5000,
      "the answer after the deferral",
    );
  return h.fake.waitFor(
    () => {
      const r = handle.reply();
      return r && (r.content || r.embeds.length || r.components.length) ? r : (handle.followUps()[0] ?? null);
    },
    5000,
    "an answer",
  );
}

const daily = (user: FakeUser, sub: "play" | "board", options?: Record<string, number>) =>
  h.fake.slashCommand(user, "hearts", { group: "daily", subcommand: sub, options });

/**
 * Plays the person's daily through their private menu: passes the first three cards and plays the
 * first (or last) enabled card. Records what each menu showed (without its notice line).
 * `stopAfter`: stop after this many actions and return.
 */
async function playDaily(
  user: FakeUser,
  pick: "first" | "last",
  opts: { menu?: FakeMessage; stopAfter?: number; seen?: string[] } = {},
): Promise<{ menu: FakeMessage; seen: string[] }> {
  let menu = opts.menu ?? (await answer(daily(user, "play")));
  const seen = opts.seen ?? [];
  let n = 0;
  for (;;) {
    const text = textOf(menu);
    if (/done: -?\d+ points/.test(text)) return { menu, seen };
    if (opts.stopAfter !== undefined && n >= opts.stopAfter) return { menu, seen };
    seen.push(
      (menu.embeds[0]?.description ?? "")
        .split("\n")
        .filter((l: string) => /Hand \d|On the table|You lead|received|Your points/.test(l))
        .join(" | "),
    );
    const cs = components(menu);
    const select = cs.find((c) => verb(c) === "dpick");
    if (select) {
      const picked = await answer(
        h.fake.selectMenu(
          user,
          menu.id,
          select.custom_id,
          select.options.slice(0, 3).map((o: any) => o.value),
        ),
      );
      const pass = components(picked).find((c) => verb(c) === "dpass" && !c.disabled);
      if (!pass) throw new Error(`no Pass button: ${textOf(picked)}`);
      menu = await answer(h.fake.clickButton(user, picked.id, pass.custom_id));
    } else {
      const enabled = cs.filter((c) => (verb(c) === "dplay" || verb(c) === "dmoon") && !c.disabled);
      if (!enabled.length) throw new Error(`nothing to do: ${textOf(menu)}`);
      const c = pick === "first" ? enabled[0] : enabled[enabled.length - 1];
      menu = await answer(h.fake.clickButton(user, menu.id, c.custom_id));
    }
    n++;
  }
}

const pointsOf = (menu: FakeMessage) => Number(/done: (-?\d+) points/.exec(textOf(menu))![1]);

describe("the daily challenge", () => {
  const results = new Map<string, { points: number; seen: string[] }>();

  it("two people with the same play see the same deals and computer decisions; a third, the same first deal", async () => {
    const [ann, bob] = h.fake.users;
    const a = await playDaily(ann, "first");
    results.set("ann", { points: pointsOf(a.menu), seen: a.seen });
    // Four hands: three passes and the plays (auto-claim may end a hand early).
    expect(a.seen.filter((s) => s.startsWith("**Hand 4 of 4")).length).toBeGreaterThan(3);
    const b = await playDaily(bob, "last");
    results.set("bob", { points: pointsOf(b.menu), seen: b.seen });
    expect(b.seen[0]).toBe(a.seen[0]);
    expect(textOf(a.menu)).toMatch(/Hearts daily #\d+ · -?\d+ pts · [🟩🟨🟥🌙]{4}/u);
  }, 60_000);

  it("resumes across a restart, with the same game as the person before", async () => {
    const cy = h.fake.users[2];
    const part = await playDaily(cy, "first", { stopAfter: 20 });
    await h.restart();
    // The menu shown before the restart still plays.
    const rest = await playDaily(cy, "first", { menu: part.menu, seen: part.seen });
    results.set("cy", { points: pointsOf(rest.menu), seen: rest.seen });
    expect(rest.seen).toEqual(results.get("ann")!.seen);
    expect(results.get("cy")!.points).toBe(results.get("ann")!.points);
    // Opening it again after a restart, too, brings back the same attempt.
  }, 60_000);

  it("allows one attempt a day", async () => {
    const ann = h.fake.users[0];
    const handle = daily(ann, "play");
    const again = await answer(handle);
    expect(textOf(again)).toContain("one attempt a day");
    expect(components(again).some((c) => verb(c) === "dplay" || verb(c) === "dpick")).toBe(false);
    expect(answeredPrivately(h, handle)).toBe(true);
  });

  it("ranks the board by points, ties to the earlier finish", async () => {
    const ann = h.fake.users[0];
    const board = await answer(daily(ann, "board"));
    const text = board.embeds[0].description as string;
    const order = [...text.matchAll(/^\d+\. (.+?) · (-?\d+) pts$/gm)].map((m) => [m[1], Number(m[2])] as const);
    expect(order).toHaveLength(3);
    const expected = [...results.entries()].map(([k, v], i) => ({ k, v, i })).sort((x, y) => x.v.points - y.v.points || x.i - y.i);
    expect(order.map(([, p]) => p)).toEqual(expected.map((e) => e.v.points));
    // Ann and Cy tie: Ann finished first.
    const names = order.map(([n]) => n);
    expect(names.indexOf(h.fake.users[0].globalName!)).toBeLessThan(names.indexOf(h.fake.users[2].globalName!));
    expect(text).toMatch(/streak: 1 day in a row · your best: -?\d+ points/);
  });

  it("reviews the daily privately: a summary, and the costliest decisions with the expert's choice", async () => {
    const cy = h.fake.users[2];
    const handle = h.fake.slashCommand(cy, "hearts", { subcommand: "review", options: { game: "daily" } });
    const msg = await answer(handle);
    expect(answeredPrivately(h, handle)).toBe(true);
    expect(msg.embeds[0].title).toMatch(/Review of your daily #\d+/);
    expect(msg.embeds[0].description).toMatch(
      /You matched the expert on \d+ of \d+ decisions; estimated cost of the others: [\d.]+ points/,
    );
    for (const e of msg.embeds.slice(1))
      expect(e.description).toMatch(/The hard player (plays|passes) .*\n.*Estimated cost: \*\*[\d.]+ points/s);
    // Asked again: from the cache, the same answer.
    const again = await answer(h.fake.slashCommand(cy, "hearts", { subcommand: "review", options: { game: "daily" } }));
    expect(again.embeds[0].description).toBe(msg.embeds[0].description);
  }, 30_000);

  it("shares a line without a card, only when asked: once a day, where tables may open, with the cleaned name and no preview", async () => {
    const [ann, bob] = h.fake.users;
    const shared = () => h.fake.channelMessages(h.fake.channelId).filter((m) => m.content.includes("Hearts daily #"));
    const mine = await answer(daily(bob, "play"));
    expect(shared()).toHaveLength(0);
    const share = components(mine).find((c) => verb(c) === "dshare");
    // Tables may open only in another channel: nothing is posted here, the line comes back to copy.
    h.fake.grant(ann, "ManageGuild");
    const games = h.fake.addChannel("games");
    await h.fake.waitFor(() => h.bot.client.channels.cache.has(games) || null, 3000, "the channel in the cache");
    const settings = (options: Record<string, unknown>) => h.fake.slashCommand(ann, "hearts", { subcommand: "settings", options } as never);
    await answer(settings({ add_channel: { type: 7, value: games } }));
    const elsewhere = await answer(h.fake.clickButton(bob, mine.id, share.custom_id));
    expect(textOf(elsewhere)).toMatch(/I only post where tables may open.*\n.*Hearts daily #\d+/s);
    // The line is the server's (it is posted in the server's channel): on a French server it reads French.
    await answer(settings({ language: "fr" }));
    const french = await answer(h.fake.clickButton(bob, mine.id, share.custom_id));
    expect(textOf(french)).toMatch(/I only post where tables may open.*\n.*Dame de pique · défi n° \d+ · -?\d+ points? · [🟩🟨🟥🌙]{4}/su);
    await answer(settings({ reset: "language" }));
    await answer(settings({ reset: "channels" }));
    expect(shared()).toHaveLength(0);
    const realName = bob.globalName;
    bob.globalName = "**Ben** [win](https://evil.example) @everyone";
    try {
      await answer(h.fake.clickButton(bob, mine.id, share.custom_id));
      const posted = await h.fake.waitFor(() => shared()[0] ?? null, 3000, "the shared line");
      expect(posted.content).toMatch(/Hearts daily #\d+ · -?\d+ pts · [🟩🟨🟥🌙]{4}$/u);
      expect(posted.content).not.toMatch(/[♠♥♦♣]|\b(10|[2-9JQKA])[CDSH]\b/);
      expect(posted.content).not.toMatch(/\*\*|https?:|\]\(/);
      // SUPPRESS_EMBEDS: no link preview under the line.
      expect(posted.flags & 4).toBe(4);
      // A second press posts nothing more.
      const again = await answer(h.fake.clickButton(bob, mine.id, share.custom_id));
      expect(textOf(again)).toContain("one share a day");
      expect(shared()).toHaveLength(1);
    } finally {
      bob.globalName = realName;
    }
  });

  it("refuses a daily button whose day is not a number, in a sentence, without reaching the store", async () => {
    const bob = h.fake.users[1];
    const mine = await answer(daily(bob, "play"));
    const handle = h.fake.clickButton(bob, mine.id, "h1:dshare:abc");
    const msg = await answer(handle);
    expect(textOf(msg)).toContain("not one I recognise");
  });

  it("hides each hand's result from the board until you have finished today's set", async () => {
    const dee = h.fake.users[3];
    const board = await answer(daily(dee, "board"));
    expect(textOf(board)).toContain("Each hand's result stays hidden until you have finished today's daily");
  });

  it("on another server, the board, streak and review speak of the one attempt played elsewhere", async () => {
    const ann = h.fake.users[0];
    const other = h.fake.addGuild({ name: "Second server" });
    const there = (sub: "board") => h.fake.slashCommand(ann, "hearts", { group: "daily", subcommand: sub }, other.channelId);
    const board = textOf(await answer(there("board")));
    const mine = results.get("ann")!.points;
    // Not ranked on this server's board (nobody played here), but not "you haven't finished" either.
    expect(board).toContain(`You finished this daily on another server with ${mine} ${mine === 1 ? "point" : "points"}.`);
    expect(board).not.toContain("You haven't finished this daily.");
    expect(board).toMatch(/streak: 1 day in a row · your best: -?\d+ points/);
    const review = await answer(h.fake.slashCommand(ann, "hearts", { subcommand: "review", options: { game: "daily" } }, other.channelId));
    expect(review.embeds[0]?.title).toMatch(/Review of your daily #\d+/);
  }, 30_000);

  it("is off where the server's admins turned it off in /hearts settings", async () => {
    const admin = h.fake.users[0];
    h.fake.grant(admin, "ManageGuild");
    const settings = (daily: boolean) => h.fake.slashCommand(admin, "hearts", { subcommand: "settings", options: { daily } });
    expect(JSON.stringify(await answer(settings(false)))).toContain("Daily challenge");
    expect((await h.store.getGuildSettings(h.fake.guildId)).dailyEnabled).toBe(false);
    const handle = daily(h.fake.users[3] ?? h.fake.users[0], "play");
    expect(textOf(await answer(handle))).toContain("The daily challenge is turned off on this server.");
    expect(answeredPrivately(h, handle)).toBe(true);
    await answer(settings(true));
    expect((await h.store.getGuildSettings(h.fake.guildId)).dailyEnabled).toBe(true);
  });
});
