/**
 * The last tricks of one sampled world, solved instead of played out. When few cards remain, the
 * hard search (hard.ts) values a candidate in a world by max^n search with every hand visible:
 * each seat, at its turn, plays the card that leads to the end of the hand best for itself (match
 * equity, equity.ts, as the search values a whole hand), assuming the others do the same. A
 * playout's policy guesses, sometimes wrongly, who ends up with the last points; the search does
 * not. Cards that are the same card in this world (same suit and value, with no other seat's card
 * between them) are tried once, and the board ends the hand as soon as no score can change.
 */
import type { Rules, SuitMasks } from "../game/index.js";
import { winChances } from "./equity.js";
import { FastHand } from "./fast.js";
import type { MoonChooser } from "./fast-score.js";
import { LAYOUT } from "./fast-layout.js";

const { HANDS, PLAYED, TRICK, TRICK_LEN, TURN } = LAYOUT;

/** Differences of utility this small are ties (utility: win chance plus 0.0004 a point of margin). */
const TIE = 1e-9;

export class Endgame {
  private readonly boards: FastHand[] = [];
  private readonly legal: SuitMasks[] = [];
  /** vals[d*4+p]: the value to seat p of the position at depth d, as the search found it. */
  private readonly vals = new Float64Array(53 * 4);
  private root = 0;
  /** Positions visited by the last solve (for the budget's bookkeeping and tests). */
  nodes = 0;

  constructor(
    rules: Rules,
    private readonly choose: MoonChooser,
  ) {
    for (let d = 0; d <= 52; d++) {
      this.boards.push(new FastHand(rules));
      this.legal.push([0, 0, 0, 0]);
    }
  }

  /** The value to `seat` of the board's hand played to its end by four seats that see every card. */
  value(board: FastHand, seat: number): number {
    this.root = seat;
    this.nodes = 0;
    this.boards[0].copyFrom(board);
    this.search(0);
    return this.vals[seat];
  }

  private search(d: number): void {
    this.nodes++;
    const b = this.boards[d];
    const vals = this.vals;
    if (b.done) {
      const totals = b.finalTotals(this.choose);
      const chances = winChances(b.rules, totals);
      const sign = b.rules.countdown === null ? -1 : 1;
      const sum = totals[0] + totals[1] + totals[2] + totals[3];
      for (let p = 0; p < 4; p++) vals[d * 4 + p] = chances[p] + 0.0004 * sign * (totals[p] - (sum - totals[p]) / 3);
      return;
    }
    const s = b.s;
    const seat = s[TURN];
    const legal = b.legal(this.legal[d]);
    const next = this.boards[d + 1];
    const tv = b.cv.tv;
    // Cards of another seat, or on the table, separate two of mine; played ones do not.
    let onTable0 = 0;
    let onTable1 = 0;
    let onTable2 = 0;
    let onTable3 = 0;
    for (let i = 0; i < s[TRICK_LEN]; i++) {
      const c = s[TRICK + i];
      const bit = 1 << (c % 13);
      const suit = (c / 13) | 0;
      if (suit === 0) onTable0 |= bit;
      else if (suit === 1) onTable1 |= bit;
      else if (suit === 2) onTable2 |= bit;
      else onTable3 |= bit;
    }
    let best = -Infinity;
    let bestRoot = Infinity;
    let found = false;
    for (let suit = 0; suit < 4; suit++) {
      let m = legal[suit];
      if (m === 0) continue;
      const onTable = suit === 0 ? onTable0 : suit === 1 ? onTable1 : suit === 2 ? onTable2 : onTable3;
      const separating = ~s[HANDS + seat * 4 + suit] & (~s[PLAYED + suit] | onTable);
      let prev = -1;
      while (m) {
        const r = 31 - Math.clz32(m);
        m &= ~(1 << r);
        const card = suit * 13 + r;
        if (prev >= 0 && tv[prev] === tv[card]) {
          const between = ((1 << (prev % 13)) - 1) & ~((2 << r) - 1);
          if ((between & separating) === 0) {
            prev = card;
            continue;
          }
        }
        prev = card;
        next.copyFrom(b);
        next.play(card);
        this.search(d + 1);
        const v = vals[(d + 1) * 4 + seat];
        const vr = vals[(d + 1) * 4 + this.root];
        // A tie for the seat to move goes against the seat searching: it assumes no favours.
        if (!found || v > best + TIE || (v >= best - TIE && seat !== this.root && vr < bestRoot)) {
          found = true;
          best = v;
          bestRoot = vr;
          for (let p = 0; p < 4; p++) vals[d * 4 + p] = vals[(d + 1) * 4 + p];
        }
      }
    }
  }
}
