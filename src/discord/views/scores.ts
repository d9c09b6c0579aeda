/** The score sheet, as /hearts scores and the Scores button show it. */
import type { HandResult } from "../../game/index.js";
import { messages, type Messages } from "../../i18n/index.js";
import { cutGraphemes } from "../../table/names.js";
import type { TableView } from "../../table/types.js";
import { goal } from "../../table/rules-words.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR } from "./components.js";
import { statusLine } from "./wording.js";

/** The score sheet, for whoever asked (in their language, `m`). */
export function scoresMessage(table: TableView, m: Messages = messages()): OutMessage {
  const { record, game: state } = table;
  if (!state) return { content: m.table.noScores };
  const names = [0, 1, 2, 3].map((s) => cutGraphemes(record.seats.find((x) => x.seat === s)?.name ?? m.table.seat({ n: s + 1 }), 8));
  const pad = (t: string | number, n = 8) => String(t).padStart(n);
  const w = Math.max(5, m.table.colHand.length + 1, m.table.rowNow.length + 1, m.table.rowTotal.length + 1);
  const out = [`${m.table.colHand.padEnd(w)}${names.map((n) => pad(n)).join("")}`];
  state.history.forEach((h: HandResult, i: number) =>
    out.push(`${String(i + 1).padEnd(w)}${h.change.map((c) => pad(c > 0 ? `+${c}` : c)).join("")}`),
  );
  if (state.phase !== "game-over") out.push(`${m.table.rowNow.padEnd(w)}${state.handPoints.map((p) => pad(`(${p})`)).join("")}`);
  out.push(`${m.table.rowTotal.padEnd(w)}${state.totals.map((t) => pad(t)).join("")}`);
  const g = goal(record.rules, m, record.settings.handLimit);
  const desc = ["```", ...out, "```", `${g[0].toUpperCase()}${g.slice(1)}. ${statusLine(table, m)}.`].join("\n");
  return { embeds: [{ title: m.table.scoresTitle, description: desc, color: COLOUR.brand }] };
}
