/**
 * When a person's right to a table ends: they left its seat or were kicked, they asked the bot to
 * forget them, their server purged its data, or banned them. Any front end that keeps a session (the Activity's
 * pages) hears it at once and refuses the sessions made before it: a session carries when it was
 * issued, and a session issued before the person's cut-off for that place is void.
 *
 * Kept in memory: a restart forgets the cut-offs, so a session made before one may resume after a
 * restart; it is then checked as any resume is, against Discord's fresh word that the person may see
 * the channel, and it binds to the table as it is now (no seat for someone who left or was kicked).
 */

import type { Outcome, TableView } from "./types.js";

/**
 * Whether a person may see a channel, as the chat platform says now: its server, the channel's
 * permissions, a private thread's members. The Discord front end answers it (src/discord/bot/members.ts);
 * the Activity asks it at every sign-in and resume, again at a person's moves as hands go by, and
 * whenever the platform says a channel's or a role's permissions changed.
 */
export interface ChannelAccess {
  /**
   * A channel the bot does not know is nobody's ("unknown-channel"); "busy": the platform's word
   * could not be had now (its look-ups' budget spent, or it failed): ask again later, never take
   * an old answer for it. `member: "fresh"` (the default) asks the platform about the person now;
   * "known" judges the channel's and roles' permissions as they are now with the person as last
   * asked (a channel or a role changed, not the person), asking only when nothing is known.
   * `own`: the person's membership as the platform told the person themselves just now (their roles,
   * or null: not a member), asked with their own grant rather than the bot's budget: it stands for
   * the member look-up, and `member` then says only how fresh the rest must be (a private thread's
   * members). It is remembered as the person's "known" membership.
   */
  mayWatch(userId: string, channelId: string, member?: "fresh" | "known", own?: OwnMembership): Promise<MayWatch>;
  /** Tells `listener` when who may see channels may have changed: a channel or thread (its id) or a server's roles (channel null). */
  onChanged?(listener: (where: { guildId: string; channelId: string | null }) => void): void;
  /** The channel's server, for the per-server budgets; null when unknown. */
  guildOf(channelId: string): string | null;
  /** A thread's parent channel (tables may open in a thread of an allowed channel); null for anything else. */
  parentOf(channelId: string): string | null;
}

export type MayWatch = "yes" | "no" | "unknown-channel" | "busy";

/** A person's membership of a server as they were told it (their role ids), or null: not a member. */
export type OwnMembership = { roles: readonly string[] } | null;

export type AccessEnd = "left" | "kicked" | "forgotten" | "purged" | "banned";

/** Where a person's right ended: everywhere (Forget me), a server (everyone, a purge), or a table's channels. */
export interface AccessEnded {
  why: AccessEnd;
  userId: string | null;
  guildId: string | null;
  /** The table's channel and thread (a seat left or lost). */
  channels: string[];
  at: number;
}

/** Cut-offs kept at most, per kind (a stranger cannot grow them: each follows a person's own action or an admin's). */
const MAX_CUTOFFS = 100_000;

export class TableAccess {
  private readonly byUser = new Map<string, number>();
  private readonly byGuild = new Map<string, number>();
  private readonly byUserChannel = new Map<string, number>();
  private readonly byUserGuild = new Map<string, number>();
  private readonly listeners = new Set<(e: AccessEnded) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  onEnded(listener: (e: AccessEnded) => void): void {
    this.listeners.add(listener);
  }

  left(userId: string, channels: string[], why: "left" | "kicked"): void {
    const at = this.now();
    for (const c of channels) put(this.byUserChannel, `${userId} ${c}`, at);
    this.tell({ why, userId, guildId: null, channels, at });
  }

  /** After a leave or a kick: a refusal passes through; a success ends the person's sessions at the table. */
  seatLost<T extends Outcome<{ table: TableView }>>(r: T, userId: string, why: "left" | "kicked"): T {
    if (r.ok)
      this.left(userId, r.table.record.threadId ? [r.table.record.channelId, r.table.record.threadId] : [r.table.record.channelId], why);
    return r;
  }

  forgotten(userId: string): void {
    const at = this.now();
    put(this.byUser, userId, at);
    this.tell({ why: "forgotten", userId, guildId: null, channels: [], at });
  }

  /** Banned from a server (seen by the bot): their sessions there end. */
  banned(userId: string, guildId: string): void {
    const at = this.now();
    put(this.byUserGuild, `${userId} ${guildId}`, at);
    this.tell({ why: "banned", userId, guildId, channels: [], at });
  }

  purged(guildId: string): void {
    const at = this.now();
    put(this.byGuild, guildId, at);
    this.tell({ why: "purged", userId: null, guildId, channels: [], at });
  }

  /** Whether a session issued at `issued` for this person, server and channel still holds. */
  holds(issued: number, userId: string, guildId: string | null, channel: string): boolean {
    const cut = Math.max(
      this.byUser.get(userId) ?? 0,
      guildId ? (this.byGuild.get(guildId) ?? 0) : 0,
      this.byUserChannel.get(`${userId} ${channel}`) ?? 0,
      guildId ? (this.byUserGuild.get(`${userId} ${guildId}`) ?? 0) : 0,
    );
    return issued > cut;
  }

  private tell(e: AccessEnded): void {
    for (const l of this.listeners) l(e);
  }
}

function put(map: Map<string, number>, key: string, at: number): void {
  map.delete(key);
  map.set(key, at);
  if (map.size > MAX_CUTOFFS) map.delete(map.keys().next().value!);
}
