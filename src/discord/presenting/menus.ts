/**
 * Each player's latest private menu, reachable through the token of the interaction that last
 * showed it (valid 15 minutes).
 *
 * An interaction's own answer never waits for anything here. Writes to one menu are coalesced:
 * while one is on its way, later refreshes only mark the menu dirty, and when the writes in
 * progress are done the latest state is sent once more — so the last write always shows the
 * current game, whatever order the network delivers them in.
 */
import { createHash } from "node:crypto";
import { DiscordAPIError, Routes, type REST } from "discord.js";
import type { Logger } from "../../log.js";
import type { Card } from "../../game/index.js";
import type { Locale } from "../../i18n/index.js";
import type { SavedMenu } from "../../table/store.js";
import { forRest, type OutMessage } from "../interactions/message.js";

/** A little under Discord's 15 minutes, so an edit never races the expiry. */
const TOKEN_LIFE_MS = 14 * 60_000;

interface Slot {
  appId: string | null;
  token: string | null;
  at: number;
  /** Writes on their way (answers to interactions and refreshes). */
  busy: number;
  dirty: boolean;
  build: (() => Promise<OutMessage | null> | OutMessage | null) | null;
  /** The 3 cards picked for the pass of hand `hand` and not passed yet: every redraw keeps them. */
  picked: { hand: number; cards: Card[] } | null;
  /** What the menu shows now (as far as this process knows): a refresh that would change nothing is not sent. */
  shown: Shown | null;
  /** The player's language, from their last interaction (null: not known since a restart). */
  locale: Locale | null;
}

/** A menu as shown: its look (text, buttons, picture's hash) and its picture's attachment, once known. */
interface Shown {
  sig: string;
  picture: string | null;
  attachment: { id: string; filename: string } | null;
}

function describe(m: OutMessage): Shown {
  const file = m.files?.[0];
  const picture = file ? `${file.name}:${createHash("sha1").update(file.data).digest("base64")}` : null;
  return { sig: JSON.stringify([m.content ?? "", m.embeds ?? [], m.components ?? [], picture]), picture, attachment: null };
}

/** The first attachment of a message Discord returned. */
function attachmentIn(res: unknown): Shown["attachment"] {
  const a = (res as { attachments?: { id?: string; filename?: string }[] } | null)?.attachments?.[0];
  return a?.id && a.filename ? { id: a.id, filename: a.filename } : null;
}

export class Menus {
  private readonly slots = new Map<string, Slot>();

  /**
   * `rest` serves only interaction webhooks: Discord does not count interaction endpoints against
   * the bot's global rate limit, so these edits need not queue behind channel posts.
   */
  constructor(
    private readonly rest: REST,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  private slot(tableId: string, userId: string): Slot {
    const key = `${tableId}:${userId}`;
    let s = this.slots.get(key);
    if (!s) {
      s = { appId: null, token: null, at: 0, busy: 0, dirty: false, build: null, picked: null, shown: null, locale: null };
      this.slots.set(key, s);
    }
    return s;
  }

  private fresh(s: Slot | undefined): boolean {
    return !!s?.token && this.now() - s.at < TOKEN_LIFE_MS;
  }

  hasFresh(tableId: string, userId: string): boolean {
    return this.fresh(this.slots.get(`${tableId}:${userId}`));
  }

  /**
   * Runs an interaction's answer that shows this player's menu; `fn` resolves to the token to keep
   * (or null when the answer was not a menu). Refreshes asked meanwhile follow it.
   */
  async answer(
    tableId: string,
    userId: string,
    fn: () => Promise<{ appId: string; token: string; shown?: OutMessage; locale?: Locale } | null>,
  ): Promise<void> {
    const s = this.slot(tableId, userId);
    s.busy++;
    try {
      const kept = await fn();
      if (kept) {
        s.appId = kept.appId;
        s.token = kept.token;
        s.at = this.now();
        if (kept.locale) s.locale = kept.locale;
        // The answer's picture is a new upload whose id we learn when it is next needed.
        s.shown = kept.shown ? describe(kept.shown) : null;
        // A refresh that left before this answer may land after it: send the latest once more.
        if (s.busy > 1) s.dirty = true;
      }
    } finally {
      s.busy--;
      this.pump(tableId, s);
    }
  }

  /**
   * Remembers the cards a player picked for the pass of hand `hand`, so that a redraw of their menu
   * (another player passed, a time-out warning, a write re-sent after a race) keeps the choice and
   * its Pass button instead of wiping them.
   */
  pick(tableId: string, userId: string, hand: number, cards: Card[]): void {
    this.slot(tableId, userId).picked = { hand, cards };
  }

  /** The cards picked for the pass of hand `hand`, if they are all still in `holding`. */
  pickedFor(tableId: string, userId: string, hand: number, holding: readonly Card[]): Card[] | undefined {
    const p = this.slots.get(`${tableId}:${userId}`)?.picked;
    return p && p.hand === hand && p.cards.every((c) => holding.includes(c)) ? p.cards : undefined;
  }

  /**
   * Rewrites the player's open menu, if its token is still valid; `build` runs at write time, with
   * the player's language when known.
   */
  refresh(tableId: string, userId: string, build: (locale: Locale | null) => Promise<OutMessage | null> | OutMessage | null): void {
    const s = this.slots.get(`${tableId}:${userId}`);
    if (!s || !this.fresh(s)) return;
    s.build = () => build(s.locale);
    s.dirty = true;
    this.pump(tableId, s);
  }

  private pump(tableId: string, s: Slot): void {
    if (s.busy > 0 || !s.dirty || !s.build) return;
    s.dirty = false;
    if (!this.fresh(s)) return;
    const { appId, token } = s as { appId: string; token: string };
    const build = s.build;
    s.busy++;
    this.write(appId, token, s, build)
      .catch((err) => {
        // The player dismissed the message or the token died: they reopen it with My hand.
        const code = err instanceof DiscordAPIError ? err.code : undefined;
        this.log.debug({ table: tableId, code, err: err instanceof Error ? err.message : String(err) }, "could not refresh a private menu");
        if (s.token === token) s.token = null;
        s.shown = null;
      })
      .finally(() => {
        s.busy--;
        this.pump(tableId, s);
      });
  }

  /**
   * One refresh: nothing when the menu would look the same; the picture kept by its attachment id
   * when only the text or buttons change; a new upload only for a new picture.
   */
  private async write(appId: string, token: string, s: Slot, build: NonNullable<Slot["build"]>): Promise<void> {
    const msg = await build();
    if (!msg) return;
    const next = describe(msg);
    const was = s.shown;
    if (was && was.sig === next.sig) return;
    let keep = was && next.picture && was.picture === next.picture ? was.attachment : null;
    if (was && next.picture && was.picture === next.picture && !keep) {
      // Shown by an interaction's answer: ask Discord for its attachment (a webhook read, no upload).
      keep = attachmentIn(await this.rest.get(Routes.webhookMessage(appId, token, "@original"), { auth: false }).catch(() => null));
    }
    const { body, files } = keep ? forRest({ ...msg, files: [] }, { edit: true, keep: [keep] }) : forRest(msg, { edit: true });
    const res = await this.rest.patch(Routes.webhookMessage(appId, token, "@original"), { body, files, auth: false });
    s.shown = { ...next, attachment: attachmentIn(res) ?? keep };
  }

  /**
   * The menus whose tokens are still valid, to keep over a restart (see restore): only those of a
   * person still seated at the table (`seated`), so a token of someone who left or asked to be
   * forgotten is never written to the store.
   */
  saved(seated: (tableId: string, userId: string) => boolean = () => true): SavedMenu[] {
    const out: SavedMenu[] = [];
    for (const [key, s] of this.slots) {
      if (!this.fresh(s) || !s.appId) continue;
      const [tableId, userId] = key.split(":");
      if (!seated(tableId, userId)) continue;
      out.push({ tableId, userId, appId: s.appId, token: s.token!, shownAt: new Date(s.at) });
    }
    return out;
  }

  /** Forget me: the person's menus (their interaction tokens, picked cards, language) go from memory. */
  forgetUser(userId: string): void {
    for (const key of this.slots.keys()) if (key.endsWith(`:${userId}`)) this.slots.delete(key);
  }

  /** A menu saved by the previous run; false when its token has expired meanwhile. */
  restore(m: SavedMenu): boolean {
    const s = this.slot(m.tableId, m.userId);
    Object.assign(s, { appId: m.appId, token: m.token, at: m.shownAt.getTime() });
    return this.fresh(s);
  }

  forgetTable(tableId: string): void {
    for (const key of this.slots.keys()) if (key.startsWith(`${tableId}:`)) this.slots.delete(key);
  }

  get size(): number {
    return this.slots.size;
  }
}
