/** The Undo button: takes back the person's last card and shows their menu again (rule in src/table/undo.ts). */
import { cardText } from "../../i18n/index.js";
import { HAND_USES, sendHand } from "../presenting/send-hand.js";
import { component } from "./types.js";

export const undoButton = component({
  name: "undo",
  defer: "update",
  uses: ["service", ...HAND_USES],
  parse: (id) => id,
  async run(ctx, { card }) {
    const r = await ctx.service.undo(ctx.table.record.id, ctx.actor, card);
    const m = ctx.m.comforts;
    if (!r.ok) return sendHand(ctx, ctx.service.current(ctx.table), { notice: `⚠️ ${ctx.tell(r.say)}` });
    return sendHand(ctx, r.table, {
      view: r.view,
      notice: `${m.undone({ card: cardText(ctx.m, card) })}${r.firstUndo ? ` ${m.undoUnrated}` : ""}`,
    });
  },
});
