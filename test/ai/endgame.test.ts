/**
 * The last tricks solved exactly: the endgame search (endgame.ts) on the playout board gives the
 * same value as every line of play tried one by one on the engine itself, under several rule
 * sets, and the hard player with it still finds the obvious. Seeded, no time budget.
 */
import { describe, expect, it } from "vitest";
import { awaiting, createGame, step, viewFor, type GameState, type Rules, type Seat } from "../../src/game/index.js";
import { decide } from "../../src/ai/index.js";
import { Endgame } from "../../src/ai/endgame.js";
import { utility } from "../../src/ai/equity.js";
import { FastHand } from "../../src/ai/fast.js";
import { bestMoonChoice, searchPlay } from "../../src/ai/hard.js";
import { rulesOf } from "./helpers.js";

/** Every seat plays, at its turn, the card best for itself; ties go against `root`. Engine only. */
function naive(state: GameState, root: number, hands = state.history.length): number[] {
  if (state.phase === "moon-choice") {
    const shooter = state.pendingMoon!;
    const next = structuredClone(state);
    step(next, { type: "moon", seat: shooter, choice: bestMoonChoice(state, shooter) });
    return naive(next, root, hands);
  }
  if (state.history.length > hands) {
    const totals = state.history[state.history.length - 1].totals;
    return [0, 1, 2, 3].map((p) => utility(state.rules, totals, p));
  }
  const seat = state.turn;
  const legal = viewFor(state, seat).legal.slice();
  // The solver's order: suits in turn, high ranks first.
  legal.sort((a, b) => ((a / 13) | 0) - ((b / 13) | 0) || b - a);
  let best: number[] | null = null;
  for (const card of legal) {
    const next = structuredClone(state);
    const why = step(next, { type: "play", seat, card });
    if (why) throw new Error(why);
    const v = naive(next, root, hands);
    if (!best || v[seat] > best[seat] + 1e-9 || (v[seat] >= best[seat] - 1e-9 && seat !== root && v[root] < best[root])) best = v;
  }
  return best!;
}

/** Positions with `cards` cards left in the hand of the seat to play, from seeded games of medium players. */
function endgames(rules: Rules, games: number, cards: number): GameState[] {
  const out: GameState[] = [];
  for (let g = 0; g < games; g++) {
    const state = createGame(rules, 500 + g);
    while (state.phase !== "game-over" && state.history.length < 1) {
      for (const seat of awaiting(state)) {
        // Late in a trick: fewer lines for the engine to try one by one.
        const late = state.trick.length >= 2;
        if (state.phase === "playing" && late && state.hands[seat].reduce((n, m) => n + popcount(m), 0) === cards) {
          out.push(structuredClone(state));
        }
        step(state, decide(viewFor(state, seat as Seat), "medium", { seed: g * 100 + state.actionCount, samples: 2 }));
      }
    }
  }
  return out;
}

const popcount = (m: number) => {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
};

describe("the endgame search", () => {
  for (const preset of ["classic", "spot-hearts", "omnibus", "black-maria", "hearts-2.0-full"]) {
    it(`values the last three tricks as trying every line does (${preset})`, () => {
      const rules = rulesOf(preset);
      const positions = endgames(rules, 3, 3);
      expect(positions.length).toBeGreaterThan(3);
      for (const state of positions) {
        const board = new FastHand(rules).loadState(state, 0);
        const solver = new Endgame(rules, (r, h, t, taken, won, shooter) =>
          bestMoonChoice({ rules: r, handIndex: h, totals: t as number[], taken, tricksWon: won }, shooter),
        );
        const seat = state.turn;
        expect(solver.value(board, seat)).toBeCloseTo(naive(state, seat)[seat], 9);
      }
    });
  }
});

// Kept apart: the search as the hard player runs it.
describe("the search with the endgame solved (medium's)", () => {
  it("plays a legal card from the last tricks, the same for the same seed", () => {
    const rules = rulesOf("classic");
    const [state] = endgames(rules, 3, 3);
    const view = viewFor(state, state.turn);
    const a = searchPlay(view, { seed: 9, budgetMs: 0, samples: 40, endgame: 3 });
    const b = searchPlay(view, { seed: 9, budgetMs: 0, samples: 40, endgame: 3 });
    expect(view.legal).toContain(a.card);
    expect(a).toEqual(b);
  });
});
