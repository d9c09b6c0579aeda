/**
 * Deck style per player: two- or four-colour suits and normal or large corner indexes in their own
 * hand picture, remembered for every table (the store's PlayerPrefs, cached by
 * ../presenting/deck-styles.ts). `/hearts deck` (../handlers/deck.ts) sets it and shows a sample.
 */
import { messages, type Locale } from "../../i18n/index.js";
import type { Images } from "../../render/runtime/images.js";
import type { PlayerPrefs } from "../../table/store.js";
import type { TableSettings } from "../../table/records.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR } from "./components.js";

/** How a player's hand picture is drawn. */
export interface DeckStyle {
  fourColour: boolean;
  largeIndex: boolean;
}

export type DeckPrefs = Pick<PlayerPrefs, "fourColour" | "largeIndex">;

/** The player's choice, or the table's deck where they made none. */
export const deckStyle = (settings: Pick<TableSettings, "fourColourDeck">, prefs: DeckPrefs | null | undefined): DeckStyle => ({
  fourColour: prefs?.fourColour ?? settings.fourColourDeck,
  largeIndex: prefs?.largeIndex ?? false,
});

/** A sample hand for the preview: every suit, a ten and court cards. */
export const DECK_SAMPLE = [8, 12, 13 + 9, 13 + 3, 26 + 10, 26 + 4, 39 + 11, 39 + 8, 39];

/** The player's deck style in words, with the sample hand drawn in it; `saved` when they just changed it. */
export function deckMessage(locale: Locale, prefs: DeckPrefs | null, saved: boolean, images: Images): OutMessage {
  const c = messages(locale).comforts;
  const style = deckStyle({ fourColourDeck: false }, prefs);
  const words = `${style.fourColour ? c.deckFourColour : c.deckTwoColour} · ${style.largeIndex ? c.deckLargeIndex : c.deckNormalIndex}`;
  const png = images.hand(DECK_SAMPLE, [], [], style, locale);
  return {
    embeds: [
      {
        description: saved ? c.deckSaved({ style: words }) : `${c.deckPrompt} ${words}.`,
        color: COLOUR.brand,
        ...(png ? { image: { url: "attachment://deck.png" } } : {}),
      },
    ],
    files: png ? [{ name: "deck.png", data: png }] : [],
  };
}
