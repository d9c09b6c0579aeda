/**
 * Cards as each reader reads them: French cards say R, D, V for the king, queen and jack (the ace
 * stays A), in the private menu, the thread's captions, the refusals the table domain words by
 * card code, and on the pictures' card faces; English keeps J, Q, K.
 */
import { describe, expect, it } from "vitest";
import { trickCaption } from "../../src/discord/views/thread.js";
import { handMenu } from "../../src/discord/views/hand-menu.js";
import { cardsOf, createGame, presetRules, rankOf, suitOf, viewFor, type Card, type Seat } from "../../src/game/index.js";
import { messages, sentence, words } from "../../src/i18n/index.js";
import { silentLogger } from "../../src/log.js";
import { renderHand } from "../../src/render/index.js";
import { Images } from "../../src/render/runtime/images.js";
import { tableView } from "../../src/table/live.js";
import { tableRecord } from "../table/fixtures.js";
import { PNG } from "pngjs";

const SUITS = ["♣", "♦", "♠", "♥"];
const FR = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "A"];
const frName = (c: Card) => FR[rankOf(c)] + SUITS[suitOf(c)];
const KING_OF_DIAMONDS = 13 + 11;
const QUEEN_OF_SPADES = 26 + 10;

describe("cards in the reader's words", () => {
  it("French menus name the picked cards with French ranks (« Sélection : A♥ R♦ R♣ »)", () => {
    const state = createGame(presetRules("classic")!, 3);
    const view = viewFor(state, 0 as Seat);
    // The three highest cards of the hand: court cards and aces whenever the deal has them.
    const picked = [...cardsOf(state.hands[0])].sort((a, b) => rankOf(b) - rankOf(a)).slice(0, 3);
    const table = tableView(tableRecord(state, { settings: { locale: "fr" } }), state);
    const images = new Images(null, silentLogger());
    const fr = handMenu(table, view, images, { locale: "fr", selected: picked });
    const text = fr.embeds?.[0]?.description ?? "";
    expect(text).toContain(`Sélection : ${picked.map(frName).join(" ")}.`);
    expect(picked.some((c) => rankOf(c) >= 9 && rankOf(c) <= 11)).toBe(true);
    expect(text).not.toMatch(/\b[JQK][♠♥♦♣]/);
    const en = handMenu(table, view, images, { locale: "en", selected: picked }).embeds?.[0]?.description ?? "";
    expect(en).toMatch(/Selected: .*[JQK][♠♥♦♣]/);
  });

  it("a French table's thread captions name its cards with French ranks", () => {
    const state = createGame(presetRules("classic")!, 3);
    const record = tableRecord(state, { settings: { locale: "fr" } });
    const trick = { leader: 0 as Seat, cards: [QUEEN_OF_SPADES, KING_OF_DIAMONDS, 26 + 12, 26 + 9], winner: 2 as Seat, points: 13 };
    const caption = trickCaption(record, 0, trick);
    expect(caption).toMatch(/D♠, .* R♦, .* A♠, .* V♠/);
    expect(trickCaption(tableRecord(state), 0, trick)).toMatch(/Q♠, .* K♦, .* A♠, .* J♠/);
  });

  it("a sentence of the table domain names cards by code, and each reader reads them in their words", () => {
    const s = sentence("refusals", "duplicatePass", { cards: "QS KD AH" });
    expect(words(messages("fr"), s)).toBe("Déjà fait : vous avez passé D♠ R♦ A♥.");
    expect(words(messages("en"), s)).toBe("Already done: passed Q♠ K♦ A♥.");
  });

  it("the pictures' card faces print French ranks for a French reader, and the ace the same", () => {
    const face = (card: Card, locale: "en" | "fr") =>
      PNG.sync.read(renderHand({ cards: [card], legal: [], selected: [] }, { locale })).data;
    expect(face(KING_OF_DIAMONDS, "fr").equals(face(KING_OF_DIAMONDS, "en"))).toBe(false);
    expect(face(QUEEN_OF_SPADES, "fr").equals(face(QUEEN_OF_SPADES, "en"))).toBe(false);
    expect(face(26 + 12, "fr").equals(face(26 + 12, "en"))).toBe(true);
  });
});
