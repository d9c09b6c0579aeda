/** The hand menu's Undo button (a table of one person and computer players; rule in table/undo.ts). */
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIComponentInMessageActionRow } from "discord.js";
import { cardLabel, type SeatView } from "../../game/index.js";
import { messages, type Locale } from "../../i18n/index.js";
import { undoOffered } from "../../table/undo.js";
import type { TableView } from "../../table/types.js";
import { encodeId } from "../interactions/ids.js";

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/**
 * Adds "Undo 7♠" to the menu when the rule allows it: in the utility row (the last), or when five
 * rows of cards leave no room for one, in the last row with room (13 cards never fill 25 places).
 */
export function addUndoButton(rows: Row[], table: TableView, view: SeatView, locale?: Locale): void {
  const target = undoOffered(table.record.seats, view, table.undone);
  if (!target) return;
  const button = {
    type: ComponentType.Button as const,
    custom_id: encodeId({ verb: "undo", tableId: table.record.id, version: view.actionCount, card: target.card }),
    label: `${messages(locale).comforts.undoButton} ${cardLabel(target.card)}`,
    emoji: { name: "↩️" },
    style: ButtonStyle.Secondary as const,
  };
  const room = [...rows].reverse().find((r) => r.components.length < 5 && r.components.every((c) => c.type === ComponentType.Button));
  if (room) room.components.push(button);
  else if (rows.length < 5) rows.push({ type: ComponentType.ActionRow, components: [button] });
}
