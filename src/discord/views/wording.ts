/**
 * The table's shared wording: names of seats, the rules' title and goal, the turn timer, the status
 * line. The table message, the menus, the rules, the scores and the thread posts all say them alike.
 */
import { DEFAULT_RULES, type Rules } from "../../game/index.js";
import { messages, type Messages } from "../../i18n/index.js";
import type { TableRecord } from "../../table/records.js";
import { presetOf, tableLocale, turnAllowance } from "../../table/options.js";
import type { TableView } from "../../table/types.js";

/** The words of a table's public posts: the table's language. */
export const publicWords = (record: TableRecord): Messages => messages(tableLocale(record));

export function seatName(record: TableRecord, seat: number, m: Messages = publicWords(record)): string {
  const s = record.seats.find((x) => x.seat === seat);
  if (!s) return m.table.seat({ n: seat + 1 });
  return s.userId === null ? m.table.bot({ name: s.name }) : s.botControlled ? m.table.away({ name: s.name }) : s.name;
}

/** The preset's title; a preset with only its target changed keeps its name (the goal shows the target). */
export function rulesTitle(rules: Rules, m: Messages): string {
  const p = presetOf(rules) ?? presetOf({ ...rules, target: DEFAULT_RULES.target });
  return p ? m.presets.title({ name: p }) : m.table.customRules;
}

export const goal = (rules: Rules, m: Messages) =>
  rules.countdown !== null ? m.table.goalCountdown({ n: rules.countdown }) : m.table.goalTarget({ n: rules.target });

/**
 * The turn timer, in one wording for the table, the rules and the menus: "30 s per card + 30 s time
 * bank". A menu names its phase's allowance and the seat's bank left, so the countdown it shows
 * (allowance + bank) adds up to what it says.
 */
export function timerText(record: TableRecord, m: Messages, at?: { phase: "passing" | "playing" | "moon-choice"; bank: number }): string {
  const s = record.settings;
  if (s.turnSeconds <= 0) return m.table.timerOff;
  if (!at) return m.table.timerFull({ card: s.turnSeconds, pass: turnAllowance(s, "passing"), bank: s.timeBankSeconds });
  return at.phase === "passing"
    ? m.table.timerPass({ pass: turnAllowance(s, "passing"), bank: at.bank })
    : m.table.timerCard({ card: s.turnSeconds, bank: at.bank });
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
