/**
 * Rules read from outside: a whole rules object (storage, the AI protocol) checked against the
 * rule table (rules.ts), a host's spec ("omnibus,target=50"), a preset's rules over the defaults.
 * A refusal is a code and its values, for each front end to word.
 */
import { OPTION_INFO, isOptionKey, type AnyOption, type OptionKey, type Rules } from "./rules.js";
import { PRESETS, presetNames } from "./presets.js";

/** Classic Hearts, exactly as ../shared/RULES.md gives the defaults: each option's `default`. */
export const DEFAULT_RULES: Readonly<Rules> = Object.freeze(tableDefaults());

function tableDefaults(): Rules {
  const read = readRules(Object.fromEntries(OPTION_INFO.map((o) => [o.key, o.default])));
  if (!read.ok) throw new Error(`the rule table's defaults are invalid: ${read.error}`);
  return read.rules;
}

export function presetRules(name: string): Rules | null {
  const p = PRESETS.find((x) => x.name === name.toLowerCase());
  return p ? { ...DEFAULT_RULES, ...p.rules } : null;
}

/**
 * Why rules were refused, as a code and its values: a front end words it for its reader (the bot's
 * message catalogue, src/i18n/messages/rules.ts). `error` is the same in English, for logs, the AI
 * protocol and the command-line tools.
 */
export type RulesProblem =
  | { code: "not-an-object" }
  | { code: "unknown-option"; key: string; options: string }
  | { code: "missing"; key: string }
  | { code: "choice"; key: string; choices: string }
  | { code: "flag"; key: string }
  | { code: "integer"; key: string; min: number; max: number }
  | { code: "integer-or-off"; key: string; min: number; max: number; expected: string }
  | { code: "unknown-preset"; preset: string; presets: string }
  | { code: "not-key-value"; part: string };

export type RulesResult = { ok: true; rules: Rules } | { ok: false; error: string; problem: RulesProblem };

function problemText(p: RulesProblem): string {
  switch (p.code) {
    case "not-an-object":
      return "Rules must be an object of options.";
    case "unknown-option":
      return `Unknown option “${p.key}”. Options: ${p.options}.`;
    case "missing":
      return `${p.key} is missing.`;
    case "choice":
      return `${p.key} must be one of: ${p.choices}.`;
    case "flag":
      return `${p.key} must be true or false.`;
    case "integer":
      return `${p.key} must be a whole number from ${p.min} to ${p.max}.`;
    case "integer-or-off":
      return `${p.key} must be ${p.expected}.`;
    case "unknown-preset":
      return `Unknown rules preset “${p.preset}”. Presets: ${p.presets}.`;
    case "not-key-value":
      return `“${p.part}” is not key=value.`;
  }
}

const refused = (problem: RulesProblem): RulesResult => ({ ok: false, error: problemText(problem), problem });

function unknownOption(key: string): RulesProblem {
  return { code: "unknown-option", key, options: OPTION_INFO.map((o) => o.key).join(", ") };
}

/**
 * Reads a whole rules object from outside (storage, the AI protocol): every option present, each
 * of its option's type and in its range, and no other key. The error is a sentence for a person.
 */
export function readRules(x: unknown): RulesResult {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return refused({ code: "not-an-object" });
  const given: Record<string, unknown> = { ...x };
  for (const key of Object.keys(given)) if (!isOptionKey(key)) return refused(unknownOption(key));
  for (const o of OPTION_INFO) {
    const problem = valueProblem(o, o.key, given[o.key]);
    if (problem) return refused(problem);
  }
  // Every key was just checked against its option: this is the one place a Rules is asserted.
  return { ok: true, rules: given as Rules };
}

/** Checks a whole rule object (e.g. one read back from storage); null when it is sound. */
export function validateRules(rules: unknown): string | null {
  const read = readRules(rules);
  return read.ok ? null : read.error;
}

/** Why `value` is not a value of option `o`, or null when it is. */
function valueProblem(o: AnyOption, key: OptionKey, value: unknown): RulesProblem | null {
  if (value === undefined) return { code: "missing", key };
  switch (o.kind) {
    case "choice":
      return o.choices.some((c) => c === value) ? null : { code: "choice", key, choices: o.choices.join(", ") };
    case "flag":
      return typeof value === "boolean" ? null : { code: "flag", key };
    case "integer":
      return inRange(value, o.min, o.max) ? null : { code: "integer", key, min: o.min, max: o.max };
    case "integer-or-off":
      return value === null || inRange(value, o.min, o.max)
        ? null
        : { code: "integer-or-off", key, min: o.min, max: o.max, expected: o.expected };
  }
}

function inRange(v: unknown, min: number, max: number): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
}

const FLAG_WORDS: Readonly<Record<string, boolean>> = {
  true: true,
  on: true,
  yes: true,
  "1": true,
  false: false,
  off: false,
  no: false,
  "0": false,
};
const OFF_WORDS: readonly string[] = ["off", "null", "none", "false", "0"];
const WHOLE_NUMBER = /^-?\d+$/;

/**
 * The value a host means by `text` ("true", "-10", "tram", "off"), as its option reads it. Text
 * that means nothing is returned as it is, for `readRules` to refuse with the option's sentence.
 */
function fromText(o: AnyOption, text: string): unknown {
  switch (o.kind) {
    case "choice":
      return o.aliases && Object.hasOwn(o.aliases, text) ? o.aliases[text] : text;
    case "flag":
      return Object.hasOwn(FLAG_WORDS, text) ? FLAG_WORDS[text] : text;
    case "integer":
      return WHOLE_NUMBER.test(text) ? Number(text) : text;
    case "integer-or-off":
      return OFF_WORDS.includes(text) ? null : WHOLE_NUMBER.test(text) ? Number(text) : text;
  }
}

/** Sets one option from text ("true", "-10", "tram"); returns a sentence (English) on error. */
export function setOption(rules: Rules, key: string, raw: string): string | null {
  const problem = setOptionFromText(rules, key, raw);
  return problem ? problemText(problem) : null;
}

/** Sets one option from text; returns why not on error. */
function setOptionFromText(rules: Rules, key: string, raw: string): RulesProblem | null {
  const info = OPTION_INFO.find((o) => o.key.toLowerCase() === key.toLowerCase());
  if (!info) return unknownOption(key);
  const read = readRules({ ...rules, [info.key]: fromText(info, raw.trim().toLowerCase()) });
  if (!read.ok) return read.problem;
  Object.assign(rules, read.rules);
  return null;
}

/**
 * Reads a rules spec: a preset name then key=value options ("omnibus,target=50"). A spec of only
 * options applies them to `base` (default: the classic preset), so a host can change one option of the
 * current rules ("moon=choice").
 */
export function parseRules(spec: string, base?: Rules): RulesResult {
  const parts = spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const head = parts[0] && !parts[0].includes("=") ? parts.shift()! : null;
  const rules = head !== null ? presetRules(head) : base ? { ...base } : presetRules("classic");
  if (!rules) return refused({ code: "unknown-preset", preset: head ?? "", presets: presetNames().join(", ") });
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq < 0) return refused({ code: "not-key-value", part });
    const problem = setOptionFromText(rules, part.slice(0, eq).trim(), part.slice(eq + 1));
    if (problem) return refused(problem);
  }
  return readRules(rules);
}

/** Options that differ from classic, as "key=value" strings (for summaries and logs). */
export function describeRules(rules: Rules): string[] {
  return OPTION_INFO.filter((o) => rules[o.key] !== DEFAULT_RULES[o.key]).map((o) => `${o.key}=${rules[o.key] ?? "off"}`);
}
