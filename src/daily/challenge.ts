/**
 * The daily challenge as pure functions: which challenge a date is, the day's game (rules and
 * deal key, from the date and a secret salt), when a session is over, how it scores, how players rank,
 * streaks and the spoiler-free share line. No I/O: the service (service.ts) stores and drives.
 *
 * A daily is one game of DAILY_HANDS hands, one per pass direction (left, right, across, hold), the
 * person in seat 0 against three hard computer players. Everyone who plays a given day in a given
 * rules preset gets the same deals, and the computer players' decisions depend only on the day and
 * the position, so every player truly faces the same game (duplicate scoring).
 */
import type { Messages } from "../i18n/index.js";
import {
  decisionSeed,
  derivedDealKey,
  handsToTheLast,
  parseRules,
  type DealFormat,
  type DealKey,
  type GameState,
  type Rules,
  type Seat,
} from "../game/index.js";

/** Challenge #1 is 2026-01-01 (UTC). */
export const DAILY_EPOCH_MS = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;
export const DAILY_HANDS = 4;
/** The person always sits here; the computer players take the other seats. */
export const DAILY_SEAT: Seat = 0;
/**
 * The computer players' fixed search size: a number of sampled worlds, never a time budget, so a
 * decision is the same on a busy machine as on an idle one.
 */
export const DAILY_BOT_SAMPLES = 300;

/** The challenge number of a moment (UTC date): #1 on the epoch's day. */
export function dayNumber(at: Date | number): number {
  const ms = typeof at === "number" ? at : at.getTime();
  return Math.floor((ms - DAILY_EPOCH_MS) / DAY_MS) + 1;
}

/** When challenge `day` opens (UTC midnight); it closes when day + 1 opens. */
export const dayStart = (day: number): Date => new Date(DAILY_EPOCH_MS + (day - 1) * DAY_MS);

/**
 * The daily's rules from the server's preset spec: the preset's scoring and play rules, but always
 * the four pass directions in turn, penalty scoring and no end before the last hand (the set is
 * DAILY_HANDS hands, whatever the totals). An unknown spec falls back to classic.
 */
export function dailyRules(spec: string): Rules {
  const parsed = parseRules(spec);
  const base = parsed.ok ? parsed.rules : (parseRules("classic") as { ok: true; rules: Rules }).rules;
  return handsToTheLast(base);
}

/**
 * The day's deal key: an HMAC-SHA256 of the day and rules under the secret salt, so nobody can
 * compute it ahead. Format 2 (attempts started since deal formats) is the whole 256-bit HMAC as
 * the key's secret; format 1 (attempts stored before) was its first 32 bits as a seed, which the
 * cards of one hand would give away.
 */
export function dailyDeal(salt: string, day: number, rulesSpec: string, format: DealFormat = 2): DealKey {
  return derivedDealKey(salt, `hearts-daily:${day}:${rulesSpec}`, format);
}

/** The seed of a computer player's decision: from the day's key, the seat and the position only. */
export const botSeed = (deal: DealKey, seat: number, actionCount: number): number => decisionSeed(deal, "daily-bot", seat, actionCount)!;

/** Whether the session's hands are all played. */
export const isComplete = (state: GameState): boolean => state.history.length >= DAILY_HANDS;

/** The person's score: per hand the change of their total (moons included), and Q♠ taken. */
export interface DailyScore {
  points: number;
  perHand: number[];
  queens: number;
  moons: number;
}

export function scoreOf(state: GameState, seat: Seat = DAILY_SEAT): DailyScore {
  const hands = state.history.slice(0, DAILY_HANDS);
  return {
    perHand: hands.map((h) => h.change[seat]),
    points: hands.reduce((s, h) => s + h.change[seat], 0),
    queens: hands.filter((h) => h.queenTakenBy === seat).length,
    moons: hands.filter((h) => h.moon?.shooter === seat).length,
  };
}

/** A finished attempt, as the board ranks it. */
export interface DailyResult {
  userId: string;
  name: string;
  points: number;
  perHand: number[];
  queens: number;
  /** Per hand: whether they shot the moon. */
  moons?: boolean[];
  finishedAt: Date;
}

/** Fewer points first; then whoever finished first (Q♠ taken are shown, never a tie-break). */
export function compareResults(a: DailyResult, b: DailyResult): number {
  return a.points - b.points || a.finishedAt.getTime() - b.finishedAt.getTime() || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}

export const rankResults = (results: readonly DailyResult[]): DailyResult[] => results.slice().sort(compareResults);

/** The server's best score of each hand (for the comparison after the day closes). */
export function bestPerHand(results: readonly DailyResult[]): (number | null)[] {
  return Array.from({ length: DAILY_HANDS }, (_, i) => {
    const xs = results.map((r) => r.perHand[i]).filter((x): x is number => typeof x === "number");
    return xs.length ? Math.min(...xs) : null;
  });
}

/** Days played in a row, ending today (or yesterday, if today is not played yet). */
export function streakOf(daysPlayed: readonly number[], today: number): number {
  const days = new Set(daysPlayed);
  let d = days.has(today) ? today : today - 1;
  let n = 0;
  while (days.has(d)) {
    n++;
    d--;
  }
  return n;
}

/** Fewest points over every finished daily, or null. */
export const personalBest = (points: readonly number[]): number | null => (points.length ? Math.min(...points) : null);

/** One square per hand, with no card named: nothing taken, a little, a lot (Q♠-sized), a moon. */
export function handSquare(change: number, moon: boolean): string {
  if (moon) return "🌙";
  if (change <= 0) return "🟩";
  if (change < 7) return "🟨";
  return "🟥";
}

/**
 * `Hearts daily #412 · 9 pts · 🟩🟩🟨🟥` (`Défi Dame de pique n° 412 · 9 points · …`): the result, no
 * card, no deal, in the words of `m` (the server's language: it is posted in the channel).
 */
export function shareLine(
  m: Pick<Messages["daily"], "shareLine">,
  day: number,
  score: Pick<DailyScore, "points" | "perHand"> & { moons?: readonly boolean[] },
): string {
  const squares = score.perHand.map((c, i) => handSquare(c, score.moons?.[i] ?? false)).join("");
  return m.shareLine({ day, points: score.points, squares });
}
