/**
 * Deck style per player: two- or four-colour suits and normal or large corner indexes in their own
 * hand picture, remembered for every table (the store's PlayerPrefs). `/hearts deck` sets it and
 * shows a sample; the menus read it from a small cache, so drawing a menu never waits on the store.
 */
import { OPT } from "../../../commands/hearts.js";
import type { Logger } from "../../log.js";
import type { PlayerPrefs, Store } from "../../store/types.js";
import type { TableSettings } from "../../table/records.js";
import { command } from "./types.js";

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

/** Players whose choice is kept in memory (the least recently read leave first). */
const MAX_CACHED = 5000;

export class DeckStyles {
  private readonly cache = new Map<string, DeckPrefs>();

  constructor(
    private readonly store: Pick<Store, "getPlayerPrefs" | "setPlayerPrefs">,
    private readonly log: Logger,
  ) {}

  private keep(userId: string, prefs: DeckPrefs): DeckPrefs {
    this.cache.delete(userId);
    this.cache.set(userId, prefs);
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return prefs;
  }

  /** The player's choice, read once from the store; if the store cannot answer, the defaults. */
  async load(userId: string): Promise<DeckPrefs | null> {
    const known = this.cache.get(userId);
    if (known) return this.keep(userId, known);
    try {
      const p = await this.store.getPlayerPrefs(userId);
      return this.keep(userId, { fourColour: p.fourColour, largeIndex: p.largeIndex });
    } catch (err) {
      this.log.warn({ user: userId, err: err instanceof Error ? err.message : String(err) }, "could not read a player's deck style");
      return null;
    }
  }

  /** What is known without waiting (a menu redrawn in the background). */
  peek(userId: string): DeckPrefs | null {
    return this.cache.get(userId) ?? null;
  }

  async set(userId: string, patch: Partial<DeckPrefs>): Promise<DeckPrefs> {
    const p = await this.store.setPlayerPrefs(userId, patch);
    return this.keep(userId, { fourColour: p.fourColour, largeIndex: p.largeIndex });
  }
}

/** A sample hand for the preview: every suit, a ten and court cards. */
export const DECK_SAMPLE = [8, 12, 13 + 9, 13 + 3, 26 + 10, 26 + 4, 39 + 11, 39 + 8, 39];

/** `/hearts deck [colours] [index]`: sets what is given, then shows the style with a sample hand. */
export const deckCommand = command({
  name: "deck",
  defer: "reply",
  parse: (i) => {
    const colours = i.options.getString(OPT.colours);
    const index = i.options.getString(OPT.index);
    const patch: Partial<DeckPrefs> = {};
    if (colours === "four" || colours === "two") patch.fourColour = colours === "four";
    if (index === "large" || index === "normal") patch.largeIndex = index === "large";
    return patch;
  },
  async run(ctx, patch) {
    const m = ctx.m.comforts;
    const changing = Object.keys(patch).length > 0;
    const prefs = changing ? await ctx.decks.set(ctx.actor.userId, patch) : await ctx.decks.load(ctx.actor.userId);
    const style = deckStyle({ fourColourDeck: false }, prefs);
    const words = `${style.fourColour ? m.deckFourColour : m.deckTwoColour} · ${style.largeIndex ? m.deckLargeIndex : m.deckNormalIndex}`;
    const png = ctx.images.hand(DECK_SAMPLE, [], [], style);
    return ctx.respond.send({
      embeds: [
        {
          description: changing ? m.deckSaved({ style: words }) : `${m.deckPrompt} ${words}.`,
          color: 0xc0392b,
          ...(png ? { image: { url: "attachment://deck.png" } } : {}),
        },
      ],
      files: png ? [{ name: "deck.png", data: png }] : [],
    });
  },
});
