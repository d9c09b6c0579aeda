/**
 * The server's rules for a table opening (/hearts new, or a Rematch from the chat or the
 * Activity's page): where tables may open (/hearts settings' channel list; in a thread of a listed
 * channel too) and how many may be open at once (the server's cap, never above the configured
 * ceiling). Read here once, by the table service's opening (./opening.ts), so every door refuses the same way with the same sentence.
 */
import { sentence, type Sentence } from "../i18n/index.js";
import type { GuildSettings } from "./store.js";
import { channelAllowed, tableCapOf, type GuildSettingsCache } from "./guild-settings.js";
import { refuse, type Outcome } from "./types.js";

/** Where the table would open: its server, its channel and, when that is a thread, the thread's parent (none: not a thread, or not known). */
export interface OpeningPlace {
  guildId: string;
  channelId: string;
  parentId?: string | null;
}

/** Where a person asked from (a rematch opens in the finished table's channel): a thread's parent counts only from there. */
export interface AskedFrom {
  channelId: string | null;
  parentId: string | null;
}

/** A rematch asked from no channel in particular (tests, scripts): the finished table's channel alone counts. */
export const NOWHERE: AskedFrom = { channelId: null, parentId: null };

/**
 * Whether a table may open there: the server's settings (a new table's defaults and language come
 * from them) and its cap of open tables, or the refusal naming the channels where tables may open.
 */
export async function openingRules(
  guilds: Pick<GuildSettingsCache, "get">,
  ceiling: number,
  at: OpeningPlace,
): Promise<Outcome<{ server: GuildSettings; maxTables: number }>> {
  const server = await guilds.get(at.guildId);
  if (!channelAllowed(server, at.channelId, at.parentId ?? null))
    return refuse(
      "channel-not-allowed",
      sentence("settings", "channelNotAllowed", { channels: server.allowedChannels.map((id) => `<#${id}>`).join(", ") }),
    );
  return { ok: true, server, maxTables: tableCapOf(ceiling, server) };
}

/**
 * A tournament's sign-up, reminders, standings and round tables go to its channel, which must be
 * one where the server lets tables open when the tournament is created; its round tables then open
 * there whatever the settings become, outside the server's cap (docs/admins.md, Tournaments). The
 * refusal naming the channels, or null.
 */
export function tournamentChannelRefusal(server: Pick<GuildSettings, "allowedChannels">, channelId: string): Sentence | null {
  if (channelAllowed(server, channelId, null)) return null;
  return sentence("tournament", "channelNotAllowed", { channels: server.allowedChannels.map((id) => `<#${id}>`).join(", ") });
}
