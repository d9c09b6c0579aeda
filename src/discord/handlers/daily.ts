/**
 * The daily challenge on Discord: `/hearts daily play` opens (or brings back) the person's private
 * menu, `/hearts daily board` shows the day's ranking, and the menu's buttons play, pass, choose the
 * moon and share the result. Everything here is private (ephemeral) except the shared line, which
 * goes to the channel only when its owner presses Share. The service sends seat views only.
 */
import {
  MessageFlags,
  PermissionFlagsBits,
  Routes,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type StringSelectMenuInteraction,
} from "discord.js";
import { OPT } from "../../../commands/hearts.js";
import { shareLine } from "../../daily/challenge.js";
import type { DailyOutcome } from "../../daily/service.js";
import { parseCard, type Action, type Card } from "../../game/index.js";
import { localeOf, messages, type Messages } from "../../i18n/index.js";
import { serverLocale } from "../../table/guild-settings.js";
import { Lane } from "../../render/runtime/pacer.js";
import { channelAllowed } from "../../table/guild-settings.js";
import { cleanName } from "../../table/names.js";
import type { TableView } from "../../table/types.js";
import type { ComponentId } from "../interactions/ids.js";
import { dailyBoardMessage, dailyMenu } from "../views/daily.js";
import { command, decline, tablelessComponent, type HandlerCtx } from "./types.js";

type M = Messages["daily"];
/** What the daily's handlers use: the daily service, pictures and their pacing, and the server's settings (Share). */
const USES = ["daily", "images", "pacer", "guilds"] as const;
type Ctx = HandlerCtx<TableView | null, (typeof USES)[number]>;
type DailyId = Extract<ComponentId, { verb: "dplay" | "dpick" | "dpass" | "dmoon" | "dshare" }>;

const mOf = (i: { locale: string }): M => messages(localeOf(i.locale)).daily;

/** A refusal in the person's words; a stale menu is answered with the current one. */
async function refused(ctx: Ctx, m: M, guildId: string, day: number, r: Extract<DailyOutcome, { ok: false }>): Promise<void> {
  switch (r.code) {
    case "disabled":
      return ctx.respond.say(m.disabled);
    case "closed":
      return ctx.respond.say(m.closed);
    case "not-started":
      return ctx.respond.say(m.notStarted);
    case "busy":
      return ctx.respond.say(m.busy);
    case "forgotten":
      return ctx.respond.say(m.forgotten);
    case "illegal":
    case "stale":
    case "finished": {
      const now = r.play ?? (await ctx.daily.current(guildId, ctx.actor.userId, day));
      if (!now) return ctx.respond.say(m.notStarted);
      const notice = r.code === "illegal" && r.say ? `⚠️ ${ctx.tell(r.say)}` : r.code === "stale" ? m.stale : undefined;
      return ctx.respond.send(await ctx.pacer.run(Lane.Answer, () => dailyMenu(ctx.locale, now, ctx.images, { notice })));
    }
  }
}

// ---- /hearts daily play | board ----------------------------------------------------------------

/** When the person joined the server, as the interaction says (no request: Discord sends it with the member). */
function joinedAt(i: ChatInputCommandInteraction): Date | null {
  const member = i.member;
  if (!member) return null;
  const at = "joinedAt" in member ? member.joinedAt : member.joined_at ? new Date(member.joined_at) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

export async function dailyPlay(ctx: Ctx, i: ChatInputCommandInteraction): Promise<void> {
  const m = mOf(i);
  if (!i.guildId) return ctx.respond.say(m.serverOnly);
  const r = await ctx.daily.play(i.guildId, { id: ctx.actor.userId, name: ctx.actor.name, joinedAt: joinedAt(i) });
  if (!r.ok) return refused(ctx, m, i.guildId, ctx.daily.today(), r);
  const notice = [
    r.result && !r.started ? m.alreadyPlayed({ day: r.day, points: r.result.points }) : r.started ? m.intro({ day: r.day }) : m.resumed,
    ...(r.elsewhere && !r.result ? [m.elsewhere] : []),
    ...(r.unranked && !r.result ? [m.unrankedHere({ days: r.unranked.days })] : []),
  ].join("\n");
  return ctx.respond.send(await ctx.pacer.run(Lane.Answer, () => dailyMenu(ctx.locale, r, ctx.images, { notice })));
}

export async function dailyBoard(ctx: Ctx, i: ChatInputCommandInteraction): Promise<void> {
  const m = mOf(i);
  if (!i.guildId) return ctx.respond.say(m.serverOnly);
  const today = ctx.daily.today();
  const day = i.options.getInteger(OPT.day) ?? today;
  if (day > today) return ctx.respond.say(m.noSuchDay({ day, today }));
  const b = await ctx.daily.board(i.guildId, ctx.actor.userId, day);
  return ctx.respond.send(dailyBoardMessage(m, day, b, ctx.actor.userId, ctx.images));
}

// ---- the menu's buttons -------------------------------------------------------------------------

async function acted(
  ctx: Ctx,
  i: ButtonInteraction | StringSelectMenuInteraction,
  day: number,
  version: number,
  action: Action,
): Promise<void> {
  const m = mOf(i);
  const r = await ctx.daily.act(i.guildId!, ctx.actor.userId, day, version, action);
  if (!r.ok) return refused(ctx, m, i.guildId!, day, r);
  return ctx.respond.send(await ctx.pacer.run(Lane.Answer, () => dailyMenu(ctx.locale, r, ctx.images)));
}

export async function dailyPick(
  ctx: Ctx,
  i: ButtonInteraction | StringSelectMenuInteraction,
  id: Extract<DailyId, { verb: "dpick" }>,
): Promise<void> {
  const m = mOf(i);
  const day = Number(id.tableId);
  const now = await ctx.daily.current(i.guildId!, ctx.actor.userId, day);
  if (!now) return ctx.respond.say(m.notStarted);
  const picked = i.isStringSelectMenu() ? i.values.map((v) => parseCard(v)).filter((c): c is Card => c !== null) : [];
  return ctx.respond.send(
    await ctx.pacer.run(Lane.Answer, () =>
      dailyMenu(ctx.locale, now, ctx.images, {
        selected: now.view.actionCount === id.version ? picked : [],
        notice: now.view.actionCount === id.version ? undefined : m.stale,
      }),
    ),
  );
}

export const dailyPass = (ctx: Ctx, i: ButtonInteraction | StringSelectMenuInteraction, id: Extract<DailyId, { verb: "dpass" }>) =>
  acted(ctx, i, Number(id.tableId), id.version, { type: "pass", seat: 0, cards: id.cards });

export const dailyPlayCard = (ctx: Ctx, i: ButtonInteraction | StringSelectMenuInteraction, id: Extract<DailyId, { verb: "dplay" }>) =>
  acted(ctx, i, Number(id.tableId), id.version, { type: "play", seat: 0, card: id.card });

export const dailyMoon = (ctx: Ctx, i: ButtonInteraction | StringSelectMenuInteraction, id: Extract<DailyId, { verb: "dmoon" }>) =>
  acted(ctx, i, Number(id.tableId), id.version, { type: "moon", seat: 0, choice: id.choice });

/**
 * Posts the person's share line in the channel (no card, no deal), only when they press Share: once
 * per person per day, only where tables may open and the person may write, with their cleaned
 * name and no link preview. Anywhere else they get the line to copy.
 */
export async function dailyShare(
  ctx: Ctx,
  i: ButtonInteraction | StringSelectMenuInteraction,
  id: Extract<DailyId, { verb: "dshare" }>,
): Promise<void> {
  const m = mOf(i);
  const day = Number(id.tableId);
  const now = await ctx.daily.current(i.guildId!, ctx.actor.userId, day);
  if (!now?.result) return ctx.respond.say(m.notFinishedShare);
  const server = await ctx.guilds.get(i.guildId!);
  // A public line, in the server's language (its setting, or Discord's for the server).
  const line = shareLine(messages(serverLocale(server, i.guildLocale)).daily, now.day, now.result);
  const parentId = i.channel?.isThread() ? (i.channel.parentId ?? null) : null;
  const mayWrite = i.memberPermissions?.has(PermissionFlagsBits.SendMessages) ?? false;
  if (!channelAllowed(server, i.channelId, parentId) || !mayWrite) return ctx.respond.say(m.shareNotHere({ line }));
  if (!(await ctx.daily.markShared(ctx.actor.userId, day))) return ctx.respond.say(m.sharedAlready);
  try {
    await i.client.rest.post(Routes.channelMessages(i.channelId), {
      body: { content: `${cleanName(ctx.actor.name)} · ${line}`, allowed_mentions: { parse: [] }, flags: MessageFlags.SuppressEmbeds },
    });
  } catch {
    return ctx.respond.say(m.shareFailed({ line }));
  }
  return ctx.respond.say(m.shared);
}

// ---- the handlers, as the registry (handlers/index.ts) lists them --------------------------------

/** The daily's components belong to no table: the custom_id names the day, the person is the clicker. */
function dailyComponent<V extends DailyId["verb"]>(
  verb: V,
  defer: "update" | "none",
  run: (ctx: Ctx, i: ButtonInteraction | StringSelectMenuInteraction, id: Extract<DailyId, { verb: V }>) => Promise<void>,
) {
  return tablelessComponent({
    name: verb,
    defer,
    uses: USES,
    parse: (id, i) => (!i.guildId ? decline((m) => m.daily.serverOnly) : id),
    run: (ctx, id, i) => run(ctx, i, id),
  });
}

export const dailyPlayCommand = command({
  name: "daily play",
  defer: "reply",
  uses: USES,
  parse: () => ({}),
  run: (ctx, _input, i) => dailyPlay(ctx, i),
});
export const dailyBoardCommand = command({
  name: "daily board",
  defer: "reply",
  uses: USES,
  parse: () => ({}),
  run: (ctx, _input, i) => dailyBoard(ctx, i),
});
export const dailyPickMenu = dailyComponent("dpick", "update", dailyPick);
export const dailyPassButton = dailyComponent("dpass", "update", dailyPass);
export const dailyPlayButton = dailyComponent("dplay", "update", dailyPlayCard);
export const dailyMoonButton = dailyComponent("dmoon", "update", dailyMoon);
export const dailyShareButton = dailyComponent("dshare", "none", dailyShare);
