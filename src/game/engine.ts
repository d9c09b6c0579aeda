/**
 * The Hearts state machine. Pure and deterministic: a game is (rules, deal key, actions).
 *
 * `step` mutates a state in place and is the hot path for simulations and the Monte Carlo AI;
 * `apply` in index.ts is the immutable wrapper the rest of the bot uses.
 */
import {
  HEARTS,
  JACK_OF_DIAMONDS,
  QUEEN_OF_SPADES,
  TWO_OF_CLUBS,
  addCard,
  cardsOf,
  emptyMasks,
  hasCard,
  isCard,
  rankOf,
  removeCard,
  suitOf,
  type Card,
  type Seat,
  type SuitMasks,
} from "./cards.js";
import { refusingRestriction } from "./legality.js";
import type { RejectReason } from "./reasons.js";

export type { RejectReason } from "./reasons.js";
import { passDirectionFor, passTarget, penaltyValue, pointCardMasks, type PassDirection, type Rules } from "./rules.js";
import { dealKeyOf, dealtDeck, type DealKey } from "./deal.js";
import { gameEnd, moonChoiceOffered, moonShooter, placements, scoreHand, type HandResult, type MoonChoice } from "./scoring.js";

export type Phase = "passing" | "playing" | "moon-choice" | "game-over";

export type Action =
  { type: "pass"; seat: Seat; cards: Card[] } | { type: "play"; seat: Seat; card: Card } | { type: "moon"; seat: Seat; choice: MoonChoice };

export interface TrickRecord {
  leader: Seat;
  /** In play order, starting with the leader's card. */
  cards: Card[];
  winner: Seat;
  /** Penalty points in the trick, plus J♦'s value when it counts. */
  points: number;
}

export type GameEvent =
  | { type: "hand-dealt"; handIndex: number; dealer: Seat; passDirection: PassDirection }
  /** Private: each seat may see only its own row. */
  | { type: "cards-passed"; direction: PassDirection; passes: Card[][] }
  | { type: "play-started"; leader: Seat }
  | { type: "card-played"; seat: Seat; card: Card }
  | { type: "hearts-broken"; seat: Seat; card: Card }
  | { type: "queen-played"; seat: Seat }
  | { type: "trick-won"; trickNumber: number; trick: TrickRecord }
  | { type: "tricks-claimed"; seat: Seat; tricks: number; cards: Card[]; reason: "no-points-left" | "tram" }
  | { type: "moon-choice-pending"; seat: Seat }
  | { type: "moon-shot"; seat: Seat; choice: MoonChoice }
  | { type: "hand-scored"; result: HandResult }
  | { type: "game-over"; totals: number[]; winners: Seat[]; placements: number[] };

export interface GameState {
  version: 1;
  rules: Rules;
  /** Hidden: where the cards come from (deal.ts). A number is a format 1 seed. */
  deal: DealKey;
  phase: Phase;
  handIndex: number;
  dealer: Seat;
  passDirection: PassDirection;
  /** Hidden: each seat's cards as suit masks. */
  hands: SuitMasks[];
  /** Hidden: the pass each seat submitted this hand. */
  passes: (Card[] | null)[];
  /** Hidden: what each seat received, once the exchange happened. */
  received: (Card[] | null)[];
  /** Tricks completed this hand (0..13). */
  trickNumber: number;
  leader: Seat;
  turn: Seat;
  /** The trick in progress, in play order from the leader. */
  trick: Card[];
  /** Completed tricks of this hand. */
  tricks: TrickRecord[];
  heartsBroken: boolean;
  /** Cards each seat has won this hand. */
  taken: SuitMasks[];
  tricksWon: number[];
  totals: number[];
  /** One result per finished hand. */
  history: HandResult[];
  pendingMoon: Seat | null;
  winners: Seat[] | null;
  placements: number[] | null;
  /** Number of actions accepted so far: the sequence number of the next one. */
  actionCount: number;
}

const next = (seat: number): Seat => ((seat + 1) & 3) as Seat;

export function newGame(rules: Rules, deal: DealKey | number, events: GameEvent[] | null = null): GameState {
  const start = rules.countdown ?? 0;
  const state: GameState = {
    version: 1,
    rules: { ...rules },
    deal: dealKeyOf(deal),
    phase: "passing",
    handIndex: 0,
    dealer: 3,
    passDirection: "left",
    hands: [emptyMasks(), emptyMasks(), emptyMasks(), emptyMasks()],
    passes: [null, null, null, null],
    received: [null, null, null, null],
    trickNumber: 0,
    leader: 0,
    turn: 0,
    trick: [],
    tricks: [],
    heartsBroken: false,
    taken: [emptyMasks(), emptyMasks(), emptyMasks(), emptyMasks()],
    tricksWon: [0, 0, 0, 0],
    totals: [start, start, start, start],
    history: [],
    pendingMoon: null,
    winners: null,
    placements: null,
    actionCount: 0,
  };
  startHand(state, events);
  return state;
}

function startHand(state: GameState, events: GameEvent[] | null): void {
  const deck = dealtDeck(state.deal, state.handIndex);
  for (let s = 0; s < 4; s++) {
    const h = emptyMasks();
    for (let i = 0; i < 13; i++) addCard(h, deck[s * 13 + i]);
    state.hands[s] = h;
    state.taken[s] = emptyMasks();
  }
  // The first dealer is seat 3, so seat 0 is left of the dealer in hand 0; then it rotates left.
  state.dealer = ((3 + state.handIndex) & 3) as Seat;
  state.passDirection = passDirectionFor(state.rules, state.handIndex);
  state.passes = [null, null, null, null];
  state.received = [null, null, null, null];
  state.trickNumber = 0;
  state.trick = [];
  state.tricks = [];
  state.heartsBroken = false;
  state.tricksWon = [0, 0, 0, 0];
  state.pendingMoon = null;
  events?.push({ type: "hand-dealt", handIndex: state.handIndex, dealer: state.dealer, passDirection: state.passDirection });
  if (state.passDirection === "hold") beginPlay(state, events);
  else state.phase = "passing";
}

function beginPlay(state: GameState, events: GameEvent[] | null): void {
  state.phase = "playing";
  let leader = next(state.dealer);
  if (state.rules.firstLead === "two-clubs") {
    for (let s = 0; s < 4; s++) if (hasCard(state.hands[s], TWO_OF_CLUBS)) leader = s as Seat;
  }
  state.leader = leader;
  state.turn = leader;
  events?.push({ type: "play-started", leader });
}

// ---- legality ---------------------------------------------------------------

/** Cards that count at the end of the hand: the point cards, and J♦ when it has a value. */
const scoringMasks = (rules: Rules): Readonly<SuitMasks> => {
  const m = pointCardMasks(rules);
  return rules.jackOfDiamonds !== 0 ? [m[0], m[1] | (1 << rankOf(JACK_OF_DIAMONDS)), m[2], m[3]] : m;
};

/** Why `card` may not be played by `seat` now, or null when it may. Checked in RULES.md's order. */
export function playRejection(state: GameState, seat: number, card: Card): RejectReason | null {
  if (state.phase === "game-over") return "game-over";
  if (state.phase === "moon-choice") return "hand-over";
  if (state.phase === "passing") return "pass-pending";
  if (state.turn !== seat) return "not-your-turn";
  if (!hasCard(state.hands[seat], card)) return "card-not-in-hand";
  return refusingRestriction(state, seat, card)?.reason ?? null;
}

export function passRejection(state: GameState, seat: number, cards: readonly Card[]): RejectReason | null {
  if (state.phase === "game-over") return "game-over";
  if (state.phase === "moon-choice") return "hand-over";
  if (state.passDirection === "hold") return "no-pass-this-hand";
  // RULES.md's order: the cards are judged before the question of a second pass.
  if (!Array.isArray(cards) || cards.length !== 3) return "pass-wrong-count";
  if (new Set(cards).size !== 3) return "pass-duplicate";
  for (const c of cards) if (!isCard(c) || !hasCard(state.hands[seat], c)) return "pass-card-not-in-hand";
  if (state.phase !== "passing" || state.passes[seat] !== null) return "pass-already-submitted";
  return null;
}

// ---- actions ----------------------------------------------------------------

/** Validates and applies one action in place. Returns null on success, or why it was refused (state untouched). */
export function step(state: GameState, action: Action, events: GameEvent[] | null = null): RejectReason | null {
  if (!isWellFormed(action)) return "bad-action";
  let why: RejectReason | null;
  switch (action.type) {
    case "play":
      why = playRejection(state, action.seat, action.card);
      if (why) return why;
      playCard(state, action.seat, action.card, events);
      break;
    case "pass":
      why = passRejection(state, action.seat, action.cards);
      if (why) return why;
      submitPass(state, action.seat, action.cards, events);
      break;
    case "moon":
      if (state.phase === "game-over") return "game-over";
      if (state.phase !== "moon-choice") return "no-moon-choice";
      if (state.pendingMoon !== action.seat) return "not-the-shooter";
      finishHand(state, action.choice, events);
      break;
  }
  state.actionCount++;
  return null;
}

function isWellFormed(a: Action): boolean {
  if (typeof a !== "object" || a === null || !Number.isInteger(a.seat) || a.seat < 0 || a.seat > 3) return false;
  switch (a.type) {
    case "play":
      return isCard(a.card);
    case "pass":
      return Array.isArray(a.cards);
    case "moon":
      return a.choice === "add" || a.choice === "subtract";
    default:
      return false;
  }
}

/** Plays a card known to be legal (no checks): the playout fast path. */
export function playCard(state: GameState, seat: Seat, card: Card, events: GameEvent[] | null): void {
  removeCard(state.hands[seat], card);
  state.trick.push(card);
  events?.push({ type: "card-played", seat, card });
  const suit = suitOf(card);
  if (!state.heartsBroken && (suit === HEARTS || (card === QUEEN_OF_SPADES && state.rules.queenBreaksHearts))) {
    state.heartsBroken = true;
    events?.push({ type: "hearts-broken", seat, card });
  }
  if (card === QUEEN_OF_SPADES) events?.push({ type: "queen-played", seat });
  if (state.trick.length < 4) {
    state.turn = next(seat);
    return;
  }
  completeTrick(state, events);
}

function completeTrick(state: GameState, events: GameEvent[] | null): void {
  const cards = state.trick;
  const led = suitOf(cards[0]);
  let best = 0;
  for (let i = 1; i < 4; i++) if (suitOf(cards[i]) === led && cards[i] > cards[best]) best = i;
  const winner = ((state.leader + best) & 3) as Seat;
  let points = 0;
  for (const c of cards) {
    addCard(state.taken[winner], c);
    points += penaltyValue(state.rules, c) + (c === JACK_OF_DIAMONDS ? state.rules.jackOfDiamonds : 0);
  }
  const record: TrickRecord = { leader: state.leader, cards, winner, points };
  state.tricks.push(record);
  state.tricksWon[winner]++;
  state.trickNumber++;
  state.trick = [];
  state.leader = winner;
  state.turn = winner;
  events?.push({ type: "trick-won", trickNumber: state.trickNumber - 1, trick: record });
  if (state.trickNumber === 13) endHand(state, events);
  else if (state.trickNumber <= 11 && state.rules.autoClaim !== "off") {
    const reason = claimReason(state);
    if (reason) claimRest(state, winner, reason, events);
  }
}

/** Auto-claim: whether the rest of the hand can be given to the leader (RULES.md `autoClaim`). */
function claimReason(state: GameState): "no-points-left" | "tram" | null {
  const rules = state.rules;
  const scoring = scoringMasks(rules);
  let scoringLeft = false;
  for (let s = 0; s < 4; s++) {
    const h = state.hands[s];
    if ((h[0] & scoring[0]) | (h[1] & scoring[1]) | (h[2] & scoring[2]) | (h[3] & scoring[3])) scoringLeft = true;
  }
  // Departure from RULES.md: where tricks themselves score (the sun, No Tricks counted in tricks),
  // giving the rest to the last winner could change a score, so then only a true tram ends the hand.
  const tricksScore = rules.shootTheSun !== 0 || (rules.noTricksBonus !== 0 && rules.noTricksCondition === "no-tricks");
  if (!scoringLeft) return !tricksScore || leaderTakesAll(state) ? "no-points-left" : null;
  return rules.autoClaim === "tram" && leaderTakesAll(state) ? "tram" : null;
}

/** The leader holds, in every suit he has, only cards above all the others' cards of that suit. */
function leaderTakesAll(state: GameState): boolean {
  const leader = state.leader;
  const mine = state.hands[leader];
  for (let suit = 0; suit < 4; suit++) {
    if (mine[suit] === 0) continue;
    const others = state.hands[(leader + 1) & 3][suit] | state.hands[(leader + 2) & 3][suit] | state.hands[(leader + 3) & 3][suit];
    if (others >= (mine[suit] & -mine[suit])) return false;
  }
  return true;
}

function claimRest(state: GameState, seat: Seat, reason: "no-points-left" | "tram", events: GameEvent[] | null): void {
  const remaining = 13 - state.trickNumber;
  const cards: Card[] = [];
  for (let s = 0; s < 4; s++) {
    for (const c of cardsOf(state.hands[s])) {
      cards.push(c);
      addCard(state.taken[seat], c);
    }
    state.hands[s] = emptyMasks();
  }
  state.tricksWon[seat] += remaining;
  state.trickNumber = 13;
  events?.push({ type: "tricks-claimed", seat, tricks: remaining, cards, reason });
  endHand(state, events);
}

function submitPass(state: GameState, seat: Seat, cards: readonly Card[], events: GameEvent[] | null): void {
  state.passes[seat] = [...cards];
  if (state.passes.some((p) => p === null)) return;
  const passes = state.passes as Card[][];
  for (let s = 0; s < 4; s++) for (const c of passes[s]) removeCard(state.hands[s], c);
  for (let s = 0; s < 4; s++) {
    const to = passTarget(s, state.passDirection);
    for (const c of passes[s]) addCard(state.hands[to], c);
    state.received[to] = passes[s].slice();
  }
  events?.push({ type: "cards-passed", direction: state.passDirection, passes: passes.map((p) => p.slice()) });
  beginPlay(state, events);
}

function endHand(state: GameState, events: GameEvent[] | null): void {
  const shooter = moonShooter(state.rules, state.taken);
  if (shooter !== null && moonChoiceOffered(state.rules, state.totals[shooter])) {
    state.phase = "moon-choice";
    state.pendingMoon = shooter;
    state.turn = shooter;
    events?.push({ type: "moon-choice-pending", seat: shooter });
    return;
  }
  finishHand(state, null, events);
}

function finishHand(state: GameState, choice: MoonChoice | null, events: GameEvent[] | null): void {
  const result = scoreHand(state.rules, state.handIndex, state.totals, state.taken, state.tricksWon, choice);
  state.pendingMoon = null;
  state.totals = result.totals.slice();
  state.history.push(result);
  if (result.moon) events?.push({ type: "moon-shot", seat: result.moon.shooter, choice: result.moon.choice });
  events?.push({ type: "hand-scored", result });
  const end = gameEnd(state.rules, state.totals);
  if (end) {
    state.phase = "game-over";
    state.winners = end.winners;
    state.placements = placements(state.rules, state.totals, end.winners);
    events?.push({ type: "game-over", totals: state.totals.slice(), winners: end.winners.slice(), placements: state.placements.slice() });
    return;
  }
  state.handIndex++;
  startHand(state, events);
}

/** A deep copy, hand-written because playouts copy states constantly. */
export function cloneState(s: GameState): GameState {
  return {
    ...s,
    rules: s.rules,
    hands: s.hands.map((h) => h.slice()),
    passes: s.passes.map((p) => (p ? p.slice() : null)),
    received: s.received.map((p) => (p ? p.slice() : null)),
    trick: s.trick.slice(),
    tricks: s.tricks.slice(),
    taken: s.taken.map((t) => t.slice()),
    tricksWon: s.tricksWon.slice(),
    totals: s.totals.slice(),
    history: s.history.slice(),
    winners: s.winners ? s.winners.slice() : null,
    placements: s.placements ? s.placements.slice() : null,
  };
}
