/**
 * A signed session for reconnecting: after Discord confirmed who the person is, the server gives
 * the page (user, channel, expiry) signed with a key derived from the client secret. A reconnect
 * (a network blip, a bot restart) presents it instead of a new authorize code; nothing is stored,
 * and without the secret nobody can make one (HMAC-SHA256, compared in constant time). The
 * person's own grant (oauth.ts) rides in it sealed (AES-256-GCM, another key derived from the
 * secret): the page cannot read it, and a resumed page, even after a restart, still asks Discord
 * with it rather than on the bot's budget.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isLocale, type Locale } from "../i18n/index.js";
import { avatarHash } from "../table/faces.js";
import type { Asker } from "../table/types.js";
import type { DiscordIdentity, Grant } from "./oauth.js";

/** How long a session lets a page reconnect without asking Discord again. */
export const SESSION_MS = 2 * 60 * 60_000;

export interface Session extends DiscordIdentity {
  channel: string;
  expires: number;
  /** When it was made: a person's right that ended after it voids it (src/table/access.ts). */
  issued: number;
  /** The person's own grant, unsealed; null: none (no scope given, or a session from before). */
  grant: Grant | null;
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
  private readonly sealKey: Buffer;

  constructor(clientSecret: string) {
    this.key = createHmac("sha256", clientSecret).update("hearts activity session v1").digest();
    this.sealKey = createHmac("sha256", clientSecret).update("hearts activity grant v1").digest();
  }

  sign(who: DiscordIdentity, channel: string, now: number, grant: Grant | null = null): string {
    const g = grant && grant.until > now ? this.seal(grant) : undefined;
    const body = Buffer.from(
      JSON.stringify({ u: who.userId, n: who.name, l: who.locale, a: who.avatar, c: channel, i: now, e: now + SESSION_MS, g }),
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
        g?: unknown;
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
        grant: typeof s.g === "string" ? this.unseal(s.g, now) : null,
      };
    } catch {
      return null;
    }
  }

  private seal(grant: Grant): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.sealKey, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify([grant.token, grant.until])), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  }

  private unseal(text: string, now: number): Grant | null {
    try {
      const raw = Buffer.from(text, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", this.sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const [token, until] = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString()) as [
        unknown,
        unknown,
      ];
      return typeof token === "string" && typeof until === "number" && until > now ? { token, until } : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac("sha256", this.key).update(body).digest("base64url");
  }
}
