/**
 * Positions where the right card is clear to any good player: medium and hard must find it.
 * Hard runs with a fixed number of sampled worlds and a seed, so these are deterministic.
 */
import { describe, expect, it } from "vitest";
import { apply, cardCode, viewFor, type Action } from "../../src/game/index.js";
import { decide, type BotLevel } from "../../src/ai/index.js";
import { cards, position, rulesOf } from "./helpers.js";

const LEVELS: BotLevel[] = ["medium", "hard"];
const HARD = { samples: 150, seed: 7 };

function played(state: ReturnType<typeof position>, level: BotLevel): string {
  const action: Action = decide(viewFor(state, state.turn), level, level === "hard" ? HARD : { seed: 7 });
  if (action.type !== "play") throw new Error(`expected a play, got ${action.type}`);
  return cardCode(action.card);
}

// Trick 1 (clubs) is done; seat 1 won it and leads trick 2. Seat 2 is the player under test.
const AFTER_CLUBS: [0, string] = [0, "2C KC 5C 7C"];

describe.each(LEVELS)("%s", (level) => {
  it("drops Q♠ under the A♠ already on the trick", () => {
    const state = position({
      rules: rulesOf("classic"),
      tricks: [AFTER_CLUBS],
      trick: "AS",
      hands: ["3C 4C 2D 3D 5D 6D 2S 3S 4S 2H 3H 4H", "6C 8C 4D 7D 8D 9D TD JD 5S 6S 7S", "9C TC JC QC AC QS 8S 9S 7H 8H 9H TH", "*"],
    });
    expect(played(state, level)).toBe("QS");
  });

  it("ducks with a low spade, not Q♠, while K♠ and A♠ are still out", () => {
    const state = position({
      rules: rulesOf("classic"),
      tricks: [AFTER_CLUBS],
      trick: "5S",
      hands: ["3C 4C 2D 3D 5D 6D 2S 3S 4S 2H 3H 4H", "6C 8C 4D 7D 8D 9D TD JD 6S 7S AS", "9C TC JC QC AC QS 8S 9S 7H 8H 9H TH", "*"],
    });
    expect(["8S", "9S"]).toContain(played(state, level));
  });

  it("dumps Q♠ when void in the suit led", () => {
    const state = position({
      rules: rulesOf("classic"),
      tricks: [AFTER_CLUBS],
      trick: "4D",
      hands: ["3C 4C 2D 3D 5D 6D 2S 3S 4S 2H 3H 4H", "6C 8C 7D 8D 9D TD JD 5S 6S 7S 5H", "9C TC JC QC AC QS 8S 9S 7H 8H 9H TH", "*"],
    });
    expect(played(state, level)).toBe("QS");
  });

  it("captures J♦ in Omnibus when it is on a trick without points", () => {
    // Seat 1 led 9♦, seat 2 had to play J♦, seat 3 ducked; seat 0 (last) holds A♦ and 2♦.
    const state = position({
      rules: rulesOf("omnibus"),
      tricks: [AFTER_CLUBS],
      trick: "9D JD 5D",
      hands: ["3C 4C AD 2D 2S 3S 4S 2H 3H 4H TH AH", "6C 8C 3D 4D 6D 7D 8D TD 5S 6S 7S", "9C TC JC QC AC QS 8S 9S 7H 8H 9H", "*"],
    });
    expect(played(state, level)).toBe("AD");
  });

  it("stops a moon: with one seat holding every point so far, it gives a heart to someone else", () => {
    // Seat 3 took Q♠ and five hearts (18 points, nobody else has any). Seat 0 is winning this
    // club trick and seat 2, void in clubs, plays last.
    const state = position({
      rules: rulesOf("classic"),
      tricks: [
        [0, "2C 3C 4C AC"],
        [3, "AS 2S QS 3S"],
        [3, "AD 3D 4D 5D"],
        [3, "KS 4S 2H 5S"],
        [3, "AH 3H 4H 5H"],
      ],
      trick: "5C QC 6C",
      hands: ["7C 8C 8D 9D 6S 7H 8H", "9C TC TD JD QD TH QH", "6H 9H JH 6D 7D 8S 9S TS", "*"],
    });
    expect(["6H", "9H", "JH"]).toContain(played(state, level));
  });

  it("stops a moon: keeps its K♥ (the boss heart) when the shooter leads A♥ and only it can stop him", () => {
    // Seat 3 has every point so far; seats 0 and 1 just showed out of hearts.
    const state = position({
      rules: rulesOf("classic"),
      tricks: [
        [0, "2C 3C 4C AC"],
        [3, "AS 2S QS 3S"],
        [3, "KS 4S 2H 5S"],
        [3, "QH 3H 4H 5H"],
      ],
      trick: "AH 2D TC",
      hands: ["7C 8C 9D TD 6S 7S 3D 4D", "JC QC 6C JD QD KD AD 5D", "KH 8H 6D 7D 8D 8S 9S TS 9C", "*"],
    });
    expect(played(state, level)).toBe("8H");
  });
});

describe("the moon choice (New Moon), judged by the game, not the hand", () => {
  // Seat 0 holds every club and the others one suit each: seat 0 wins all 13 tricks and with
  // them every heart and Q♠. The totals before the hand decide which moon is better.
  function moonFor(totals: number[]): string {
    const rules = rulesOf("classic", { moon: "choice", target: 100 });
    let state = position({
      rules,
      hands: [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS QS",
        "*",
      ],
      totals,
    });
    const order = ["2C", "2D", "2S", "2H"];
    for (let t = 0; t < 13; t++) {
      for (let i = 0; i < 4; i++) {
        const seat = state.turn;
        const card = i === 0 ? cards(order[0])[0] + t : decideCard(state);
        const r = apply(state, { type: "play", seat, card });
        if (!r.ok) throw new Error(r.reason);
        state = r.state;
      }
    }
    expect(state.phase).toBe("moon-choice");
    const action = decide(viewFor(state, 0), "medium");
    if (action.type !== "moon") throw new Error("expected the moon choice");
    return action.choice;
  }
  const decideCard = (state: ReturnType<typeof position>) => viewFor(state, state.turn).legal[0];

  it("adds 26 to the others when that ends the game with it in the lead", () => {
    expect(moonFor([60, 80, 80, 80])).toBe("add");
  });
  it("subtracts 26 from itself when adding would leave it far behind", () => {
    expect(moonFor([90, 30, 40, 50])).toBe("subtract");
  });
  it("subtracts when adding would end the game with another seat winning", () => {
    expect(moonFor([85, 90, 95, 20])).toBe("subtract");
  });
});
