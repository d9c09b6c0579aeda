/**
 * The rule table: every variant is one option here, with its values, its default, its meaning and
 * its source. One definition per option: the `Rules` type, the defaults, the checks of a rules
 * object read from storage or typed by a host (rules-read.ts), the presets (presets.ts) and the
 * players' guide's table (docs/players.md) all come from `OPTIONS`. Key names follow ../shared/RULES.md; the engine reads
 * options only through this module's types, and the values they give cards and passes (below).
 */
import { ACE_OF_SPADES, HEARTS, KING_OF_SPADES, QUEEN_OF_SPADES, rankOf, suitOf, type Card, type SuitMasks } from "./cards.js";

export type PassDirection = "left" | "right" | "across" | "hold";

interface OptionDoc {
  /** What the option does, as docs/players.md and /hearts rules say it. */
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
  /** The values as docs/players.md shows them. */
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

/** Every option, in the options table's order (docs/players.md). */
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

/** The options as a list, in the table's order: docs/players.md's rules table and the bot's /hearts rules text come from here. */
export const OPTION_INFO: readonly OptionInfo[] = Object.keys(OPTIONS)
  .filter(isOptionKey)
  .map((key) => ({ key, ...OPTIONS[key] }));

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
