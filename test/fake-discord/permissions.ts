// Discord permission bits (names as in discord.js PermissionFlagsBits) and the channel permission
// computation Discord documents: base (roles) -> @everyone overwrite -> role overwrites -> member overwrite.
export const Permission = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewAuditLog: 1n << 7n,
  PrioritySpeaker: 1n << 8n,
  Stream: 1n << 9n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  SendTTSMessages: 1n << 12n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  ViewGuildInsights: 1n << 19n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  MuteMembers: 1n << 22n,
  DeafenMembers: 1n << 23n,
  MoveMembers: 1n << 24n,
  UseVAD: 1n << 25n,
  ChangeNickname: 1n << 26n,
  ManageNicknames: 1n << 27n,
  ManageRoles: 1n << 28n,
  ManageWebhooks: 1n << 29n,
  ManageGuildExpressions: 1n << 30n,
  UseApplicationCommands: 1n << 31n,
  RequestToSpeak: 1n << 32n,
  ManageEvents: 1n << 33n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  UseExternalStickers: 1n << 37n,
  SendMessagesInThreads: 1n << 38n,
  UseEmbeddedActivities: 1n << 39n,
  ModerateMembers: 1n << 40n,
} as const;

export type PermissionName = keyof typeof Permission;

export const ALL_PERMISSIONS: bigint = Object.values(Permission).reduce((a, b) => a | b, 0n);

export function permissionBits(names: readonly PermissionName[]): bigint {
  let bits = 0n;
  for (const name of names) {
    const bit = Permission[name];
    if (bit === undefined) throw new Error(`Unknown permission name "${name}"`);
    bits |= bit;
  }
  return bits;
}

export function permissionNames(bits: bigint): PermissionName[] {
  return (Object.keys(Permission) as PermissionName[]).filter((n) => (bits & Permission[n]) !== 0n);
}

export interface Overwrite {
  id: string;
  type: 0 | 1; // 0 role, 1 member
  allow: bigint;
  deny: bigint;
}

export interface PermissionSubject {
  userId: string;
  roleIds: readonly string[];
}

export interface PermissionGuild {
  id: string;
  ownerId: string;
  roles: ReadonlyMap<string, { permissions: bigint }>;
}

export function basePermissions(guild: PermissionGuild, who: PermissionSubject): bigint {
  if (who.userId === guild.ownerId) return ALL_PERMISSIONS;
  let bits = guild.roles.get(guild.id)?.permissions ?? 0n;
  for (const roleId of who.roleIds) bits |= guild.roles.get(roleId)?.permissions ?? 0n;
  if (bits & Permission.Administrator) return ALL_PERMISSIONS;
  return bits;
}

export function channelPermissions(
  guild: PermissionGuild,
  who: PermissionSubject,
  overwrites: readonly Overwrite[],
  inThread = false,
): bigint {
  let bits = basePermissions(guild, who);
  if (bits === ALL_PERMISSIONS) return bits;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guild.id);
  if (everyone) bits = (bits & ~everyone.deny) | everyone.allow;
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type === 0 && o.id !== guild.id && who.roleIds.includes(o.id)) {
      allow |= o.allow;
      deny |= o.deny;
    }
  }
  bits = (bits & ~deny) | allow;
  const member = overwrites.find((o) => o.type === 1 && o.id === who.userId);
  if (member) bits = (bits & ~member.deny) | member.allow;
  // Implicit denials Discord applies in text channels.
  if (!(bits & Permission.ViewChannel)) return 0n;
  // In a thread, sending is governed by SendMessagesInThreads instead of SendMessages.
  const send = inThread ? Permission.SendMessagesInThreads : Permission.SendMessages;
  if (!(bits & send)) {
    bits &= ~(Permission.SendTTSMessages | Permission.MentionEveryone | Permission.AttachFiles | Permission.EmbedLinks);
  }
  return bits;
}
