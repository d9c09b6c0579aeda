/**
 * The played-cards aid (a table option): per suit, the cards the player has not seen played and
 * does not hold. One rule for both front ends: the chat's hand menu shows it as a line, and the
 * Activity's page under the hand (src/activity/views.ts). Worked out from the seat's own view
 * only (its hand and the cards played in public), so it tells nobody more than they have seen.
 */
import { SUIT_SYMBOLS, cardsStillOut, suitOf, type SeatView } from "../game/index.js";
import { rankText, type Messages } from "../i18n/index.js";
import type { TableSettings } from "./records.js";

/** "♣ A K 9 · ♦ Q J · ♠ — · ♥ 10 2" ("♦ D V" in French): highest first, a dash for a suit with nothing out. */
export function stillOutList(view: Pick<SeatView, "hand" | "trick" | "tricks">, m: Pick<Messages, "cards">): string {
  const out = cardsStillOut(view);
  // One pass, highest first (the Activity words it for every seat at every card).
  const bySuit: string[][] = [[], [], [], []];
  for (let i = out.length - 1; i >= 0; i--) bySuit[suitOf(out[i])].push(rankText(m, out[i]));
  return bySuit.map((ranks, suit) => `${SUIT_SYMBOLS[suit]} ${ranks.length ? ranks.join(" ") : "—"}`).join(" · ");
}

/** The list's line ("Still out: ♣ A K 9 · …"), during play at a table that shows played cards; null otherwise. */
export function playedCardsLine(settings: Pick<TableSettings, "playedCards">, view: SeatView, m: Messages): string | null {
  if (!settings.playedCards || view.phase !== "playing") return null;
  return m.comforts.stillOut({ list: stillOutList(view, m) });
}
