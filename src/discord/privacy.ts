/**
 * /hearts privacy: what the bot stores about the person (or, for Manage Server, the server), with a
 * "Forget me" (or "Purge") button that asks for confirmation first. The buttons carry no user or
 * server: they act on whoever clicks, where they click, and permissions are checked again then.
 */
import { ButtonStyle, ComponentType, type ButtonInteraction, type ChatInputCommandInteraction } from "discord.js";
import { OPT } from "../../commands/hearts.js";
import { isLocale, localeOf, messages, type Locale } from "../i18n/index.js";
import { FORMER_PLAYER, type PrivacyStore } from "../store/privacy.js";
import type { GuildSettings, Store } from "../store/types.js";
import { DEFAULT_RETENTION_DAYS, retentionDaysOf } from "../table/guild-settings.js";
import type { Ctx } from "./context.js";
import type { OutMessage } from "./message.js";
import { isServerManager } from "./settings.js";

const PREFIX = "p1:";
const IDS = { forget: "p1:forget", forgetYes: "p1:forget:yes", purge: "p1:purge", purgeYes: "p1:purge:yes" } as const;
const RED = 0xc0392b;

/** A privacy button's custom_id (they are not table buttons: no table id, no version). */
export const isPrivacyId = (customId: string): boolean => customId.startsWith(PREFIX);

const privacyStore = (store: Store): (Store & PrivacyStore) | null => (typeof (store as Partial<PrivacyStore>).forgetUser === "function" ? (store as Store & PrivacyStore) : null);

/** Deletions in progress (a second click waits for nothing: it is told). */
const inProgress = new Set<string>();

/** The language of a server's public posts: its setting, else Discord's server locale. */
export function serverLocale(g: GuildSettings, guildLocale: string | null | undefined): Locale {
  return isLocale(g.locale) ? g.locale : localeOf(guildLocale);
}

const button = (custom_id: string, label: string) => ({ type: ComponentType.ActionRow as const, components: [{ type: ComponentType.Button as const, style: ButtonStyle.Danger as const, custom_id, label }] });

export async function privacyCommand(ctx: Ctx, i: ChatInputCommandInteraction<"cached" | "raw">): Promise<void> {
  const m = messages(localeOf(i.locale)).privacy;
  const store = privacyStore(ctx.store);
  if (!store) return ctx.respond.say(m.unavailable);
  if (i.options.getBoolean(OPT.server)) {
    if (!isServerManager(i)) return ctx.respond.say(m.notAdmin);
    const days = retentionDaysOf(await ctx.guilds.get(i.guildId));
    return ctx.respond.send({ embeds: [{ title: m.serverTitle, color: RED, description: [m.serverWhat({ days }), "", m.purgeExplained].join("\n") }], components: [button(IDS.purge, m.purgeButton)] });
  }
  await ctx.respond.defer();
  const d = await store.personalData(i.user.id);
  const lines = [
    `• ${m.tables({ n: d.tables })}`,
    `• ${m.games({ n: d.games, servers: d.servers })}`,
    `• ${m.standings({ n: d.standings })}`,
    `• ${m.menus({ n: d.menus })}`,
    `• ${m.names({ names: d.names.length ? d.names.join(", ") : m.noName })}`,
    "",
    m.why,
    m.howLong({ days: DEFAULT_RETENTION_DAYS }),
    "",
    m.forgetExplained,
  ];
  const msg: OutMessage = { embeds: [{ title: m.title, color: RED, description: lines.join("\n") }], components: [button(IDS.forget, m.forgetButton)] };
  return ctx.respond.send(msg);
}

export async function privacyButton(ctx: Ctx, i: ButtonInteraction): Promise<void> {
  const m = messages(localeOf(i.locale)).privacy;
  const store = privacyStore(ctx.store);
  if (!store) return ctx.respond.say(m.unavailable);
  switch (i.customId) {
    case IDS.forget:
      return ctx.respond.send({ content: m.confirmForget, components: [button(IDS.forgetYes, m.confirmForgetButton)] });
    case IDS.forgetYes:
      return forget(ctx, store, i.user.id, m);
    case IDS.purge:
      if (!i.inGuild() || !isServerManager(i)) return ctx.respond.say(m.notAdmin);
      return ctx.respond.send({ content: m.confirmPurge, components: [button(IDS.purgeYes, m.confirmPurgeButton)] });
    case IDS.purgeYes:
      if (!i.inGuild() || !isServerManager(i)) return ctx.respond.say(m.notAdmin);
      return purge(ctx, store, i.guildId, i.guildLocale, m);
    default:
      return ctx.respond.say(messages(localeOf(i.locale)).common.somethingWentWrong);
  }
}

type PrivacyText = ReturnType<typeof messages>["privacy"];

async function forget(ctx: Ctx, store: PrivacyStore, userId: string, m: PrivacyText): Promise<void> {
  const key = `user:${userId}`;
  if (inProgress.has(key)) return ctx.respond.say(m.busy);
  inProgress.add(key);
  try {
    await ctx.respond.defer();
    // Open tables first (the table service holds them), then everything stored.
    const open = await ctx.service.forgetPlayer(userId, FORMER_PLAYER);
    const r = await store.forgetUser(userId);
    ctx.log.info({ results: r.results, tables: r.tables, open, servers: r.guilds.length }, "a person asked to be forgotten; done");
    return await ctx.respond.say(m.forgotten({ results: r.results, tables: r.tables, open }));
  } finally {
    inProgress.delete(key);
  }
}

async function purge(ctx: Ctx, store: PrivacyStore, guildId: string, guildLocale: string | null, m: PrivacyText): Promise<void> {
  const key = `guild:${guildId}`;
  if (inProgress.has(key)) return ctx.respond.say(m.busy);
  inProgress.add(key);
  try {
    await ctx.respond.defer();
    const g = await ctx.guilds.get(guildId);
    const open = await ctx.service.endGuild(guildId, messages(serverLocale(g, guildLocale)).privacy.tableEndedPurge);
    const r = await store.purgeGuild(guildId);
    ctx.log.info({ guild: guildId, ...r, open }, "a server admin purged the server's data");
    return await ctx.respond.say(m.purged({ ...r, open }));
  } finally {
    inProgress.delete(key);
  }
}

/**
 * The bot was removed from a server: its open tables end now, and its data is purged by the
 * housekeeping job after the grace period (the date is stored, so it survives restarts).
 */
export async function guildRemoved(ctx: Pick<Ctx, "service" | "guilds" | "log">, guildId: string, at: Date): Promise<void> {
  const g = await ctx.guilds.get(guildId);
  const open = await ctx.service.endGuild(guildId, messages(serverLocale(g, null)).privacy.tableEndedRemoved);
  await ctx.guilds.update(guildId, { leftAt: at });
  ctx.log.info({ guild: guildId, open }, "removed from a server: its tables ended; its data is purged after the grace period");
}

/** The bot is in this server (again): a pending purge is called off. */
export async function guildPresent(ctx: Pick<Ctx, "guilds" | "log">, guildId: string): Promise<void> {
  const g = await ctx.guilds.get(guildId);
  if (!g.leftAt) return;
  await ctx.guilds.update(guildId, { leftAt: null });
  ctx.log.info({ guild: guildId }, "added back to a server before its purge: its data stays");
}
