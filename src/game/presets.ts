/** The rules presets: named sets of options over the defaults (rules-read.ts applies them). */
import type { Rules } from "./rules.js";

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

/**
 * A set of hands played to the last whatever the totals, as a duplicate compares them (the daily
 * challenge, a tournament's round): the preset's play and scoring (moon, J♦, bonuses) as they are,
 * but the four pass directions in turn, penalty scoring (lower is better) and no end by the totals;
 * whoever deals the set stops it after its hands.
 */
export function handsToTheLast(base: Rules): Rules {
  return {
    ...base,
    passCycle: "left-right-across-hold",
    target: 10_000,
    countdown: null,
    endWhen: "reach",
    perfect100: false,
    exactTargetWins: false,
    noDraw: false,
  };
}
