/**
 * A page's right to its channel, asked again while it is open (Discord's word arrives through
 * ChannelAccess, src/table/access.ts; the Activity never asks Discord itself):
 * - a channel's or a role's permissions changed (Discord says so without a privileged intent): the
 *   pages there are judged again at once with the people as last asked, which costs no request;
 * - a new hand at the table: every page showing it asks afresh (one look-up per person, shared by
 *   their pages), so a kicked watcher is caught within a hand;
 * - an action (a card, a pass, a lobby move): it goes ahead only on a "yes" given during the hand it
 *   acts in and at most the door's `recheckMs` old (door.ts), else it waits for a fresh one. Discord never announces a kick
 *   without the members intent: this is where one is caught, at the kicked person's next move.
 * An answer that cannot be had ("busy") is never taken for a yes: the action is refused with a
 * sentence, a re-check is tried again a little later.
 */
import type { ChannelAccess, MayWatch } from "../table/access.js";
import type { TableView } from "../table/types.js";

/** What the re-checks need of a connection. */
export interface Watcher {
  who: { userId: string } | null;
  channel: string | null;
  /** Closed already (its place freed). */
  gone: boolean;
  /** The hand it shows (handKey); "" for none. */
  hand: string;
  /** Discord's last fresh "yes": during which hand, and when. */
  checked: { hand: string; at: number } | null;
}

/** A re-check that found Discord busy is tried again this much later, a few times. */
const RETRY_MS = 5000;
const RETRIES = 5;

/** The hand a table is at: a new one (or another table) means a new question to Discord. */
export const handKey = (table: TableView | null): string =>
  table ? `${table.record.id}:${table.game ? table.game.handIndex : "lobby"}` : "";

export interface RightsDeps<C> {
  access: Partial<Pick<ChannelAccess, "mayWatch" | "guildOf">> & { parentOf?(channelId: string): string | null };
  now: () => number;
  /** How long a fresh "yes" lets a person act within one hand before Discord is asked again. */
  recheckMs: number;
  /** Discord says the person may no longer see the channel: close the page, saying so. */
  lost(c: C): void;
  failed(err: unknown): void;
}

export class Rights<C extends Watcher> {
  constructor(private readonly d: RightsDeps<C>) {}

  /** Before an action: whether it may go ahead ("no": the page is closed already). */
  async mayAct(c: C): Promise<"yes" | "no" | "busy"> {
    const ask = this.d.access.mayWatch;
    if (!ask || !c.who || !c.channel) return "yes";
    const hand = c.hand;
    if (c.checked && c.checked.hand === hand && this.d.now() - c.checked.at < this.d.recheckMs) return "yes";
    const may = await ask(c.who.userId, c.channel, "fresh");
    return this.heard(c, may, "fresh", hand) ?? "busy";
  }

  /** The page now shows `hand` (a new hand, another table): asked afresh unless already asked during it. */
  shows(c: C, hand: string): void {
    if (c.hand === hand) return;
    c.hand = hand;
    if (hand && c.checked?.hand !== hand) this.ask(c, "fresh");
  }

  /** Discord said a channel's (or, channel null, a server's roles') permissions changed: the pages they govern are judged again. */
  changed(where: { guildId: string; channelId: string | null }, pages: Iterable<C>): void {
    const { guildOf, parentOf } = this.d.access;
    for (const c of pages) {
      if (!c.who || !c.channel || c.gone) continue;
      const hit = where.channelId
        ? c.channel === where.channelId || parentOf?.(c.channel) === where.channelId
        : guildOf?.(c.channel) === where.guildId;
      if (hit) this.ask(c, "known");
    }
  }

  private ask(c: C, want: "fresh" | "known", tries = 0): void {
    const ask = this.d.access.mayWatch;
    if (!ask || !c.who || !c.channel || c.gone) return;
    const hand = c.hand;
    ask(c.who.userId, c.channel, want).then(
      (may) => {
        if (this.heard(c, may, want, hand) === null && tries < RETRIES) setTimeout(() => this.ask(c, want, tries + 1), RETRY_MS).unref();
      },
      (err: unknown) => this.d.failed(err),
    );
  }

  /** Discord's answer: a yes noted (when fresh), a no closes the page; null: busy. */
  private heard(c: C, may: MayWatch, want: "fresh" | "known", hand: string): "yes" | "no" | null {
    if (c.gone) return "no";
    if (may === "busy") return null;
    if (may === "yes") {
      if (want === "fresh") c.checked = { hand, at: this.d.now() };
      return "yes";
    }
    this.d.lost(c);
    return "no";
  }
}
