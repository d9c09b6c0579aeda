/** Opening, joining, leaving, starting, ending a table; seats for computer players; the rules. */
import { PermissionFlagsBits, type ChatInputCommandInteraction } from "discord.js";
import { OPT } from "../../../commands/hearts.js";
import { presetRules } from "../../game/index.js";
import { sentence, words } from "../../i18n/index.js";
import { applyRulesChange, applySettings, type SettingsChange } from "../../table/options.js";
import { isBotLevel } from "../../ai/index.js";
import { OPTION_SETTINGS } from "../../table/settings-table.js";
import type { TableView } from "../../table/types.js";
import { serverDefaults } from "../../table/guild-settings.js";
import { HAND_USES, sendHand } from "../presenting/send-hand.js";
import { parentOf } from "./settings.js";
import { serverLocale } from "../../table/guild-settings.js";
import { rulesMessage } from "../views/rules.js";
import { command, component, decline, isDecline, tableCommand, type Decline, type HandlerCtx } from "./types.js";

/** Permissions the bot needs where a table is opened, with the names Discord's settings show (by catalogue key). */
const NEEDED: [bigint, PermissionName][] = [
  [PermissionFlagsBits.ViewChannel, "permViewChannel"],
  [PermissionFlagsBits.SendMessages, "permSendMessages"],
  [PermissionFlagsBits.EmbedLinks, "permEmbedLinks"],
  [PermissionFlagsBits.AttachFiles, "permAttachFiles"],
];
type PermissionName = "permViewChannel" | "permSendMessages" | "permEmbedLinks" | "permAttachFiles" | "permSendInThreads";

/**
 * The table settings a command gives (its options, from the settings table), or the refusal of a
 * value this version does not take (a level it does not know: never dropped in silence).
 */
function settingsFrom(i: ChatInputCommandInteraction): SettingsChange | Decline {
  const change: Record<string, unknown> = {};
  for (const s of OPTION_SETTINGS) {
    // discord.js's typed getters: a value of another type (an older /hearts still shown) throws, and the router words it.
    const name = s.option.name;
    const raw =
      s.kind === "boolean" ? i.options.getBoolean(name) : s.kind === "integer" ? i.options.getInteger(name) : i.options.getString(name);
    if (raw === undefined || raw === null) continue;
    const c = s.check(raw);
    if (c.ok) change[s.key] = c.value;
    // A number out of range is left for applySettings to word; another value is refused here, or dropped.
    else if (s.kind === "integer") change[s.key] = raw;
    else if (c.error) return decline((m) => words(m, c.error!));
  }
  return change as SettingsChange;
}

export const newTable = command({
  name: "new",
  defer: "reply",
  uses: ["guilds", "defaults", "service", "presenter", "log"],
  parse(i) {
    const perms = i.appPermissions;
    const inThread = i.channel?.isThread() ?? false;
    const needed = inThread
      ? [...NEEDED, [PermissionFlagsBits.SendMessagesInThreads, "permSendInThreads"] as [bigint, PermissionName]]
      : NEEDED;
    const missing = perms ? needed.filter(([p]) => !perms.has(p)).map(([, n]) => n) : [];
    const settings = settingsFrom(i);
    if (isDecline(settings)) return settings;
    const canThread =
      !inThread && !!perms?.has(PermissionFlagsBits.CreatePublicThreads) && !!perms?.has(PermissionFlagsBits.SendMessagesInThreads);
    return {
      missing,
      spec: i.options.getString(OPT.rules),
      target: i.options.getInteger(OPT.target),
      settings,
      canThread,
      guildId: i.guildId,
      channelId: i.channelId,
      parentId: parentOf(i),
      guildLocale: i.guildLocale,
    };
  },
  async run(ctx, { missing, spec, target, settings: change, canThread, guildId, channelId, parentId, guildLocale }) {
    if (missing.length)
      return ctx.respond.say(
        ctx.m.lobby.missingPermissions({ list: missing.map((n) => ctx.m.lobby[n]).join(", "), count: missing.length }),
      );
    // The server's settings (/hearts settings): a new table's defaults and language. Where tables
    // open, the server's cap and the person's cooldown are the table service's (src/table/opening.ts).
    const server = await ctx.guilds.get(guildId);
    // The table's public posts speak the server's language: its setting, else Discord's guild_locale.
    const locale = serverLocale(server, guildLocale);
    const given = spec ?? server.defaultRules;
    const rules = applyRulesChange(presetRules("classic")!, { spec: given, ...(target !== null && { values: { target } }) });
    if (!rules.ok) return ctx.respond.say(ctx.m.refusals.badRules({ detail: ctx.tell(rules.error) }));
    const settings = applySettings({ ...serverDefaults(ctx.defaults, server), locale }, change);
    if (!settings.ok) return ctx.respond.say(ctx.tell(settings.error));

    await ctx.respond.defer();
    const r = await ctx.service.open({ guildId, channelId, parentId }, ctx.actor, { rules: rules.rules, settings: settings.settings });
    if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
    ctx.presenter.noteThreadPermission(r.table.record.id, canThread);
    try {
      await ctx.presenter.postTableMessage(r.table);
    } catch (err) {
      ctx.log.warn({ table: r.table.record.id, err: err instanceof Error ? err.message : String(err) }, "could not post the table message");
      await ctx.service.closeBySystem(r.table.record.id, "ended", sentence("lobby", "closedNotPosted"));
      return ctx.respond.say(ctx.m.lobby.cannotPost);
    }
    return ctx.respond.say(settings.settings.fillWithBots ? ctx.m.lobby.openedFill : ctx.m.lobby.opened);
  },
});

const JOIN_USES = ["service", ...HAND_USES] as const;

async function join(ctx: HandlerCtx<TableView, (typeof JOIN_USES)[number]>, fromButton: boolean): Promise<void> {
  const r = await ctx.service.join(ctx.table.record.id, ctx.actor);
  if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
  if (r.table.game) return sendHand(ctx, r.table, { notice: ctx.tell(r.say) });
  return ctx.respond.say(fromButton ? `${ctx.tell(r.say)} ${ctx.m.lobby.waitForStart}` : ctx.tell(r.say));
}

async function leave(ctx: HandlerCtx<TableView, "service">): Promise<void> {
  const r = await ctx.service.leave(ctx.table.record.id, ctx.actor);
  return ctx.respond.say(ctx.tell(r.say));
}

const START_USES = ["service", "presenter", ...HAND_USES] as const;

async function start(ctx: HandlerCtx<TableView, (typeof START_USES)[number]>, canThread: boolean): Promise<void> {
  const tableId = ctx.table.record.id;
  if (!canThread) ctx.presenter.noteThreadPermission(tableId, false);
  const r = await ctx.service.start(tableId, ctx.actor);
  if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
  return sendHand(ctx, r.table, { notice: ctx.m.lobby.started });
}

const canChange = (ctx: Pick<HandlerCtx, "actor">, table: TableView): boolean =>
  table.record.status === "lobby" && (table.record.hostId === ctx.actor.userId || !!ctx.actor.canManage);

const canThreadHere = (i: { appPermissions: { has(p: bigint): boolean } | null }): boolean =>
  i.appPermissions?.has(PermissionFlagsBits.CreatePublicThreads) ?? false;

export const joinCommand = tableCommand({
  name: "join",
  defer: "none",
  uses: JOIN_USES,
  parse: () => ({}),
  run: (ctx) => join(ctx, false),
});
export const joinButton = component({ name: "join", defer: "none", uses: JOIN_USES, parse: () => ({}), run: (ctx) => join(ctx, true) });

export const leaveCommand = tableCommand({ name: "leave", defer: "none", uses: ["service"], parse: () => ({}), run: (ctx) => leave(ctx) });
export const leaveButton = component({ name: "leave", defer: "none", uses: ["service"], parse: () => ({}), run: (ctx) => leave(ctx) });

export const startCommand = tableCommand({
  name: "start",
  defer: "reply",
  uses: START_USES,
  parse: (i) => ({ canThread: canThreadHere(i) }),
  run: (ctx, { canThread }) => start(ctx, canThread),
});
export const startButton = component({
  name: "start",
  defer: "reply",
  uses: START_USES,
  parse: (_id, i) => ({ canThread: canThreadHere(i) }),
  run: (ctx, { canThread }) => start(ctx, canThread),
});

export const endCommand = tableCommand({
  name: "end",
  defer: "none",
  purpose: "host",
  uses: ["service"],
  parse: () => ({}),
  async run(ctx) {
    const r = await ctx.service.end(ctx.table.record.id, ctx.actor);
    return ctx.respond.say(r.ok ? ctx.m.lobby.tableClosed : ctx.tell(r.say));
  },
});

export const kickCommand = tableCommand({
  name: "kick",
  defer: "none",
  purpose: "host",
  // In a channel of several tables (a tournament's), the table where the player named sits.
  about: (i) => i.options.getUser(OPT.user)?.id ?? null,
  uses: ["service"],
  parse: (i) => ({ userId: i.options.getUser(OPT.user, true).id }),
  async run(ctx, { userId }) {
    const r = await ctx.service.kick(ctx.table.record.id, ctx.actor, userId);
    return ctx.respond.say(ctx.tell(r.say));
  },
});

export const rulesCommand = tableCommand({
  name: "rules",
  defer: "none",
  uses: ["service"],
  parse(i) {
    const settings = settingsFrom(i);
    return isDecline(settings) ? settings : { spec: i.options.getString(OPT.set), target: i.options.getInteger(OPT.target), settings };
  },
  async run(ctx, { spec, target, settings }) {
    const table = ctx.table;
    const changing = spec !== null || target !== null || Object.keys(settings).length > 0;
    let notice = "";
    if (changing) {
      const r = await ctx.service.configure(table.record.id, ctx.actor, {
        rules: spec || undefined,
        ...(target !== null && { values: { target } }),
        settings,
      });
      if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
      notice = ctx.m.lobby.optionsUpdatedTick;
    }
    const fresh = ctx.service.current(table);
    const msg = rulesMessage(fresh, canChange(ctx, fresh), ctx.m);
    return ctx.respond.send(notice ? { ...msg, content: notice } : msg);
  },
});

export const rulesButton = component({
  name: "rules",
  defer: "none",
  uses: [],
  parse: () => ({}),
  run: (ctx) => ctx.respond.send(rulesMessage(ctx.table, canChange(ctx, ctx.table), ctx.m)),
});

export const presetMenu = component({
  name: "preset",
  defer: "none",
  uses: ["service"],
  redraws: true,
  parse: (_id, i) => ({ preset: i.isStringSelectMenu() ? i.values[0] : "" }),
  async run(ctx, { preset }) {
    const r = await ctx.service.configure(ctx.table.record.id, ctx.actor, { rules: preset });
    if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
    return ctx.respond.send({ ...rulesMessage(r.table, true, ctx.m), content: ctx.m.lobby.rulesSet({ preset }) });
  },
});

export const botMenu = component({
  name: "bot",
  defer: "none",
  uses: ["service"],
  parse(_id, i) {
    const value = i.isStringSelectMenu() ? i.values[0] : undefined;
    if (value === "remove") return { remove: true as const };
    return isBotLevel(value) ? { level: value } : decline((m) => m.lobby.chooseLevel);
  },
  async run(ctx, input) {
    const tableId = ctx.table.record.id;
    const r =
      "remove" in input ? await ctx.service.removeBot(tableId, ctx.actor) : await ctx.service.addBot(tableId, ctx.actor, input.level);
    return ctx.respond.say(ctx.tell(r.say));
  },
});

export const rematchButton = component({
  name: "rematch",
  defer: "reply",
  uses: ["service", "presenter"],
  parse: (_id, i) => ({ parentId: i.channel?.isThread() ? (i.channel.parentId ?? null) : null, channelId: i.channelId }),
  async run(ctx, asked) {
    // As for /hearts new, the service applies the cooldown, the server's channels and its cap.
    const r = await ctx.service.rematch(ctx.table.record.id, ctx.actor, asked);
    if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
    // The presenter posts the new table message from the service's update, whichever door opened it.
    if (!(await ctx.presenter.tablePosted(r.table))) return ctx.respond.say(ctx.m.lobby.cannotPostRematch);
    return ctx.respond.say(ctx.m.lobby.rematchOpened);
  },
});
