/** A player's private menu and what they do in it: see the hand, pick and pass, play, the moon, a hint. */
import { cardLabel, parseCard, type Card } from "../../game/index.js";
import type { TableView } from "../../table/types.js";
import { sendHand } from "../context.js";
import type { ComponentId } from "../ids.js";
import { describeHint, passPhaseStart } from "../views.js";
import { component, tableCommand, type HandlerCtx } from "./types.js";
import { hintsRefusal } from "../settings.js";

/** The custom_id of one verb (the registry only hands a handler ids of its own verb). */
const idOf =
  <V extends ComponentId["verb"]>() =>
  (id: ComponentId): Extract<ComponentId, { verb: V }> =>
    id as Extract<ComponentId, { verb: V }>;

const hand = (ctx: HandlerCtx<TableView>) => sendHand(ctx, ctx.table.record.id);

export const handCommand = tableCommand({ name: "hand", defer: "reply", parse: () => ({}), run: hand });
export const handButton = component({ name: "hand", defer: "update", parse: () => ({}), run: hand });

/** Open the table: Discord opens the Activity in this channel, and the page finds the channel's table. */
export const activityButton = component({
  name: "activity",
  defer: "none",
  parse: () => ({}),
  run: (ctx) => ctx.respond.launchActivity({ content: ctx.m.activity.launchFailed }),
});

async function hint(ctx: HandlerCtx<TableView>): Promise<void> {
  const tableId = ctx.table.record.id;
  await ctx.respond.defer();
  const off = await hintsRefusal(ctx, ctx.table.record.guildId);
  if (off) return ctx.respond.say(off);
  const r = await ctx.service.hint(tableId, ctx.actor);
  if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
  const rated = (await ctx.service.get(tableId))?.record.settings.rated;
  return ctx.respond.say(ctx.m.menu.hintSays({ what: describeHint(r.action, ctx.m), rated: !!rated }));
}

export const hintCommand = tableCommand({ name: "hint", defer: "reply", parse: () => ({}), run: hint });
export const hintButton = component({ name: "hint", defer: "reply", parse: () => ({}), run: hint });

export const pickMenu = component({
  name: "pick",
  defer: "update",
  // Selecting cards changes nothing in the game: the menu shows the choice and a Pass button.
  parse: (id, i) => ({
    version: idOf<"pick">()(id).version,
    cards: (i.isStringSelectMenu() ? i.values : []).map((v) => parseCard(v)).filter((c): c is Card => c !== null),
  }),
  async run(ctx, { version, cards }) {
    const tableId = ctx.table.record.id;
    // A modified client can send any values: only 3 different cards of one's own hand are a choice.
    const mine = await ctx.service.handFor(tableId, ctx.actor);
    // A pick from another hand's (or another phase's) menu changes nothing: the current menu, with why.
    if (mine.ok && (mine.view.phase !== "passing" || version < passPhaseStart(mine.view) || version > mine.view.actionCount)) {
      return sendHand(ctx, tableId, { notice: ctx.m.menu.outOfDate });
    }
    const inHand = (c: Card) => !mine.ok || mine.view.hand.includes(c);
    if (cards.length !== 3 || new Set(cards).size !== 3 || !cards.every(inHand))
      return sendHand(ctx, tableId, { notice: ctx.m.menu.pickExactly3 });
    return sendHand(ctx, tableId, { selected: cards });
  },
});

export const passButton = component({
  name: "pass",
  defer: "update",
  parse: idOf<"pass">(),
  async run(ctx, { cards, version }) {
    const r = await ctx.service.pass(ctx.table.record.id, ctx.actor, cards, version);
    return sendHand(ctx, ctx.table.record.id, {
      notice: r.ok ? ctx.m.menu.youPassed({ cards: cards.map(cardLabel).join(" ") }) : `⚠️ ${ctx.tell(r.say)}`,
    });
  },
});

export const playButton = component({
  name: "play",
  defer: "update",
  parse: idOf<"play">(),
  async run(ctx, { card, version }) {
    const r = await ctx.service.play(ctx.table.record.id, ctx.actor, card, version);
    return sendHand(ctx, ctx.table.record.id, { notice: r.ok ? ctx.m.menu.youPlayed({ card: cardLabel(card) }) : `⚠️ ${ctx.tell(r.say)}` });
  },
});

export const moonButton = component({
  name: "moon",
  defer: "update",
  parse: idOf<"moon">(),
  async run(ctx, { choice, version }) {
    const r = await ctx.service.moon(ctx.table.record.id, ctx.actor, choice, version);
    return sendHand(ctx, ctx.table.record.id, { notice: r.ok ? ctx.m.menu.moonIn : `⚠️ ${ctx.tell(r.say)}` });
  },
});
