/** A card's face. */
import { SUIT_SYMBOLS, rankLabel, suitOf } from "../../src/game/cards.js";
import { el } from "./dom.js";

export function cardFace(card: number, four: boolean): HTMLElement {
  const suit = suitOf(card);
  return el(
    "span",
    { class: `face s${suit}${four ? " four" : ""}`, "aria-hidden": "true" },
    el("span", { class: "rank" }, rankLabel(card)),
    el("span", { class: "suit" }, SUIT_SYMBOLS[suit]),
  );
}
