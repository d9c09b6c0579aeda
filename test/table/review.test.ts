/** Game review: a scripted blunder (keeping Q♠ under a led A♠) is found first, with a positive cost. */
import { describe, expect, it } from "vitest";
import { decide } from "../../src/ai/index.js";
import { reviewDecision } from "../../src/ai/review.js";
import { QUEEN_OF_SPADES, apply, awaiting, createGame, parseCard, presetRules, viewFor, type Action, type GameState, type Seat } from "../../src/game/index.js";
import { reviewGame } from "../../src/table/review.js";

const ACE = parseCard("AS")!;

/**
 * A first hand played by medium players, scripted: the A♠ holder leads it as soon as it may, and seat 0,
 * holding Q♠ and a lower spade, follows with the lower spade, keeping Q♠.
 */
function blunderGame(): { seed: number; actions: Action[]; at: number } {
  const rules = presetRules("classic")!;
  for (let seed = 1; seed < 400; seed++) {
    let state: GameState = createGame(rules, seed);
    const actions: Action[] = [];
    let at = -1;
    while (state.history.length === 0) {
      for (const seat of awaiting(state)) {
        const view = viewFor(state, seat as Seat);
        let action = decide(view, "medium", { seed: seed * 131 + state.actionCount, samples: 8 });
        // The scripted lead: whoever holds A♠ leads it as soon as they may (seat 0 still holding Q♠ and a lower spade).
        const zero = viewFor(state, 0);
        const ready = zero.hand.includes(QUEEN_OF_SPADES) && zero.hand.some((c) => c !== QUEEN_OF_SPADES && Math.floor(c / 13) === 2);
        if (seat !== 0 && at < 0 && ready && view.phase === "playing" && view.trick.length === 0 && view.legal.includes(ACE)) action = { type: "play", seat: seat as Seat, card: ACE };
        const low = view.legal.filter((c) => c !== QUEEN_OF_SPADES && Math.floor(c / 13) === 2);
        if (seat === 0 && at < 0 && view.phase === "playing" && view.trick[0] === ACE && view.leader !== 0 && view.hand.includes(QUEEN_OF_SPADES) && low.length) {
          action = { type: "play", seat: 0, card: low[0] };
          at = actions.length;
        }
        const r = apply(state, action);
        if (!r.ok) throw new Error(r.reason);
        state = r.state;
        actions.push(action);
      }
    }
    if (at >= 0) return { seed, actions, at };
  }
  throw new Error("no seed gives the blunder");
}

describe("game review", () => {
  it("finds the kept Q♠ under a led A♠ first, with a positive cost, and says what the expert prefers", async () => {
    const { seed, actions, at } = blunderGame();
    const review = await reviewGame(presetRules("classic")!, seed, actions, 0, async (view, chosen, s) => reviewDecision(view, chosen, { seed: s, samples: 120 }));
    expect(review.decisions).toBeGreaterThan(5);
    const first = review.top[0];
    expect(first.kind).toBe("play");
    expect(first.expert).toEqual([QUEEN_OF_SPADES]);
    expect(first.chosen).toEqual([(actions[at] as { card: number }).card]);
    expect(first.cost).toBeGreaterThan(1);
    expect(first.trick[0]).toBe(ACE);
    // Only what the person saw: their own hand and the trick.
    expect(first.hand).toContain(QUEEN_OF_SPADES);
    expect(review.matched).toBeLessThan(review.decisions);
    expect(review.totalCost).toBeGreaterThanOrEqual(first.cost - 0.05);
  }, 30_000);
});
