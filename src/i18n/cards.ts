/**
 * Cards in the reader's words: "Q♠" in English, "D♠" in French. Every sentence, menu and page that
 * names a card goes through here, never through src/game's cardLabel (which stays English for logs).
 */
import { SUIT_SYMBOLS, parseCard, rankOf, suitOf, type Card } from "../game/cards.js";
import type { en } from "./messages/cards.js";

/** A catalogue's card words (a whole catalogue will do). Plain data: the Activity's page uses this file too. */
type CardWords = { cards: typeof en };

/** "D♠", "10♥", "A♦". */
export function cardText(m: CardWords, card: Card): string {
  return m.cards.rank({ rank: rankOf(card) }) + SUIT_SYMBOLS[suitOf(card)];
}

/** "A♥ R♦ R♣". */
export function cardsText(m: CardWords, cards: readonly Card[]): string {
  return cards.map((c) => cardText(m, c)).join(" ");
}

/** "D" for the queen: a rank alone, as the cards' corners print it. */
export function rankText(m: CardWords, card: Card): string {
  return m.cards.rank({ rank: rankOf(card) });
}

/**
 * Card codes ("QS KD", the store's and custom_ids' form) in the reader's words: a layer that does
 * not know the reader (the table domain) names cards in a Sentence's values by code.
 */
export function codesText(m: CardWords, codes: string): string {
  return codes
    .split(/\s+/)
    .filter(Boolean)
    .map((code) => {
      const card = parseCard(code);
      return card === null ? code : cardText(m, card);
    })
    .join(" ");
}
