/**
 * The Activity's frames as the server writes them: the public part written once per update and
 * each connection's hand spliced in must read exactly as the whole frame would, for a seated
 * person and for a spectator, with each refusal worded as the menus word it; the played-cards
 * list and the rules in the chat's own words.
 */
import { describe, expect, it } from "vitest";
import { rulesInfo } from "../../src/activity/rules.js";
import { avatarHash } from "../../src/table/faces.js";
import type { Seat } from "../../src/game/cards.js";
import { Sessions } from "../../src/activity/session.js";
import { handFor, publicFrame, tableFrame, tableFrameHead } from "../../src/activity/views.js";
import { rulesMessage } from "../../src/discord/views/rules.js";
import { messages } from "../../src/i18n/index.js";
import { playedCardsLine } from "../../src/table/played-cards.js";
import { alice, asker, bob, carol, openTable, setup, type Setup } from "../table/service-helpers.js";
import { stillOutCards } from "./secrecy.js";

const dave = asker("100000000000000004", "Dave");
const everyone = [alice, bob, carol, dave];

/** A started game of four people, everyone's first three cards passed: the first trick is being played. */
async function playing(s: Setup): Promise<string> {
  const id = await openTable(s, everyone);
  expect((await s.service.start(id, alice)).ok).toBe(true);
  await passFirstThree(s, id);
  return id;
}

async function passFirstThree(s: Setup, id: string): Promise<void> {
  for (const who of everyone) {
    const t = (await s.service.get(id))!;
    const hand = handFor(t, who.userId, "en")!;
    expect((await s.service.pass(id, who, hand.cards.slice(0, 3) as never, t.record.actionCount)).ok).toBe(true);
  }
}

describe("the Activity's table frames", () => {
  it("are the whole frame's JSON: the shared part once, each person's own hand, no hand for a spectator", async () => {
    const s = setup({ seed: 7 });
    const id = await openTable(s, everyone);
    expect((await s.service.start(id, alice)).ok).toBe(true);
    const table = (await s.service.get(id))!;
    const shared = publicFrame(table);
    const head = tableFrameHead(shared);
    for (const who of [alice, bob, carol, dave]) {
      const hand = handFor(table, who.userId, "en");
      expect(hand).not.toBeNull();
      const text = tableFrame(head, hand).toString();
      expect(text).toBe(JSON.stringify({ t: "table", table: { ...shared, hand } }));
      expect(JSON.parse(text).table.hand.seat).toBe(table.record.seats.find((x) => x.userId === who.userId)!.seat);
    }
    const watching = tableFrame(head, handFor(table, "100000000000000009", "en")).toString();
    expect(JSON.parse(watching)).toEqual({ t: "table", table: { ...shared, hand: null } });
  });

  it("offer Rematch at game over, except at a tournament's table (the page hides it as the chat does)", async () => {
    const s = setup({ seed: 7 });
    const t = (await s.service.get(await openTable(s, everyone)))!;
    expect(publicFrame(t).rematch).toBe(true);
    // A round's table is opened by its tournament, already seated (nobody joins its lobby): the same table as one.
    const round = { ...t, record: { ...t.record, settings: { ...t.record.settings, handLimit: 4 } } };
    expect(publicFrame(round).rematch).toBe(false);
  });

  it("word every refused card of a hand, in the person's language", async () => {
    const s = setup({ seed: 7, settings: { turnSeconds: 0 } });
    // Everyone passes their first three cards: the game waits for one seat's card, the others wait.
    const id = await playing(s);
    const t = (await s.service.get(id))!;
    for (const who of everyone) {
      const en = handFor(t, who.userId, "en")!;
      const fr = handFor(t, who.userId, "fr")!;
      const refused = en.cards.filter((c) => !en.legal.includes(c));
      const reason = (h: typeof en, c: number) => h.refusals.filter((r) => r.cards.includes(c)).map((r) => r.text);
      expect(en.refusals.flatMap((r) => r.cards).sort()).toEqual(refused.sort());
      // Each reason once, with all its cards.
      expect(new Set(en.refusals.map((r) => r.text)).size).toBe(en.refusals.length);
      for (const c of refused) {
        expect(reason(en, c)).toEqual([expect.stringMatching(/[a-z]/)]);
        expect(reason(fr, c)).toHaveLength(1);
        expect(reason(fr, c)).not.toEqual(reason(en, c));
      }
    }
  });

  it("carry the played-cards list in each person's own hand, as the chat menu words it, only while playing at a table that shows it", async () => {
    const s = setup({ seed: 7, settings: { playedCards: true, turnSeconds: 0 } });
    const id = await openTable(s, everyone);
    await s.service.start(id, alice);
    // Passing: no list yet (the menu shows none either).
    const passing = (await s.service.get(id))!;
    for (const who of everyone) expect(handFor(passing, who.userId, "en")!.stillOut).toBeNull();
    await passFirstThree(s, id);
    const t = (await s.service.get(id))!;
    const lists = new Set<string>();
    for (const who of everyone) {
      const view = t.handOf(who.userId)!;
      const en = handFor(t, who.userId, "en")!.stillOut!;
      expect(en).toBe(playedCardsLine(t.record.settings, view, messages("en")));
      expect(en).toMatch(/^Still out: ♣ .* · ♦ .* · ♠ .* · ♥ /);
      expect(handFor(t, who.userId, "fr")!.stillOut).toBe(playedCardsLine(t.record.settings, view, messages("fr")));
      // From the seat's own view: every card it neither holds nor saw played, and nothing else.
      const seen = new Set([...view.hand, ...view.trick, ...view.tricks.flatMap((k) => k.cards)]);
      expect(stillOutCards(en)).toEqual([...Array(52).keys()].filter((c) => !seen.has(c)));
      lists.add(en);
    }
    expect(lists.size).toBe(4);
    // A spectator's frame has no hand, so no list; the shared part carries none.
    const watching = JSON.parse(tableFrame(tableFrameHead(publicFrame(t)), handFor(t, "100000000000000009", "en")).toString());
    expect(watching.table.hand).toBeNull();
    expect(JSON.stringify(watching)).not.toContain("Still out");

    // The same game at a table that does not show played cards: no list.
    const off = setup({ seed: 7, settings: { playedCards: false, turnSeconds: 0 } });
    const offId = await playing(off);
    const o = (await off.service.get(offId))!;
    for (const who of everyone) expect(handFor(o, who.userId, "en")!.stillOut).toBeNull();
  });

  it("have the rules in the words of /hearts rules, in the person's language", async () => {
    const s = setup({ seed: 7, settings: { playedCards: true, hintsAllowed: false } });
    const id = await openTable(s, everyone);
    expect((await s.service.configure(id, alice, { rules: "omnibus,target=50" })).ok).toBe(true);
    const t = (await s.service.get(id))!;
    for (const locale of ["en", "fr"] as const) {
      const chat = rulesMessage(t, false, messages(locale)).embeds![0].description!;
      const page = rulesInfo(t.record, locale);
      // Every paragraph of the page is the chat's (which sets the options' codes in Markdown).
      for (const line of [page.about, ...page.lines]) expect(chat.replaceAll("`", "")).toContain(line);
      expect(page.lines.length).toBe(2);
      expect(chat).toContain(messages(locale).comforts.playedCardsOn);
    }
    const en = rulesInfo(t.record, "en");
    expect(en.lines.join(" ")).toMatch(/target=50.*game to 50, lowest wins.*Hints: off\. Played cards: each player's hand lists/);
  });

  it("carry the trick an action completed, whole with its taker, so a page can hold it a moment; other frames carry none", async () => {
    const s = setup({ seed: 7, settings: { turnSeconds: 0 } });
    const id = await playing(s);
    const updates: Parameters<Parameters<typeof s.service.onUpdate>[0]>[] = [];
    s.service.onUpdate((table, update) => updates.push([table, update]));
    // Four cards: each seat plays its first legal card in turn.
    for (let i = 0; i < 4; i++) {
      const t = (await s.service.get(id))!;
      const who = everyone.find((p) => t.handOf(p.userId)?.seat === t.game!.turn)!;
      const hand = handFor(t, who.userId, "en")!;
      expect((await s.service.play(id, who, hand.legal[0] as never, t.record.actionCount)).ok).toBe(true);
    }
    const frames = updates.map(([t, u]) => publicFrame(t, u).game!);
    expect(frames.slice(0, 3).map((g) => g.taken)).toEqual([null, null, null]);
    const last = frames[3];
    expect(last.trick).toEqual([]);
    expect(last.taken).toEqual({ ...last.lastTrick, trickNumber: 0, claimed: 0 });
    expect(last.taken!.cards).toHaveLength(4);
    // A frame made without the update (a page signing in) holds nothing.
    expect(publicFrame(updates[3][0]).game!.taken).toBeNull();
    // A trick after which its taker claims the rest: the page holds that trick, with the tricks claimed.
    const [table, update] = updates[3];
    if (update.type !== "action") throw new Error("an action was expected");
    const claim = { type: "tricks-claimed" as const, seat: last.taken!.winner as Seat, tricks: 12, reason: "no-points-left" as const };
    const claimed = publicFrame(table, { ...update, events: [...update.events, claim] }).game!.taken;
    expect(claimed).toEqual({ ...last.taken, claimed: 12 });
  });

  it("give a seat its person's Discord avatar while they have the table open, a computer player none; sessions carry it", async () => {
    const s = setup({ seed: 7 });
    const id = await openTable(s, [alice, bob, carol]);
    const t = (await s.service.get(id))!;
    const hash = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
    const open = new Map([[bob.userId, hash]]);
    const seats = publicFrame(t, undefined, (u) => open.get(u) ?? null).seats;
    expect(seats.map((x) => x.avatar)).toEqual(seats.map((x) => (x.name === bob.name ? `${bob.userId}/${hash}` : null)));
    // Without anyone's avatar (a page signing in alone, the chat's side), initials everywhere.
    expect(publicFrame(t).seats.every((x) => x.avatar === null)).toBe(true);
    // A reconnect's session keeps the avatar Discord gave; a made-up one is not an avatar.
    const sessions = new Sessions("secret");
    const channel = "700000000000000001";
    const signed = sessions.sign({ userId: bob.userId, name: "Bob", locale: "en", avatar: hash }, channel, 1000);
    expect(sessions.verify(signed, channel, 2000)?.avatar).toBe(hash);
    expect(avatarHash("../../evil")).toBeNull();
    expect(avatarHash(`a_${hash}`)).toBe(`a_${hash}`);
  });
});
