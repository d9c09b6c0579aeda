/**
 * A seat's view says why a card is refused (the Activity dims it with that reason): the same
 * reason the engine refuses it with, at every position of seeded games under every preset.
 */
import { describe, expect, it } from "vitest";
import {
  PRESETS,
  apply,
  cardsOf,
  createGame,
  legalMasks,
  emptyMasks,
  playRejection,
  refusalInView,
  viewFor,
  type Seat,
} from "../../src/game/index.js";
import { DEFAULT_RULES } from "../../src/game/rules-read.js";

describe("refusalInView", () => {
  for (const preset of PRESETS) {
    it(`gives the engine's reason for every card of every hand (${preset.name})`, () => {
      let compared = 0;
      // Collected, then one expect: an expect per card cost more than the game (vitest's bookkeeping).
      const differ: object[] = [];
      for (let seed = 1; seed <= 1; seed++) {
        let state = createGame({ ...DEFAULT_RULES, ...preset.rules, target: 50 }, seed);
        let pick = seed;
        while (state.phase !== "game-over") {
          for (let seat = 0; seat < 4; seat++) {
            const view = viewFor(state, seat as Seat);
            for (const card of view.hand) {
              const [shown, engine] = [refusalInView(view, card), playRejection(state, seat, card)];
              if (shown !== engine) differ.push({ seat, card, actionCount: state.actionCount, shown, engine });
              compared++;
            }
          }
          // Move on: a seeded pick among the legal moves.
          const seat = state.phase === "passing" ? state.passes.findIndex((p) => p === null) : state.turn;
          const hand = cardsOf(state.hands[seat]);
          pick = (pick * 1103515245 + 12345) >>> 0;
          const r =
            state.phase === "passing"
              ? apply(state, { type: "pass", seat: seat as Seat, cards: hand.slice(0, 3) })
              : state.phase === "moon-choice"
                ? apply(state, { type: "moon", seat: state.pendingMoon!, choice: "add" })
                : (() => {
                    const legal = cardsOf(legalMasks(state, seat, emptyMasks()));
                    return apply(state, { type: "play", seat: seat as Seat, card: legal[pick % legal.length] });
                  })();
          if (!r.ok) throw new Error(r.reason);
          state = r.state;
        }
      }
      expect(differ).toEqual([]);
      expect(compared).toBeGreaterThan(500);
    });
  }
});
