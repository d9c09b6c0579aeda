/**
 * The end of a playout: the board's totals after the hand, scored as the engine's scoreHand does
 * (test/ai/fast.test.ts holds the two together), with no allocation but in the rare New Moon
 * choice, where the engine's own scoring runs.
 */
import { FULL } from "./bits.js";
import type { CardValues } from "./bits.js";
import { LAYOUT } from "./fast-layout.js";
import { moonChoiceOffered, scoreHand, type MoonChoice, type Rules, type SuitMasks } from "../../../src/game/index.js";

// Module consts, as in fast.ts (an imported binding is read through its module cell at every use).
const { TAKEN, WON } = LAYOUT;
const ALL = FULL;

/** What the scoring reads of a board (FastHand). */
export interface ScoredBoard {
  readonly s: Int32Array;
  readonly rules: Rules;
  readonly cv: CardValues;
  readonly totals: number[];
  readonly handIndex: number;
}

/** The New Moon choice of the shooter, when the rules let them choose. */
export type MoonChooser = (
  rules: Rules,
  handIndex: number,
  totals: readonly number[],
  taken: SuitMasks[],
  won: number[],
  shooter: number,
) => MoonChoice;

/** RULES.md's clamped bonus: never below 0, nor lifting a total already below 0. */
const clampedAdd = (total: number, bonus: number): number => Math.max(Math.min(total, 0), total + bonus);

/** Scratch for the final scoring (no allocation but scoreHand's own). */
const takenScratch: SuitMasks[] = [
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
];
const wonScratch = [0, 0, 0, 0];
const totalsOut = [0, 0, 0, 0];
const pointsScratch = [0, 0, 0, 0];

/**
 * The totals after the hand (which must be done); under moon=choice the shooter takes `choose`'s
 * choice. The array returned is shared, overwritten by the next call.
 */
export function finalTotals(board: ScoredBoard, choose: MoonChooser): number[] {
  const { s, rules, cv } = board;
  const out = totalsOut;
  const pts = pointsScratch;
  let shooter = -1;
  let jackBy = -1;
  const needJack = rules.jackRequiredForMoon && rules.jackOfDiamonds !== 0;
  for (let p = 0; p < 4; p++) {
    const at = TAKEN + p * 4;
    const sp = s[at + 2];
    const he = s[at + 3];
    let v = cv.heartSum[he] + (sp & (1 << 10) ? 13 : 0);
    if (rules.highSpades) v += (sp & (1 << 11) ? 10 : 0) + (sp & (1 << 12) ? 7 : 0);
    pts[p] = v;
    if (s[at + 1] & (1 << 9)) jackBy = p;
    if (he === ALL && sp & (1 << 10) && (!needJack || s[at + 1] & (1 << 9))) shooter = p;
  }
  if (rules.moon === "disabled") shooter = -1;
  if (shooter >= 0 && rules.moon === "choice" && moonChoiceOffered(rules, board.totals[shooter])) {
    // Rare (a moon under the New Moon choice): the engine's own scoring, allocation and all.
    const taken = takenScratch;
    for (let p = 0; p < 4; p++) {
      for (let k = 0; k < 4; k++) taken[p][k] = s[TAKEN + p * 4 + k];
      wonScratch[p] = s[WON + p];
    }
    const choice = choose(rules, board.handIndex, board.totals, taken, wonScratch, shooter);
    const totals = scoreHand(rules, board.handIndex, board.totals, taken, wonScratch, choice).totals;
    for (let p = 0; p < 4; p++) out[p] = totals[p];
    return out;
  }
  if (shooter >= 0) {
    const mv = rules.heartValues === "spot" ? 117 : 26;
    pts[shooter] -= mv;
    if (rules.moon === "new") pts[shooter] -= mv;
    else for (let p = 0; p < 4; p++) if (p !== shooter) pts[p] += mv;
  }
  if (rules.jackOfDiamonds === 0) jackBy = -1;
  const clamped = rules.bonusMode === "total-clamped" && rules.countdown === null;
  const bonus = rules.noTricksBonus !== 0 && shooter < 0 ? rules.noTricksBonus : 0;
  const byTricks = rules.noTricksCondition === "no-tricks";
  let noTricks = 0;
  if (bonus !== 0) for (let p = 0; p < 4; p++) if (byTricks ? s[WON + p] === 0 : pts[p] === 0) noTricks |= 1 << p;
  if (!clamped) {
    if (jackBy >= 0) pts[jackBy] += rules.jackOfDiamonds;
    for (let p = 0; p < 4; p++) if (noTricks & (1 << p)) pts[p] += bonus;
  }
  if (rules.shootTheSun !== 0) for (let p = 0; p < 4; p++) if (s[WON + p] === 13) pts[p] += rules.shootTheSun;
  const sign = rules.countdown === null ? 1 : -1;
  for (let p = 0; p < 4; p++) out[p] = board.totals[p] + sign * pts[p];
  if (clamped && shooter < 0) {
    for (let p = 0; p < 4; p++) if (noTricks & (1 << p)) out[p] = clampedAdd(out[p], bonus);
    if (jackBy >= 0) out[jackBy] = clampedAdd(out[jackBy], rules.jackOfDiamonds);
  }
  if (rules.perfect100 && rules.countdown === null) for (let p = 0; p < 4; p++) if (out[p] === 100) out[p] = 50;
  return out;
}
