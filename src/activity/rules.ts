/**
 * The Activity's Rules panel: the table's rules in the words /hearts rules says them (the table
 * domain's rulesWords, one wording for both front ends), laid out as plain paragraphs for the page.
 * Sent apart from the table frames, once per table shown (the rules are fixed once the game starts).
 */
import { messages, type Locale } from "../i18n/index.js";
import { rulesWords } from "../table/rules-words.js";
import type { TableRecord } from "../table/records.js";
import type { RulesInfo } from "./protocol.js";

export function rulesInfo(record: Pick<TableRecord, "rules" | "settings">, locale: Locale): RulesInfo {
  const m = messages(locale);
  const w = rulesWords(record, m);
  return {
    title: w.preset ? `${w.title} (${w.preset})` : w.title,
    about: w.description,
    lines: [w.options.length ? m.table.options({ list: w.options.join(", ") }) : m.table.optionsDefault, w.settings],
  };
}
