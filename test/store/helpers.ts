/** Store test helpers: temp databases and a random legal player. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { awaiting, cardsOf, createRng, emptyMasks, legalMasks, type Action, type GameState, type Rng, type Seat } from "../../src/game/index.js";
import type { TableSettings } from "../../src/store/index.js";

export function tempDb(): { url: string; dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "hearts-store-"));
  return { url: `file:${join(dir, "hearts.db")}`, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const SETTINGS: TableSettings = {
  turnSeconds: 60,
  timeBankSeconds: 120,
  fillWithBots: true,
  botLevel: "medium",
  trickImages: "tricks",
  hintsAllowed: true,
  rated: false,
  fourColourDeck: false,
};

/** A random legal action for whoever the game waits for. */
export function randomAction(state: GameState, rng: Rng): Action {
  const seat = awaiting(state)[0] as Seat;
  if (state.phase === "passing") {
    const hand = cardsOf(state.hands[seat]);
    const picks = new Set<number>();
    while (picks.size < 3) picks.add(hand[rng.int(hand.length)]);
    return { type: "pass", seat, cards: [...picks] };
  }
  if (state.phase === "moon-choice") return { type: "moon", seat, choice: rng.int(2) ? "add" : "subtract" };
  const legal = cardsOf(legalMasks(state, seat, emptyMasks()));
  return { type: "play", seat, card: legal[rng.int(legal.length)] };
}

export { createRng };
