/** What a seat's view shows of the hand so far, as the search's bitmasks. */
import type { SeatView, SuitMasks } from "../../../src/game/index.js";

/** The cards each seat has taken this hand, as far as the view shows (tricks are public). */
export function takenFromView(view: SeatView): SuitMasks[] {
  const taken: SuitMasks[] = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (const t of view.tricks) for (const c of t.cards) taken[t.winner][(c / 13) | 0] |= 1 << (c % 13);
  return taken;
}
