/** The Undo button: takes back the person's last card and shows their menu again (rule in table/undo.ts). */
import { cardLabel } from "../game/index.js";
import { sendHand } from "./context.js";
import { component } from "./handlers/types.js";
import type { ComponentId } from "./ids.js";

export const undoButton = component({
  name: "undo",
  defer: "update",
  parse: (id: ComponentId) => id as Extract<ComponentId, { verb: "undo" }>,
  async run(ctx, { card }) {
    const tableId = ctx.table.record.id;
    const r = await ctx.service.undo(tableId, ctx.actor, card);
    const m = ctx.m.comforts;
    return sendHand(ctx, tableId, {
      notice: r.ok ? `${m.undone({ card: cardLabel(card) })}${r.firstUndo ? ` ${m.undoUnrated}` : ""}` : `⚠️ ${ctx.tell(r.say)}`,
    });
  },
});
