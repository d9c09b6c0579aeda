/**
 * A signed session for reconnecting: after Discord confirmed who the person is, the server gives
 * the page (user, channel, expiry) signed with a key derived from the client secret. A reconnect
 * (a network blip, a bot restart) presents it instead of a new authorize code; nothing is stored,
 * and without the secret nobody can make one (HMAC-SHA256, compared in constant time).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { isLocale, type Locale } from "../i18n/index.js";
import { avatarHash } from "../table/faces.js";
import type { Asker } from "../table/types.js";
import type { DiscordIdentity } from "./oauth.js";

/** How long a session lets a page reconnect without asking Discord again. */
export const SESSION_MS = 2 * 60 * 60_000;

export interface Session extends DiscordIdentity {
  channel: string;
  expires: number;
  /** When it was made: a person's right that ended after it voids it (src/table/access.ts). */
  issued: number;
}

/**
 * Who asks from a page, and from where: the channel the page was opened in and its server. Every
 * read and act of the page names it, and the domain's gate (src/table/gate.ts) decides with it.
 */
export function askerOf(
  who: Pick<DiscordIdentity, "userId" | "name">,
  channel: string | null,
  place: { guildOf?(c: string): string | null; parentOf?(c: string): string | null },
): Asker {
  return {
    userId: who.userId,
    name: who.name,
    // A thread names its parent: a table's id names the channel its thread grew from (gate.ts).
    where: channel
      ? { guildId: place.guildOf?.(channel) ?? null, channelId: channel, parentId: place.parentOf?.(channel) ?? null }
      : { guildId: null, channelId: "" },
  };
}

export class Sessions {
  private readonly key: Buffer;

  constructor(clientSecret: string) {
    this.key = createHmac("sha256", clientSecret).update("hearts activity session v1").digest();
  }

  sign(who: DiscordIdentity, channel: string, now: number): string {
    const body = Buffer.from(
      JSON.stringify({ u: who.userId, n: who.name, l: who.locale, a: who.avatar, c: channel, i: now, e: now + SESSION_MS }),
    ).toString("base64url");
    return `${body}.${this.mac(body)}`;
  }

  /** The session, or null when it is forged, damaged, expired or for another channel. */
  verify(text: string, channel: string, now: number): Session | null {
    const dot = text.indexOf(".");
    if (dot <= 0) return null;
    const body = text.slice(0, dot);
    const given = Buffer.from(text.slice(dot + 1), "base64url");
    const wanted = Buffer.from(this.mac(body), "base64url");
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
    try {
      const s = JSON.parse(Buffer.from(body, "base64url").toString()) as {
        u: string;
        n: string;
        l: string;
        a?: unknown;
        c: string;
        i?: number;
        e: number;
      };
      if (s.c !== channel || !(s.e > now) || !isLocale(s.l)) return null;
      // A session signed before avatars were in it has none.
      return {
        userId: s.u,
        name: s.n,
        locale: s.l as Locale,
        avatar: avatarHash(s.a),
        channel: s.c,
        expires: s.e,
        issued: s.i ?? s.e - SESSION_MS,
      };
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac("sha256", this.key).update(body).digest("base64url");
  }
}
