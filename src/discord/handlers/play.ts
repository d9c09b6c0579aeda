/** A player's private menu and what they do in it: see the hand, pick and pass, play, the moon, a hint. */
import { parseCard, type Card, type SeatView } from "../../game/index.js";
import { cardText, cardsText } from "../../i18n/index.js";
import type { Outcome, TableView } from "../../table/types.js";
import { HAND_USES, sendHand, type HandUses } from "../presenting/send-hand.js";
import { describeHint, passPhaseStart } from "../views/hand-menu.js";
import { component, tableCommand, type HandlerCtx } from "./types.js";

const hand = (ctx: HandlerCtx<TableView, HandUses>) => sendHand(ctx, ctx.table);

export const handCommand = tableCommand({ name: "hand", defer: "reply", uses: HAND_USES, parse: () => ({}), run: hand });
export const handButton = component({ name: "hand", defer: "update", uses: HAND_USES, parse: () => ({}), run: hand });

/** Open the table: Discord opens the Activity in this channel, and the page finds the channel's table. */
export const activityButton = component({
  name: "activity",
  defer: "none",
  uses: [],
  parse: () => ({}),
  run: (ctx) => ctx.respond.launchActivity({ content: ctx.m.activity.launchFailed }),
});

const HINT_USES = ["service"] as const;

async function hint(ctx: HandlerCtx<TableView, (typeof HINT_USES)[number]>): Promise<void> {
  const tableId = ctx.table.record.id;
  await ctx.respond.defer();
  const r = await ctx.service.hint(tableId, ctx.actor);
  if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
  const rated = ctx.table.record.settings.rated;
  return ctx.respond.say(ctx.m.menu.hintSays({ what: describeHint(r.action, ctx.m), rated: !!rated }));
}

export const hintCommand = tableCommand({ name: "hint", defer: "reply", uses: HINT_USES, parse: () => ({}), run: hint });
export const hintButton = component({ name: "hint", defer: "reply", uses: HINT_USES, parse: () => ({}), run: hint });

/**
 * An action's answer, from its outcome: the menu of the table the action left, with the seat view
 * the service worked out. Refused, the menu as the table is now, with why.
 */
function answer(
  ctx: HandlerCtx<TableView, "service" | HandUses>,
  r: Outcome<{ table: TableView; view: SeatView }>,
  done: () => string,
): Promise<void> {
  if (r.ok) return sendHand(ctx, r.table, { view: r.view, notice: done() });
  return sendHand(ctx, ctx.service.current(ctx.table), { notice: `⚠️ ${ctx.tell(r.say)}` });
}

export const pickMenu = component({
  name: "pick",
  defer: "update",
  uses: HAND_USES,
  // Selecting cards changes nothing in the game: the menu shows the choice and a Pass button.
  parse: (id, i) => ({
    version: id.version,
    cards: (i.isStringSelectMenu() ? i.values : []).map((v) => parseCard(v)).filter((c): c is Card => c !== null),
  }),
  async run(ctx, { version, cards }) {
    const { table } = ctx;
    // A modified client can send any values: only 3 different cards of one's own hand are a choice.
    const view = table.handOf(ctx.actor.userId);
    // A pick from another hand's (or another phase's) menu changes nothing: the current menu, with why.
    if (view && (view.phase !== "passing" || version < passPhaseStart(view) || version > view.actionCount)) {
      return sendHand(ctx, table, { view, notice: ctx.m.menu.outOfDate });
    }
    const inHand = (c: Card) => !view || view.hand.includes(c);
    if (cards.length !== 3 || new Set(cards).size !== 3 || !cards.every(inHand))
      return sendHand(ctx, table, { view, notice: ctx.m.menu.pickExactly3 });
    return sendHand(ctx, table, { view, selected: cards });
  },
});

export const passButton = component({
  name: "pass",
  defer: "update",
  uses: ["service", ...HAND_USES],
  parse: (id) => id,
  async run(ctx, { cards, version }) {
    const r = await ctx.service.pass(ctx.table, ctx.actor, cards, version);
    return answer(ctx, r, () => ctx.m.menu.youPassed({ cards: cardsText(ctx.m, cards) }));
  },
});

export const playButton = component({
  name: "play",
  defer: "update",
  uses: ["service", ...HAND_USES],
  parse: (id) => id,
  async run(ctx, { card, version }) {
    const r = await ctx.service.play(ctx.table, ctx.actor, card, version);
    return answer(ctx, r, () => ctx.m.menu.youPlayed({ card: cardText(ctx.m, card) }));
  },
});

export const moonButton = component({
  name: "moon",
  defer: "update",
  uses: ["service", ...HAND_USES],
  parse: (id) => id,
  async run(ctx, { choice, version }) {
    const r = await ctx.service.moon(ctx.table, ctx.actor, choice, version);
    return answer(ctx, r, () => ctx.m.menu.moonIn);
  },
});
