/**
 * A page's right to its channel, asked again while it is open (Discord's word on the channel and
 * its roles arrives through ChannelAccess, src/table/access.ts):
 * - a channel's or a role's permissions changed (Discord says so without a privileged intent): the
 *   pages there are judged again at once with the people as last asked, which costs no request;
 * - a new hand at the table: every page showing it asks afresh, so a kicked watcher is caught within a hand;
 * - an action (a card, a pass, a lobby move): it goes ahead only on Discord's answer to a look-up
 *   begun after the action arrived, never an older "yes". Discord never announces a kick without
 *   the members intent: this is where one is caught, at the kicked person's next move.
 * The member look-up is made with the person's own grant (oauth.ts ownMembership: their token, their
 * rate limits, none of the bot's 50 requests a second), one at a time per person and server: the
 * actions that arrive while one is on its way share the next one, begun after it. Without a grant,
 * or when it cannot say, the bot asks (src/discord/bot/members.ts, on its bounded budget).
 * An answer that cannot be had ("busy") is never taken for a yes: the action is refused with a
 * sentence, a re-check is tried again a little later.
 */
import type { ChannelAccess, MayWatch, OwnMembership } from "../table/access.js";
import type { TableView } from "../table/types.js";
import type { Grant } from "./oauth.js";

/** The person's own grant as a connection holds it, with how long Discord asked it not to be used. */
export type HeldGrant = Grant & { limitedUntil?: number };

/** What the re-checks need of a connection. */
export interface Watcher {
  who: { userId: string } | null;
  channel: string | null;
  /** Closed already (its place freed). */
  gone: boolean;
  /** The hand it shows (handKey); "" for none. */
  hand: string;
  /** The hand during which Discord last said yes. */
  checked: { hand: string } | null;
  /** The person's own grant (oauth.ts); null: none, the bot asks. */
  grant: HeldGrant | null;
}

/** A re-check that found Discord busy is tried again this much later, a few times. */
const RETRY_MS = 5000;
const RETRIES = 5;

/** The hand a table is at: a new one (or another table) means a new question to Discord. */
export const handKey = (table: TableView | null): string =>
  table ? `${table.record.id}:${table.game ? table.game.handIndex : "lobby"}` : "";

export interface RightsDeps<C> {
  access: Partial<Pick<ChannelAccess, "mayWatch" | "guildOf">> & { parentOf?(channelId: string): string | null };
  /** The person's membership asked with their own grant now; "unknown": the grant cannot say (the bot asks). */
  own(grant: HeldGrant, guildId: string): Promise<OwnMembership | "unknown">;
  /** Discord says the person may no longer see the channel: close the page, saying so. */
  lost(c: C): void;
  failed(err: unknown): void;
}

export class Rights<C extends Watcher> {
  /** Per person and server: whether their own look-up is on its way, and who waits for the next one. */
  private readonly flights = new Map<string, { running: boolean; waiting: ((r: OwnMembership | "unknown") => void)[] }>();
  constructor(private readonly d: RightsDeps<C>) {}

  /** Before an action: whether it may go ahead, on a look-up begun after it arrived ("no": the page is closed already). */
  async mayAct(c: C): Promise<"yes" | "no" | "busy"> {
    if (!this.d.access.mayWatch || !c.who || !c.channel) return "yes";
    const hand = c.hand;
    const may = await this.fresh(c, "known");
    return may === null ? "yes" : (this.heard(c, may, hand) ?? "busy");
  }

  /** At a sign-in or resume: Discord's word now, never a remembered one (with the person's grant when they gave one). */
  async atSignIn(userId: string, channel: string, grant: HeldGrant | null): Promise<MayWatch | null> {
    return this.fresh({ who: { userId }, channel, grant }, "fresh");
  }

  /** The page now shows `hand` (a new hand, another table): asked afresh unless already asked during it. */
  shows(c: C, hand: string): void {
    if (c.hand === hand) return;
    c.hand = hand;
    if (hand && c.checked?.hand !== hand) this.ask(c);
  }

  /** Discord said a channel's (or, channel null, a server's roles') permissions changed: the pages they govern are judged again. */
  changed(where: { guildId: string; channelId: string | null }, pages: Iterable<C>): void {
    const { guildOf, parentOf, mayWatch } = this.d.access;
    if (!mayWatch) return;
    for (const c of pages) {
      if (!c.who || !c.channel || c.gone) continue;
      const hit = where.channelId
        ? c.channel === where.channelId || parentOf?.(c.channel) === where.channelId
        : guildOf?.(c.channel) === where.guildId;
      if (!hit) continue;
      const hand = c.hand;
      mayWatch(c.who.userId, c.channel, "known").then(
        (may) => void this.heard(c, may, hand, false),
        (err: unknown) => this.d.failed(err),
      );
    }
  }

  /**
   * Discord's word on the person now: the member asked with their grant when they gave one (the rest,
   * a private thread's members, as fresh as `rest` says), else by the bot; null when nothing asks.
   */
  private async fresh(c: Pick<Watcher, "who" | "channel" | "grant">, rest: "fresh" | "known"): Promise<MayWatch | null> {
    const ask = this.d.access.mayWatch;
    if (!ask || !c.who || !c.channel) return null;
    const guild = this.d.access.guildOf?.(c.channel) ?? null;
    const own = c.grant && guild ? await this.nextOwn(c.who.userId, guild, c.grant) : "unknown";
    return own === "unknown" ? ask(c.who.userId, c.channel, "fresh") : ask(c.who.userId, c.channel, rest, own);
  }

  /** The person's own look-up, begun after this call: one at a time per person and server, the callers meanwhile sharing the next. */
  private nextOwn(userId: string, guildId: string, grant: HeldGrant): Promise<OwnMembership | "unknown"> {
    const key = `${userId} ${guildId}`;
    return new Promise((resolve) => {
      let f = this.flights.get(key);
      if (!f) this.flights.set(key, (f = { running: false, waiting: [] }));
      f.waiting.push(resolve);
      if (!f.running) this.fly(key, f, guildId, grant);
    });
  }

  private fly(
    key: string,
    f: { running: boolean; waiting: ((r: OwnMembership | "unknown") => void)[] },
    guildId: string,
    grant: HeldGrant,
  ) {
    const batch = f.waiting.splice(0);
    if (!batch.length) return void this.flights.delete(key);
    f.running = true;
    this.d
      .own(grant, guildId)
      .catch(() => "unknown" as const)
      .then((r) => {
        f.running = false;
        for (const resolve of batch) resolve(r);
        this.fly(key, f, guildId, grant);
      }, this.d.failed);
  }

  private ask(c: C, tries = 0): void {
    if (!c.who || !c.channel || c.gone) return;
    const hand = c.hand;
    this.fresh(c, "fresh").then(
      (may) => {
        if (may !== null && this.heard(c, may, hand) === null && tries < RETRIES)
          setTimeout(() => this.ask(c, tries + 1), RETRY_MS).unref();
      },
      (err: unknown) => this.d.failed(err),
    );
  }

  /** Discord's answer: a yes noted (when fresh), a no closes the page; null: busy. */
  private heard(c: C, may: MayWatch, hand: string, fresh = true): "yes" | "no" | null {
    if (c.gone) return "no";
    if (may === "busy") return null;
    if (may === "yes") {
      if (fresh) c.checked = { hand };
      return "yes";
    }
    this.d.lost(c);
    return "no";
  }
}
