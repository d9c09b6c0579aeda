/**
 * A table's rules in words: the preset's title, the goal, the turn timer, and the whole summary
 * that /hearts rules (src/discord/views/rules.ts) and the Activity's Rules panel
 * (src/activity/rules.ts) both say. Each front end lays the words out its own way (the chat in
 * Markdown, the page in paragraphs); the words are these, from the catalogue.
 */
import { DEFAULT_RULES, describeRules, type Rules } from "../game/index.js";
import type { Messages } from "../i18n/index.js";
import { presetOf, turnAllowance } from "./options.js";
import type { TableRecord } from "./records.js";
import { settingsSaid } from "./settings-table.js";

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
export function timerText(
  record: Pick<TableRecord, "settings">,
  m: Messages,
  at?: { phase: "passing" | "playing" | "moon-choice"; bank: number },
): string {
  const s = record.settings;
  if (s.turnSeconds <= 0) return m.table.timerOff;
  if (!at) return m.table.timerFull({ card: s.turnSeconds, pass: turnAllowance(s, "passing"), bank: s.timeBankSeconds });
  return at.phase === "passing"
    ? m.table.timerPass({ pass: turnAllowance(s, "passing"), bank: at.bank })
    : m.table.timerCard({ card: s.turnSeconds, bank: at.bank });
}

/** What the rules say of a table, each part worded in the reader's language (`m`). */
export interface RulesWords {
  title: string;
  /** The preset's code as a host types it (`omnibus`), when the rules are exactly that preset. */
  preset: string | null;
  /** The preset's description, or that it is a preset with changes. */
  description: string;
  /** Each rule that differs from the classic defaults, as a host types it (`target=50`). */
  options: string[];
  /** The goal, the timer, the computer players, the pictures, hints and the played-cards list. */
  settings: string;
}

export function rulesWords(record: Pick<TableRecord, "rules" | "settings">, m: Messages): RulesWords {
  const r = record.rules;
  const st = record.settings;
  const preset = presetOf(r);
  return {
    title: rulesTitle(r, m),
    preset,
    description: preset ? m.presets.description({ name: preset }) : m.table.presetChanged,
    options: describeRules(r),
    settings:
      m.table.rulesLine({
        goal: goal(r, m),
        timer: timerText(record, m),
        bots: st.fillWithBots ? m.table.botsFill({ level: m.lobby.level({ level: st.botLevel }) }) : m.table.botsAdded,
        images: st.trickImages === "tricks" ? m.table.imagesTricks : m.table.imagesHands,
        hints: st.hintsAllowed ? m.table.hintsOn : m.table.hintsOff,
      }) +
      settingsSaid(st, m)
        .map((said) => ` ${said}`)
        .join(""),
  };
}
