/** /hearts subcommands. Each finds the channel's table, asks the table service, and answers privately. */
import { PermissionFlagsBits, type ChatInputCommandInteraction } from "discord.js";
import { OPT } from "../../commands/hearts.js";
import { presetRules } from "../game/index.js";
import type { BotLevel, TableSettings } from "../store/types.js";
import { applyRulesSpec, applySettings, type SettingsChange } from "../table/options.js";
import type { TableSnapshot } from "../table/types.js";
import { sendHand, type Ctx } from "./context.js";
import { dailyBoard, dailyPlay } from "./daily.js";
import { reviewCommand } from "./review.js";
import { leaderboardMessage, statsMessage } from "./standings.js";
import { describeHint, rulesMessage, scoresMessage } from "./views.js";

const NO_TABLE = "There is no open table in this channel. Open one with `/hearts new`.";

export async function handleCommand(ctx: Ctx, i: ChatInputCommandInteraction, defaults: TableSettings): Promise<void> {
  const sub = i.options.getSubcommand(false);
  if (!i.inGuild()) return ctx.respond.say("Hearts tables live in servers: use /hearts in a server channel.");
  if (i.options.getSubcommandGroup(false) === "daily") return sub === "board" ? dailyBoard(ctx, i) : dailyPlay(ctx, i);
  if (sub === "review") return reviewCommand(ctx, i);
  switch (sub) {
    case "new":
      return newTable(ctx, i, defaults);
    case "leaderboard":
      await ctx.respond.defer();
      return ctx.respond.send(await leaderboardMessage(ctx, i.guildId, i.options.getString(OPT.sort), i.options.getInteger(OPT.page)));
    case "stats":
      await ctx.respond.defer();
      return ctx.respond.send(await statsMessage(ctx, i.guildId, i.options.getUser(OPT.user) ?? i.user));
  }
  const table = await ctx.service.findOpen(i.channelId);
  if (!table) return ctx.respond.say(NO_TABLE);
  const id = table.record.id;
  switch (sub) {
    case "join": {
      const r = await ctx.service.join(id, ctx.actor);
      if (!r.ok) return ctx.respond.say(r.message);
      return r.table.state ? sendHand(ctx, id, { notice: r.message }) : ctx.respond.say(r.message);
    }
    case "leave": {
      const r = await ctx.service.leave(id, ctx.actor);
      return ctx.respond.say(r.message);
    }
    case "start":
      return startTable(ctx, table, i.appPermissions?.has(PermissionFlagsBits.CreatePublicThreads) ?? false);
    case "end": {
      const r = await ctx.service.end(id, ctx.actor);
      return ctx.respond.say(r.ok ? "The table is closed." : r.message);
    }
    case "kick": {
      const r = await ctx.service.kick(id, ctx.actor, i.options.getUser(OPT.user, true).id);
      return ctx.respond.say(r.message);
    }
    case "hand":
      return sendHand(ctx, id);
    case "rules":
      return rules(ctx, i, table);
    case "scores":
      return ctx.respond.send(scoresMessage(table));
    case "hint":
      return hint(ctx, id);
    default:
      return ctx.respond.say("Unknown subcommand. Try `/hearts new`, `/hearts join` or `/hearts hand`.");
  }
}

/** Permissions the bot needs where a table is opened, with the names Discord's settings show. */
const NEEDED: [bigint, string][] = [
  [PermissionFlagsBits.ViewChannel, "View Channel"],
  [PermissionFlagsBits.SendMessages, "Send Messages"],
  [PermissionFlagsBits.EmbedLinks, "Embed Links"],
  [PermissionFlagsBits.AttachFiles, "Attach Files"],
];

async function newTable(ctx: Ctx, i: ChatInputCommandInteraction<"cached" | "raw">, defaults: TableSettings): Promise<void> {
  const perms = i.appPermissions;
  const inThread = i.channel?.isThread() ?? false;
  const needed = inThread ? [...NEEDED, [PermissionFlagsBits.SendMessagesInThreads, "Send Messages in Threads"] as [bigint, string]] : NEEDED;
  const missing = perms ? needed.filter(([p]) => !perms.has(p)).map(([, n]) => n) : [];
  if (missing.length) {
    return ctx.respond.say(`I can't run a table here: I am missing the ${missing.join(", ")} permission${missing.length > 1 ? "s" : ""} in this channel. Ask a server admin to grant ${missing.length > 1 ? "them" : "it"} to my role, or use another channel.`);
  }
  const spec = i.options.getString(OPT.rules) ?? (await ctx.store.getGuildSettings(i.guildId).then((g) => g.defaultRules).catch(() => "classic"));
  const target = i.options.getInteger(OPT.target);
  const rules = applyRulesSpec(presetRules("classic")!, target !== null ? `${spec},target=${target}` : spec);
  if (!rules.ok) return ctx.respond.say(`Those rules don't work: ${rules.error}`);
  const settings = applySettings(defaults, settingsFrom(i));
  if (!settings.ok) return ctx.respond.say(settings.error);

  await ctx.respond.defer();
  const r = await ctx.service.open({ guildId: i.guildId, channelId: i.channelId }, ctx.actor, { rules: rules.rules, settings: settings.settings });
  if (!r.ok) return ctx.respond.say(r.message);
  const canThread = !inThread && !!perms?.has(PermissionFlagsBits.CreatePublicThreads) && !!perms?.has(PermissionFlagsBits.SendMessagesInThreads);
  ctx.presenter.noteThreadPermission(r.table.record.id, canThread);
  try {
    await ctx.presenter.postTableMessage(r.table);
  } catch (err) {
    ctx.log.warn({ table: r.table.record.id, err: err instanceof Error ? err.message : String(err) }, "could not post the table message");
    await ctx.service.closeBySystem(r.table.record.id, "ended", "The table message could not be posted.");
    return ctx.respond.say("I could not post the table in this channel. Check that I may send messages, embed links and attach files here.");
  }
  await ctx.fairUse.opened(ctx.actor.userId);
  const fill = settings.settings.fillWithBots ? " Empty seats get computer players when you start." : "";
  return ctx.respond.say(`Your table is open. Others press **Join** on it; you press **Start** when ready.${fill}`);
}

export function settingsFrom(i: ChatInputCommandInteraction): SettingsChange {
  const change: SettingsChange = {};
  const timer = i.options.getInteger(OPT.timer);
  if (timer !== null) change.turnSeconds = timer;
  const bots = i.options.getBoolean(OPT.bots);
  if (bots !== null) change.fillWithBots = bots;
  const level = i.options.getString(OPT.level);
  if (level === "easy" || level === "medium" || level === "hard") change.botLevel = level as BotLevel;
  const images = i.options.getString(OPT.images);
  if (images === "tricks" || images === "hands") change.trickImages = images;
  const hints = i.options.getBoolean(OPT.hints);
  if (hints !== null) change.hintsAllowed = hints;
  return change;
}

export async function startTable(ctx: Ctx, table: TableSnapshot, canThread: boolean): Promise<void> {
  if (!canThread) ctx.presenter.noteThreadPermission(table.record.id, false);
  const r = await ctx.service.start(table.record.id, ctx.actor);
  if (!r.ok) return ctx.respond.say(r.message);
  return sendHand(ctx, table.record.id, { notice: "The game has started. Here are your cards (only you see them)." });
}

async function rules(ctx: Ctx, i: ChatInputCommandInteraction, table: TableSnapshot): Promise<void> {
  const spec = i.options.getString(OPT.set);
  const target = i.options.getInteger(OPT.target);
  const settings = settingsFrom(i);
  const changing = spec !== null || target !== null || Object.keys(settings).length > 0;
  let notice = "";
  if (changing) {
    const parts = [spec, target !== null ? `target=${target}` : null].filter(Boolean).join(",");
    const r = await ctx.service.configure(table.record.id, ctx.actor, { rules: parts || undefined, settings });
    if (!r.ok) return ctx.respond.say(r.message);
    notice = "✅ Options updated.";
  }
  const fresh = (await ctx.service.get(table.record.id)) ?? table;
  const canChange = fresh.record.status === "lobby" && (fresh.record.hostId === ctx.actor.userId || !!ctx.actor.canManage);
  const msg = rulesMessage(fresh, canChange);
  return ctx.respond.send(notice ? { ...msg, content: notice } : msg);
}

export async function hint(ctx: Ctx, tableId: string): Promise<void> {
  await ctx.respond.defer();
  const r = await ctx.service.hint(tableId, ctx.actor);
  if (!r.ok) return ctx.respond.say(r.message);
  const rated = (await ctx.service.get(tableId))?.record.settings.rated;
  return ctx.respond.say(`💡 The hard computer player would ${describeHint(r.action)}.${rated ? " (A game with hints is not rated.)" : ""}`);
}
