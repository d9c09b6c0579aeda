/** Deck style per player: which style a hand picture gets, the cache the menus read, and the pictures. */
import { describe, expect, it } from "vitest";
import { DeckStyles } from "../../src/discord/presenting/deck-styles.js";
import { deckStyle } from "../../src/discord/views/deck.js";
import { renderHand } from "../../src/render/index.js";
import { silentLogger } from "../../src/log.js";
import { MemoryStore } from "../table/memory-store.js";

describe("deck style", () => {
  it("is the player's choice, else the table's deck; indexes are normal unless chosen", () => {
    expect(deckStyle({ fourColourDeck: true }, null)).toEqual({ fourColour: true, largeIndex: false });
    expect(deckStyle({ fourColourDeck: true }, { fourColour: false, largeIndex: true })).toEqual({ fourColour: false, largeIndex: true });
    expect(deckStyle({ fourColourDeck: false }, { fourColour: null, largeIndex: false })).toEqual({ fourColour: false, largeIndex: false });
  });

  it("is read once, kept for the menus, and a store that cannot answer leaves the defaults", async () => {
    const store = new MemoryStore();
    const decks = new DeckStyles(store, silentLogger());
    expect(decks.peek("u1")).toBeNull();
    expect(await decks.load("u1")).toEqual({ fourColour: null, largeIndex: false });
    await decks.set("u1", { largeIndex: true });
    expect(decks.peek("u1")).toEqual({ fourColour: null, largeIndex: true });
    expect(await store.getPlayerPrefs("u1")).toMatchObject({ largeIndex: true });
    const failing = new DeckStyles(
      { getPlayerPrefs: () => Promise.reject(new Error("down")), setPlayerPrefs: () => Promise.reject(new Error("down")) },
      silentLogger(),
    );
    expect(await failing.load("u2")).toBeNull();
    // Many players: the cache stays bounded.
    for (let n = 0; n < 5100; n++) await decks.load(`p${n}`);
    expect(decks.peek("u1")).toBeNull();
    expect(decks.peek("p5099")).not.toBeNull();
  });

  it("every style of a 13-card hand is a small palette PNG, and the styles differ", () => {
    const cards = [0, 5, 8, 12, 13, 18, 22, 26, 34, 36, 37, 39, 51];
    const pngs = [{}, { fourColour: true }, { largeIndex: true }, { fourColour: true, largeIndex: true }].map((o) =>
      renderHand({ cards, legal: [] }, o),
    );
    for (const png of pngs) {
      expect(png.length).toBeLessThan(20_000);
      expect(png[25]).toBe(3); // colour type 3: indexed (palette)
    }
    expect(new Set(pngs.map((p) => p.toString("base64"))).size).toBe(4);
  });
});
