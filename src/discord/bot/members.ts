/**
 * Who may see a channel, as Discord says now (ChannelAccess, src/table/access.ts): the channel and
 * its roles from discord.js's cache (the gateway keeps them current: CHANNEL_UPDATE,
 * GUILD_ROLE_UPDATE… come without a privileged intent, and each is passed on to whoever listens),
 * the member fresh from Discord (the cache never hears that someone left or was kicked: that needs
 * the privileged members intent).
 *
 * A fresh answer is fresh: a look-up made within the last couple of seconds is shared (the
 * connections one page opens at once), never an older one. When a look-up cannot be made (the
 * person's budget or everyone's spent, Discord failing) the answer is "busy", never a remembered
 * "yes": a kicked person's remembered yes once let them back 32 s after the kick.
 *
 * Bounds: at most LOOKUPS_PER_SECOND member look-ups a second for the whole process, whatever the
 * number of pages (a queue of at most QUEUE waits its turn, a few seconds; past it "busy"), and
 * LOOKUPS_PER_MINUTE per person.
 */
import { ChannelType, DiscordAPIError, Events, PermissionFlagsBits, type Client, type GuildMember } from "discord.js";
import { RateLimiterMemory, RateLimiterQueue } from "rate-limiter-flexible";
import type { ChannelAccess, MayWatch } from "../../table/access.js";

/** How long one look-up answers for the same person and server (a page's connections opening at once). */
const SHARE_MS = 2000;
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
    async mayWatch(userId, channelId, want = "fresh"): Promise<MayWatch> {
      const channel = client.channels.cache.get(channelId);
      if (!channel || channel.isDMBased() || !("permissionsFor" in channel)) return "unknown-channel";
      const member = await members.get(channel.guild.id, userId, want, () => channel.guild.members.fetch({ user: userId, force: true }));
      if (member === "busy") return "busy";
      if (!member || !channel.permissionsFor(member)?.has(PermissionFlagsBits.ViewChannel)) return "no";
      if (channel.type !== ChannelType.PrivateThread || channel.permissionsFor(member)?.has(PermissionFlagsBits.ManageThreads))
        return "yes";
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

/** Discord's "no such member / user" (the person is not in the server), as opposed to a failure. */
function gone(err: unknown): boolean {
  return err instanceof DiscordAPIError && (err.status === 404 || err.code === 10007 || err.code === 10013);
}

/** Members as Discord says they are now, with a bound on look-ups per person and for the process. */
class FreshMembers {
  private readonly known = new Map<string, { at: number; member: GuildMember | null }>();
  private readonly asking = new Map<string, Promise<GuildMember | null | "busy">>();
  private readonly perPerson = new RateLimiterMemory({ keyPrefix: "member-lookup", points: LOOKUPS_PER_MINUTE, duration: 60 });
  private readonly everyone = new RateLimiterQueue(
    new RateLimiterMemory({ keyPrefix: "member-lookups", points: LOOKUPS_PER_SECOND, duration: 1 }),
    { maxQueueSize: QUEUE },
  );

  async get(
    guildId: string,
    userId: string,
    want: "fresh" | "known",
    fetch: () => Promise<GuildMember>,
  ): Promise<GuildMember | null | "busy"> {
    const key = `${guildId} ${userId}`;
    const hit = this.known.get(key);
    if (hit && (want === "known" || Date.now() - hit.at < SHARE_MS)) return hit.member;
    let asked = this.asking.get(key);
    if (!asked) {
      asked = this.ask(key, userId, fetch).finally(() => this.asking.delete(key));
      this.asking.set(key, asked);
    }
    return asked;
  }

  private async ask(key: string, userId: string, fetch: () => Promise<GuildMember>): Promise<GuildMember | null | "busy"> {
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
    this.known.delete(key);
    this.known.set(key, { at: Date.now(), member });
    if (this.known.size > MEMBER_CACHE) this.known.delete(this.known.keys().next().value!);
    return member;
  }
}
