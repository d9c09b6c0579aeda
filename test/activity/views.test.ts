/**
 * The Activity's frames as the server writes them: the public part written once per update and
 * each connection's hand spliced in must read exactly as the whole frame would, for a seated
 * person and for a spectator, with each refusal worded as the menus word it.
 */
import { describe, expect, it } from "vitest";
import { handFor, publicFrame, tableFrame, tableFrameHead } from "../../src/activity/views.js";
import { alice, bob, carol, openTable, setup } from "../table/service-helpers.js";

describe("the Activity's table frames", () => {
  it("are the whole frame's JSON: the shared part once, each person's own hand, no hand for a spectator", async () => {
    const s = setup({ seed: 7 });
    const dave = { userId: "100000000000000004", name: "Dave" };
    const id = await openTable(s, [alice, bob, carol, dave]);
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

  it("word every refused card of a hand, in the person's language", async () => {
    const s = setup({ seed: 7, settings: { turnSeconds: 0 } });
    const dave = { userId: "100000000000000004", name: "Dave" };
    const id = await openTable(s, [alice, bob, carol, dave]);
    await s.service.start(id, alice);
    // Everyone passes their first three cards: the game waits for one seat's card, the others wait.
    for (const who of [alice, bob, carol, dave]) {
      const t = (await s.service.get(id))!;
      const hand = handFor(t, who.userId, "en")!;
      expect((await s.service.pass(id, who, hand.cards.slice(0, 3) as never, t.record.actionCount)).ok).toBe(true);
    }
    const t = (await s.service.get(id))!;
    for (const who of [alice, bob, carol, dave]) {
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
});
