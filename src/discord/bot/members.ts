/**
 * Who may see a channel, as Discord says now (ChannelAccess, src/table/access.ts): the channel and
 * its roles from discord.js's cache, the member fresh from Discord (the cache never hears that
 * someone left or was banned unless the gateway says so), kept 30 s, and at most a few lookups a
 * minute per person. In a private thread the person must be in the thread (or manage threads).
 */
import { ChannelType, PermissionFlagsBits, type Client, type GuildMember } from "discord.js";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { ChannelAccess } from "../../table/access.js";

/** How long Discord's word that someone is a member is kept (a sign-in and its resumes within it share one lookup). */
const MEMBER_TTL_MS = 30_000;
/** Member answers kept at most; the oldest go first. */
const MEMBER_CACHE = 5_000;
/** Member lookups one person may cause a minute (past it, the cached answer, or none: "no"). */
const LOOKUPS_PER_MINUTE = 6;

export function channelAccess(client: Client): ChannelAccess {
  const members = new FreshMembers();
  return {
    guildOf(channelId) {
      const channel = client.channels.cache.get(channelId);
      return channel && "guildId" in channel ? channel.guildId : null;
    },
    parentOf(channelId) {
      const channel = client.channels.cache.get(channelId);
      return channel?.isThread() ? (channel.parentId ?? null) : null;
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
  };
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
