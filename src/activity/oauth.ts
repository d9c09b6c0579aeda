/**
 * Who the person in the Activity is, from Discord, never from the page: the authorize code the
 * SDK gave is exchanged at Discord's OAuth2 token endpoint with the application's id and secret,
 * and the access token reads `/users/@me`. The token is used for that one read and dropped: never
 * logged, never stored, never sent to the page.
 */
import { localeOf, type Locale } from "../i18n/index.js";
import { avatarHash } from "../table/faces.js";

export interface DiscordIdentity {
  userId: string;
  name: string;
  locale: Locale;
  /** Their Discord avatar's hash (the page shows it at their seat through the Activity's URL mapping); null: none. */
  avatar: string | null;
}

export interface OAuthDeps {
  clientId: string;
  clientSecret: string;
  /** DISCORD_API_BASE ("http://127.0.0.1:4000/api" in tests); null: Discord's. */
  apiBase: string | null;
  /** How long the exchange may take, both requests together (default 10 s). */
  timeoutMs?: number;
}

/**
 * The person behind an authorize code; null when Discord does not confirm one (a bad or used
 * code); "retry" when Discord did not answer in time or failed on its side (the page asks for a
 * fresh code and tries again: the code may have been spent).
 */
export async function identify(deps: OAuthDeps, code: string): Promise<DiscordIdentity | null | "retry"> {
  const base = `${(deps.apiBase ?? "https://discord.com/api").replace(/\/+$/, "")}/v10`;
  const signal = AbortSignal.timeout(deps.timeoutMs ?? 10_000);
  try {
    const tokenRes = await fetch(`${base}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: deps.clientId,
        client_secret: deps.clientSecret,
        grant_type: "authorization_code",
        code,
      }),
      signal,
    });
    if (tokenRes.status >= 500) return "retry";
    if (!tokenRes.ok) return null;
    const token = (await tokenRes.json()) as { access_token?: unknown; scope?: unknown };
    if (typeof token.access_token !== "string") return null;
    const meRes = await fetch(`${base}/users/@me`, {
      headers: { authorization: `Bearer ${token.access_token}` },
      signal,
    });
    if (meRes.status >= 500) return "retry";
    if (!meRes.ok) return null;
    const me = (await meRes.json()) as { id?: unknown; username?: unknown; global_name?: unknown; locale?: unknown; avatar?: unknown };
    if (typeof me.id !== "string" || !/^\d{15,22}$/.test(me.id)) return null;
    const name =
      typeof me.global_name === "string" && me.global_name ? me.global_name : typeof me.username === "string" ? me.username : "?";
    return { userId: me.id, name, locale: localeOf(typeof me.locale === "string" ? me.locale : null), avatar: avatarHash(me.avatar) };
  } catch {
    // Timed out, or the network failed: nothing said the code was bad.
    return "retry";
  }
}
