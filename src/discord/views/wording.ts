/**
 * The table's shared wording: names of seats, the pass direction, the status line. The table
 * message, the menus, the rules, the scores and the thread posts all say them alike (the rules'
 * title, goal and timer are the table domain's, shared with the Activity: src/table/rules-words.ts).
 */
import { messages, type Messages } from "../../i18n/index.js";
import type { TableRecord } from "../../table/records.js";
import { tableLocale } from "../../table/options.js";
import type { TableView } from "../../table/types.js";

/** The words of a table's public posts: the table's language. */
export const publicWords = (record: TableRecord): Messages => messages(tableLocale(record));

export function seatName(record: TableRecord, seat: number, m: Messages = publicWords(record)): string {
  const s = record.seats.find((x) => x.seat === seat);
  if (!s) return m.table.seat({ n: seat + 1 });
  return s.userId === null ? m.table.bot({ name: s.name }) : s.botControlled ? m.table.away({ name: s.name }) : s.name;
}

export const passWord = (dir: string, m: Messages) => m.table.passDir({ dir });

/** "Trick 4 of 13 · Bob to play", "Passing to the left · waiting for Ann, Bob". */
export function statusLine(table: TableView, m: Messages = publicWords(table.record)): string {
  const { record, game: v } = table;
  if (!v) {
    const n = record.seats.length;
    return record.status === "lobby" ? m.table.lobbyStatus({ n }) : m.table.closedStatus;
  }
  switch (v.phase) {
    case "passing": {
      const waiting = [0, 1, 2, 3].filter((s) => !v.passSubmitted[s]).map((s) => seatName(record, s, m));
      return m.table.statusPassing({ hand: v.handIndex + 1, dir: passWord(v.passDirection, m), waiting: waiting.join(", ") });
    }
    case "playing":
      return m.table.statusPlaying({
        hand: v.handIndex + 1,
        trick: Math.min(13, v.trickNumber + 1),
        name: seatName(record, v.turn, m),
        lead: !v.trick.length,
      });
    case "moon-choice":
      return m.table.statusMoon({ name: seatName(record, v.turn, m) });
    case "game-over": {
      const winners = (v.winners ?? []).map((s) => seatName(record, s, m)).join(m.table.and);
      return m.table.statusOver({ winners });
    }
  }
}
