/**
 * The played-cards aid (a table option): the hand menu lists, per suit, the cards the player has not
 * seen played and does not hold. Built from the seat's own view only, like the rest of the menu.
 */
import { SUIT_SYMBOLS, cardsStillOut, rankLabel, suitOf, type SeatView } from "../../game/index.js";
import type { Messages } from "../../i18n/index.js";
import type { TableSettings } from "../../table/records.js";

/** "♣ A K 9 · ♦ Q J · ♠ — · ♥ 10 2": highest first, a dash for a suit with nothing out. */
export function stillOutList(view: Pick<SeatView, "hand" | "trick" | "tricks">): string {
  const out = cardsStillOut(view);
  return [0, 1, 2, 3]
    .map((suit) => {
      const ranks = out
        .filter((c) => suitOf(c) === suit)
        .reverse()
        .map(rankLabel);
      return `${SUIT_SYMBOLS[suit]} ${ranks.length ? ranks.join(" ") : "—"}`;
    })
    .join(" · ");
}

/** The menu's line, during play at a table that shows played cards; null otherwise. */
export function playedCardsLine(settings: TableSettings, view: SeatView, m: Messages): string | null {
  if (!settings.playedCards || view.phase !== "playing") return null;
  return m.comforts.stillOut({ list: stillOutList(view) });
}

/** The rules message's sentence about the option. */
export function playedCardsRule(settings: TableSettings, m: Messages): string {
  return settings.playedCards ? m.comforts.playedCardsOn : m.comforts.playedCardsOff;
}
