/**
 * /hearts settings: a server's defaults (rules, the table settings a server may fix, language)
 * and limits (where tables open, how many at once, how long move logs are kept). Anyone may look;
 * only members with Manage Server may change (checked here, at run time: /hearts is one command).
 */
import { PermissionFlagsBits, type ChatInputCommandInteraction, type PermissionsBitField } from "discord.js";
import { OPT, RESET_CHOICES } from "../../../commands/hearts.js";
import { presetRules } from "../../game/index.js";
import { isLocale, localeOf, type Locale } from "../../i18n/index.js";
import type { GuildSettings, GuildSettingsPatch } from "../../table/store.js";
import { DEFAULT_RETENTION_DAYS, MAX_ALLOWED_CHANNELS, tableCapOf } from "../../table/guild-settings.js";
import { applyRulesSpec } from "../../table/options.js";
import { SERVER_SETTINGS, type ServerKey } from "../../table/settings-table.js";
import type { Interacting, Services } from "../interactions/context.js";
import { command } from "./types.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR } from "../views/components.js";

const SNOWFLAKE = /^\d{15,22}$/;

/** What the settings read: the person's words, the bot's defaults and ceiling, the server's settings. */
type SettingsCtx = Pick<Interacting, "m" | "tell"> & Pick<Services, "defaults" | "limits">;

/** Manage Server, as Discord computed it for the member in this interaction. */
export const isServerManager = (i: { memberPermissions: Readonly<PermissionsBitField> | null }): boolean =>
  i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;

/** The raw value of an option (channel options need no resolved channel object this way). */
const raw = (i: ChatInputCommandInteraction, name: string): string | number | boolean | undefined =>
  i.options.get(name)?.value ?? undefined;

/** `/hearts settings`: without options, the current values; with options, changes (Manage Server). */
export const settingsHandler = command({
  name: "settings",
  defer: "none",
  uses: ["guilds", "log", "defaults", "limits"],
  parse: (i) => ({ change: changeFrom(i), manager: isServerManager(i), guildId: i.guildId }),
  async run(ctx, { change, manager, guildId }) {
    const m = ctx.m.settings;
    if (!change) return ctx.respond.send(settingsView(ctx, await ctx.guilds.get(guildId)));
    if (!manager) return ctx.respond.say(m.notAdmin);
    const current = await ctx.guilds.get(guildId);
    const patch = patchFrom(ctx, change, current);
    if (typeof patch === "string") return ctx.respond.say(patch);
    const next = await ctx.guilds.update(guildId, patch);
    ctx.log.info({ guild: guildId, user: ctx.actor.userId, changed: Object.keys(patch) }, "server settings changed");
    return ctx.respond.send({ ...settingsView(ctx, next), content: m.saved });
  },
});

interface Change {
  add?: string;
  remove?: string;
  rules?: string;
  /** The server's table settings (src/table/settings-table.ts), by key, as given. */
  defaults?: Partial<Record<ServerKey, unknown>>;
  cap?: number;
  language?: string;
  retention?: number;
  daily?: boolean;
  dailyRules?: string;
  dailyMemberDays?: number;
  tournamentRole?: string;
  reset?: string;
}

function changeFrom(i: ChatInputCommandInteraction): Change | null {
  const c: Change = {};
  const add = raw(i, OPT.addChannel);
  if (add !== undefined) c.add = String(add);
  const remove = raw(i, OPT.removeChannel);
  if (remove !== undefined) c.remove = String(remove);
  const rules = i.options.getString(OPT.rules);
  if (rules !== null) c.rules = rules.trim();
  for (const s of SERVER_SETTINGS) {
    const value = raw(i, s.option.name);
    if (value !== undefined) c.defaults = { ...c.defaults, [s.key]: value };
  }
  const cap = i.options.getInteger(OPT.maxTables);
  if (cap !== null) c.cap = cap;
  const language = i.options.getString(OPT.language);
  if (language !== null) c.language = language;
  const retention = i.options.getInteger(OPT.retention);
  if (retention !== null) c.retention = retention;
  const daily = i.options.getBoolean(OPT.daily);
  if (daily !== null) c.daily = daily;
  const dailyRules = i.options.getString(OPT.dailyRules);
  if (dailyRules !== null) c.dailyRules = dailyRules.trim();
  const dailyMemberDays = i.options.getInteger(OPT.dailyMemberDays);
  if (dailyMemberDays !== null) c.dailyMemberDays = dailyMemberDays;
  const role = raw(i, OPT.tournamentRole);
  if (role !== undefined) c.tournamentRole = String(role);
  const reset = i.options.getString(OPT.reset);
  if (reset !== null) c.reset = reset;
  return Object.keys(c).length ? c : null;
}

/** The store patch for a change, or the sentence saying why it cannot be made. Resets apply first. */
function patchFrom(ctx: SettingsCtx, c: Change, current: GuildSettings): GuildSettingsPatch | string {
  const m = ctx.m.settings;
  const p: GuildSettingsPatch = {};
  const resets = new Set<string>(c.reset === "all" ? RESET_CHOICES.map((r) => r.value) : c.reset ? [c.reset] : []);
  if (resets.has("channels")) p.allowedChannels = [];
  if (resets.has("rules")) p.defaultRules = "classic";
  for (const s of SERVER_SETTINGS) if (resets.has(s.option.name)) p[s.key] = null;
  if (resets.has("max_tables")) p.tableCap = null;
  if (resets.has("language")) p.locale = null;
  if (resets.has("retention")) p.retentionDays = null;
  if (resets.has("tournament_role")) p.tournamentRole = null;

  let channels = p.allowedChannels ?? current.allowedChannels;
  if (c.add !== undefined || c.remove !== undefined) {
    for (const id of [c.add, c.remove]) if (id !== undefined && !SNOWFLAKE.test(id)) return m.badChannel;
    if (c.add !== undefined && !channels.includes(c.add)) channels = [...channels, c.add];
    if (c.remove !== undefined) channels = channels.filter((id) => id !== c.remove);
    if (channels.length > MAX_ALLOWED_CHANNELS) return m.tooManyChannels({ max: MAX_ALLOWED_CHANNELS });
    p.allowedChannels = channels;
  }
  if (c.rules !== undefined) {
    const r = applyRulesSpec(presetRules("classic")!, c.rules);
    if (!r.ok) return m.badRules({ error: ctx.tell(r.error) });
    p.defaultRules = c.rules;
  }
  for (const s of SERVER_SETTINGS) {
    if (c.defaults?.[s.key] === undefined) continue;
    const checked = s.check(c.defaults[s.key]);
    if (checked.ok) Object.assign(p, { [s.key]: checked.value });
    else if (checked.error) return ctx.tell(checked.error);
  }
  if (c.cap !== undefined) {
    const ceiling = ctx.limits.maxTablesPerGuild;
    if (c.cap < 1 || c.cap > ceiling) return m.capTooHigh({ max: ceiling });
    p.tableCap = c.cap;
  }
  if (c.language !== undefined && isLocale(c.language)) p.locale = c.language;
  if (c.language === "server") p.locale = null;
  if (c.retention !== undefined && [30, 90, 180, 365].includes(c.retention)) p.retentionDays = c.retention;
  if (c.daily !== undefined) p.dailyEnabled = c.daily;
  if (c.dailyRules !== undefined) {
    const r = applyRulesSpec(presetRules("classic")!, c.dailyRules);
    if (!r.ok) return m.badRules({ error: ctx.tell(r.error) });
    p.dailyRules = c.dailyRules;
  }
  if (c.dailyMemberDays !== undefined && Number.isInteger(c.dailyMemberDays) && c.dailyMemberDays >= 0 && c.dailyMemberDays <= 365)
    p.dailyMemberDays = c.dailyMemberDays;
  if (c.tournamentRole !== undefined) {
    if (!SNOWFLAKE.test(c.tournamentRole)) return m.badRole;
    p.tournamentRole = c.tournamentRole;
  }
  return p;
}

/** The current values, in the reader's language; defaults are marked as such. */
function settingsView(ctx: SettingsCtx, g: GuildSettings): OutMessage {
  const m = ctx.m.settings;
  const d = ctx.defaults;
  const dflt = (set: boolean, value: string) => (set ? value : m.byDefault({ value }));
  const ceiling = ctx.limits.maxTablesPerGuild;
  const fields = [
    { name: m.channels, value: g.allowedChannels.length ? g.allowedChannels.map((id) => `<#${id}>`).join(" ") : m.anywhere },
    { name: m.rules, value: `\`${g.defaultRules}\`` },
    ...SERVER_SETTINGS.map((s) => ({
      name: s.server.label(ctx.m),
      value: dflt(g[s.key] !== null, s.server.show(g[s.key] ?? d[s.key], ctx.m)),
    })),
    { name: m.cap, value: m.capValue({ n: tableCapOf(ceiling, g), max: ceiling }) },
    { name: m.language, value: g.locale ?? m.languageServer },
    { name: m.retention, value: dflt(g.retentionDays !== null, m.retentionDays({ days: g.retentionDays ?? DEFAULT_RETENTION_DAYS })) },
    {
      name: m.daily,
      value: g.dailyEnabled ? `${m.dailyOn({ rules: g.dailyRules })}; ${m.dailyMembers({ days: g.dailyMemberDays })}` : m.dailyOff,
    },
    { name: m.tournaments, value: m.tournamentsBy({ role: g.tournamentRole }) },
  ].map((f) => ({ ...f, inline: true }));
  return { embeds: [{ title: m.title, color: COLOUR.brand, fields, footer: { text: m.footer } }] };
}

/** The language of a server's public posts: its setting, else Discord's server locale. */
export function serverLocale(g: GuildSettings, guildLocale: string | null | undefined): Locale {
  return isLocale(g.locale) ? g.locale : localeOf(guildLocale);
}

/** The parent channel of a thread (tables may open in threads of an allowed channel), else null. */
export const parentOf = (i: ChatInputCommandInteraction<"cached" | "raw">): string | null =>
  i.channel?.isThread() ? (i.channel.parentId ?? null) : null;
