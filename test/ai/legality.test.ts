/**
 * Bots never make an illegal move: seeded games under random rule sets, every level, every kind
 * of decision (passes, plays, the New Moon choice). The engine judges each action.
 */
import { describe, expect, it } from "vitest";
import { awaiting, createGame, createRng, step, viewFor, type Rules, type Seat } from "../../src/game/index.js";
import { decide, type BotLevel } from "../../src/ai/index.js";
import { pick, randomRules } from "./helpers.js";

function playGame(rules: Rules, seed: number, levels: BotLevel[], maxHands: number): { decisions: number; moonChoices: number } {
  const state = createGame(rules, seed);
  let decisions = 0;
  let moonChoices = 0;
  while (state.phase !== "game-over" && state.history.length < maxHands) {
    for (const seat of awaiting(state)) {
      const level = levels[seat];
      // Hard and medium search a fixed, small number of worlds: fast and deterministic.
      const action = decide(
        viewFor(state, seat as Seat),
        level,
        level === "hard"
          ? { samples: 3, seed: seed + decisions }
          : level === "medium"
            ? { samples: 2, seed: seed + decisions }
            : { seed: seed + decisions },
      );
      const why = step(state, action);
      if (why)
        throw new Error(`${level} (seat ${seat}) made an illegal move, ${why}: ${JSON.stringify(action)} under ${JSON.stringify(rules)}`);
      decisions++;
      if (action.type === "moon") moonChoices++;
    }
  }
  return { decisions, moonChoices };
}

describe("bots only make legal moves", () => {
  it("easy and medium: 40 seeded games under random rules", () => {
    const rng = createRng(2024);
    let decisions = 0;
    for (let g = 0; g < 40; g++) {
      const levels = [0, 1, 2, 3].map(() => pick(rng, ["easy", "medium"] as const));
      decisions += playGame(randomRules(rng), 1000 + g, levels, 8).decisions;
    }
    expect(decisions).toBeGreaterThan(6_000);
  });

  it("hard (few worlds, for speed) with the others: 60 seeded hands under random rules", () => {
    const rng = createRng(77);
    let decisions = 0;
    for (let g = 0; g < 60; g++) decisions += playGame(randomRules(rng), 5000 + g, ["hard", "medium", "hard", "easy"], 1).decisions;
    expect(decisions).toBeGreaterThan(60 * 45);
  });

  it("bots take the New Moon choice when they shoot", () => {
    const rng = createRng(9);
    let choices = 0;
    for (let g = 0; g < 300 && choices < 3; g++) {
      const rules: Rules = { ...randomRules(rng), moon: "choice", moonChoiceMinTotal: 0 };
      choices += playGame(rules, 9000 + g, ["medium", "easy", "medium", "easy"], 6).moonChoices;
    }
    expect(choices).toBeGreaterThan(0);
  });
});
