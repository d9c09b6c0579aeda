/**
 * The rule table: every variant is one option here, with its meaning, its values and its source.
 * Key names follow ../shared/RULES.md; the engine reads options only through this module's types.
 */
import { ACE_OF_SPADES, HEARTS, JACK_OF_DIAMONDS, KING_OF_SPADES, QUEEN_OF_SPADES, rankOf, suitOf, type Card, type SuitMasks } from "./cards.js";

export type PassDirection = "left" | "right" | "across" | "hold";
export const PASS_CYCLES = {
  "left-right-across-hold": ["left", "right", "across", "hold"],
  "left-right-across": ["left", "right", "across"],
  left: ["left"],
  right: ["right"],
  none: ["hold"],
} as const satisfies Record<string, readonly PassDirection[]>;
export type PassCycle = keyof typeof PASS_CYCLES;

export type MoonMode = "old" | "new" | "choice" | "disabled";
export type AutoClaim = "off" | "no-points-left" | "tram";

export interface Rules {
  firstLead: "two-clubs" | "left-of-dealer";
  pointsOnFirstTrick: boolean;
  firstTrickPointsFallback: "any" | "queen-first";
  heartsLeadRestriction: boolean;
  heartsLeadException: "only-hearts" | "hearts-and-queen";
  queenBreaksHearts: boolean;
  heartValues: "one" | "spot";
  highSpades: boolean;
  jackOfDiamonds: number;
  jackRequiredForMoon: boolean;
  bonusMode: "hand" | "total-clamped";
  moon: MoonMode;
  moonChoiceMinTotal: number;
  noTricksBonus: number;
  noTricksCondition: "no-points" | "no-tricks";
  shootTheSun: number;
  target: number;
  endWhen: "reach" | "exceed";
  perfect100: boolean;
  exactTargetWins: boolean;
  /** Starting total for BGA countdown scoring, or null for ordinary penalty scoring. */
  countdown: number | null;
  noDraw: boolean;
  passCycle: PassCycle;
  autoClaim: AutoClaim;
}

/** Classic Hearts, exactly as ../shared/RULES.md gives the defaults. */
export const DEFAULT_RULES: Readonly<Rules> = Object.freeze({
  firstLead: "two-clubs",
  pointsOnFirstTrick: false,
  firstTrickPointsFallback: "any",
  heartsLeadRestriction: true,
  heartsLeadException: "only-hearts",
  queenBreaksHearts: false,
  heartValues: "one",
  highSpades: false,
  jackOfDiamonds: 0,
  jackRequiredForMoon: false,
  bonusMode: "hand",
  moon: "old",
  moonChoiceMinTotal: 0,
  noTricksBonus: 0,
  noTricksCondition: "no-points",
  shootTheSun: 0,
  target: 100,
  endWhen: "reach",
  perfect100: false,
  exactTargetWins: false,
  countdown: null,
  noDraw: false,
  passCycle: "left-right-across-hold",
  autoClaim: "off",
});

export interface OptionInfo {
  key: keyof Rules;
  values: string;
  help: string;
  source: string;
}

/** One row per option: the README's rules table and the bot's /hearts rules text come from here. */
export const OPTION_INFO: readonly OptionInfo[] = [
  { key: "firstLead", values: "two-clubs | left-of-dealer", help: "Who leads trick 1: the 2♣ holder (leading it), or the seat left of the dealer with any card. The dealer moves one seat left each hand.", source: "all; Skelly “Rotate Lead”; BGA “Starter card”; Black Maria" },
  { key: "pointsOnFirstTrick", values: "true | false", help: "“Bleeding”: point cards (♥, Q♠, and K♠/A♠ with high spades) may be played on trick 1.", source: "Skelly, RustyHearts, BGA" },
  { key: "firstTrickPointsFallback", values: "any | queen-first", help: "On trick 1, when every legal card is a point card: play any of them, or Q♠ first if you hold it.", source: "RustyHearts (any), Hearts 2.0 Rule 1 (queen-first)" },
  { key: "heartsLeadRestriction", values: "true | false", help: "Hearts may not be led until a heart (or Q♠, see queenBreaksHearts) has been played.", source: "all; off in Black Maria and BGA “penalty card play limit: Disabled”" },
  { key: "heartsLeadException", values: "only-hearts | hearts-and-queen", help: "When an unbroken heart may still be led: the leader holds only hearts, or only hearts and Q♠.", source: "Hearts 2.0, RustyHearts, Skelly; mobile Hearts" },
  { key: "queenBreaksHearts", values: "true | false", help: "Playing Q♠ breaks hearts (any heart played always does).", source: "Hearts 2.0 option, Skelly default, RustyHearts option" },
  { key: "heartValues", values: "one | spot", help: "Each heart scores 1, or its face value (2–10, J 11, Q 12, K 13, A 14: 104 in all).", source: "BGA “Spot Hearts” / “Face value scoring”" },
  { key: "highSpades", values: "true | false", help: "K♠ scores 10 and A♠ 7, besides Q♠ 13.", source: "BGA Black Maria / “High Spades scoring”" },
  { key: "jackOfDiamonds", values: "integer (0 off, -10 Omnibus)", help: "The value of J♦ to whoever takes it (Omnibus: −10).", source: "Hearts 2.0 Omnibus, RustyHearts, Skelly, BGA" },
  { key: "jackRequiredForMoon", values: "true | false", help: "Shooting the moon also needs J♦ (only when J♦ has a value).", source: "Hearts 2.0 (yes); RustyHearts, BGA (no)" },
  { key: "bonusMode", values: "hand | total-clamped", help: "J♦ and No Tricks are added to the hand's score (also in a moon hand), or taken off the running total without going below 0 and not in a moon hand.", source: "RustyHearts/Skelly (hand), Hearts 2.0 (total-clamped)" },
  { key: "moon", values: "old | new | choice | disabled", help: "Shooting the moon (all hearts and Q♠): others +26 (old), shooter −26 (new), the shooter chooses, or no moon.", source: "all; Hearts 2.0 and Skelly New Moon; BGA positive moon / disabled" },
  { key: "moonChoiceMinTotal", values: "integer ≥ 0", help: "With moon=choice, the choice is offered only if the shooter's total before the hand is at least this; otherwise old moon.", source: "Hearts 2.0 (26), Skelly (0)" },
  { key: "noTricksBonus", values: "integer (0 off, -5)", help: "Bonus to a seat that took no points (or no tricks, see noTricksCondition); never in a moon hand.", source: "Hearts 2.0 “No Tricks”, Skelly “(No Tricks) Bonus”" },
  { key: "noTricksCondition", values: "no-points | no-tricks", help: "What earns the No Tricks bonus: taking no point card, or winning no trick.", source: "Hearts 2.0 (no-points), Skelly (no-tricks)" },
  { key: "shootTheSun", values: "integer (0 off, -24)", help: "Bonus to a seat that wins all 13 tricks, on top of the moon and J♦.", source: "Skelly “Shooting the Sun”" },
  { key: "target", values: "integer 1–10000", help: "The game ends when a total reaches this (penalty scoring).", source: "all" },
  { key: "endWhen", values: "reach | exceed", help: "The game ends when a total is ≥ target (reach) or > target (exceed).", source: "Hearts 2.0, RustyHearts, mobile (reach); Skelly (exceed)" },
  { key: "perfect100", values: "true | false", help: "A total of exactly 100 after a hand becomes 50.", source: "Hearts 2.0 “Perfect 100”" },
  { key: "exactTargetWins", values: "true | false", help: "Ending a hand on exactly the target wins the game at once.", source: "Skelly (on unless “Exact Score Doesn't Win”)" },
  { key: "countdown", values: "off | integer (50, 75, 100)", help: "BGA scoring: totals start here, points are subtracted, the game ends at ≤ 0 and the highest total wins.", source: "BGA “Initial points”" },
  { key: "noDraw", values: "true | false", help: "A game that would end tied for first goes on for another hand.", source: "Hearts 2.0 “No draws”" },
  { key: "passCycle", values: "left-right-across-hold | left-right-across | left | right | none", help: "Pass direction of each hand, in turn.", source: "all; BGA pass cycle; Skelly “No Passing”; Black Maria" },
  { key: "autoClaim", values: "off | no-points-left | tram", help: "End the hand early once no scoring card is left (no-points-left), or also when the next leader must win every trick (tram); the remaining cards go to the last trick's winner.", source: "Hearts 2.0 “Detect Tram”, BGA “Skip uneventful final tricks”" },
];

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
  { name: "classic", title: "Classic", description: "Standard Hearts: pass left/right/across/hold, 2♣ leads, ♥ 1, Q♠ 13, moon +26 to the others, game to 100.", rules: { ...withClaim } },
  { name: "omnibus", title: "Omnibus", description: "Classic plus J♦ worth −10 to whoever takes it.", rules: { ...withClaim, jackOfDiamonds: -10 } },
  { name: "black-maria", title: "Black Maria", description: "Q♠ 13, K♠ 10, A♠ 7; always pass right; left of dealer leads; hearts may be led any time; no moon.", rules: { ...withClaim, firstLead: "left-of-dealer", pointsOnFirstTrick: true, heartsLeadRestriction: false, highSpades: true, moon: "disabled", passCycle: "right" } },
  { name: "spot-hearts", title: "Spot Hearts", description: "Hearts score their face value (2–10, J 11, Q 12, K 13, A 14).", rules: { ...withClaim, heartValues: "spot" } },
  { name: "hearts-2.0", title: "Hearts 2.0", description: "Hearts 2.0's rules: Q♠ first when trick 1 leaves only points; bonuses come off the total, never below 0.", rules: { ...withClaim, firstTrickPointsFallback: "queen-first", bonusMode: "total-clamped" } },
  { name: "hearts-2.0-full", title: "Hearts 2.0, all options", description: "Hearts 2.0 with Omnibus (J♦ −10, needed for the moon), No Tricks −5, New Moon (from 26), Perfect 100, No Draw, Q♠ breaks hearts.", rules: { ...withClaim, firstTrickPointsFallback: "queen-first", bonusMode: "total-clamped", jackOfDiamonds: -10, jackRequiredForMoon: true, noTricksBonus: -5, moon: "choice", moonChoiceMinTotal: 26, perfect100: true, noDraw: true, queenBreaksHearts: true } },
  { name: "skelly", title: "Skelly's Hearts", description: "Q♠ breaks hearts, J♦ −10, the shooter chooses the moon, Shooting the Sun −24, game over past 100, exactly 100 wins.", rules: { ...withClaim, queenBreaksHearts: true, jackOfDiamonds: -10, moon: "choice", shootTheSun: -24, endWhen: "exceed", exactTargetWins: true } },
  { name: "rusty-hearts", title: "RustyHearts", description: "RustyHearts' defaults (classic rules).", rules: { ...withClaim } },
  { name: "mobile", title: "Mobile Hearts", description: "Classic, but a leader holding only hearts and Q♠ may lead a heart.", rules: { ...withClaim, heartsLeadException: "hearts-and-queen" } },
  { name: "bga", title: "Board Game Arena", description: "BGA countdown: start at 100, points are subtracted, the game ends at 0 and the highest total wins.", rules: { ...withClaim, countdown: 100 } },
];

export const presetNames = (): string[] => PRESETS.map((p) => p.name);

export function presetRules(name: string): Rules | null {
  const p = PRESETS.find((x) => x.name === name.toLowerCase());
  return p ? { ...DEFAULT_RULES, ...p.rules } : null;
}

export type RulesResult = { ok: true; rules: Rules } | { ok: false; error: string };

const ENUMS: Partial<Record<keyof Rules, readonly string[]>> = {
  firstLead: ["two-clubs", "left-of-dealer"],
  firstTrickPointsFallback: ["any", "queen-first"],
  heartsLeadException: ["only-hearts", "hearts-and-queen"],
  heartValues: ["one", "spot"],
  bonusMode: ["hand", "total-clamped"],
  moon: ["old", "new", "choice", "disabled"],
  noTricksCondition: ["no-points", "no-tricks"],
  endWhen: ["reach", "exceed"],
  passCycle: Object.keys(PASS_CYCLES),
  autoClaim: ["off", "no-points-left", "tram"],
};
const INT_RANGES: Partial<Record<keyof Rules, [number, number]>> = {
  jackOfDiamonds: [-100, 100],
  moonChoiceMinTotal: [0, 10_000],
  noTricksBonus: [-100, 100],
  shootTheSun: [-100, 100],
  target: [1, 10_000],
};

/** Sets one option from text ("true", "-10", "tram"); returns a sentence for a person on error. */
export function setOption(rules: Rules, key: string, raw: string): string | null {
  const info = OPTION_INFO.find((o) => o.key.toLowerCase() === key.toLowerCase());
  if (!info) return `Unknown option “${key}”. Options: ${OPTION_INFO.map((o) => o.key).join(", ")}.`;
  const k = info.key;
  const v = raw.trim().toLowerCase();
  const enumValues = ENUMS[k];
  const range = INT_RANGES[k];
  const current = DEFAULT_RULES[k];
  const r = rules as unknown as Record<string, unknown>;
  if (enumValues) {
    const value = k === "autoClaim" && (v === "false" || v === "no") ? "off" : k === "autoClaim" && (v === "true" || v === "yes") ? "tram" : v;
    if (!enumValues.includes(value)) return `${k} must be one of: ${enumValues.join(", ")}.`;
    r[k] = value;
  } else if (typeof current === "boolean") {
    if (["true", "on", "yes", "1"].includes(v)) r[k] = true;
    else if (["false", "off", "no", "0"].includes(v)) r[k] = false;
    else return `${k} must be true or false.`;
  } else if (k === "countdown") {
    if (["off", "null", "none", "false", "0"].includes(v)) r[k] = null;
    else if (/^\d+$/.test(v) && +v >= 1 && +v <= 10_000) r[k] = +v;
    else return "countdown must be off or a starting total such as 50, 75 or 100.";
  } else if (range) {
    if (!/^-?\d+$/.test(v) || +v < range[0] || +v > range[1]) return `${k} must be a whole number from ${range[0]} to ${range[1]}.`;
    r[k] = +v;
  }
  return null;
}

/** Parses "PRESET[,key=value...]", e.g. "omnibus,target=50,moon=choice". */
/**
 * Reads a rules spec: a preset name then key=value options ("omnibus,target=50"). A spec of only
 * options applies them to `base` (default: the classic preset), so a host can change one option of the
 * current rules ("moon=choice").
 */
export function parseRules(spec: string, base?: Rules): RulesResult {
  const parts = spec.split(",").map((s) => s.trim()).filter(Boolean);
  const head = parts[0] && !parts[0].includes("=") ? parts.shift()! : null;
  const rules = head !== null ? presetRules(head) : base ? { ...base } : presetRules("classic");
  if (!rules) return { ok: false, error: `Unknown rules preset “${head}”. Presets: ${presetNames().join(", ")}.` };
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq < 0) return { ok: false, error: `“${part}” is not key=value.` };
    const err = setOption(rules, part.slice(0, eq).trim(), part.slice(eq + 1));
    if (err) return { ok: false, error: err };
  }
  const err = validateRules(rules);
  return err ? { ok: false, error: err } : { ok: true, rules };
}

/** Checks a whole rule object (e.g. one read back from storage); null when it is sound. */
export function validateRules(rules: Rules): string | null {
  for (const info of OPTION_INFO) {
    const v = rules[info.key];
    const err = setOption({ ...rules }, info.key, v === null ? "off" : String(v));
    if (err) return err;
  }
  return null;
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
const POINT_CARDS_HIGH_SPADES: Readonly<SuitMasks> = [0, 0, (1 << rankOf(QUEEN_OF_SPADES)) | (1 << rankOf(KING_OF_SPADES)) | (1 << rankOf(ACE_OF_SPADES)), 0x1fff];

/** Value of all hearts plus Q♠: what a moon is worth (26, or 117 with spot hearts). */
export const moonValue = (rules: Rules): number => (rules.heartValues === "spot" ? 104 : 13) + 13;

/** A card that counts for anything at the end of the hand (auto-claim looks for these). */
export const isScoringCard = (rules: Rules, card: Card): boolean =>
  penaltyValue(rules, card) !== 0 || (card === JACK_OF_DIAMONDS && rules.jackOfDiamonds !== 0);

export const passDirectionFor = (rules: Rules, handIndex: number): PassDirection => {
  const cycle = PASS_CYCLES[rules.passCycle];
  return cycle[handIndex % cycle.length];
};

/** The seat that receives `seat`'s pass. */
export const passTarget = (seat: number, dir: PassDirection): number =>
  (seat + (dir === "left" ? 1 : dir === "right" ? 3 : dir === "across" ? 2 : 0)) % 4;
