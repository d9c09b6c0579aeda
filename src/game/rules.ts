/**
 * The rule table: every variant is one option here, with its values, its default, its meaning and
 * its source. One definition per option: the `Rules` type, the defaults, the checks of a rules
 * object read from storage or typed by a host, and the README's table all come from `OPTIONS`.
 * Key names follow ../shared/RULES.md; the engine reads options only through this module's types.
 */
import { ACE_OF_SPADES, HEARTS, KING_OF_SPADES, QUEEN_OF_SPADES, rankOf, suitOf, type Card, type SuitMasks } from "./cards.js";

export type PassDirection = "left" | "right" | "across" | "hold";

interface OptionDoc {
  /** What the option does, as the README and /hearts rules say it. */
  help: string;
  /** The programs and texts it comes from. */
  source: string;
}

/** One of a fixed set of words. `aliases` are other words a host may type for one of them. */
export interface ChoiceOption<V extends string = string> extends OptionDoc {
  kind: "choice";
  choices: readonly V[];
  default: V;
  aliases?: Readonly<Record<string, V>>;
  /** The values as the README shows them. */
  values: string;
}

export interface FlagOption extends OptionDoc {
  kind: "flag";
  default: boolean;
  values: string;
}

/**
 * A whole number from `min` to `max`; with kind "integer-or-off", also null (shown and typed as
 * "off"), which is then the default.
 */
export interface IntegerOption extends OptionDoc {
  kind: "integer";
  min: number;
  max: number;
  default: number;
  /** Values the sources and presets use: what the property tests play games with (the whole range is only validated). */
  typical: readonly number[];
  values: string;
}

export interface IntegerOrOffOption extends OptionDoc {
  kind: "integer-or-off";
  min: number;
  max: number;
  default: null;
  typical: readonly number[];
  values: string;
  /** The end of "<key> must be …", the sentence a host reads after typing something else. */
  expected: string;
}

export type AnyOption = ChoiceOption | FlagOption | IntegerOption | IntegerOrOffOption;

const choice = <const V extends string>(
  choices: readonly V[],
  def: NoInfer<V>,
  doc: OptionDoc,
  aliases?: Readonly<Record<string, NoInfer<V>>>,
): ChoiceOption<V> => ({ kind: "choice", choices, default: def, values: choices.join(" | "), ...(aliases ? { aliases } : {}), ...doc });
const flag = (def: boolean, doc: OptionDoc): FlagOption => ({ kind: "flag", default: def, values: "true | false", ...doc });
const integer = (range: Omit<IntegerOption, "kind" | keyof OptionDoc>, doc: OptionDoc): IntegerOption => ({
  kind: "integer",
  ...range,
  ...doc,
});
const integerOrOff = (range: Omit<IntegerOrOffOption, "kind" | "default" | keyof OptionDoc>, doc: OptionDoc): IntegerOrOffOption => ({
  kind: "integer-or-off",
  default: null,
  ...range,
  ...doc,
});

/** Every option, in the README's order. */
export const OPTIONS = {
  firstLead: choice(["two-clubs", "left-of-dealer"], "two-clubs", {
    help: "Who leads trick 1: the 2♣ holder (leading it), or the seat left of the dealer with any card. The dealer moves one seat left each hand.",
    source: "all; Skelly “Rotate Lead”; BGA “Starter card”; Black Maria",
  }),
  pointsOnFirstTrick: flag(false, {
    help: "“Bleeding”: point cards (♥, Q♠, and K♠/A♠ with high spades) may be played on trick 1.",
    source: "Skelly, RustyHearts, BGA",
  }),
  firstTrickPointsFallback: choice(["any", "queen-first"], "any", {
    help: "On trick 1, when every legal card is a point card: play any of them, or Q♠ first if you hold it.",
    source: "RustyHearts (any), Hearts 2.0 Rule 1 (queen-first)",
  }),
  heartsLeadRestriction: flag(true, {
    help: "Hearts may not be led until a heart (or Q♠, see queenBreaksHearts) has been played.",
    source: "all; off in Black Maria and BGA “penalty card play limit: Disabled”",
  }),
  heartsLeadException: choice(["only-hearts", "hearts-and-queen"], "only-hearts", {
    help: "When an unbroken heart may still be led: the leader holds only hearts, or only hearts and Q♠.",
    source: "Hearts 2.0, RustyHearts, Skelly; mobile Hearts",
  }),
  queenBreaksHearts: flag(false, {
    help: "Playing Q♠ breaks hearts (any heart played always does).",
    source: "Hearts 2.0 option, Skelly default, RustyHearts option",
  }),
  heartValues: choice(["one", "spot"], "one", {
    help: "Each heart scores 1, or its face value (2–10, J 11, Q 12, K 13, A 14: 104 in all).",
    source: "BGA “Spot Hearts” / “Face value scoring”",
  }),
  highSpades: flag(false, {
    help: "K♠ scores 10 and A♠ 7, besides Q♠ 13.",
    source: "BGA Black Maria / “High Spades scoring”",
  }),
  jackOfDiamonds: integer(
    { min: -100, max: 100, default: 0, typical: [0, -10], values: "integer (0 off, -10 Omnibus)" },
    { help: "The value of J♦ to whoever takes it (Omnibus: −10).", source: "Hearts 2.0 Omnibus, RustyHearts, Skelly, BGA" },
  ),
  jackRequiredForMoon: flag(false, {
    help: "Shooting the moon also needs J♦ (only when J♦ has a value).",
    source: "Hearts 2.0 (yes); RustyHearts, BGA (no)",
  }),
  bonusMode: choice(["hand", "total-clamped"], "hand", {
    help: "J♦ and No Tricks are added to the hand's score (also in a moon hand), or taken off the running total without going below 0 and not in a moon hand.",
    source: "RustyHearts/Skelly (hand), Hearts 2.0 (total-clamped)",
  }),
  moon: choice(["old", "new", "choice", "disabled"], "old", {
    help: "Shooting the moon (all hearts and Q♠): others +26 (old), shooter −26 (new), the shooter chooses, or no moon.",
    source: "all; Hearts 2.0 and Skelly New Moon; BGA positive moon / disabled",
  }),
  moonChoiceMinTotal: integer(
    { min: 0, max: 10_000, default: 0, typical: [0, 26], values: "integer ≥ 0" },
    {
      help: "With moon=choice, the choice is offered only if the shooter's total before the hand is at least this; otherwise old moon.",
      source: "Hearts 2.0 (26), Skelly (0)",
    },
  ),
  noTricksBonus: integer(
    { min: -100, max: 100, default: 0, typical: [0, -5], values: "integer (0 off, -5)" },
    {
      help: "Bonus to a seat that took no points (or no tricks, see noTricksCondition); never in a moon hand.",
      source: "Hearts 2.0 “No Tricks”, Skelly “(No Tricks) Bonus”",
    },
  ),
  noTricksCondition: choice(["no-points", "no-tricks"], "no-points", {
    help: "What earns the No Tricks bonus: taking no point card, or winning no trick.",
    source: "Hearts 2.0 (no-points), Skelly (no-tricks)",
  }),
  shootTheSun: integer(
    { min: -100, max: 100, default: 0, typical: [0, -24], values: "integer (0 off, -24)" },
    { help: "Bonus to a seat that wins all 13 tricks, on top of the moon and J♦.", source: "Skelly “Shooting the Sun”" },
  ),
  target: integer(
    { min: 1, max: 10_000, default: 100, typical: [100, 50, 25], values: "integer 1–10000" },
    { help: "The game ends when a total reaches this (penalty scoring).", source: "all" },
  ),
  endWhen: choice(["reach", "exceed"], "reach", {
    help: "The game ends when a total is ≥ target (reach) or > target (exceed).",
    source: "Hearts 2.0, RustyHearts, mobile (reach); Skelly (exceed)",
  }),
  perfect100: flag(false, {
    help: "A total of exactly 100 after a hand becomes 50.",
    source: "Hearts 2.0 “Perfect 100”",
  }),
  exactTargetWins: flag(false, {
    help: "Ending a hand on exactly the target wins the game at once.",
    source: "Skelly (on unless “Exact Score Doesn't Win”)",
  }),
  countdown: integerOrOff(
    {
      min: 1,
      max: 10_000,
      typical: [50, 75, 100],
      values: "off | integer (50, 75, 100)",
      expected: "off or a starting total such as 50, 75 or 100",
    },
    {
      help: "BGA scoring: totals start here, points are subtracted, the game ends at ≤ 0 and the highest total wins.",
      source: "BGA “Initial points”",
    },
  ),
  noDraw: flag(false, {
    help: "A game that would end tied for first goes on for another hand.",
    source: "Hearts 2.0 “No draws”",
  }),
  passCycle: choice(["left-right-across-hold", "left-right-across", "left", "right", "none"], "left-right-across-hold", {
    help: "Pass direction of each hand, in turn.",
    source: "all; BGA pass cycle; Skelly “No Passing”; Black Maria",
  }),
  autoClaim: choice(
    ["off", "no-points-left", "tram"],
    "off",
    {
      help: "End the hand early once no scoring card is left (no-points-left), or also when the next leader must win every trick (tram); the remaining cards go to the last trick's winner.",
      source: "Hearts 2.0 “Detect Tram”, BGA “Skip uneventful final tricks”",
    },
    { false: "off", no: "off", true: "tram", yes: "tram" },
  ),
};

type OptionValue<O> =
  O extends ChoiceOption<infer V>
    ? V
    : O extends FlagOption
      ? boolean
      : O extends IntegerOption
        ? number
        : O extends IntegerOrOffOption
          ? number | null
          : never;

/** A table's rules: one value per option of `OPTIONS`. */
export type Rules = { [K in keyof typeof OPTIONS]: OptionValue<(typeof OPTIONS)[K]> };
export type OptionKey = keyof Rules;
export type PassCycle = Rules["passCycle"];

/** The pass direction of each hand, in turn, for each `passCycle`. */
export const PASS_CYCLES = {
  "left-right-across-hold": ["left", "right", "across", "hold"],
  "left-right-across": ["left", "right", "across"],
  left: ["left"],
  right: ["right"],
  none: ["hold"],
} as const satisfies Record<PassCycle, readonly PassDirection[]>;

export const isOptionKey = (key: string): key is OptionKey => Object.hasOwn(OPTIONS, key);

export type OptionInfo = (typeof OPTIONS)[OptionKey] & { key: OptionKey };

/** The options as a list, in the table's order: the README's rules table and the bot's /hearts rules text come from here. */
export const OPTION_INFO: readonly OptionInfo[] = Object.keys(OPTIONS)
  .filter(isOptionKey)
  .map((key) => ({ key, ...OPTIONS[key] }));

/** Classic Hearts, exactly as ../shared/RULES.md gives the defaults: each option's `default`. */
export const DEFAULT_RULES: Readonly<Rules> = Object.freeze(tableDefaults());

function tableDefaults(): Rules {
  const read = readRules(Object.fromEntries(OPTION_INFO.map((o) => [o.key, o.default])));
  if (!read.ok) throw new Error(`the rule table's defaults are invalid: ${read.error}`);
  return read.rules;
}

export interface Preset {
  name: string;
  title: string;
  description: string;
  rules: Partial<Rules>;
}

/**
 * Presets turn auto-claim on (RULES.md's default is off): players asked for it, and it never
 * changes who takes a scoring card.
 */
const withClaim: Partial<Rules> = { autoClaim: "tram" };

export const PRESETS: readonly Preset[] = [
  {
    name: "classic",
    title: "Classic",
    description: "Standard Hearts: pass left/right/across/hold, 2♣ leads, ♥ 1, Q♠ 13, moon +26 to the others, game to 100.",
    rules: { ...withClaim },
  },
  {
    name: "omnibus",
    title: "Omnibus",
    description: "Classic plus J♦ worth −10 to whoever takes it.",
    rules: { ...withClaim, jackOfDiamonds: -10 },
  },
  {
    name: "black-maria",
    title: "Black Maria",
    description: "Q♠ 13, K♠ 10, A♠ 7; always pass right; left of dealer leads; hearts may be led any time; no moon.",
    rules: {
      ...withClaim,
      firstLead: "left-of-dealer",
      pointsOnFirstTrick: true,
      heartsLeadRestriction: false,
      highSpades: true,
      moon: "disabled",
      passCycle: "right",
    },
  },
  {
    name: "spot-hearts",
    title: "Spot Hearts",
    description: "Hearts score their face value (2–10, J 11, Q 12, K 13, A 14).",
    rules: { ...withClaim, heartValues: "spot" },
  },
  {
    name: "hearts-2.0",
    title: "Hearts 2.0",
    description: "Hearts 2.0's rules: Q♠ first when trick 1 leaves only points; bonuses come off the total, never below 0.",
    rules: { ...withClaim, firstTrickPointsFallback: "queen-first", bonusMode: "total-clamped" },
  },
  {
    name: "hearts-2.0-full",
    title: "Hearts 2.0, all options",
    description:
      "Hearts 2.0 with Omnibus (J♦ −10, needed for the moon), No Tricks −5, New Moon (from 26), Perfect 100, No Draw, Q♠ breaks hearts.",
    rules: {
      ...withClaim,
      firstTrickPointsFallback: "queen-first",
      bonusMode: "total-clamped",
      jackOfDiamonds: -10,
      jackRequiredForMoon: true,
      noTricksBonus: -5,
      moon: "choice",
      moonChoiceMinTotal: 26,
      perfect100: true,
      noDraw: true,
      queenBreaksHearts: true,
    },
  },
  {
    name: "skelly",
    title: "Skelly's Hearts",
    description: "Q♠ breaks hearts, J♦ −10, the shooter chooses the moon, Shooting the Sun −24, game over past 100, exactly 100 wins.",
    rules: {
      ...withClaim,
      queenBreaksHearts: true,
      jackOfDiamonds: -10,
      moon: "choice",
      shootTheSun: -24,
      endWhen: "exceed",
      exactTargetWins: true,
    },
  },
  { name: "rusty-hearts", title: "RustyHearts", description: "RustyHearts' defaults (classic rules).", rules: { ...withClaim } },
  {
    name: "mobile",
    title: "Mobile Hearts",
    description: "Classic, but a leader holding only hearts and Q♠ may lead a heart.",
    rules: { ...withClaim, heartsLeadException: "hearts-and-queen" },
  },
  {
    name: "bga",
    title: "Board Game Arena",
    description: "BGA countdown: start at 100, points are subtracted, the game ends at 0 and the highest total wins.",
    rules: { ...withClaim, countdown: 100 },
  },
];

export const presetNames = (): string[] => PRESETS.map((p) => p.name);

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

// ---- card values ------------------------------------------------------------

/** Penalty value of a card (J♦ excluded: it is a bonus, scored apart). */
export function penaltyValue(rules: Rules, card: Card): number {
  if (suitOf(card) === HEARTS) return rules.heartValues === "spot" ? rankOf(card) + 2 : 1;
  if (card === QUEEN_OF_SPADES) return 13;
  if (rules.highSpades) {
    if (card === KING_OF_SPADES) return 10;
    if (card === ACE_OF_SPADES) return 7;
  }
  return 0;
}

/** The point cards as suit masks: ♥, Q♠, and K♠/A♠ with high spades (the trick-1 rule's "points"). */
export const pointCardMasks = (rules: Rules): Readonly<SuitMasks> => (rules.highSpades ? POINT_CARDS_HIGH_SPADES : POINT_CARDS);
const POINT_CARDS: Readonly<SuitMasks> = [0, 0, 1 << rankOf(QUEEN_OF_SPADES), 0x1fff];
const POINT_CARDS_HIGH_SPADES: Readonly<SuitMasks> = [
  0,
  0,
  (1 << rankOf(QUEEN_OF_SPADES)) | (1 << rankOf(KING_OF_SPADES)) | (1 << rankOf(ACE_OF_SPADES)),
  0x1fff,
];

/** Value of all hearts plus Q♠: what a moon is worth (26, or 117 with spot hearts). */
export const moonValue = (rules: Rules): number => (rules.heartValues === "spot" ? 104 : 13) + 13;

export const passDirectionFor = (rules: Rules, handIndex: number): PassDirection => {
  const cycle = PASS_CYCLES[rules.passCycle];
  return cycle[handIndex % cycle.length];
};

/** The seat that receives `seat`'s pass. */
export const passTarget = (seat: number, dir: PassDirection): number =>
  (seat + (dir === "left" ? 1 : dir === "right" ? 3 : dir === "across" ? 2 : 0)) % 4;
