/** Positions for the computer-player tests: a hand in progress, written as plain card lists. */
import {
  createGame,
  masksOf,
  parseCard,
  presetRules,
  suitOf,
  penaltyValue,
  DEFAULT_RULES,
  PRESETS,
  validateRules,
  JACK_OF_DIAMONDS,
  QUEEN_OF_SPADES,
  type Card,
  type GameState,
  type Rng,
  type Rules,
  type Seat,
} from "../../src/game/index.js";

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

export const rulesOf = (preset: string, overrides: Partial<Rules> = {}): Rules => ({
  ...presetRules(preset)!,
  autoClaim: "off",
  passCycle: "none",
  ...overrides,
});

/**
 * A hand in progress: the earlier tricks (each with its leader), the trick on the table, and
 * what each seat holds now. One hand may be "*": it gets every card not placed elsewhere.
 * Checks that the 52 cards are all there once and that each seat holds the right number.
 */
export function position(opts: { rules: Rules; hands: string[]; tricks?: [Seat, string][]; trick?: string; totals?: number[] }): GameState {
  const rules = opts.rules;
  const state = createGame(rules, 1);
  const tricks = (opts.tricks ?? []).map(([leader, t]) => ({ leader, cards: cards(t) }));
  const current = opts.trick ? cards(opts.trick) : [];
  const placed = new Set<Card>();
  const add = (c: Card) => {
    if (placed.has(c)) throw new Error(`card ${c} placed twice`);
    placed.add(c);
  };
  tricks.forEach((t) => t.cards.forEach(add));
  current.forEach(add);
  const hands = opts.hands.map((h) => (h === "*" ? null : cards(h)));
  hands.forEach((h) => h?.forEach(add));
  const rest = Array.from({ length: 52 }, (_, i) => i).filter((c) => !placed.has(c));
  const star = hands.indexOf(null);
  if (star >= 0) hands[star] = rest;
  else if (rest.length) throw new Error(`cards not placed: ${rest.join(" ")}`);

  state.phase = "playing";
  state.passes = [[], [], [], []];
  state.heartsBroken = false;
  state.tricks = [];
  state.taken = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  state.tricksWon = [0, 0, 0, 0];
  let leader: Seat = tricks[0]?.leader ?? (0 as Seat);
  for (const t of tricks) {
    if (t.leader !== leader && state.tricks.length) throw new Error(`trick ${state.tricks.length + 1} must be led by ${leader}`);
    const led = suitOf(t.cards[0]);
    let best = 0;
    for (let i = 1; i < 4; i++) if (suitOf(t.cards[i]) === led && t.cards[i] > t.cards[best]) best = i;
    const winner = ((t.leader + best) & 3) as Seat;
    let points = 0;
    for (const c of t.cards) {
      state.taken[winner][suitOf(c)] |= 1 << (c % 13);
      points += penaltyValue(rules, c) + (c === JACK_OF_DIAMONDS ? rules.jackOfDiamonds : 0);
      if (suitOf(c) === 3 || (c === QUEEN_OF_SPADES && rules.queenBreaksHearts)) state.heartsBroken = true;
    }
    state.tricks.push({ leader: t.leader, cards: t.cards, winner, points });
    state.tricksWon[winner]++;
    leader = winner;
  }
  state.trickNumber = tricks.length;
  state.leader = leader;
  state.trick = current;
  for (const c of current) if (suitOf(c) === 3 || (c === QUEEN_OF_SPADES && rules.queenBreaksHearts)) state.heartsBroken = true;
  state.turn = ((leader + current.length) & 3) as Seat;
  state.hands = (hands as Card[][]).map(masksOf);
  for (let s = 0; s < 4; s++) {
    const played = (s - leader + 4) % 4 < current.length ? 1 : 0;
    const want = 13 - tricks.length - played;
    if (hands[s]!.length !== want) throw new Error(`seat ${s} holds ${hands[s]!.length} cards, should hold ${want}`);
  }
  if (opts.totals) state.totals = opts.totals.slice();
  return state;
}

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];

/** A random but valid rule set: a preset with a few options changed, short games. */
export function randomRules(rng: Rng): Rules {
  const r: Rules = { ...DEFAULT_RULES, ...pick(rng, PRESETS).rules };
  if (rng.next() < 0.5) r.moon = pick(rng, ["old", "new", "choice", "disabled"] as const);
  if (rng.next() < 0.3) r.jackOfDiamonds = pick(rng, [0, -10]);
  if (rng.next() < 0.3) r.jackRequiredForMoon = !r.jackRequiredForMoon;
  if (rng.next() < 0.2) r.heartValues = pick(rng, ["one", "spot"] as const);
  if (rng.next() < 0.2) r.highSpades = !r.highSpades;
  if (rng.next() < 0.3) r.pointsOnFirstTrick = !r.pointsOnFirstTrick;
  if (rng.next() < 0.2) r.firstTrickPointsFallback = pick(rng, ["any", "queen-first"] as const);
  if (rng.next() < 0.2) r.heartsLeadRestriction = !r.heartsLeadRestriction;
  if (rng.next() < 0.2) r.heartsLeadException = pick(rng, ["only-hearts", "hearts-and-queen"] as const);
  if (rng.next() < 0.2) r.queenBreaksHearts = !r.queenBreaksHearts;
  if (rng.next() < 0.2) r.firstLead = pick(rng, ["two-clubs", "left-of-dealer"] as const);
  if (rng.next() < 0.3) r.passCycle = pick(rng, ["left-right-across-hold", "left-right-across", "left", "right", "none"] as const);
  if (rng.next() < 0.3) r.autoClaim = pick(rng, ["off", "no-points-left", "tram"] as const);
  if (rng.next() < 0.2) r.noTricksBonus = -5;
  if (rng.next() < 0.2) r.shootTheSun = -24;
  if (rng.next() < 0.2) r.bonusMode = "total-clamped";
  r.target = 30 + rng.int(40);
  if (rng.next() < 0.15) r.countdown = pick(rng, [30, 50]);
  const err = validateRules(r);
  if (err) throw new Error(`random rules are invalid: ${err}`);
  return r;
}
