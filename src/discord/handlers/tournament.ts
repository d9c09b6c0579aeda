/**
 * /hearts tournament (create, show, start, cancel, remove) and the sign-up message's Join and
 * Leave. Thin: every rule, refusal and permission is the tournament service's
 * (src/table/tournament/api.ts); this file reads the options, says the service's sentences in the
 * person's language, and shows the answer. The posts that follow (sign-up message, event,
 * reminders, rounds, standings, podium) are ../presenting/tournament.ts's, from the service's updates.
 */
import type { ChatInputCommandInteraction, GuildMemberRoleManager } from "discord.js";
import { ChannelType } from "discord.js";
import { OPT } from "../../../commands/hearts.js";
import { isBotLevel } from "../../ai/levels.js";
import type { TournamentActor, TournamentOutcome, Tournaments, TournamentView } from "../../table/tournament/api.js";
import type { TableView } from "../../table/types.js";
import { isServerManager } from "./settings.js";
import { parseStart } from "./tournament-time.js";
import { showMessage } from "../views/tournament.js";
import { command, decline, tablelessComponent, type ComponentInteraction, type HandlerCtx } from "./types.js";

const USES = ["tournaments", "guilds", "defaults", "images"] as const;
type Ctx = HandlerCtx<TableView | null, (typeof USES)[number]>;
type Asker = ChatInputCommandInteraction<"cached" | "raw"> | ComponentInteraction;

/** Who asks, with what the service's organiser rule reads: Manage Server and their roles. */
function actorOf(ctx: Ctx, i: Asker): TournamentActor {
  const member = i.member as { roles?: string[] | GuildMemberRoleManager } | null;
  const roles = Array.isArray(member?.roles) ? member.roles : member?.roles ? [...member.roles.cache.keys()] : [];
  return { userId: ctx.actor.userId, name: ctx.actor.name, manageGuild: isServerManager(i), roles, guildId: i.guildId };
}

/** Answers a refusal with its sentence; true when the outcome was one. */
async function refused(ctx: Ctx, r: TournamentOutcome): Promise<boolean> {
  if (r.ok) return false;
  await ctx.respond.say(ctx.tell(r.say));
  return true;
}

/**
 * The tournament an organiser's action or /hearts tournament show is about: the one named, else the
 * server's current one. An action on one of several planned tournaments must name it (an organiser
 * never starts or cancels the wrong one): they are listed, and the option suggests them.
 */
async function current(ctx: Ctx, i: Asker, name: string | null, acting: boolean): Promise<{ t: Tournaments; view: TournamentView } | null> {
  const t = ctx.tournaments;
  const m = ctx.m.tournamentChat;
  const planned = !name && acting ? await t.planned(i.guildId!) : [];
  if (planned.length > 1) {
    await ctx.respond.say(m.whichOne({ names: planned.map((x) => `**${x.name}**`).join(", ") }));
    return null;
  }
  const view = await t.current(i.guildId!, name);
  if (!view) {
    await ctx.respond.say(name ? m.noneNamed({ name }) : m.noneHere);
    return null;
  }
  return { t, view };
}

/** The `name` option of show, start, cancel and remove: which tournament (null: the current one). */
const named = (i: ChatInputCommandInteraction<"cached" | "raw">) => ({ name: i.options.getString(OPT.name)?.trim() || null });

interface CreateInput {
  name: string;
  start: Date;
  rounds: number;
  hands: number | null;
  rules: string | null;
  level: string | null;
  channelId: string;
}

export const tournamentCreate = command({
  name: "tournament create",
  defer: "reply",
  uses: USES,
  parse: (i): CreateInput | ReturnType<typeof decline> => {
    const start = parseStart(i.options.getString(OPT.start, true), new Date());
    if (!start) return decline((m) => m.tournamentChat.badTime);
    const channel = i.options.getChannel(OPT.channel);
    if (channel && channel.type !== ChannelType.GuildText) return decline((m) => m.tournamentChat.notText);
    return {
      name: i.options.getString(OPT.name, true).trim(),
      start,
      rounds: i.options.getInteger(OPT.rounds, true),
      hands: i.options.getInteger(OPT.hands),
      rules: i.options.getString(OPT.rules),
      level: i.options.getString(OPT.level),
      channelId: channel?.id ?? i.channelId,
    };
  },
  run: async (ctx, input, i) => {
    const t = ctx.tournaments;
    const server = await ctx.guilds.get(i.guildId!);
    const level = isBotLevel(input.level) ? input.level : (server.botLevel ?? ctx.defaults.botLevel);
    const r = await t.create(actorOf(ctx, i), {
      guildId: i.guildId!,
      channelId: input.channelId,
      name: input.name,
      startsAt: input.start,
      rounds: input.rounds,
      ...(input.hands !== null ? { handsPerRound: input.hands } : {}),
      rulesSpec: input.rules ?? server.defaultRules,
      botLevel: level,
    });
    if ((await refused(ctx, r)) || !r.ok) return;
    // The sign-up message goes out from the service's signup-changed (created) update.
    return ctx.respond.say(ctx.m.tournamentChat.created({ name: r.tournament.name, link: `<#${r.tournament.channelId}>` }));
  },
});

export const tournamentShow = command({
  name: "tournament show",
  defer: "reply",
  uses: USES,
  parse: named,
  run: async (ctx, input, i) => {
    const found = await current(ctx, i, input.name, false);
    if (!found) return;
    return ctx.respond.send(showMessage(found.view, ctx.locale, ctx.images));
  },
});

/** Start now, or cancel: the organiser's, on the tournament named (or the only one planned). */
const organiserCommand = (verb: "start" | "cancel") =>
  command({
    name: `tournament ${verb}`,
    defer: "reply",
    uses: USES,
    parse: named,
    run: async (ctx, input, i) => {
      const found = await current(ctx, i, input.name, true);
      if (!found) return;
      const r = await found.t[verb](found.view.id, actorOf(ctx, i));
      if ((await refused(ctx, r)) || !r.ok) return;
      const m = ctx.m.tournamentChat;
      return ctx.respond.say((verb === "start" ? m.started : m.cancelled)({ name: r.tournament.name }));
    },
  });

export const tournamentStart = organiserCommand("start");
export const tournamentCancel = organiserCommand("cancel");

export const tournamentRemove = command({
  name: "tournament remove",
  defer: "reply",
  uses: USES,
  parse: (i) => ({ userId: i.options.getUser(OPT.player, true).id, ...named(i) }),
  run: async (ctx, input, i) => {
    const found = await current(ctx, i, input.name, true);
    if (!found) return;
    const r = await found.t.remove(found.view.id, actorOf(ctx, i), input.userId);
    if ((await refused(ctx, r)) || !r.ok) return;
    return ctx.respond.say(ctx.tell(r.say));
  },
});

/** Join and Leave on the sign-up message: the person's answer is private; the message itself is edited from the update. */
const signupButton = (verb: "tjoin" | "tleave") =>
  tablelessComponent({
    name: verb,
    defer: "reply",
    uses: USES,
    parse: (id) => ({ tournamentId: id.tableId }),
    run: async (ctx, input, i) => {
      const t = ctx.tournaments;
      const actor = actorOf(ctx, i);
      const r = verb === "tjoin" ? await t.join(input.tournamentId, actor) : await t.leave(input.tournamentId, actor);
      if ((await refused(ctx, r)) || !r.ok) return;
      return ctx.respond.say(ctx.tell(r.say));
    },
  });

export const tournamentJoinButton = signupButton("tjoin");
export const tournamentLeaveButton = signupButton("tleave");
