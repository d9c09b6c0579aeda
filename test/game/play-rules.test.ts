/** Scenario tests of the play rules: legal cards and refusals, each with its reason. */
import { describe, expect, it } from "vitest";
import { apply, cardCode, legalMasks, cardsOf, emptyMasks, viewFor, type GameState, type Seat } from "../../src/game/index.js";
import { cards, midHand, play, playAll, rules, stacked, worded } from "./helpers.js";

const legal = (s: GameState, seat: Seat = s.turn) =>
  cardsOf(legalMasks(s, seat, emptyMasks()))
    .map(cardCode)
    .sort();
const codes = (t: string) => cards(t).map(cardCode).sort();

// A full deal with no passing: seat 0 holds 2♣; seat 3 is void in clubs and holds K♠ A♠ and 11 hearts.
const DEAL = [
  "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 2H",
  "6C 7C 8C 9C 6D 7D 8D 9D 6S 7S 8S 9S 3H",
  "TC JC QC KC AC TD JD QD KD AD TS JS QS",
  "KS AS 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
];

describe("classic trick 1", () => {
  const start = () => stacked(rules({ passCycle: "none" }), DEAL);

  it("the 2♣ holder leads and must lead the 2♣", () => {
    const s = start();
    expect(s.turn).toBe(0);
    expect(legal(s)).toEqual(["2C"]);
    const r = play(s, "3C");
    expect(worded(r)).toMatchObject({ ok: false, reason: "must-lead-two-clubs", message: "The first trick must be led with the 2♣." });
  });

  it("players must follow suit, and are told which suit they hold", () => {
    const s = playAll(start(), "2C").state;
    expect(legal(s)).toEqual(codes("6C 7C 8C 9C"));
    expect(worded(play(s, "6D"))).toMatchObject({
      ok: false,
      reason: "must-follow-suit",
      message: "You must follow suit: you hold clubs.",
    });
  });

  it("a void player may not shed points on trick 1 while holding another card", () => {
    const s = playAll(start(), "2C 6C TC").state;
    expect(s.turn).toBe(3);
    expect(legal(s)).toEqual(codes("KS AS"));
    expect(play(s, "AH")).toMatchObject({ ok: false, reason: "first-trick-points" });
  });

  it("with high spades, K♠ and A♠ are point cards too, so a hand of only points may play any", () => {
    const s = playAll(stacked(rules({ passCycle: "none", highSpades: true }), DEAL), "2C 6C TC").state;
    expect(legal(s)).toHaveLength(13);
    expect(play(s, "AH").ok).toBe(true);
  });

  it("bleeding (pointsOnFirstTrick) allows hearts on trick 1", () => {
    const s = playAll(stacked(rules({ passCycle: "none", pointsOnFirstTrick: true }), DEAL), "2C 6C TC").state;
    expect(legal(s)).toHaveLength(13);
    const r = play(s, "AH");
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.events.map((e) => e.type)).toContain("hearts-broken");
  });

  it("refuses out-of-turn plays and cards not held", () => {
    const s = start();
    expect(worded(play(s, "6C", 1))).toMatchObject({ ok: false, reason: "not-your-turn", message: "It is not your turn." });
    expect(play(playAll(s, "2C").state, "TC")).toMatchObject({ ok: false, reason: "card-not-in-hand" });
  });

  it("the highest card of the led suit wins and leads next; events describe the trick", () => {
    const { state, events } = playAll(start(), "2C 6C TC KS");
    expect(state.turn).toBe(2);
    const won = events.find((e) => e.type === "trick-won");
    expect(won).toMatchObject({ type: "trick-won", trickNumber: 0, trick: { leader: 0, winner: 2, points: 0 } });
  });
});

describe("leading hearts", () => {
  it("hearts may not be led before they are broken while other suits are held", () => {
    const s = midHand(rules(), ["2H 3H 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], { trickNumber: 10, leader: 0 });
    expect(legal(s)).toEqual(["4C"]);
    expect(play(s, "2H")).toMatchObject({ ok: false, reason: "hearts-not-broken" });
  });

  it("a leader holding only hearts may lead one", () => {
    const s = midHand(rules(), ["2H 3H 4H", "5C 6C 7C", "8C 9C TC", "JC QC KC"], { trickNumber: 10, leader: 0 });
    expect(legal(s)).toEqual(codes("2H 3H 4H"));
  });

  it("only hearts and Q♠: Q♠ must be led by default, a heart too with hearts-and-queen", () => {
    const hands = ["2H 3H QS", "5C 6C 7C", "8C 9C TC", "JC QC KC"];
    const s = midHand(rules(), hands, { trickNumber: 10, leader: 0 });
    expect(legal(s)).toEqual(["QS"]);
    const mobile = midHand(rules({ heartsLeadException: "hearts-and-queen" }), hands, { trickNumber: 10, leader: 0 });
    expect(legal(mobile)).toEqual(codes("2H 3H QS"));
  });

  it("hearts may be led any time without the restriction (Black Maria)", () => {
    const s = midHand(rules({ heartsLeadRestriction: false }), ["2H 3H 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], {
      trickNumber: 10,
      leader: 0,
    });
    expect(legal(s)).toEqual(codes("2H 3H 4C"));
  });

  it("any heart breaks hearts; Q♠ does only with queenBreaksHearts", () => {
    const hands = ["4C 2D 3D", "QS 6D 7D", "8C 9C TC", "2H 5S 6S"];
    for (const queenBreaks of [false, true]) {
      const s = midHand(rules({ queenBreaksHearts: queenBreaks }), hands, { trickNumber: 10, leader: 0 });
      const after = playAll(s, "4C QS 8C").state;
      expect(after.heartsBroken).toBe(queenBreaks);
      const afterHeart = playAll(after, "2H").state;
      expect(afterHeart.heartsBroken).toBe(true);
    }
  });

  it("Q♠ may be led after trick 1 even when hearts are unbroken", () => {
    const s = midHand(rules(), ["QS 3H 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], { trickNumber: 3, leader: 0 });
    expect(legal(s)).toEqual(codes("QS 4C"));
  });
});

describe("trick 1 special cases", () => {
  it("queen-first: when only points are legal on trick 1, Q♠ must go first", () => {
    const hands = ["2C 5C 6C", "QS 2H 3H", "8C 9C TC", "JC QC KC"];
    const any = midHand(rules(), hands, { trickNumber: 0, leader: 0, trick: "2C" });
    expect(legal(any)).toEqual(codes("QS 2H 3H"));
    const queenFirst = midHand(rules({ firstTrickPointsFallback: "queen-first" }), hands, { trickNumber: 0, leader: 0, trick: "2C" });
    expect(legal(queenFirst)).toEqual(["QS"]);
    expect(play(queenFirst, "2H")).toMatchObject({ ok: false, reason: "first-trick-points" });
  });

  it("a heart discarded on trick 1 does not let later players discard hearts on trick 1", () => {
    const hands = ["2C 5C 6C", "2H 3H 4H", "4D 9H TH", "JC QC KC"];
    const s = playAll(midHand(rules(), hands, { trickNumber: 0, leader: 0, trick: "" }), "2C 2H").state;
    expect(s.heartsBroken).toBe(true);
    expect(legal(s)).toEqual(["4D"]);
    expect(play(s, "9H")).toMatchObject({ ok: false, reason: "first-trick-points" });
  });
});

describe("left-of-dealer first lead (rotating)", () => {
  it("the seat left of the dealer leads any card; the dealer rotates each hand", () => {
    const r = rules({ firstLead: "left-of-dealer", passCycle: "none" });
    const s = stacked(r, DEAL);
    expect(s.dealer).toBe(3);
    expect(s.turn).toBe(0);
    expect(legal(s)).toEqual(codes("2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S"));
    const s2 = stacked(r, DEAL, { handIndex: 1 });
    expect(s2.dealer).toBe(0);
    expect(s2.turn).toBe(1);
  });

  it("the trick-1 point limit and the hearts-lead limit apply to the lead", () => {
    const r = rules({ firstLead: "left-of-dealer", passCycle: "none" });
    const s = stacked(r, DEAL, { handIndex: 2 }); // dealer 1, seat 2 leads, holds Q♠
    expect(s.turn).toBe(2);
    expect(play(s, "QS")).toMatchObject({ ok: false, reason: "first-trick-points" });
    const s3 = stacked(r, DEAL, { handIndex: 3 }); // dealer 2, seat 3 leads: K♠ A♠ and hearts
    expect(s3.turn).toBe(3);
    expect(play(s3, "AH")).toMatchObject({ ok: false, reason: "hearts-not-broken" });
    expect(legal(s3)).toEqual(codes("KS AS"));
  });

  it("following a spade lead on trick 1 with Q♠ is refused for its points, not for the suit (issue 16)", () => {
    // Seat 1 follows suit with Q♠ while it holds 5♠: the rule it breaks is the first-trick one.
    const r = rules({ firstLead: "left-of-dealer" });
    const s = midHand(r, ["2S 2C 3C", "QS 5S 4C", "8C 9C TC", "JC QC KC"], { trickNumber: 0, leader: 0, trick: "2S" });
    expect(legal(s)).toEqual(["5S"]);
    expect(worded(play(s, "QS"))).toMatchObject({
      ok: false,
      reason: "first-trick-points",
      message: "No points on the first trick: hearts and Q♠ must wait while you have another card.",
    });
    expect(worded(play(s, "4C"))).toMatchObject({
      ok: false,
      reason: "must-follow-suit",
      message: "You must follow suit: you hold spades.",
    });
    // With high spades, K♠ is refused the same way.
    const high = midHand(rules({ firstLead: "left-of-dealer", highSpades: true }), ["2S 2C 3C", "KS 5S 4C", "8C 9C TC", "JC QC KC"], {
      trickNumber: 0,
      leader: 0,
      trick: "2S",
    });
    expect(play(high, "KS")).toMatchObject({ ok: false, reason: "first-trick-points" });
  });
});

describe("views", () => {
  it("a seat's view shows its own hand and legal cards, and other seats only as counts", () => {
    const s = playAll(stacked(rules({ passCycle: "none" }), DEAL), "2C 6C").state;
    const v = viewFor(s, 2);
    expect(v.hand.map(cardCode).sort()).toEqual(codes(DEAL[2]));
    expect(v.legal.map(cardCode).sort()).toEqual(codes("TC JC QC KC AC"));
    expect(v.handSizes).toEqual([12, 12, 13, 13]);
    expect(viewFor(s, 1).legal).toEqual([]);
    for (const hidden of ["hands", "passes", "taken"]) expect(v).not.toHaveProperty(hidden);
  });

  it("records who showed out of a suit", () => {
    const s = playAll(stacked(rules({ passCycle: "none" }), DEAL), "2C 6C TC KS").state;
    expect(viewFor(s, 0).voids[3]).toEqual([true, false, false, false]);
  });
});

it("apply never modifies the state it is given", () => {
  const s = stacked(rules({ passCycle: "none" }), DEAL);
  const before = JSON.stringify(s);
  expect(apply(s, { type: "play", seat: 0, card: cards("2C")[0] }).ok).toBe(true);
  expect(apply(s, { type: "play", seat: 1, card: cards("6C")[0] }).ok).toBe(false);
  expect(JSON.stringify(s)).toBe(before);
});

it("refuses malformed actions", () => {
  const s = stacked(rules({ passCycle: "none" }), DEAL);
  expect(apply(s, { type: "play", seat: 7, card: 0 } as never)).toMatchObject({ ok: false, reason: "bad-action" });
  expect(apply(s, { type: "play", seat: 0, card: 99 })).toMatchObject({ ok: false, reason: "bad-action" });
  expect(apply(s, { type: "dance", seat: 0 } as never)).toMatchObject({ ok: false, reason: "bad-action" });
});
