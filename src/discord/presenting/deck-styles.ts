/**
 * Players' deck styles (../views/deck.ts), read once from the store and kept in a small cache, so
 * drawing a menu never waits on the store.
 */
import type { Logger } from "../../log.js";
import type { Store } from "../../table/store.js";
import type { DeckPrefs } from "../views/deck.js";

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
