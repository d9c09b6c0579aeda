/**
 * A full GameState for one sampled world: the view's public facts plus hidden hands drawn by the
 * sampler. Only the hard player's search builds these, and only from a SeatView and a sample.
 */
import { type GameState, type SeatView, type SuitMasks } from "../../src/game/index.js";

export function buildWorld(view: SeatView, hands: SuitMasks[]): GameState {
  const taken = takenFromView(view);
  const passing = view.phase === "passing";
  return {
    version: 1,
    rules: view.rules,
    deal: { format: 1, seed: 0 },
    phase: view.phase,
    handIndex: view.handIndex,
    dealer: view.dealer,
    passDirection: view.passDirection,
    hands: hands.map((h) => h.slice()),
    passes: passing ? [null, null, null, null] : [[], [], [], []],
    received: [null, null, null, null],
    trickNumber: view.trickNumber,
    leader: view.leader,
    turn: view.turn,
    trick: view.trick.slice(),
    tricks: view.tricks.slice(),
    heartsBroken: view.heartsBroken,
    taken,
    tricksWon: view.tricksWon.slice(),
    totals: view.totals.slice(),
    history: view.history.slice(),
    pendingMoon: view.pendingMoon,
    winners: null,
    placements: null,
    actionCount: view.actionCount,
  };
}

/** The cards each seat has taken this hand, as far as the view shows (tricks are public). */
export function takenFromView(view: SeatView): SuitMasks[] {
  const taken: SuitMasks[] = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (const t of view.tricks) for (const c of t.cards) taken[t.winner][(c / 13) | 0] |= 1 << (c % 13);
  return taken;
}
