/**
 * What one seat knows about the hidden cards, derived from its SeatView alone, and an exact
 * uniform sampler of the deals consistent with that knowledge (the "worlds" the hard player
 * searches). Nothing here can see another seat's hand: the only input is a SeatView.
 */
import { passTarget, suitOf, rankOf, type Card, type Rng, type SeatView, type SuitMasks } from "../../../src/game/index.js";
import { CLUBS, DIAMONDS, FULL, HEARTS, QS, Q_BIT, SPADES, pop, valuesFor } from "./bits.js";

export interface Knowledge {
  seat: number;
  /** Cards held by the other three seats, whose places are (partly) unknown to me. */
  unknown: SuitMasks;
  /** allowed[s][suit]: the ranks seat s may still hold. Mine: exactly my hand. */
  allowed: SuitMasks[];
  /** Cards known to be in a seat's hand (the cards I passed and the receiver has not played). */
  known: SuitMasks[];
  /** Cards each seat holds now. */
  sizes: number[];
  /** Cards already played this hand (completed tricks and the trick on the table). */
  played: SuitMasks;
  /**
   * queenWeight[s]: how much less likely than another seat s is to hold Q♠, from its play (see
   * QUEEN_DODGE). 1 for a seat that never passed up a free chance to get rid of it.
   */
  queenWeight: number[];
}

/**
 * Soft inference, unlike `allowed`: a seat that could have got rid of Q♠ at no risk (void in the
 * suit led, or following a spade lead under K♠ or A♠) and played another card almost certainly
 * does not hold it: every level of computer player, and nearly every person, dumps it there. Not
 * certainly (someone running a moon keeps it), so a world in which that seat holds Q♠ is only
 * weighted down, by this factor for each such card, rather than ruled out.
 */
export const QUEEN_DODGE = 0.1;

export function knowledgeOf(view: SeatView): Knowledge {
  const me = view.seat;
  const rules = view.rules;
  const values = valuesFor(rules);
  const hand = [0, 0, 0, 0];
  for (const c of view.hand) hand[suitOf(c)] |= 1 << rankOf(c);
  const played = [0, 0, 0, 0];
  const allowed = [0, 1, 2, 3].map((s) => (s === me ? hand.slice() : [FULL, FULL, FULL, FULL]));
  const known = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);

  // Replay the public tricks in order: who showed out, and what a lead or a first-trick point
  // card proves about the rest of that hand (RULES.md: hearts lead, trick-1 point limits).
  let broken = false;
  let queenGone = values.pv[QS] <= 0;
  const dodges = [0, 0, 0, 0];
  const all: { leader: number; cards: readonly Card[]; first: boolean }[] = view.tricks.map((t, i) => ({
    leader: t.leader,
    cards: t.cards,
    first: i === 0,
  }));
  if (view.trick.length) all.push({ leader: view.leader, cards: view.trick, first: view.tricks.length === 0 && view.trickNumber === 0 });
  for (const t of all) {
    const led = suitOf(t.cards[0]);
    for (let i = 0; i < t.cards.length; i++) {
      const c = t.cards[i];
      const p = (t.leader + i) & 3;
      const suit = suitOf(c);
      played[suit] |= 1 << rankOf(c);
      if (c === QS) queenGone = true;
      if (p === me) continue;
      if (i > 0 && !queenGone && c !== QS && (!t.first || rules.pointsOnFirstTrick)) {
        const underTop = led === SPADES && suit === SPADES && t.cards.slice(0, i).some((x) => x === QS + 1 || x === QS + 2);
        if (suit !== led || underTop) dodges[p]++;
      }
      const a = allowed[p];
      if (i === 0) {
        if (suit === HEARTS && rules.heartsLeadRestriction && !broken) {
          // A heart led before hearts were broken: the leader held nothing else (or only Q♠ besides).
          a[CLUBS] = 0;
          a[DIAMONDS] = 0;
          a[SPADES] &= rules.heartsLeadException === "hearts-and-queen" ? Q_BIT : 0;
        }
        if (t.first && !rules.pointsOnFirstTrick && values.pv[c] > 0 && suit !== HEARTS) {
          // A point card (Q♠, high spade) led to trick 1: every non-heart card held was a point card.
          a[CLUBS] = 0;
          a[DIAMONDS] = 0;
          a[SPADES] &= values.pointSpades;
        }
      } else if (suit !== led) {
        a[led] = 0;
        if (t.first && !rules.pointsOnFirstTrick && values.pv[c] > 0) {
          // Showed out on trick 1 with a point card: no legal non-point card was left.
          a[CLUBS] = 0;
          a[DIAMONDS] = 0;
          a[SPADES] &= values.pointSpades;
          if (suit === HEARTS && rules.firstTrickPointsFallback === "queen-first") a[SPADES] &= ~Q_BIT;
        }
      } else if (t.first && !rules.pointsOnFirstTrick && values.pv[c] > 0) {
        // Followed trick 1 with a point card: every card held in the led suit was a point card.
        a[led] &= led === SPADES ? values.pointSpades : led === HEARTS ? FULL : 0;
      }
    }
    // Hearts broken by this trick matter from the next lead on.
    for (const c of t.cards) if (suitOf(c) === HEARTS || (c === 36 && rules.queenBreaksHearts)) broken = true;
  }
  // Voids the view reports (the same inference, kept in case the view knows more).
  for (let p = 0; p < 4; p++) if (p !== me) for (let s = 0; s < 4; s++) if (view.voids[p]?.[s]) allowed[p][s] = 0;

  const unknown = [0, 1, 2, 3].map((s) => FULL & ~hand[s] & ~played[s]);
  const exchanged = view.phase !== "passing" && view.passDirection !== "hold";
  if (exchanged && view.passed) {
    const to = passTarget(me, view.passDirection);
    for (const c of view.passed) {
      const s = suitOf(c);
      const bit = 1 << rankOf(c);
      if (unknown[s] & bit) known[to][s] |= bit;
    }
  }
  for (let p = 0; p < 4; p++) {
    if (p === me) continue;
    for (let s = 0; s < 4; s++) {
      allowed[p][s] &= unknown[s];
      allowed[p][s] |= known[p][s];
    }
  }
  const sizes = view.phase === "passing" ? [13, 13, 13, 13] : view.handSizes.slice();
  const queenWeight = dodges.map((n) => QUEEN_DODGE ** n);
  return { seat: me, unknown, allowed, known, sizes, played, queenWeight };
}

/** A sampled world's weight: lower where a seat holds Q♠ that it showed no sign of holding (queenWeight). */
export function worldWeight(know: Knowledge, hands: SuitMasks[]): number {
  for (let p = 0; p < 4; p++) if (hands[p][SPADES] & Q_BIT) return know.queenWeight[p];
  return 1;
}

/** n!/(k1! k2! k3!) as a float: the number of ways to split a class of cards. */
const FACT: number[] = [1];
for (let i = 1; i <= 52; i++) FACT[i] = FACT[i - 1] * i;

interface CardClass {
  cards: Card[];
  /** Which of the three other seats (indexes into `others`) may hold these cards. */
  eligible: [boolean, boolean, boolean];
}

/**
 * Samples hidden hands uniformly among all deals consistent with a Knowledge: cards are grouped
 * by which seats may hold them, a small dynamic program counts the completions, and each sample
 * walks it back. Exact and allocation-light, so the hard player can draw hundreds per decision.
 */
export class WorldSampler {
  readonly others: number[];
  private readonly classes: CardClass[] = [];
  private readonly caps: number[];
  /** ways[i][a*14+b]: completions of classes i.. with capacities a, b for others[0], others[1]. */
  private readonly ways: Float64Array[] = [];
  private readonly remaining: number[] = [];

  constructor(readonly know: Knowledge) {
    const me = know.seat;
    this.others = [1, 2, 3].map((d) => (me + d) & 3);
    this.caps = this.others.map(
      (p) => know.sizes[p] - pop(know.known[p][0]) - pop(know.known[p][1]) - pop(know.known[p][2]) - pop(know.known[p][3]),
    );
    const byKey = new Map<number, CardClass>();
    for (let s = 0; s < 4; s++) {
      let m = know.unknown[s];
      for (const p of this.others) m &= ~know.known[p][s];
      while (m) {
        const bit = m & -m;
        m ^= bit;
        const key = this.others.reduce((k, p, i) => k | ((know.allowed[p][s] & bit ? 1 : 0) << i), 0);
        let cls = byKey.get(key);
        if (!cls) {
          cls = { cards: [], eligible: [(key & 1) !== 0, (key & 2) !== 0, (key & 4) !== 0] };
          byKey.set(key, cls);
        }
        cls.cards.push(s * 13 + (31 - Math.clz32(bit)));
      }
    }
    // Most constrained classes first: it keeps the table small where it matters.
    this.classes = [...byKey.values()].sort((a, b) => a.eligible.filter(Boolean).length - b.eligible.filter(Boolean).length);
    const n = this.classes.length;
    let rest = 0;
    this.remaining = new Array(n + 1).fill(0);
    for (let i = n - 1; i >= 0; i--) this.remaining[i] = rest += this.classes[i].cards.length;
    this.ways = Array.from({ length: n + 1 }, () => new Float64Array(14 * 14));
    this.ways[n][0] = 1;
    for (let i = n - 1; i >= 0; i--) {
      const cls = this.classes[i];
      const k = cls.cards.length;
      const total = this.remaining[i];
      const w = this.ways[i];
      const next = this.ways[i + 1];
      for (let a = 0; a <= 13; a++) {
        for (let b = 0; b <= 13; b++) {
          const c = total - a - b;
          if (c < 0 || c > 13) continue;
          let sum = 0;
          for (let x0 = cls.eligible[0] ? Math.min(k, a) : 0; x0 >= 0; x0--) {
            for (let x1 = cls.eligible[1] ? Math.min(k - x0, b) : 0; x1 >= 0; x1--) {
              const x2 = k - x0 - x1;
              if (x2 > c || (x2 > 0 && !cls.eligible[2])) continue;
              const f = next[(a - x0) * 14 + (b - x1)];
              if (f) sum += (FACT[k] / (FACT[x0] * FACT[x1] * FACT[x2])) * f;
            }
          }
          w[a * 14 + b] = sum;
        }
      }
    }
  }

  /** Whether any deal fits the knowledge (false only for a malformed view). */
  get consistent(): boolean {
    const [a, b, c] = this.caps;
    return a >= 0 && b >= 0 && c >= 0 && a <= 13 && b <= 13 && a + b + c === this.remaining[0] && this.ways[0][a * 14 + b] > 0;
  }

  /** One world: the four hands as suit masks (mine included), drawn uniformly. */
  sample(rng: Rng): SuitMasks[] {
    if (!this.consistent) throw new Error("No deal of the hidden cards fits this view: it contradicts itself.");
    const know = this.know;
    const hands: SuitMasks[] = [0, 1, 2, 3].map((p) => (p === know.seat ? know.allowed[p].slice() : know.known[p].slice()));
    let a = this.caps[0];
    let b = this.caps[1];
    for (let i = 0; i < this.classes.length; i++) {
      const cls = this.classes[i];
      const k = cls.cards.length;
      const c = this.remaining[i] - a - b;
      const next = this.ways[i + 1];
      let r = rng.next() * this.ways[i][a * 14 + b];
      let pick0 = -1;
      let pick1 = -1;
      outer: for (let x0 = cls.eligible[0] ? Math.min(k, a) : 0; x0 >= 0; x0--) {
        for (let x1 = cls.eligible[1] ? Math.min(k - x0, b) : 0; x1 >= 0; x1--) {
          const x2 = k - x0 - x1;
          if (x2 > c || (x2 > 0 && !cls.eligible[2])) continue;
          const f = next[(a - x0) * 14 + (b - x1)];
          if (!f) continue;
          pick0 = x0;
          pick1 = x1;
          r -= (FACT[k] / (FACT[x0] * FACT[x1] * FACT[x2])) * f;
          if (r < 0) break outer;
        }
      }
      // Deal the class: a partial shuffle picks which cards go to which seat.
      const cards = cls.cards.slice();
      for (let j = 0; j < k; j++) {
        const t = j + rng.int(k - j);
        const tmp = cards[j];
        cards[j] = cards[t];
        cards[t] = tmp;
        const seat = this.others[j < pick0 ? 0 : j < pick0 + pick1 ? 1 : 2];
        hands[seat][(cards[j] / 13) | 0] |= 1 << (cards[j] % 13);
      }
      a -= pick0;
      b -= pick1;
    }
    return hands;
  }
}
