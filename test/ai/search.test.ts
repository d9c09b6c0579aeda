/**
 * The hard search stops when the answer is clear: equivalent cards are searched once, a forced
 * card is not searched at all, and a search whose leader cannot be caught ends long before its
 * world limit. Fixed seeds and world counts, no time budget: deterministic.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cardCode, createGame, presetRules, viewFor } from "../../src/game/index.js";
import { distinctPlays, moonPasses, searchPass, searchPlay } from "../../src/ai/hard.js";
import { cards, position, rulesOf } from "./helpers.js";

const AFTER_CLUBS: [0, string] = [0, "2C KC 5C 7C"];
const codes = (cs: number[]) => cs.map(cardCode);

describe("the hard search stops when the answer is clear", () => {
  it("searches one card of each run of equivalent cards", () => {
    // Seat 2 discards (void in diamonds): 9♣ T♣ J♣ are one card in effect (K♣ is gone, Q♣ A♣ mine);
    // 8♠ 9♠ too; the hearts 7–T are equal in value and adjacent; Q♠ stands alone.
    const state = position({
      rules: rulesOf("classic"),
      tricks: [AFTER_CLUBS],
      trick: "4D",
      hands: ["3C 4C 2D 3D 5D 6D 2S 3S 4S 2H 3H 4H", "6C 8C 7D 8D 9D TD JD 5S 6S 7S 5H", "9C TC JC QC AC QS 8S 9S 7H 8H 9H TH", "*"],
    });
    expect(codes(distinctPlays(viewFor(state, 2)))).toEqual(["9C", "8S", "QS", "7H"]);
  });

  it("keeps apart cards that a card on the table separates, and cards of different value", () => {
    // 6♠ on the table lies between my 5♠ and 7♠; Spot Hearts gives every heart its own value.
    const state = position({
      rules: rulesOf("spot-hearts"),
      tricks: [AFTER_CLUBS],
      trick: "6S",
      hands: ["3C 4C 2D 3D 5D 6D 2S 3S 4S 2H 3H 4H", "6C 8C 7D 8D 9D TD JD 4D 8S 9S TS", "9C TC JC QC AC 5S 7S 7H 8H 9H TH QH", "*"],
    });
    expect(codes(distinctPlays(viewFor(state, 2)))).toEqual(["5S", "7S"]);
  });

  it("does not search a forced card, and ends a clear search early", () => {
    const forced = position({
      rules: rulesOf("classic"),
      tricks: [AFTER_CLUBS],
      trick: "AS",
      hands: ["3C 4C 2D 3D 5D 6D 2S 3S 4S 2H 3H 4H", "6C 8C 4D 7D 8D 9D TD JD 5S 6S 7S", "9C TC JC QC AC 8S 7H 8H 9H TH JH QH", "*"],
    });
    expect(searchPlay(viewFor(forced, 2), { seed: 3, budgetMs: 0, samples: 500 }).worlds).toBe(0);
    // Dumping Q♠ on A♠ is clearly best: the search settles long before 2000 worlds.
    const clear = position({
      rules: rulesOf("classic"),
      tricks: [AFTER_CLUBS],
      trick: "AS",
      hands: ["3C 4C 2D 3D 5D 6D 2S 3S 4S 2H 3H 4H", "6C 8C 4D 7D 8D 9D TD JD 5S 6S 7S", "9C TC JC QC AC QS 8S 9S 7H 8H 9H TH", "*"],
    });
    const r = searchPlay(viewFor(clear, 2), { seed: 3, budgetMs: 0, samples: 2000 });
    expect(cardCode(r.card)).toBe("QS");
    expect(r.worlds).toBeLessThan(400);
  });

  it("offers moon-setup passes only for hands that might run one", () => {
    const masks = (text: string) => {
      const m = [0, 0, 0, 0];
      for (const c of cards(text)) m[(c / 13) | 0] |= 1 << (c % 13);
      return m;
    };
    const strong = moonPasses(masks("2C AC KD AD QS KS AS 9H TH JH QH KH AH"));
    expect(strong.map(codes)).toEqual([
      ["2C", "9H", "TH"],
      ["2C", "QS", "KD"],
    ]);
    expect(moonPasses(masks("2C 3C 4C 5D 6D 7D 2S 3S 4S 2H 3H 4H 5H"))).toEqual([]);
  });
});

describe("a timed search ends within its budget", () => {
  const realNow = Object.getOwnPropertyDescriptor(performance, "now");
  afterEach(() => {
    if (realNow) Object.defineProperty(performance, "now", realNow);
    else delete (performance as { now?: unknown }).now;
  });

  it("starts no world it could not finish: worlds of 0.3 ms on a 2.5 ms budget, 8 of them (2.4 ms), not 9 (2.7 ms)", () => {
    // A clock that moves 0.3 ms between two readings: the search reads it once a world.
    let clock = 0;
    Object.defineProperty(performance, "now", { value: () => (clock += 0.3), configurable: true, writable: true });
    const view = viewFor(createGame(presetRules("classic")!, 6), 1);
    expect(view.phase).toBe("passing");
    const found = searchPass(view, { seed: 1, budgetMs: 2.5, samples: 48, minWorlds: 1, candidates: 3 });
    expect(found.worlds).toBe(8);
  });
});
