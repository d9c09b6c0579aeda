/**
 * Table options as a host types them: a rules spec ("omnibus,target=50" or "moon=choice") and the
 * table settings (./settings-table.ts). Every error is a sentence for that host (by its
 * catalogue key, with its values).
 */
import { PRESETS, parseRules, presetRules, readRules, type Rules, type RulesProblem } from "../game/index.js";
import { DEFAULT_LOCALE, isLocale, sentence, type Locale, type Sentence } from "../i18n/index.js";
import type { TableSettings } from "./records.js";
import { OPTION_SETTINGS, type OptionKey } from "./settings-table.js";

/**
 * A spec starting with a preset name replaces the rules ("omnibus,target=50"); a spec of only
 * key=value pairs changes the current rules ("target=50,moon=choice").
 */
export function applyRulesSpec(current: Rules, spec: string): { ok: true; rules: Rules } | { ok: false; error: Sentence } {
  if (!spec.split(",").some((s) => s.trim())) return { ok: false, error: sentence("refusals", "emptyRulesSpec") };
  const r = parseRules(spec, current);
  return r.ok ? r : { ok: false, error: problemSentence(r.problem) };
}

/**
 * A rules change as a host gives it: a spec as typed, and option values from a command's own
 * options (/hearts new target:), applied after the spec and checked by the rule table as values.
 */
export interface RulesChange {
  spec?: string;
  values?: Partial<Rules>;
}

export function applyRulesChange(current: Rules, change: RulesChange): { ok: true; rules: Rules } | { ok: false; error: Sentence } {
  let rules = current;
  if (change.spec !== undefined) {
    const r = applyRulesSpec(current, change.spec);
    if (!r.ok) return r;
    rules = r.rules;
  }
  if (!change.values) return { ok: true, rules };
  const r = readRules({ ...rules, ...change.values });
  return r.ok ? r : { ok: false, error: problemSentence(r.problem) };
}

const problemSentence = (problem: RulesProblem): Sentence => sentence("rules", problem.code, { ...problem });

/** The preset whose rules these are exactly, if any (for display). */
export function presetOf(rules: Rules): string | null {
  for (const p of PRESETS) {
    const r = presetRules(p.name)!;
    if ((Object.keys(r) as (keyof Rules)[]).every((k) => r[k] === rules[k])) return p.name;
  }
  return null;
}

/** The settings a host may give (/hearts new and /hearts rules), each checked by the settings table. */
export type SettingsChange = Partial<Pick<TableSettings, OptionKey>>;

export function applySettings(
  current: TableSettings,
  change: SettingsChange,
): { ok: true; settings: TableSettings } | { ok: false; error: Sentence } {
  const next: Record<string, unknown> = { ...current };
  for (const s of OPTION_SETTINGS) {
    const raw = (change as Record<string, unknown>)[s.key];
    if (raw === undefined) continue;
    const c = s.check(raw);
    if (c.ok) next[s.key] = c.value;
    else if (c.error) return { ok: false, error: c.error };
  }
  return { ok: true, settings: next as unknown as TableSettings };
}

/**
 * Seconds a seat gets for its turn before the time bank: the table's seconds per card, 1.5× that
 * for a pass. With the timer off, an hour, so an abandoned game still ends one day.
 */
export function turnAllowance(settings: TableSettings, phase: "passing" | "playing" | "moon-choice"): number {
  const base = settings.turnSeconds > 0 ? settings.turnSeconds : 3600;
  return phase === "passing" ? Math.round(base * 1.5) : base;
}

/**
 * The language of a table's public posts (the table message, the thread): its settings' locale,
 * chosen when it opened; tables stored before there was one speak English.
 */
export function tableLocale(record: { settings: Pick<TableSettings, "locale"> }): Locale {
  return isLocale(record.settings.locale) ? record.settings.locale : DEFAULT_LOCALE;
}
