/**
 * Which card a seat may play, as one table: each restriction of ../shared/RULES.md narrows the
 * cards a seat may play, and names, with its reason code, why the cards it takes away are refused
 * (the sentence a player reads is the code's, in the message catalogue). `legalMasks` runs the table; a refused card is refused by
 * the first restriction that takes it away. Both read the same table, so the legal cards and the
 * refusals cannot disagree.
 */
import { CLUBS, HEARTS, QUEEN_OF_SPADES, TWO_OF_CLUBS, hasCard, rankOf, suitOf, type Card, type SuitMasks } from "./cards.js";
import { pointCardMasks, type Rules } from "./rules.js";

/** What the play checks read of a game (the engine's PlayState has all of it). */
export interface PlayState {
  readonly rules: Rules;
  readonly phase: string;
  readonly turn: number;
  readonly hands: readonly Readonly<SuitMasks>[];
  readonly trick: readonly Card[];
  readonly trickNumber: number;
  readonly heartsBroken: boolean;
}

export type PlayReason = "must-lead-two-clubs" | "must-follow-suit" | "hearts-not-broken" | "first-trick-points";

export interface PlayRestriction {
  reason: PlayReason;
  /**
   * Takes away from `allowed` the cards this restriction forbids. On entry `allowed` holds the
   * cards of `hand` that the restrictions before this one allow; this one only ever removes cards.
   * Allocation-free: computer players run it millions of times in their playouts.
   */
  narrow(state: PlayState, hand: Readonly<SuitMasks>, allowed: SuitMasks): void;
}

const QUEEN_BIT = 1 << rankOf(QUEEN_OF_SPADES);

/** Trick 1 under firstLead=two-clubs: the leader leads the 2♣. */
const leadTwoClubs: PlayRestriction = {
  reason: "must-lead-two-clubs",
  narrow(state, _hand, allowed) {
    if (state.trickNumber !== 0 || state.trick.length !== 0 || state.rules.firstLead !== "two-clubs") return;
    allowed[CLUBS] &= 1 << rankOf(TWO_OF_CLUBS);
    allowed[1] = allowed[2] = allowed[3] = 0;
  },
};

/** Follow the led suit if you hold it. */
const followSuit: PlayRestriction = {
  reason: "must-follow-suit",
  narrow(state, hand, allowed) {
    if (state.trick.length === 0) return;
    const led = suitOf(state.trick[0]);
    if (hand[led] === 0) return;
    for (let suit = 0; suit < 4; suit++) if (suit !== led) allowed[suit] = 0;
  },
};

/** heartsLeadRestriction, with heartsLeadException: no heart led before hearts are broken. */
const heartsLead: PlayRestriction = {
  reason: "hearts-not-broken",
  narrow(state, hand, allowed) {
    if (state.trick.length !== 0 || !state.rules.heartsLeadRestriction || state.heartsBroken) return;
    if (!mayLeadUnbrokenHeart(state.rules, hand)) allowed[HEARTS] = 0;
  },
};

function mayLeadUnbrokenHeart(rules: Rules, hand: Readonly<SuitMasks>): boolean {
  const others = hand[0] | hand[1] | hand[2];
  if (others === 0) return true;
  return rules.heartsLeadException === "hearts-and-queen" && hand[0] === 0 && hand[1] === 0 && hand[2] === QUEEN_BIT;
}

/**
 * pointsOnFirstTrick=false: no point card on trick 1 while a non-point card is allowed. When every
 * allowed card is a point card, firstTrickPointsFallback says which: any, or Q♠ first.
 */
const firstTrickPoints: PlayRestriction = {
  reason: "first-trick-points",
  narrow(state, _hand, allowed) {
    if (state.trickNumber !== 0 || state.rules.pointsOnFirstTrick) return;
    const points = pointCardMasks(state.rules);
    const c = allowed[0] & ~points[0];
    const d = allowed[1] & ~points[1];
    const s = allowed[2] & ~points[2];
    const h = allowed[3] & ~points[3];
    if (c | d | s | h) {
      allowed[0] = c;
      allowed[1] = d;
      allowed[2] = s;
      allowed[3] = h;
    } else if (state.rules.firstTrickPointsFallback === "queen-first" && allowed[2] & QUEEN_BIT) {
      allowed[0] = allowed[1] = allowed[3] = 0;
      allowed[2] = QUEEN_BIT;
    }
  },
};

/** In RULES.md's order of rejection reasons: a refused card gets the first one that forbids it. */
export const PLAY_RESTRICTIONS = [leadTwoClubs, followSuit, heartsLead, firstTrickPoints] as const;

// legalMasks calls the table's entries by position instead of looping over them: a loop meets a
// different function at one call site, which V8 cannot inline, and that made legalMasks a third
// slower. A fifth restriction is a type error here until it is called below too.
const [first, second, third, fourth]: readonly [PlayRestriction, PlayRestriction, PlayRestriction, PlayRestriction] = PLAY_RESTRICTIONS;

/**
 * Writes the legal cards of `seat` into `out` as suit masks (all zero when it is not this seat's
 * turn to play). Allocation-free: this runs millions of times in the AI's playouts.
 */
export function legalMasks(state: PlayState, seat: number, out: SuitMasks): SuitMasks {
  out[0] = out[1] = out[2] = out[3] = 0;
  if (state.phase !== "playing" || state.turn !== seat) return out;
  const hand = state.hands[seat];
  out[0] = hand[0];
  out[1] = hand[1];
  out[2] = hand[2];
  out[3] = hand[3];
  first.narrow(state, hand, out);
  second.narrow(state, hand, out);
  third.narrow(state, hand, out);
  fourth.narrow(state, hand, out);
  return out;
}

const scratch: SuitMasks = [0, 0, 0, 0];

/**
 * The restriction that refuses `card`, a card `seat` holds on its turn to play, or null when the
 * card is legal: the same narrowing as `legalMasks`, stopped at the first restriction that takes
 * the card away.
 */
export function refusingRestriction(state: PlayState, seat: number, card: Card): PlayRestriction | null {
  // Most plays are legal: answer those at legalMasks' speed, and walk the table only for a refusal.
  if (hasCard(legalMasks(state, seat, scratch), card)) return null;
  const hand = state.hands[seat];
  scratch[0] = hand[0];
  scratch[1] = hand[1];
  scratch[2] = hand[2];
  scratch[3] = hand[3];
  for (const restriction of PLAY_RESTRICTIONS) {
    restriction.narrow(state, hand, scratch);
    if (!hasCard(scratch, card)) return restriction;
  }
  throw new Error("a card outside legalMasks that no restriction refuses");
}
