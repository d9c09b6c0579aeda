/** Passing: directions, the cycle, refusals, and what each seat learns. */
import { describe, expect, it } from "vitest";
import { apply, cardCode, cardsOf, createGame, hasCard, passDirectionFor, viewFor, type Seat } from "../../src/game/index.js";
import { cards, rules, run, stacked, worded } from "./helpers.js";

const DEAL = [
  "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 2H",
  "6C 7C 8C 9C 6D 7D 8D 9D 6S 7S 8S 9S 3H",
  "TC JC QC KC AC TD JD QD KD AD TS JS QS",
  "KS AS 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
];
const PASSES = ["2S 3S 4S", "6S 7S 8S", "TS JS QS", "KS AS AH"];
const passAll = (handIndex: number) =>
  run(
    stacked(rules(), DEAL, { handIndex }),
    PASSES.map((p, seat) => ({ type: "pass" as const, seat: seat as Seat, cards: cards(p) })),
  );

describe("pass directions", () => {
  it.each([
    [0, "left", 1],
    [1, "right", 3],
    [2, "across", 2],
  ] as const)("hand %i passes %s: seat 0's cards go to seat %i", (handIndex, dir, to) => {
    const { state, events } = passAll(handIndex);
    expect(state.passDirection).toBe(dir);
    for (const c of cards(PASSES[0])) expect(hasCard(state.hands[to], c)).toBe(true);
    expect(state.received[to]!.map(cardCode)).toEqual(["2S", "3S", "4S"]);
    expect(events.map((e) => e.type)).toEqual(["cards-passed", "play-started"]);
    // After the exchange the 2♣ holder leads.
    expect(state.phase).toBe("playing");
    expect(hasCard(state.hands[state.turn], cards("2C")[0])).toBe(true);
  });

  it("the fourth hand of the standard cycle holds: no passing, play starts at once", () => {
    const s = createGame(rules(), 5);
    expect(passDirectionFor(s.rules, 3)).toBe("hold");
    const held = stacked(rules(), DEAL, { handIndex: 3 });
    expect(held.phase).toBe("playing");
    expect(apply(held, { type: "pass", seat: 0, cards: cards("2S 3S 4S") })).toMatchObject({ ok: false, reason: "no-pass-this-hand" });
  });

  it.each([
    ["left-right-across", ["left", "right", "across", "left"]],
    ["left", ["left", "left", "left", "left"]],
    ["right", ["right", "right", "right", "right"]],
    ["none", ["hold", "hold", "hold", "hold"]],
    ["left-right-across-hold", ["left", "right", "across", "hold"]],
  ] as const)("cycle %s", (cycle, dirs) => {
    const r = rules({ passCycle: cycle });
    expect([0, 1, 2, 3].map((i) => passDirectionFor(r, i))).toEqual(dirs);
  });
});

describe("pass refusals", () => {
  const s = stacked(rules(), DEAL);
  it.each([
    ["2S 3S", "pass-wrong-count", "Pass exactly 3 cards."],
    ["2S 2S 3S", "pass-duplicate", "Pass 3 different cards."],
    ["2S 3S QS", "pass-card-not-in-hand", "You can only pass cards from your own hand."],
  ])("%s -> %s", (text, reason, message) => {
    expect(worded(apply(s, { type: "pass", seat: 0, cards: cards(text) }))).toMatchObject({ ok: false, reason, message });
  });

  it("a seat passes once; playing before the exchange is refused", () => {
    const once = run(s, [{ type: "pass", seat: 0, cards: cards("2S 3S 4S") }]).state;
    expect(worded(apply(once, { type: "pass", seat: 0, cards: cards("5S 2D 3D") }))).toMatchObject({
      ok: false,
      reason: "pass-already-submitted",
      message: "You have already passed your cards.",
    });
    expect(apply(once, { type: "play", seat: 0, card: cards("2C")[0] })).toMatchObject({ ok: false, reason: "pass-pending" });
  });
});

describe("what a seat sees of the pass", () => {
  it("its own pass and what it received, never another seat's pass", () => {
    const partial = run(stacked(rules(), DEAL), [{ type: "pass", seat: 2, cards: cards(PASSES[2]) }]).state;
    const v1 = viewFor(partial, 1);
    expect(v1.passed).toBeNull();
    expect(v1.passSubmitted).toEqual([false, false, true, false]);
    const { state } = passAll(0);
    const v = viewFor(state, 1);
    expect(v.passed!.map(cardCode)).toEqual(["6S", "7S", "8S"]);
    expect(v.received!.map(cardCode)).toEqual(["2S", "3S", "4S"]);
    expect(cardsOf(state.hands[1]).length).toBe(13);
  });
});
