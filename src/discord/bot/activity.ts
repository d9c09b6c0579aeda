import { ChannelType, PermissionFlagsBits, type Client, type GuildMember } from "discord.js";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { announceToManager, forwardKey } from "../../activity/front.js";
import { ActivityServer } from "../../activity/server.js";
import type { Config } from "../../config.js";
import type { Logger } from "../../log.js";
import type { TableService } from "../../table/service.js";
import type { FairUse } from "../../table/fair-use.js";
import type { GuildSettingsCache } from "../../table/guild-settings.js";
import type { BotDeps } from "./types.js";

/** How long Discord's word that someone is a member is kept (a sign-in and its resumes within it share one lookup). */
const MEMBER_TTL_MS = 30_000;
/** Member answers kept at most; the oldest go first. */
const MEMBER_CACHE = 5_000;
/** Member lookups one person may cause a minute (past it, the cached answer, or none: "no"). */
const LOOKUPS_PER_MINUTE = 6;

/**
 * The Activity's web server (src/activity) on this bot's table service and fair-use budgets. Whether
 * a person may see the Activity's channel is read at every sign-in and resume: the channel and its
 * roles from discord.js's cache, the member fresh from Discord (the bot has only the Guilds intent,
 * so its cache never hears that someone left or was banned), kept 30 s, and at most a few lookups a
 * minute per person. In a private thread the person must be in the thread (or manage threads). With SHARDS the machine's port is the
 * ShardingManager's (src/activity/front.ts): this shard's server listens on 127.0.0.1 at a free port,
 * tells the manager, and takes only the connections the manager forwards to it.
 */
export function createActivity(
  config: Config,
  client: Client,
  service: TableService,
  fairUse: FairUse,
  log: Logger,
  deps: BotDeps,
  guilds: GuildSettingsCache,
): ActivityServer {
  const activity = config.activity!;
  const members = new FreshMembers();
  const behindManager = !!deps.shard && !!process.send;
  const key = behindManager ? forwardKey() : undefined;
  return new ActivityServer({
    service,
    fairUse,
    log: log.child({ part: "activity" }),
    clientId: config.clientId!,
    clientSecret: activity.clientSecret,
    apiBase: config.apiBase,
    host: behindManager ? "127.0.0.1" : activity.host,
    port: behindManager ? 0 : activity.port,
    ...(key ? { forwardKey: key, onListening: (port: number) => announceToManager(port, key) } : {}),
    onSend: deps.onActivityFrame,
    limits: deps.activityLimits,
    guilds,
    maxTablesPerGuild: config.maxTablesPerGuild,
    parentOf: (channelId) => {
      const channel = client.channels.cache.get(channelId);
      return channel?.isThread() ? (channel.parentId ?? null) : null;
    },
    guildOf: (channelId) => {
      const channel = client.channels.cache.get(channelId);
      return channel && "guildId" in channel ? channel.guildId : null;
    },
    async mayWatch(userId, channelId) {
      const channel = client.channels.cache.get(channelId);
      if (!channel || channel.isDMBased() || !("permissionsFor" in channel)) return "unknown-channel";
      const member = await members.get(channel.guild.id, userId, () => channel.guild.members.fetch({ user: userId, force: true }));
      if (!member || !channel.permissionsFor(member)?.has(PermissionFlagsBits.ViewChannel)) return "no";
      if (channel.type !== ChannelType.PrivateThread || channel.permissionsFor(member)?.has(PermissionFlagsBits.ManageThreads))
        return "yes";
      const inThread = await channel.members.fetch({ member: userId, force: true }).catch(() => null);
      return inThread ? "yes" : "no";
    },
  });
}

/** Members as Discord says they are now, kept a short while, with a bound on lookups per person. */
class FreshMembers {
  private readonly known = new Map<string, { at: number; member: GuildMember | null }>();
  private readonly lookups = new RateLimiterMemory({ keyPrefix: "member-lookup", points: LOOKUPS_PER_MINUTE, duration: 60 });

  async get(guildId: string, userId: string, fetch: () => Promise<GuildMember>): Promise<GuildMember | null> {
    const key = `${guildId} ${userId}`;
    const hit = this.known.get(key);
    if (hit && Date.now() - hit.at < MEMBER_TTL_MS) return hit.member;
    const may = await this.lookups.consume(userId).then(
      () => true,
      () => false,
    );
    if (!may) return hit?.member ?? null;
    const member = await fetch().catch(() => null);
    this.known.delete(key);
    this.known.set(key, { at: Date.now(), member });
    if (this.known.size > MEMBER_CACHE) this.known.delete(this.known.keys().next().value!);
    return member;
  }
}
