/**
 * Render inputs built with the real engine (seeded games, a stacked deal for the moon, the
 * engine's own scoreHand for rare markers), shared by the reference tests and bench/render.ts.
 */
import {
  apply,
  createGame,
  createRng,
  masksOf,
  parseCard,
  presetRules,
  publicView,
  scoreHand,
  viewFor,
  type Card,
  type GameEvent,
  type GameState,
  type HandResult,
  type PublicView,
  type Rules,
  type Seat,
  type TrickRecord,
} from "../../src/game/index.js";
import type {
  GameOverInput,
  HandInput,
  HandSummaryInput,
  LeaderboardInput,
  PlayerLabel,
  TableInput,
  TrickInput,
} from "../../src/render/index.js";

export const PLAYERS: PlayerLabel[] = [
  { name: "Alice", isBot: false },
  { name: "Botty McBotface", isBot: true },
  { name: "Zoë", isBot: false },
  { name: "Marvin", isBot: true },
];

/** Edge names: 32 characters, emoji, Hebrew and Arabic (right to left), Cyrillic. */
export const LONG_PLAYERS: PlayerLabel[] = [
  { name: "Maximilian Alexander Fitzgerald", isBot: false },
  { name: "🃏🔥 Queen of Spades Hunter 🔥🃏", isBot: true },
  { name: "אברהם בן דוד הגדול מירושלים", isBot: false },
  { name: "محمد عبد الرحمن الشمري الكبير", isBot: true },
];

export const CYRILLIC_PLAYERS: PlayerLabel[] = [
  { name: "Владимир Сергеевич Иванов-Петров", isBot: false },
  { name: "ＷＩＤＥ ＮＡＭＥ ＷＷＷＷＷＷＷＷ", isBot: false },
  { name: "x", isBot: true },
  { name: "👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", isBot: false },
];

const cards = (text: string): Card[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => parseCard(t)!);

/** A seeded player: random legal cards, random passes. Enough to reach any ordinary position. */
export class Table {
  state: GameState;
  events: GameEvent[] = [];
  private rng;
  constructor(
    public rules: Rules,
    seed: number,
  ) {
    this.state = createGame(rules, seed);
    this.rng = createRng(seed ^ 0x5eed);
  }

  /** Applies one action chosen by the seeded policy; returns its events. */
  act(choose?: (seat: Seat, legal: Card[]) => Card): GameEvent[] {
    const s = this.state;
    let r;
    if (s.phase === "passing") {
      const seat = s.passes.findIndex((p) => p === null) as Seat;
      const hand = viewFor(s, seat).hand;
      const pick = [...hand].sort(() => this.rng.next() - 0.5).slice(0, 3);
      r = apply(s, { type: "pass", seat, cards: pick });
    } else if (s.phase === "moon-choice") {
      r = apply(s, { type: "moon", seat: s.pendingMoon!, choice: "subtract" });
    } else if (s.phase === "playing") {
      const legal = viewFor(s, s.turn).legal;
      const card = choose ? choose(s.turn, legal) : legal[this.rng.int(legal.length)];
      r = apply(s, { type: "play", seat: s.turn, card });
    } else throw new Error("game over");
    if (!r.ok) throw new Error(r.reason);
    this.state = r.state;
    this.events.push(...r.events);
    return r.events;
  }

  /** Acts until `done` holds for the state (checked before each action). */
  until(done: (s: GameState, last: GameEvent[]) => boolean, limit = 5000): GameEvent[] {
    let last: GameEvent[] = [];
    for (let i = 0; i < limit; i++) {
      if (done(this.state, last)) return last;
      last = this.act();
    }
    throw new Error("fixture position not reached");
  }

  view(): PublicView {
    return publicView(this.state);
  }
}

/**
 * The first completed trick whose events satisfy `want`, in the first seeded game (from `seed` on)
 * that has one, with the trick-input flags taken from the events.
 */
function findTrick(
  rules: Rules,
  seed: number,
  want: (ev: { trick: TrickRecord; hearts: boolean; queen: boolean }) => boolean,
): Omit<TrickInput, "players"> {
  for (let k = 0; k < 50; k++) {
    const found = findTrickIn(new Table(rules, seed + 1000 * k), want);
    if (found) return found;
  }
  throw new Error("no such trick");
}

function findTrickIn(
  t: Table,
  want: (ev: { trick: TrickRecord; hearts: boolean; queen: boolean }) => boolean,
): Omit<TrickInput, "players"> | null {
  let hearts = false;
  let queen = false;
  for (;;) {
    if (t.state.phase === "game-over") return null;
    for (const e of t.act()) {
      if (e.type === "hearts-broken") hearts = true;
      if (e.type === "queen-played") queen = true;
      if (e.type === "trick-won") {
        const ev = { trick: e.trick, hearts, queen };
        if (want(ev)) return { trick: e.trick, trickNumber: e.trickNumber, rules: t.rules, heartsBrokenNow: hearts, queenFell: queen };
        hearts = queen = false;
      }
    }
  }
}

const CLASSIC = presetRules("classic")!;
const OMNIBUS = presetRules("omnibus")!;
const BGA = presetRules("bga")!;

// ---- tricks --------------------------------------------------------------------------------

export function trickFixtures(): Record<string, { input: TrickInput; fourColour?: boolean }> {
  return {
    "trick-plain": { input: { players: PLAYERS, ...findTrick(CLASSIC, 1, (e) => e.trick.points === 0) } },
    "trick-hearts-broken-queen": {
      input: { players: PLAYERS, ...findTrick(CLASSIC, 2, (e) => e.hearts && e.queen) },
    },
    "trick-queen-four-colour": {
      input: { players: PLAYERS, ...findTrick(CLASSIC, 3, (e) => e.queen && e.trick.cards.some((c) => c < 26)) },
      fourColour: true,
    },
    "trick-jack-minus-ten": { input: { players: PLAYERS, ...findTrick(OMNIBUS, 4, (e) => e.trick.points < 0) } },
    "trick-long-names": { input: { players: LONG_PLAYERS, ...findTrick(CLASSIC, 5, (e) => e.trick.points > 1) } },
    "trick-last": {
      input: {
        players: CYRILLIC_PLAYERS,
        ...findTrick({ ...CLASSIC, autoClaim: "off" }, 6, (e) => e.trick.leader === 3 && e.trick.points > 0),
      },
    },
  };
}

// ---- tables --------------------------------------------------------------------------------

export function tableFixtures(): Record<string, { input: TableInput; fourColour?: boolean }> {
  const passing = new Table(CLASSIC, 11);
  passing.until((s) => s.handIndex === 2 && s.passes.filter(Boolean).length === 1);
  const lead = new Table(CLASSIC, 12);
  lead.until((s) => s.handIndex === 1 && s.phase === "playing" && s.trickNumber === 4 && s.trick.length === 0);
  const mid = new Table(CLASSIC, 13);
  mid.until((s) => s.handIndex === 3 && s.phase === "playing" && s.heartsBroken && s.trick.length === 2);
  const countdown = new Table(BGA, 14);
  countdown.until((s) => s.totals.some((t) => t < 30) && s.phase === "playing" && s.trick.length === 3);
  const over = new Table(CLASSIC, 15);
  over.until((s) => s.phase === "game-over");
  const moon = moonTable();
  const right = new Table(CLASSIC, 16);
  right.until((s) => s.handIndex === 1 && s.phase === "passing");
  return {
    "table-lobby-empty": { input: { players: [], view: null } },
    "table-lobby-partial": { input: { players: [PLAYERS[0], PLAYERS[1]], view: null, status: "Type /hearts join to take a seat" } },
    "table-lobby-full-long": {
      input: {
        players: LONG_PLAYERS,
        view: null,
        status: "Starting… (a very long status line that keeps going and going so that it has to be shortened to fit the image)",
      },
    },
    "table-passing-across": { input: { players: PLAYERS, view: passing.view(), status: "Waiting for 3 players to pass" } },
    "table-passing-right": { input: { players: LONG_PLAYERS, view: right.view() } },
    "table-empty-trick": { input: { players: PLAYERS, view: lead.view() } },
    "table-mid-trick": { input: { players: PLAYERS, view: mid.view(), status: "Zoë to play" }, fourColour: true },
    "table-countdown": { input: { players: CYRILLIC_PLAYERS, view: countdown.view() } },
    "table-moon-choice": { input: { players: PLAYERS, view: moon.view() } },
    "table-game-over": { input: { players: PLAYERS, view: over.view() } },
  };
}

/** Seat 0 holds the top clubs, spades and hearts, so playing high it wins all 13 tricks. */
function moonDeal(rules: Rules): GameState {
  const state = createGame({ ...rules, passCycle: "none", autoClaim: "off" }, 1);
  const mine = cards("AC KC QC JC TC AS KS QS AH KH QH JH TH");
  const rest: Card[] = [];
  for (let c = 0; c < 52; c++) if (!mine.includes(c)) rest.push(c);
  const hands: Card[][] = [mine, [], [], []];
  rest.forEach((c, i) => hands[1 + (i % 3)].push(c));
  state.hands = hands.map((h) => masksOf(h));
  state.leader = state.turn = hands.findIndex((h) => h.includes(0)) as Seat;
  return state;
}

const highFor0 = (seat: Seat, legal: Card[]) => (seat === 0 ? legal.reduce((a, b) => (a % 13 >= b % 13 ? a : b)) : legal[0]);

function moonTable(): Table {
  const t = new Table(presetRules("skelly")!, 17);
  t.state = moonDeal({ ...t.rules, moonChoiceMinTotal: 0 });
  while (t.state.phase === "playing") t.act(highFor0);
  if (t.state.phase !== "moon-choice") throw new Error("moon fixture did not reach the choice");
  return t;
}

// ---- hands ---------------------------------------------------------------------------------

export function handFixtures(): Record<string, { input: HandInput; fourColour?: boolean }> {
  const first = new Table(CLASSIC, 21);
  first.until((s) => s.phase === "playing");
  const leader = first.state.turn;
  const v = viewFor(first.state, leader);
  const follow = new Table(CLASSIC, 22);
  follow.until(
    (s) =>
      s.phase === "playing" &&
      s.trickNumber === 3 &&
      s.trick.length === 1 &&
      viewFor(s, s.turn).legal.length < viewFor(s, s.turn).hand.length,
  );
  const fv = viewFor(follow.state, follow.state.turn);
  const pass = new Table(CLASSIC, 23);
  const pv = viewFor(pass.state, 0);
  const last = new Table(CLASSIC, 24);
  last.until((s) => s.phase === "playing" && s.trickNumber === 12);
  const lv = viewFor(last.state, last.state.turn);
  const other = viewFor(last.state, ((last.state.turn + 1) & 3) as Seat);
  return {
    "hand-first-lead-13": { input: { cards: v.hand, legal: v.legal } },
    "hand-follow-suit": { input: { cards: fv.hand, legal: fv.legal } },
    "hand-pass-selected": {
      input: { cards: pv.hand, legal: pv.hand, selected: pv.hand.filter((c) => c >= 36).slice(-2) },
      fourColour: true,
    },
    "hand-last-card": { input: { cards: lv.hand, legal: lv.legal } },
    "hand-not-my-turn": { input: { cards: other.hand, legal: other.legal } },
    "hand-empty": { input: { cards: [], legal: [] } },
  };
}

// ---- scores --------------------------------------------------------------------------------

/** Cards taken per seat as masks, for the engine's scoreHand. */
function taken(...perSeat: string[]) {
  return perSeat.map((t) => masksOf(cards(t)));
}

export function summaryFixtures(): Record<string, { input: HandSummaryInput }> {
  const typical = new Table(CLASSIC, 31);
  typical.until((s) => s.history.length === 3);
  const moon = moonTable();
  moon.act();
  const moonResult = moon.state.history[0];
  const full = presetRules("hearts-2.0-full")!;
  // Perfect 100 (seat 2 lands on 100 -> 50), J♦ to seat 1, No Tricks to seat 3: the engine scores it.
  const bonus = scoreHand(full, 7, [80, 40, 86, 60], taken("2H 3H 4H 5H 6H 7H", "JD 8H 9H", "QS AH", "2C 3C"), [4, 3, 6, 0], null);
  const countdown = new Table(BGA, 33);
  countdown.until((s) => s.totals.some((t) => t < 0) || s.phase === "game-over");
  const cdResult = countdown.state.history[countdown.state.history.length - 1];
  const omni = presetRules("omnibus")!;
  const negative = scoreHand(
    omni,
    2,
    [4, 12, 0, 30],
    taken("JD 2C", "QS 2H 3H", "4H 5H 6H 7H 8H 9H TH JH QH KH AH", "3C"),
    [1, 4, 7, 1],
    null,
  );
  return {
    "summary-typical": { input: { players: PLAYERS, result: typical.state.history[2], rules: CLASSIC } },
    "summary-moon": { input: { players: PLAYERS, result: moonResult, rules: moon.rules } },
    "summary-bonuses": { input: { players: LONG_PLAYERS, result: bonus, rules: full } },
    "summary-countdown": { input: { players: CYRILLIC_PLAYERS, result: cdResult, rules: BGA } },
    "summary-negative": { input: { players: PLAYERS, result: negative, rules: omni } },
  };
}

function finishedGame(rules: Rules, seed: number): { history: HandResult[]; totals: number[]; placements: number[] } {
  const t = new Table(rules, seed);
  t.until((s) => s.phase === "game-over");
  return { history: t.state.history, totals: t.state.totals, placements: t.state.placements! };
}

export function gameOverFixtures(): Record<string, { input: GameOverInput }> {
  const classic = finishedGame(CLASSIC, 41);
  const countdown = finishedGame(BGA, 42);
  const short = finishedGame({ ...OMNIBUS, target: 30 }, 43);
  return {
    "gameover-classic": { input: { players: PLAYERS, ...classic, rules: CLASSIC } },
    "gameover-countdown": { input: { players: CYRILLIC_PLAYERS, ...countdown, rules: BGA } },
    "gameover-long-names": { input: { players: LONG_PLAYERS, ...short, rules: { ...OMNIBUS, target: 30 } } },
  };
}

export function leaderboardFixtures(): Record<string, { input: LeaderboardInput }> {
  const names = [...PLAYERS, ...LONG_PLAYERS, ...CYRILLIC_PLAYERS].map((p) => p);
  const rng = createRng(51);
  const rows = names.slice(0, 10).map((p, i) => {
    const games = 5 + rng.int(120);
    return {
      rank: i + 1,
      name: p.name,
      isBot: p.isBot,
      rating: 1650 - i * 37 - rng.int(20),
      games,
      wins: rng.int(games + 1),
      avgPointsPerHand: 3 + rng.next() * 6,
    };
  });
  return {
    "leaderboard-top10": { input: { title: "Leaderboard · Card Sharks Guild", rows } },
    "leaderboard-empty": { input: { title: "Leaderboard", rows: [] } },
  };
}
