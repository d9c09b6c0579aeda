/**
 * Who the person in the Activity is, from Discord, never from the page: the authorize code the
 * SDK gave is exchanged at Discord's OAuth2 token endpoint with the application's id and secret,
 * and the access token reads `/users/@me`. With the `guilds.members.read` scope the same token is
 * the person's own grant: it asks Discord whether they are still a member of the table's server,
 * and with which roles (`/users/@me/guilds/{guild}/member`), on the person's own rate limits
 * rather than the bot's 50 requests a second (rights.ts). It is never logged, never stored, and
 * the page holds it only sealed (session.ts).
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

/** The person's own OAuth2 access token with the `guilds.members.read` scope, and until when Discord said it holds. */
export interface Grant {
  token: string;
  until: number;
}

/** The scope that lets the person's token read their own membership of a server. */
export const MEMBER_SCOPE = "guilds.members.read";

export interface OAuthDeps {
  clientId: string;
  clientSecret: string;
  /** DISCORD_API_BASE ("http://127.0.0.1:4000/api" in tests); null: Discord's. */
  apiBase: string | null;
  /** How long the exchange may take, both requests together (default 10 s). */
  timeoutMs?: number;
}

const apiOf = (deps: Pick<OAuthDeps, "apiBase">) => `${(deps.apiBase ?? "https://discord.com/api").replace(/\/+$/, "")}/v10`;

/** How long the person's own look-up may take before the bot asks instead (a move waits for it). */
const MEMBER_TIMEOUT_MS = 3000;

/**
 * The person behind an authorize code; null when Discord does not confirm one (a bad or used
 * code); "retry" when Discord did not answer in time or failed on its side (the page asks for a
 * fresh code and tries again: the code may have been spent).
 */
export async function identify(
  deps: OAuthDeps,
  code: string,
  now = Date.now(),
): Promise<(DiscordIdentity & { grant: Grant | null }) | null | "retry"> {
  const base = apiOf(deps);
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
    const token = (await tokenRes.json()) as { access_token?: unknown; scope?: unknown; expires_in?: unknown };
    if (typeof token.access_token !== "string") return null;
    const scopes = typeof token.scope === "string" ? token.scope.split(" ") : [];
    const lasts = typeof token.expires_in === "number" && token.expires_in > 0 ? token.expires_in * 1000 : 0;
    const grant = scopes.includes(MEMBER_SCOPE) && lasts ? { token: token.access_token, until: now + lasts } : null;
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
    return {
      userId: me.id,
      name,
      locale: localeOf(typeof me.locale === "string" ? me.locale : null),
      avatar: avatarHash(me.avatar),
      grant,
    };
  } catch {
    // Timed out, or the network failed: nothing said the code was bad.
    return "retry";
  }
}

/**
 * The person's membership of a server as Discord says it now, asked with their own grant: their
 * roles, null when they are not a member (left, kicked, banned), or "unknown" when the grant cannot
 * say (revoked, expired, rate limited, Discord slow or failing): then the bot asks instead.
 * `limited` is set when Discord says the grant's route has no request left (its rate-limit headers):
 * until then, the grant is not asked, so it never earns a 429.
 */
export async function ownMembership(
  deps: Pick<OAuthDeps, "apiBase" | "timeoutMs">,
  grant: Grant & { limitedUntil?: number },
  guildId: string,
  now: () => number,
): Promise<{ roles: string[] } | null | "unknown"> {
  if (grant.until <= now() || (grant.limitedUntil ?? 0) > now()) return "unknown";
  try {
    const res = await fetch(`${apiOf(deps)}/users/@me/guilds/${guildId}/member`, {
      headers: { authorization: `Bearer ${grant.token}` },
      signal: AbortSignal.timeout(Math.min(deps.timeoutMs ?? 10_000, MEMBER_TIMEOUT_MS)),
    });
    const after = Number(res.headers.get("x-ratelimit-reset-after") ?? res.headers.get("retry-after") ?? NaN);
    if ((res.status === 429 || res.headers.get("x-ratelimit-remaining") === "0") && after > 0) grant.limitedUntil = now() + after * 1000;
    // 404: Discord knows no such member (Unknown Guild or Member): they left, were kicked or banned.
    if (res.status === 404) return null;
    if (!res.ok) {
      // A revoked or expired grant, or one without the scope: the bot asks from now on.
      if (res.status === 401 || res.status === 403) grant.until = 0;
      return "unknown";
    }
    const member = (await res.json()) as { roles?: unknown };
    if (!Array.isArray(member.roles) || !member.roles.every((r) => typeof r === "string")) return "unknown";
    return { roles: member.roles as string[] };
  } catch {
    return "unknown";
  }
}
