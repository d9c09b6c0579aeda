/**
 * What one seat may know. Computer players and the private menus are built from a SeatView only,
 * so no hidden card can reach them: the type has no field for another seat's hand.
 */
import { cardsOf, emptyMasks, hasCard, masksOf, suitOf, type Card, type Seat } from "./cards.js";
import type { Action, GameEvent, GameState, Phase, RejectReason, TrickRecord } from "./engine.js";
import { PLAY_RESTRICTIONS, legalMasks } from "./legality.js";
import type { PassDirection, Rules } from "./rules.js";
import type { HandResult } from "./scoring.js";

export interface SeatView {
  seat: Seat;
  rules: Rules;
  phase: Phase;
  handIndex: number;
  dealer: Seat;
  passDirection: PassDirection;
  /** My cards, in deck order. */
  hand: Card[];
  /** My legal plays now (empty when it is not my turn to play). */
  legal: Card[];
  /** Whose turn it is to play (or to choose the moon). */
  turn: Seat;
  leader: Seat;
  /** The trick in progress, in play order from the leader. */
  trick: Card[];
  /** Completed tricks of this hand: public. */
  tricks: TrickRecord[];
  trickNumber: number;
  heartsBroken: boolean;
  /** Cards each seat still holds (counts only). */
  handSizes: number[];
  /** Which seats have submitted their pass this hand (not what they passed). */
  passSubmitted: boolean[];
  /** The three cards I passed this hand, and to whom. */
  passed: Card[] | null;
  /** The three cards I received this hand (once the exchange happened). */
  received: Card[] | null;
  /** voids[s][suit]: seat s showed out of the suit this hand (public inference). */
  voids: boolean[][];
  /** Points each seat has taken this hand (public: tricks are face up). */
  handPoints: number[];
  tricksWon: number[];
  totals: number[];
  history: HandResult[];
  pendingMoon: Seat | null;
  winners: Seat[] | null;
  placements: number[] | null;
  actionCount: number;
}

export function viewFor(state: GameState, seat: Seat): SeatView {
  const voids = [0, 1, 2, 3].map(() => [false, false, false, false]);
  const record = (leader: Seat, cards: readonly Card[]) => {
    const led = suitOf(cards[0]);
    for (let i = 1; i < cards.length; i++) if (suitOf(cards[i]) !== led) voids[(leader + i) & 3][led] = true;
  };
  for (const t of state.tricks) record(t.leader, t.cards);
  if (state.trick.length) record(state.leader, state.trick);
  const handPoints = state.tricks.reduce(
    (acc, t) => {
      acc[t.winner] += t.points;
      return acc;
    },
    [0, 0, 0, 0],
  );
  return {
    seat,
    rules: state.rules,
    phase: state.phase,
    handIndex: state.handIndex,
    dealer: state.dealer,
    passDirection: state.passDirection,
    hand: cardsOf(state.hands[seat]),
    legal: cardsOf(legalMasks(state, seat, emptyMasks())),
    turn: state.turn,
    leader: state.leader,
    trick: state.trick.slice(),
    tricks: state.tricks.map((t) => ({ ...t, cards: t.cards.slice() })),
    trickNumber: state.trickNumber,
    heartsBroken: state.heartsBroken,
    handSizes: state.hands.map((h) => cardsOf(h).length),
    passSubmitted: state.passes.map((p) => p !== null),
    passed: state.passes[seat] ? state.passes[seat]!.slice() : null,
    received: state.received[seat] ? state.received[seat]!.slice() : null,
    voids,
    handPoints,
    tricksWon: state.tricksWon.slice(),
    totals: state.totals.slice(),
    history: state.history,
    pendingMoon: state.pendingMoon,
    winners: state.winners,
    placements: state.placements,
    actionCount: state.actionCount,
  };
}

/** The public picture of the table: what anyone watching the channel may see. */
export type PublicView = Omit<SeatView, "seat" | "hand" | "legal" | "passed" | "received">;

export function publicView(state: GameState): PublicView {
  const { seat: _s, hand: _h, legal: _l, passed: _p, received: _r, ...rest } = viewFor(state, 0);
  return rest;
}

/**
 * An event as anyone watching may know it: the exchange of passes without the cards (each seat
 * learns its own from its view), a claim without the cards still in the hands it ended.
 */
export type PublicEvent =
  | Exclude<GameEvent, { type: "cards-passed" | "tricks-claimed" }>
  | { type: "cards-passed"; direction: PassDirection }
  | Omit<Extract<GameEvent, { type: "tricks-claimed" }>, "cards">;

export function publicEvent(event: GameEvent): PublicEvent {
  switch (event.type) {
    case "cards-passed":
      return { type: "cards-passed", direction: event.direction };
    case "tricks-claimed": {
      const { cards: _held, ...claim } = event;
      return claim;
    }
    default:
      return event;
  }
}

/** An action as anyone watching may know it: a pass without its cards; a card played or a moon choice as it is. */
export type PublicAction = { type: "pass"; seat: Seat } | Exclude<Action, { type: "pass" }>;

export function publicAction(action: Action): PublicAction {
  return action.type === "pass" ? { type: "pass", seat: action.seat } : action;
}

/**
 * The cards the seat has not seen played and does not hold: what the others still hold (the
 * "played cards" aid). Computed from the view alone: the finished tricks of this hand, the trick
 * in progress and the seat's own hand; a pass is no exception (the cards passed are still out).
 */
export function cardsStillOut(view: Pick<SeatView, "hand" | "trick" | "tricks">): Card[] {
  const gone = new Set<Card>(view.hand);
  for (const t of view.tricks) for (const c of t.cards) gone.add(c);
  for (const c of view.trick) gone.add(c);
  const out: Card[] = [];
  for (let c = 0; c < 52; c++) if (!gone.has(c)) out.push(c);
  return out;
}

/**
 * Why the seat may not play `card` (a card of its hand) now, read from its own view: null when it
 * may. The legality table's own restrictions decide, so a front end that dims a card gives the
 * reason the engine would refuse it with. They read only what a seat's view holds: the trick, the
 * trick number, the rules, hearts broken, and the seat's own hand.
 */
export function refusalInView(view: SeatView, card: Card): RejectReason | null {
  if (view.legal.includes(card)) return null;
  if (view.phase === "game-over") return "game-over";
  if (view.phase === "moon-choice") return "hand-over";
  if (view.phase === "passing") return "pass-pending";
  if (view.turn !== view.seat) return "not-your-turn";
  const seen = { trick: view.trick, trickNumber: view.trickNumber, rules: view.rules, heartsBroken: view.heartsBroken } as GameState;
  const hand = masksOf(view.hand);
  const allowed = hand.slice();
  for (const restriction of PLAY_RESTRICTIONS) {
    restriction.narrow(seen, hand, allowed);
    if (!hasCard(allowed, card)) return restriction.reason;
  }
  return "card-not-in-hand";
}
