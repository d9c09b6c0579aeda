/**
 * Who may see a channel, as Discord says now (ChannelAccess, src/table/access.ts): the channel and
 * its roles from discord.js's cache (the gateway keeps them current: CHANNEL_UPDATE,
 * GUILD_ROLE_UPDATE… come without a privileged intent, and each is passed on to whoever listens),
 * the member fresh from Discord (the cache never hears that someone left or was kicked: that needs
 * the privileged members intent), or as the person was just told it with their own grant (the
 * Activity asks so, off the bot's budget: src/activity/rights.ts), the permissions computed the same
 * way from their roles either way (permissionsOf).
 *
 * A fresh answer is fresh: only a look-up still on its way is shared (the connections one page
 * opens at once), never one already answered. When a look-up cannot be made (the person's budget
 * or everyone's spent, Discord failing) the answer is "busy", never a remembered "yes": a kicked
 * person's remembered yes once let them back 32 s after the kick.
 *
 * Bounds: at most LOOKUPS_PER_SECOND member look-ups a second for the whole process, whatever the
 * number of pages (a queue of at most QUEUE waits its turn, a few seconds; past it "busy"), and
 * LOOKUPS_PER_MINUTE per person.
 */
import {
  ChannelType,
  DiscordAPIError,
  Events,
  PermissionFlagsBits,
  PermissionsBitField,
  type Client,
  type GuildBasedChannel,
} from "discord.js";
import { RateLimiterMemory, RateLimiterQueue } from "rate-limiter-flexible";
import type { ChannelAccess, MayWatch, OwnMembership } from "../../table/access.js";

/** Member answers kept at most (the "known" member a channel's change is judged with); the oldest go first. */
const MEMBER_CACHE = 5_000;
/** Member look-ups one person may cause a minute (past it: "busy"). */
const LOOKUPS_PER_MINUTE = 20;
/** Member look-ups a second for the whole process: a fifth of Discord's global 50 requests a second. */
export const LOOKUPS_PER_SECOND = 10;
/** Look-ups waiting for the process's budget (a few seconds of it); past it: "busy". */
const QUEUE = 50;

export function channelAccess(client: Client): ChannelAccess {
  const members = new FreshMembers();
  const listeners = new Set<(where: { guildId: string; channelId: string | null }) => void>();
  const tell = (guildId: string, channelId: string | null) => {
    for (const l of listeners) l({ guildId, channelId });
  };
  // Events Discord sends without a privileged intent; a member's own roles changing is not among them
  // (GUILD_MEMBER_UPDATE needs the members intent): that is caught at the person's next hand.
  client.on(Events.ChannelUpdate, (_old, c) => {
    if ("guildId" in c) tell(c.guildId, c.id);
  });
  client.on(Events.ThreadUpdate, (_old, t) => tell(t.guildId, t.id));
  client.on(Events.GuildRoleUpdate, (_old, r) => tell(r.guild.id, null));
  client.on(Events.GuildRoleDelete, (r) => tell(r.guild.id, null));
  client.on(Events.ThreadMembersUpdate, (_added, _removed, t) => tell(t.guildId, t.id));
  return {
    guildOf(channelId) {
      const channel = client.channels.cache.get(channelId);
      return channel && "guildId" in channel ? channel.guildId : null;
    },
    parentOf(channelId) {
      const channel = client.channels.cache.get(channelId);
      return channel?.isThread() ? (channel.parentId ?? null) : null;
    },
    onChanged(listener) {
      listeners.add(listener);
    },
    async mayWatch(userId, channelId, want = "fresh", own): Promise<MayWatch> {
      const channel = client.channels.cache.get(channelId);
      if (!channel || channel.isDMBased() || !("permissionsFor" in channel)) return "unknown-channel";
      const guild = channel.guild;
      // The person's own word (asked with their grant, not on the bot's budget) stands for the bot's look-up.
      const member =
        own !== undefined
          ? members.told(guild.id, userId, own)
          : await members.get(guild.id, userId, want, () =>
              guild.members.fetch({ user: userId, force: true }).then((m) => ({ roles: [...m.roles.cache.keys()] })),
            );
      if (member === "busy") return "busy";
      const perms = member ? permissionsOf(channel, userId, member.roles) : 0n;
      if (!(perms & PermissionFlagsBits.ViewChannel)) return "no";
      if (channel.type !== ChannelType.PrivateThread || perms & PermissionFlagsBits.ManageThreads) return "yes";
      // A private thread's members: Discord tells nobody else when one is removed, so this is asked fresh too.
      if (want === "known") return channel.members.cache.has(userId) ? "yes" : "no";
      const inThread = await channel.members.fetch({ member: userId, force: true }).then(
        () => true,
        (err: unknown) => (gone(err) ? false : null),
      );
      return inThread === null ? "busy" : inThread ? "yes" : "no";
    },
  };
}

/**
 * A member's permissions in a channel from their role ids, as Discord computes them (its
 * "Permission Overwrites" order: @everyone and the roles, then the channel's overwrites for
 * @everyone, for the roles together, for the member), with the channel, roles and overwrites from
 * discord.js's cache; a thread has its parent's. The same answer whether the roles came from the
 * bot's look-up or from the person's own.
 */
function permissionsOf(channel: GuildBasedChannel, userId: string, roles: readonly string[]): bigint {
  const guild = channel.guild;
  const where = channel.isThread() ? channel.parent : channel;
  if (!where || !("permissionOverwrites" in where)) return 0n;
  if (guild.ownerId === userId) return PermissionsBitField.All;
  let perms = guild.roles.cache.get(guild.id)?.permissions.bitfield ?? 0n;
  for (const id of roles) perms |= guild.roles.cache.get(id)?.permissions.bitfield ?? 0n;
  if (perms & PermissionFlagsBits.Administrator) return PermissionsBitField.All;
  const overwrites = where.permissionOverwrites.cache;
  const everyone = overwrites.get(guild.id);
  if (everyone) perms = (perms & ~everyone.deny.bitfield) | everyone.allow.bitfield;
  let deny = 0n;
  let allow = 0n;
  for (const id of roles) {
    const o = id === guild.id ? undefined : overwrites.get(id);
    if (o) [deny, allow] = [deny | o.deny.bitfield, allow | o.allow.bitfield];
  }
  perms = (perms & ~deny) | allow;
  const mine = overwrites.get(userId);
  if (mine) perms = (perms & ~mine.deny.bitfield) | mine.allow.bitfield;
  return perms;
}

/** Discord's "no such member / user" (the person is not in the server), as opposed to a failure. */
function gone(err: unknown): boolean {
  return err instanceof DiscordAPIError && (err.status === 404 || err.code === 10007 || err.code === 10013);
}

/** Members as Discord says they are now (their role ids; null: not a member), with a bound on the bot's look-ups per person and for the process. */
class FreshMembers {
  private readonly known = new Map<string, OwnMembership>();
  private readonly asking = new Map<string, Promise<OwnMembership | "busy">>();
  private readonly perPerson = new RateLimiterMemory({ keyPrefix: "member-lookup", points: LOOKUPS_PER_MINUTE, duration: 60 });
  private readonly everyone = new RateLimiterQueue(
    new RateLimiterMemory({ keyPrefix: "member-lookups", points: LOOKUPS_PER_SECOND, duration: 1 }),
    { maxQueueSize: QUEUE },
  );

  async get(
    guildId: string,
    userId: string,
    want: "fresh" | "known",
    fetch: () => Promise<OwnMembership>,
  ): Promise<OwnMembership | "busy"> {
    const key = `${guildId} ${userId}`;
    const hit = this.known.get(key);
    if (hit !== undefined && want === "known") return hit;
    let asked = this.asking.get(key);
    if (!asked) {
      asked = this.ask(key, userId, fetch).finally(() => this.asking.delete(key));
      this.asking.set(key, asked);
    }
    return asked;
  }

  /** What the person was told themselves, just now: remembered as any fresh answer is. */
  told(guildId: string, userId: string, member: OwnMembership): OwnMembership {
    this.remember(`${guildId} ${userId}`, member);
    return member;
  }

  private async ask(key: string, userId: string, fetch: () => Promise<OwnMembership>): Promise<OwnMembership | "busy"> {
    const may = await this.perPerson.consume(userId).then(
      () =>
        this.everyone.removeTokens(1).then(
          () => true,
          () => false,
        ),
      () => false,
    );
    if (!may) return "busy";
    const member = await fetch().then(
      (m) => m,
      (err: unknown) => (gone(err) ? null : ("busy" as const)),
    );
    if (member === "busy") return member;
    this.remember(key, member);
    return member;
  }

  private remember(key: string, member: OwnMembership): void {
    this.known.delete(key);
    this.known.set(key, member);
    if (this.known.size > MEMBER_CACHE) this.known.delete(this.known.keys().next().value!);
  }
}
