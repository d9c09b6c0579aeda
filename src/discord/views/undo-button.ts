/** The hand menu's Undo button (a table of one person and computer players; rule in table/undo.ts). */
import { ComponentType } from "discord.js";
import type { SeatView } from "../../game/index.js";
import { cardText, messages, type Locale } from "../../i18n/index.js";
import { undoOffered } from "../../table/undo.js";
import type { TableView } from "../../table/types.js";
import { encodeId } from "../interactions/ids.js";
import { button, row, type Row } from "./components.js";

/**
 * Adds "Undo 7♠" to the menu when the rule allows it: in the utility row (the last), or when five
 * rows of cards leave no room for one, in the last row with room (13 cards never fill 25 places).
 */
export function addUndoButton(rows: Row[], table: TableView, view: SeatView, locale?: Locale): void {
  const target = undoOffered(table.record.seats, view, table.undone);
  if (!target) return;
  const undo = {
    ...button(
      encodeId({ verb: "undo", tableId: table.record.id, version: view.actionCount, card: target.card }),
      `${messages(locale).comforts.undoButton} ${cardText(messages(locale), target.card)}`,
    ),
    emoji: { name: "↩️" },
  };
  const room = [...rows].reverse().find((r) => r.components.length < 5 && r.components.every((c) => c.type === ComponentType.Button));
  if (room) room.components.push(undo);
  else if (rows.length < 5) rows.push(row(undo));
}
