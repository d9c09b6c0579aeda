/**
 * The hard player's soft inference about Q♠ (knowledge.ts, QUEEN_DODGE): a seat that could have
 * got rid of Q♠ for free and played another card is taken to hold it far less often. These tests
 * pin when that counts as a sign, and check the sign against real games: weighted this way, the
 * worlds give the seat that really holds Q♠ more weight than uniform worlds do.
 */
import { describe, expect, it } from "vitest";
import { awaiting, createGame, createRng, step, viewFor, QUEEN_OF_SPADES, type Seat } from "../../src/game/index.js";
import { decide } from "../../src/ai/index.js";
import { QUEEN_DODGE, WorldSampler, knowledgeOf, worldWeight } from "../../src/ai/knowledge.js";
import { position, rulesOf } from "./helpers.js";

const classic = rulesOf("classic");

describe("Q♠ inference", () => {
  it("a seat that shows out and discards another card while Q♠ is out is weighted down", () => {
    // Trick 2: seat 1 leads 2♦, seat 3 is void and discards 9♥ rather than Q♠.
    const state = position({
      rules: classic,
      tricks: [
        [0, "2C KC 3C 4C"],
        [1, "2D 3D 9H 4D"],
      ],
      hands: ["5C 6C 7C 5D 6D 7D 2S 3S 4S 2H 3H", "8D 9D TD JD QD KD AD 8S 9S TS JS", "*", "8C 9C TC JC QC AC 5S 6S 7S 4H 5H"],
    });
    expect(knowledgeOf(viewFor(state, 0)).queenWeight).toEqual([1, 1, 1, QUEEN_DODGE]);
    // Seat 1's view: it knows as much about seat 3, and nothing new about seat 0 (who followed).
    expect(knowledgeOf(viewFor(state, 1)).queenWeight).toEqual([1, 1, 1, QUEEN_DODGE]);
  });

  it("following a spade lead under K♠ or A♠ with a low spade counts too", () => {
    const state = position({
      rules: classic,
      tricks: [
        [0, "2C KC 3C 4C"],
        [1, "KS 2S 4S 3S"],
      ],
      hands: ["5C 6C 7C 5D 6D 7D 8D 9D TD 2H 3H", "JD QD KD AD 8S 9S TS JS 4D 3D 2D", "*", "8C 9C TC JC QC AC 5S 6S 7S 4H 5H"],
    });
    // Seat 2 and seat 3 each played a low spade under K♠; seat 0 is the viewer.
    expect(knowledgeOf(viewFor(state, 0)).queenWeight).toEqual([1, 1, QUEEN_DODGE, QUEEN_DODGE]);
  });

  it("is no sign when Q♠ could not be played: trick 1 without points, Q♠ already in the trick, or gone", () => {
    // Trick 1 (no points allowed): seat 3 is void in clubs and discards a diamond.
    const first = position({
      rules: classic,
      tricks: [[0, "2C KC 3C 2D"]],
      hands: ["5C 6C 7C 5D 6D 7D 2S 3S 4S 2H 3H 4H", "*", "8C 9C TC JC QC AC 8D 9D TD JD 5H 6H", "3D 4D QD KD AD 5S 6S 7S 7H 8H 9H TH"],
    });
    expect(knowledgeOf(viewFor(first, 0)).queenWeight).toEqual([1, 1, 1, 1]);
    // Seat 2 dumps Q♠ on a diamond; seat 3, void too, discards a heart after it: that says nothing.
    const after = position({
      rules: classic,
      tricks: [
        [0, "2C KC 3C 4C"],
        [1, "2D QS 9H 4D"],
      ],
      hands: ["5C 6C 7C 5D 6D 7D 2S 3S 4S 2H 3H", "8D 9D TD JD QD KD AD 8S 9S TS JS", "*", "8C 9C TC JC QC AC 5S 6S 7S 4H 5H"],
    });
    expect(knowledgeOf(viewFor(after, 0)).queenWeight).toEqual([1, 1, 1, 1]);
  });

  it("in real games the weighting gives the true Q♠ holder more weight than uniform worlds do", () => {
    const rng = createRng(2718);
    let uniform = 0;
    let weighted = 0;
    let signs = 0;
    for (let g = 0; g < 30; g++) {
      const state = createGame({ ...classic }, 900 + g);
      while (state.phase !== "game-over" && state.handIndex === 0) {
        for (const seat of awaiting(state)) {
          if (state.phase === "playing") {
            const view = viewFor(state, seat as Seat);
            const know = knowledgeOf(view);
            const holder = state.hands.findIndex((h) => (h[2] & (1 << (QUEEN_OF_SPADES % 13))) !== 0);
            if (holder >= 0 && holder !== seat && know.queenWeight.some((w) => w < 1)) {
              signs++;
              const sampler = new WorldSampler(know);
              let hit = 0;
              let hitW = 0;
              let allW = 0;
              const n = 60;
              for (let i = 0; i < n; i++) {
                const world = sampler.sample(rng);
                const w = worldWeight(know, world);
                const real = (world[holder][2] & (1 << (QUEEN_OF_SPADES % 13))) !== 0;
                allW += w;
                if (real) {
                  hit++;
                  hitW += w;
                }
              }
              uniform += hit / n;
              weighted += hitW / allW;
            }
          }
          // The seats play as tables do: medium and easy players (and people) dump Q♠ when they can.
          expect(step(state, decide(viewFor(state, seat as Seat), seat % 2 ? "medium" : "easy", { seed: g }))).toBeNull();
        }
      }
    }
    expect(signs).toBeGreaterThan(100);
    // Mean probability given to the real holder, over the positions where a sign was seen.
    expect(weighted / signs).toBeGreaterThan(uniform / signs + 0.1);
  });
});
