/** The Undo button: takes back the person's last card and shows their menu again (rule in table/undo.ts). */
import { cardLabel } from "../game/index.js";
import { localeOf, messages } from "../i18n/index.js";
import type { RefusalCode } from "../table/types.js";
import { sendHand, type Ctx } from "./context.js";
import type { ComponentId } from "./ids.js";

/** Refusals of the undo rule, in the person's language (the others keep the service's sentence). */
const WORDS: Partial<Record<RefusalCode, keyof ReturnType<typeof messages>["comforts"]>> = {
  "undo-alone": "undoOnlyAlone",
  "undo-nothing": "undoNothing",
  "undo-once": "undoOncePerTrick",
};

export async function undoCard(ctx: Ctx, id: Extract<ComponentId, { verb: "undo" }>): Promise<void> {
  const m = messages(localeOf(ctx.respond.interaction.locale)).comforts;
  const r = await ctx.service.undo(id.tableId, ctx.actor, id.card);
  if (r.ok) return sendHand(ctx, id.tableId, { notice: `${m.undone({ card: cardLabel(id.card) })}${r.firstUndo ? ` ${m.undoUnrated}` : ""}` });
  const key = WORDS[r.code];
  const said = key ? m[key] : r.message;
  return sendHand(ctx, id.tableId, { notice: `⚠️ ${typeof said === "string" ? said : r.message}` });
}
