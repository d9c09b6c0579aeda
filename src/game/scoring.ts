/** How a finished hand is scored and when a game ends: ../shared/RULES.md, "Card values and scoring". */
import { HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, hasCard, type Card, type Seat, type SuitMasks } from "./cards.js";
import { moonValue, penaltyValue, type Rules } from "./rules.js";

export type MoonChoice = "add" | "subtract";

export interface HandResult {
  handIndex: number;
  /** Penalty points each seat took (♥, Q♠, high spades): no moon, no J♦, no bonus. */
  handPoints: number[];
  /** The signed change of each total this hand, as the scoreboard shows it. */
  change: number[];
  /** Totals after the hand. */
  totals: number[];
  moon: { shooter: Seat; choice: MoonChoice } | null;
  sun: Seat | null;
  queenTakenBy: Seat | null;
  jackTakenBy: Seat | null;
  noTricksBonus: Seat[];
  perfect100: Seat[];
  tricksWon: number[];
}

export function sumPenalty(rules: Rules, taken: SuitMasks): number {
  let total = 0;
  for (let suit = 0; suit < 4; suit++) {
    let m = taken[suit];
    while (m) {
      const low = m & -m;
      total += penaltyValue(rules, suit * 13 + (31 - Math.clz32(low)));
      m ^= low;
    }
  }
  return total;
}

/** The seat that shot the moon this hand, or null. */
export function moonShooter(rules: Rules, taken: readonly SuitMasks[]): Seat | null {
  if (rules.moon === "disabled") return null;
  const needJack = rules.jackRequiredForMoon && rules.jackOfDiamonds !== 0;
  for (let s = 0; s < 4; s++) {
    const t = taken[s];
    if (t[HEARTS] === 0x1fff && hasCard(t, QUEEN_OF_SPADES) && (!needJack || hasCard(t, JACK_OF_DIAMONDS))) return s as Seat;
  }
  return null;
}

/** Whether the shooter is offered the New Moon choice (else the old moon applies). */
export const moonChoiceOffered = (rules: Rules, totalBefore: number): boolean =>
  rules.moon === "choice" && totalBefore >= rules.moonChoiceMinTotal;

function holderOf(taken: readonly SuitMasks[], card: Card): Seat | null {
  for (let s = 0; s < 4; s++) if (hasCard(taken[s], card)) return s as Seat;
  return null;
}

/** Adds a bonus to a total without taking it below 0 (nor lifting a total already below 0). */
const clampedAdd = (total: number, bonus: number): number => Math.max(Math.min(total, 0), total + bonus);

/**
 * Scores a finished hand. `moonChoice` is the shooter's choice under moon=choice when it was
 * offered; otherwise the moon mode decides.
 */
export function scoreHand(
  rules: Rules,
  handIndex: number,
  before: readonly number[],
  taken: readonly SuitMasks[],
  tricksWon: readonly number[],
  moonChoice: MoonChoice | null,
): HandResult {
  const handPoints = taken.map((t) => sumPenalty(rules, t));
  const delta = handPoints.slice();
  const shooter = moonShooter(rules, taken);
  let moon: HandResult["moon"] = null;
  if (shooter !== null) {
    const choice: MoonChoice = rules.moon === "new" ? "subtract" : rules.moon === "choice" && moonChoice ? moonChoice : "add";
    const mv = moonValue(rules);
    delta[shooter] -= mv;
    if (choice === "add") for (let s = 0; s < 4; s++) if (s !== shooter) delta[s] += mv;
    if (choice === "subtract") delta[shooter] -= mv;
    moon = { shooter, choice };
  }

  const jackTakenBy = rules.jackOfDiamonds !== 0 ? holderOf(taken, JACK_OF_DIAMONDS) : null;
  const noTricks: Seat[] = [];
  if (rules.noTricksBonus !== 0 && shooter === null) {
    for (let s = 0; s < 4; s++) {
      const qualifies = rules.noTricksCondition === "no-tricks" ? tricksWon[s] === 0 : handPoints[s] === 0;
      if (qualifies) noTricks.push(s as Seat);
    }
  }
  // Countdown scoring is BGA's, which adds bonuses to the hand: clamping is a penalty-scoring rule.
  const clamped = rules.bonusMode === "total-clamped" && rules.countdown === null;
  if (!clamped) {
    if (jackTakenBy !== null) delta[jackTakenBy] += rules.jackOfDiamonds;
    for (const s of noTricks) delta[s] += rules.noTricksBonus;
  }
  let sun: Seat | null = null;
  if (rules.shootTheSun !== 0) {
    const s = tricksWon.indexOf(13);
    if (s >= 0) {
      sun = s as Seat;
      delta[s] += rules.shootTheSun;
    }
  }

  const sign = rules.countdown === null ? 1 : -1;
  const totals = before.map((t, s) => t + sign * delta[s]);
  if (clamped && shooter === null) {
    for (const s of noTricks) totals[s] = clampedAdd(totals[s], rules.noTricksBonus);
    if (jackTakenBy !== null) totals[jackTakenBy] = clampedAdd(totals[jackTakenBy], rules.jackOfDiamonds);
  }
  const perfect100: Seat[] = [];
  if (rules.perfect100 && rules.countdown === null) {
    for (let s = 0; s < 4; s++) {
      if (totals[s] === 100) {
        totals[s] = 50;
        perfect100.push(s as Seat);
      }
    }
  }
  return {
    handIndex,
    handPoints,
    change: totals.map((t, s) => t - before[s]),
    totals,
    moon,
    sun,
    queenTakenBy: holderOf(taken, QUEEN_OF_SPADES),
    jackTakenBy,
    noTricksBonus: noTricks,
    perfect100,
    tricksWon: tricksWon.slice(),
  };
}

export interface GameEnd {
  winners: Seat[];
}

/** Whether the game ends after a hand with these totals; null to play on. */
export function gameEnd(rules: Rules, totals: readonly number[]): GameEnd | null {
  const seats = [0, 1, 2, 3] as Seat[];
  if (rules.countdown === null && rules.exactTargetWins) {
    const exact = seats.filter((s) => totals[s] === rules.target);
    if (exact.length) return { winners: exact };
  }
  const over =
    rules.countdown === null
      ? totals.some((t) => (rules.endWhen === "reach" ? t >= rules.target : t > rules.target))
      : totals.some((t) => (rules.endWhen === "reach" ? t <= 0 : t < 0));
  if (!over) return null;
  const best = rules.countdown === null ? Math.min(...totals) : Math.max(...totals);
  const winners = seats.filter((s) => totals[s] === best);
  if (winners.length > 1 && rules.noDraw) return null;
  return { winners };
}

/** Places 1..4 (ties share a place); winners are first even when exactTargetWins beats a lower total. */
export function placements(rules: Rules, totals: readonly number[], winners: readonly Seat[]): number[] {
  const better = (a: number, b: number) => (rules.countdown === null ? totals[a] < totals[b] : totals[a] > totals[b]);
  return totals.map((_, s) => {
    if (winners.includes(s as Seat)) return 1;
    let place = 1 + winners.length;
    for (let o = 0; o < 4; o++) if (o !== s && !winners.includes(o as Seat) && better(o, s)) place++;
    return place;
  });
}
