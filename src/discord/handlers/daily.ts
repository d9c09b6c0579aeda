/**
 * The daily challenge on Discord: `/hearts daily play` opens (or brings back) the person's private
 * menu, `/hearts daily board` shows the day's ranking, and the menu's buttons play, pass, choose the
 * moon and share the result. Everything here is private (ephemeral) except the shared line, which
 * goes to the channel only when its owner presses Share. The service sends seat views only.
 */
import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  PermissionFlagsBits,
  Routes,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type StringSelectMenuInteraction,
} from "discord.js";
import { OPT } from "../../../commands/hearts.js";
import { DAILY_HANDS, shareLine } from "../../daily/challenge.js";
import type { DailyOutcome, DailyPlay } from "../../daily/service.js";
import { cardCode, cardLabel, moonValue, parseCard, type Action, type Card } from "../../game/index.js";
import { localeOf, messages, type Messages } from "../../i18n/index.js";
import { channelAllowed } from "../../table/guild-settings.js";
import { cleanName } from "../../table/names.js";
import type { Ctx } from "../interactions/context.js";
import { encodeId, type ComponentId } from "../interactions/ids.js";
import type { Images } from "../../render/runtime/images.js";
import type { OutMessage } from "../interactions/message.js";
import { Lane } from "../../render/runtime/pacer.js";
import { command, component, decline } from "./types.js";
import { cardRows } from "../views/table.js";

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;
type M = Messages["daily"];
type DailyId = Extract<ComponentId, { verb: "dplay" | "dpick" | "dpass" | "dmoon" | "dshare" }>;

const RED = 0xc0392b;
const GREEN = 0x2e8b57;

const button = (custom_id: string, label: string, style: ButtonStyle = ButtonStyle.Secondary, disabled = false): APIButtonComponent => ({
  type: ComponentType.Button,
  custom_id,
  label,
  style: style as ButtonStyle.Secondary,
  disabled,
});
const row = (...components: APIComponentInMessageActionRow[]): Row => ({ type: ComponentType.ActionRow, components });
const cardsText = (cards: readonly Card[]) => cards.map(cardLabel).join(" ");
const mOf = (i: { locale: string }): M => messages(localeOf(i.locale)).daily;

/** The private menu of a daily attempt: the pass, the cards to play, the moon, or the result. */
export function dailyMenu(m: M, play: DailyPlay, images: Images, opts: { notice?: string; selected?: Card[] } = {}): OutMessage {
  const { view, day, result } = play;
  const lines: string[] = [];
  const rows: Row[] = [];
  const tableId = String(day);
  if (result) {
    // A notice (e.g. "you played already") stands in for the result's own sentence.
    lines.push(opts.notice ?? m.finished({ day, points: result.points }));
    lines.push(shareLine(day, result, result.moons, m.pts));
    rows.push(row(button(encodeId({ verb: "dshare", tableId }), m.shareButton, ButtonStyle.Primary)));
    return { embeds: [{ description: lines.join("\n\n"), color: GREEN }], files: [], components: rows };
  }
  if (opts.notice) lines.push(opts.notice);
  const hand = Math.min(view.handIndex + 1, DAILY_HANDS);
  switch (view.phase) {
    case "passing": {
      const selected = (opts.selected ?? []).filter((c) => view.hand.includes(c));
      lines.push(m.passTo({ hand, dir: view.passDirection === "hold" ? "left" : view.passDirection }));
      lines.push(selected.length === 3 ? m.selected({ cards: cardsText(selected) }) : m.pickPrompt);
      rows.push(
        row({
          type: ComponentType.StringSelect,
          custom_id: encodeId({ verb: "dpick", tableId, version: view.actionCount }),
          placeholder: m.pickPlaceholder,
          min_values: 3,
          max_values: 3,
          options: view.hand.map((c) => ({ label: cardLabel(c), value: cardCode(c), default: selected.includes(c) })),
        }),
      );
      rows.push(
        row(
          selected.length === 3
            ? button(
                encodeId({ verb: "dpass", tableId, version: view.actionCount, cards: selected }),
                m.passNamed({ cards: cardsText(selected) }),
                ButtonStyle.Success,
              )
            : button(`h1:dpass-disabled:${tableId}`, m.passButton, ButtonStyle.Success, true),
        ),
      );
      break;
    }
    case "playing": {
      lines.push(m.yourTurn({ hand, trick: view.trickNumber + 1 }));
      lines.push(view.trick.length ? m.onTable({ cards: cardsText(view.trick) }) : m.youLead);
      if (view.received && view.trickNumber === 0) lines.push(m.received({ cards: cardsText(view.received) }));
      if (view.heartsBroken) lines.push(m.heartsBroken);
      rows.push(...cardRows(tableId, view, view.legal, (card) => encodeId({ verb: "dplay", tableId, version: view.actionCount, card })));
      break;
    }
    case "moon-choice": {
      const v = moonValue(view.rules);
      lines.push(m.moonPrompt);
      rows.push(
        row(
          button(
            encodeId({ verb: "dmoon", tableId, version: view.actionCount, choice: "add" }),
            m.moonAdd({ points: v }),
            ButtonStyle.Success,
          ),
          button(
            encodeId({ verb: "dmoon", tableId, version: view.actionCount, choice: "subtract" }),
            m.moonSubtract({ points: v }),
            ButtonStyle.Primary,
          ),
        ),
      );
      break;
    }
    case "game-over":
      break;
  }
  const total = view.history.slice(0, DAILY_HANDS).reduce((s, h) => s + h.change[view.seat], 0);
  lines.push(m.score({ total, hand: view.handPoints[view.seat] }));
  const png = view.hand.length ? images.hand(view.hand, [], []) : null;
  const embed: APIEmbed = { description: lines.join("\n"), color: RED };
  if (png) embed.image = { url: "attachment://hand.png" };
  else if (view.hand.length) embed.description += `\n\n${m.yourHand({ cards: cardsText(view.hand) })}`;
  return { embeds: [embed], files: png ? [{ name: "hand.png", data: png }] : [], components: rows };
}

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
      return ctx.respond.send(await ctx.pacer.run(Lane.Answer, () => dailyMenu(m, now, ctx.images, { notice })));
    }
  }
}

// ---- /hearts daily play | board ----------------------------------------------------------------

export async function dailyPlay(ctx: Ctx, i: ChatInputCommandInteraction): Promise<void> {
  const m = mOf(i);
  if (!i.guildId) return ctx.respond.say(m.serverOnly);
  const r = await ctx.daily.play(i.guildId, { id: ctx.actor.userId, name: ctx.actor.name });
  if (!r.ok) return refused(ctx, m, i.guildId, ctx.daily.today(), r);
  const notice = [
    r.result && !r.started ? m.alreadyPlayed({ day: r.day, points: r.result.points }) : r.started ? m.intro({ day: r.day }) : m.resumed,
    ...(r.elsewhere && !r.result ? [m.elsewhere] : []),
  ].join("\n");
  return ctx.respond.send(await ctx.pacer.run(Lane.Answer, () => dailyMenu(m, r, ctx.images, { notice })));
}

export async function dailyBoard(ctx: Ctx, i: ChatInputCommandInteraction): Promise<void> {
  const m = mOf(i);
  if (!i.guildId) return ctx.respond.say(m.serverOnly);
  const today = ctx.daily.today();
  const day = i.options.getInteger(OPT.day) ?? today;
  if (day > today) return ctx.respond.say(m.noSuchDay({ day, today }));
  const b = await ctx.daily.board(i.guildId, ctx.actor.userId, day);
  const lines: string[] = [];
  if (!b.ranking.length) lines.push(m.boardEmpty);
  else {
    lines.push(
      b.ranking
        .slice(0, 10)
        .map((r, n) => m.boardLine({ rank: n + 1, name: r.name, points: r.points }))
        .join("\n"),
    );
    if (b.ranking.length > 10) lines.push(m.boardMore({ count: b.ranking.length - 10 }));
  }
  lines.push(
    b.me.result && b.me.rank ? m.myRank({ rank: b.me.rank, count: b.ranking.length, points: b.me.result.points }) : m.notPlayedToday,
  );
  lines.push(m.streak({ days: b.me.streak, best: b.me.best }));
  if (b.compare && b.me.result) {
    const mine = b.me.result.perHand;
    lines.push(
      [
        m.compareTitle,
        ...mine.map((me, h) => m.compareLine({ hand: h + 1, me, best: b.compare!.best[h] ?? me, hard: b.compare!.hard?.[h] ?? "…" })),
      ].join("\n"),
    );
  } else if (!b.closed && b.me.result) lines.push(m.compareLater);
  if (b.handsHidden && b.ranking.length) lines.push(m.handsHidden);
  const rows = b.ranking.slice(0, 10).map((r, n) => {
    return { rank: n + 1, name: r.name, points: r.points, perHand: r.perHand, moons: r.moons ?? [], mine: r.userId === ctx.actor.userId };
  });
  const png = b.ranking.length
    ? ctx.images.dailyBoard({
        title: m.boardTitle({ day }),
        columns: { player: m.colPlayer, points: m.colPoints, hands: m.colHands },
        rows,
      })
    : null;
  const embed: APIEmbed = { title: m.boardTitle({ day }), description: lines.join("\n\n"), color: GREEN };
  if (png) embed.image = { url: "attachment://daily.png" };
  return ctx.respond.send({ embeds: [embed], files: png ? [{ name: "daily.png", data: png }] : [], components: [] });
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
  return ctx.respond.send(await ctx.pacer.run(Lane.Answer, () => dailyMenu(m, r, ctx.images)));
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
      dailyMenu(m, now, ctx.images, {
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
  const line = shareLine(now.day, now.result, now.result.moons, messages(localeOf(i.guildLocale)).daily.pts);
  const parentId = i.channel?.isThread() ? (i.channel.parentId ?? null) : null;
  const mayWrite = i.memberPermissions?.has(PermissionFlagsBits.SendMessages) ?? false;
  if (!channelAllowed(await ctx.guilds.get(i.guildId!), i.channelId, parentId) || !mayWrite)
    return ctx.respond.say(m.shareNotHere({ line }));
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
  return component<Extract<DailyId, { verb: V }>>({
    name: verb,
    defer,
    needsTable: false,
    parse: (id, i) =>
      id.verb !== verb
        ? decline((m) => m.errors.unknownButton)
        : !i.guildId
          ? decline((m) => m.daily.serverOnly)
          : (id as Extract<DailyId, { verb: V }>),
    run: (ctx, id, i) => run(ctx, i, id),
  });
}

export const dailyPlayCommand = command({
  name: "daily play",
  defer: "reply",
  parse: () => ({}),
  run: (ctx, _input, i) => dailyPlay(ctx, i),
});
export const dailyBoardCommand = command({
  name: "daily board",
  defer: "reply",
  parse: () => ({}),
  run: (ctx, _input, i) => dailyBoard(ctx, i),
});
export const dailyPickMenu = dailyComponent("dpick", "update", dailyPick);
export const dailyPassButton = dailyComponent("dpass", "update", dailyPass);
export const dailyPlayButton = dailyComponent("dplay", "update", dailyPlayCard);
export const dailyMoonButton = dailyComponent("dmoon", "update", dailyMoon);
export const dailyShareButton = dailyComponent("dshare", "none", dailyShare);
