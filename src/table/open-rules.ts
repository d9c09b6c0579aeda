/**
 * The server's rules for a table opening (/hearts new, or a Rematch from the chat or the
 * Activity's page): where tables may open (/hearts settings' channel list; in a thread of a listed
 * channel too) and how many may be open at once (the server's cap, never above the configured
 * ceiling). Read here once, so both front ends refuse the same way with the same sentence.
 */
import { sentence } from "../i18n/index.js";
import type { GuildSettings } from "./store.js";
import { channelAllowed, tableCapOf, type GuildSettingsCache } from "./guild-settings.js";
import { refuse, type Outcome } from "./types.js";

/** Where the table would open: its server, its channel and, when that is a thread, the thread's parent. */
export interface OpeningPlace {
  guildId: string;
  channelId: string;
  parentId: string | null;
}

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
  if (!channelAllowed(server, at.channelId, at.parentId))
    return refuse(
      "channel-not-allowed",
      sentence("settings", "channelNotAllowed", { channels: server.allowedChannels.map((id) => `<#${id}>`).join(", ") }),
    );
  return { ok: true, server, maxTables: tableCapOf(ceiling, server) };
}
