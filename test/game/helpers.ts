/** Test helpers: stacked deals and short-hand card lists. */
import { messages, sentence, words } from "../../src/i18n/index.js";
import type { RefusalValues, RejectReason } from "../../src/game/index.js";
import {
  apply,
  createGame,
  masksOf,
  parseCard,
  passDirectionFor,
  presetRules,
  TWO_OF_CLUBS,
  hasCard,
  type Action,
  type Card,
  type GameEvent,
  type GameState,
  type Rules,
  type Seat,
} from "../../src/game/index.js";

/** "AS KS 2C" -> cards. */
export function cards(text: string): Card[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const c = parseCard(t);
      if (c === null) throw new Error(`bad card ${t}`);
      return c;
    });
}

export function rules(overrides: Partial<Rules> = {}, preset = "classic"): Rules {
  return { ...presetRules(preset)!, autoClaim: "off", ...overrides };
}

/**
 * A game whose current hand is dealt exactly as given (13 cards a seat, together the whole deck).
 * Passing, if this hand passes, still happens through actions.
 */
export function stacked(r: Rules, hands: string[], opts: { handIndex?: number; totals?: number[] } = {}): GameState {
  const state = createGame(r, 1);
  const dealt = hands.map(cards);
  const all = new Set(dealt.flat());
  if (dealt.some((h) => h.length !== 13) || all.size !== 52) throw new Error("a stacked deal needs 4 × 13 distinct cards");
  if (opts.handIndex) {
    state.handIndex = opts.handIndex;
    state.dealer = ((3 + opts.handIndex) & 3) as Seat;
    state.passDirection = passDirectionFor(r, opts.handIndex);
    state.phase = state.passDirection === "hold" ? "playing" : "passing";
  }
  if (opts.totals) state.totals = opts.totals.slice();
  state.hands = dealt.map(masksOf);
  if (state.phase === "playing") {
    let leader = ((state.dealer + 1) & 3) as Seat;
    if (r.firstLead === "two-clubs") leader = state.hands.findIndex((h) => hasCard(h, TWO_OF_CLUBS)) as Seat;
    state.leader = state.turn = leader;
  }
  return state;
}

/** Applies actions that must all succeed; returns the final state and every event. */
export function run(state: GameState, actions: Action[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = apply(state, a);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.reason}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** Plays a sequence of cards ("2C 3C 4C 5C ...") in turn order. */
export function playAll(state: GameState, sequence: string): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const c of cards(sequence)) {
    const r = apply(state, { type: "play", seat: state.turn, card: c });
    if (!r.ok) throw new Error(`seat ${state.turn} playing ${sequence}: ${r.reason}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

export const play = (state: GameState, card: string, seat: Seat = state.turn) => apply(state, { type: "play", seat, card: cards(card)[0] });

/**
 * A position in the middle of a hand: the given seats hold the given cards, `trickNumber` tricks
 * are done, and `trick` (played from `leader` on) is on the table. For legality tests.
 */
export function midHand(
  r: Rules,
  hands: string[],
  opts: { trickNumber: number; leader: Seat; trick?: string; heartsBroken?: boolean },
): GameState {
  const state = createGame({ ...r, passCycle: "none" }, 1);
  state.hands = hands.map((h) => masksOf(cards(h)));
  state.trickNumber = opts.trickNumber;
  state.leader = opts.leader;
  state.trick = opts.trick ? cards(opts.trick) : [];
  state.turn = ((opts.leader + state.trick.length) & 3) as Seat;
  state.heartsBroken = opts.heartsBroken ?? false;
  return state;
}

/** A refusal with its English sentence (from the message catalogue) as `message`, for assertions on the words. */
export function worded<T extends object>(r: T): T & { message?: string } {
  const x = r as { ok?: boolean; reason?: RejectReason; values?: RefusalValues };
  return x.ok === false && x.reason ? { ...r, message: words(messages("en"), sentence("moves", x.reason, { ...x.values })) } : r;
}
