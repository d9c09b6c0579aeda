/**
 * A person's private hand menu as an interaction's answer, beside the menus' tokens (menus.ts) and
 * its view (../views/hand-menu.ts): what every handler that answers with the menu calls.
 */
import type { Card, SeatView } from "../../game/index.js";
import { Lane } from "../../render/runtime/pacer.js";
import { seatOf } from "../../table/seats.js";
import type { TableView } from "../../table/types.js";
import type { Interacting, Services } from "../interactions/context.js";
import type { OutMessage } from "../interactions/message.js";
import { handMenu } from "../views/hand-menu.js";

/** The services sendHand uses: a handler that answers with the menu names them. */
export const HAND_USES = ["menus", "decks", "pacer", "images"] as const;
export type HandUses = (typeof HAND_USES)[number];

/**
 * Shows the player's private menu as this interaction's answer (a new ephemeral message or the
 * same one updated), and keeps its token to refresh it later. Built from `table` as the service
 * answered (an action's outcome, or the table the router found) and the person's seat view in it:
 * `view`, when the outcome carries it, else the table's `handOf` for this person. Nothing is looked
 * up again; a later change redraws the menu through its token (MenuRefresher).
 */
export async function sendHand(
  ctx: Interacting & Pick<Services, HandUses>,
  table: TableView,
  opts: { view?: SeatView | null; notice?: string; selected?: Card[] } = {},
): Promise<void> {
  const i = ctx.respond.interaction;
  const tableId = table.record.id;
  await ctx.menus.answer(tableId, ctx.actor.userId, async () => {
    const seat = seatOf(table.record.seats, ctx.actor.userId);
    // Without a seat there is no menu of this person's to redraw: answer apart, never over the
    // message clicked (it may be someone else's menu, reached with a forged click).
    if (!seat) {
      await ctx.respond.separate({
        content: opts.notice && !opts.notice.startsWith("✅") ? opts.notice.replace(/^⚠️ /, "") : ctx.m.menu.notPlaying,
      });
      return null;
    }
    const view = opts.view !== undefined ? opts.view : table.handOf(ctx.actor.userId);
    if (!table.game || !view) {
      await ctx.respond.separate({ content: ctx.m.menu.notStarted });
      return null;
    }
    const deck = await ctx.decks.load(ctx.actor.userId);
    // Drawn in its turn with other pictures.
    const msg: OutMessage = await ctx.pacer.run(Lane.Answer, () => {
      if (opts.selected) ctx.menus.pick(tableId, ctx.actor.userId, view.handIndex, opts.selected);
      const selected =
        view.phase === "passing" && !view.passed ? ctx.menus.pickedFor(tableId, ctx.actor.userId, view.handIndex, view.hand) : undefined;
      return handMenu(table, view, ctx.images, {
        notice: opts.notice,
        selected,
        deadline: table.deadline(seat.seat),
        locale: ctx.locale,
        deck,
      });
    });
    await ctx.respond.send(msg);
    return { appId: i.applicationId, token: i.token, shown: msg, locale: ctx.locale };
  });
}
