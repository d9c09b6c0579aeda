/**
 * The servers the bot is in: removed from one, its open tables end and its data is purged after a
 * grace period (Housekeeping); added back before then, the purge is called off. Gateway events, not
 * interactions: wired in ./events.ts and checked again at start (./lifecycle.ts).
 */
import { sentence } from "../../i18n/index.js";
import type { Logger } from "../../log.js";
import type { HeartsStore } from "../../table/store.js";
import type { GuildSettingsCache } from "../../table/guild-settings.js";
import type { TableService } from "../../table/service.js";
import type { EveryShard } from "../shards/every-shard.js";

/** What a server's arrival or departure acts on. */
export interface Admin {
  service: TableService;
  guilds: GuildSettingsCache;
  log: Logger;
  everyShard: EveryShard;
}

/**
 * The bot was removed from a server: its open tables end now, and its data is purged by the
 * housekeeping job after the grace period (the date is stored, so it survives restarts).
 */
export async function guildRemoved(ctx: Admin, guildId: string, at: Date): Promise<void> {
  const open = await ctx.service.endGuild(guildId, sentence("privacy", "tableEndedRemoved"));
  await ctx.everyShard.guildGone("left", guildId);
  await ctx.guilds.update(guildId, { leftAt: at });
  ctx.log.info({ guild: guildId, open }, "removed from a server: its tables ended; its data is purged after the grace period");
}

/**
 * At start, after the ready event: servers with something stored that this process serves
 * (`mine`) but whose guild cache lacks them were left while the bot (or this shard) was down.
 * Each is handled as a departure seen live (guildRemoved), so its purge follows the grace period.
 * (A server Discord reports unavailable is in the cache: an outage is not a departure.) Returns them.
 */
export async function guildsLeftWhileDown(
  ctx: Admin & { store: Pick<HeartsStore, "storedGuilds"> },
  present: (guildId: string) => boolean,
  mine: (guildId: string) => boolean,
  at: Date,
): Promise<string[]> {
  const gone = (await ctx.store.storedGuilds()).filter((g) => mine(g) && !present(g));
  for (const guildId of gone) await guildRemoved(ctx, guildId, at);
  if (gone.length) ctx.log.info({ servers: gone.length }, "servers left while the bot was down: their purge is scheduled");
  return gone;
}

/** The bot is in this server (again): a pending purge is called off. */
export async function guildPresent(ctx: Pick<Admin, "guilds" | "log">, guildId: string): Promise<void> {
  const g = await ctx.guilds.get(guildId);
  if (!g.leftAt) return;
  await ctx.guilds.update(guildId, { leftAt: null });
  ctx.log.info({ guild: guildId }, "added back to a server before its purge: its data stays");
}
