/**
 * The playout board (src/ai/fast.ts) against the engine, which stays the single source of rules:
 * over random rule sets and random play, the board's legal cards are the engine's at every move,
 * the policy sees the same situation (and the same facts about the trick) from both, and the hand ends with the same totals (the board
 * may stop early, but only once no score can change: the engine, played on at random, agrees).
 */
import { describe, expect, it } from "vitest";
import {
  apply,
  createGame,
  createRng,
  legalMasks,
  passTarget,
  popcount,
  type GameState,
  type MoonChoice,
  type Rng,
  type Rules,
  type Seat,
  type SuitMasks,
} from "../../src/game/index.js";
import { FastHand } from "../../src/ai/fast.js";
import {
  EASY,
  MEDIUM,
  PLAYOUT,
  analyseTrick,
  choosePlay,
  choosePlayout,
  newSituation,
  situationFromFast,
  situationFromState,
} from "../../src/ai/policy.js";
import { FastRng } from "../../src/ai/hard.js";
import { randomRules } from "./helpers.js";

function randomCard(m: SuitMasks, rng: Rng): number {
  const cards: number[] = [];
  for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) if (m[s] & (1 << r)) cards.push(s * 13 + r);
  return cards[rng.int(cards.length)];
}

/** Public voids of a state, as the board tracks them (bit seat*4+suit). */
function voidsOf(state: GameState): number {
  let v = 0;
  const mark = (leader: number, cards: readonly number[]) => {
    const led = (cards[0] / 13) | 0;
    for (let i = 1; i < cards.length; i++) if (((cards[i] / 13) | 0) !== led) v |= 1 << (((leader + i) & 3) * 4 + led);
  };
  for (const t of state.tricks) mark(t.leader, t.cards);
  if (state.trick.length) mark(state.leader, state.trick);
  return v;
}

/** Passes at random through apply; returns the state in play and what each seat passed (packed). */
function passAtRandom(state: GameState, rng: Rng): { state: GameState; passes: Int32Array; dealt: SuitMasks[] } {
  const dealt = state.hands.map((h) => h.slice());
  const passes = new Int32Array(4);
  if (state.phase !== "passing") return { state, passes, dealt };
  for (let seat = 0; seat < 4; seat++) {
    const h = state.hands[seat].slice();
    const cards: number[] = [];
    for (let i = 0; i < 3; i++) {
      const c = randomCard(h, rng);
      h[(c / 13) | 0] &= ~(1 << (c % 13));
      cards.push(c);
    }
    passes[seat] = cards[0] | (cards[1] << 6) | (cards[2] << 12);
    const r = apply(state, { type: "pass", seat: seat as Seat, cards });
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
  }
  return { state, passes, dealt };
}

/**
 * Hands random deals seldom give: seat 0 holds A K Q of every suit and J♠ (it wins every trick it
 * can: the sun, trams), or every heart but 2♥ and Q♠ (trick 1 leaves it only point cards).
 */
function special(state: GameState, strong: number[]): void {
  const rest: number[] = [];
  for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) if (!(strong[s] & (1 << r))) rest.push(s * 13 + r);
  state.hands = [strong.slice(), [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
  rest.forEach((c, i) => (state.hands[1 + (i % 3)][(c / 13) | 0] |= 1 << (c % 13)));
  if (state.phase === "playing" && state.rules.firstLead === "two-clubs") state.leader = state.turn = 1;
}

function checkHand(rules: Rules, seed: number, rng: Rng): { moves: number; early: boolean } {
  let state = createGame(rules, seed);
  if (state.phase === "playing" && rng.next() < 0.35)
    special(state, rng.next() < 0.6 ? [0x1c00, 0x1c00, 0x1e00, 0x1c00] : [0, 0, 1 << 10, 0x1ffe]);
  // Start totals anywhere below the end of the game, so clamping, Perfect 100 and the New Moon
  // choice's threshold all come into play.
  if (rng.next() < 0.7) {
    state.totals = [0, 1, 2, 3].map(() => (rules.countdown === null ? rng.int(rules.target) : 1 + rng.int(rules.countdown)));
    if (rules.perfect100 && rng.next() < 0.3) state.totals[rng.int(4)] = 100 - rng.int(14);
  }
  const hand = state.handIndex;
  const before = state.totals.slice();
  const passed = passAtRandom(state, rng);
  state = passed.state;
  const board = new FastHand(state.rules).loadState(state, 0);
  if (state.passDirection !== "hold") {
    // The board dealt from the same cards and passes starts play where the engine does.
    const to = [0, 1, 2, 3].map((p) => passTarget(p, state.passDirection));
    const fromPass = new FastHand(state.rules).loadAfterPass(passed.dealt, passed.passes, to, state.dealer, before, hand);
    expect(Array.from(fromPass.s)).toEqual(Array.from(board.s));
  }
  const legal = [0, 0, 0, 0];
  const boardLegal = [0, 0, 0, 0];
  const a = newSituation(state.rules);
  const b = newSituation(state.rules);
  const c = newSituation(state.rules);
  let moves = 0;
  while (!board.done) {
    expect(state.phase).toBe("playing");
    const seat = state.turn;
    expect(board.turn).toBe(seat);
    legalMasks(state, seat, legal);
    expect(board.legal(boardLegal)).toEqual(legal);
    expect(board.voids).toBe(voidsOf(state));
    situationFromState(a, state, seat, voidsOf(state), legal);
    situationFromFast(b, board, boardLegal);
    for (const k of [
      "seat",
      "hand",
      "legal",
      "out",
      "leader",
      "trickNumber",
      "heartsBroken",
      "voids",
      "points",
      "jackBy",
      "queenBy",
      "trickLen",
    ] as const)
      expect(b[k], k).toEqual(a[k]);
    expect(b.trick.slice(0, b.trickLen)).toEqual(a.trick);
    // The board keeps the trick's facts as it plays: the same as the policy finds from the trick.
    analyseTrick(a, a.facts);
    for (const k of ["pos", "trickValue", "winRank", "winSeat"] as const) expect(b.facts[k], k).toBe(a.facts[k]);
    if (a.trickLen) expect(b.facts.led).toBe(a.facts.led);
    // And the playouts' way of asking the policy chooses as choosePlay does, noise and slips alike.
    if (legal.reduce((n, m) => n + popcount(m), 0) > 1) {
      for (const style of [PLAYOUT, EASY, MEDIUM]) {
        const seed = rng.int(1 << 30);
        const want = choosePlay(situationFromState(a, state, seat, voidsOf(state), legal), style, new FastRng(seed));
        expect(choosePlayout(c, board, boardLegal, style, new FastRng(seed))).toBe(want);
      }
    }
    const card = randomCard(legal, rng);
    const r = apply(state, { type: "play", seat: seat as Seat, card });
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
    board.play(card);
    moves++;
  }
  // The board has stopped: the engine, played on at random, must reach the same totals.
  const early = state.phase === "playing" && state.handIndex === hand;
  let choice: MoonChoice = rng.next() < 0.5 ? "add" : "subtract";
  let guard = 0;
  while (state.phase === "playing" && state.handIndex === hand) {
    if (++guard > 60) throw new Error("hand does not end");
    const seat = state.turn;
    const r = apply(state, { type: "play", seat, card: randomCard(legalMasks(state, seat, legal), rng) });
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
  }
  if (state.phase === "moon-choice") {
    const r = apply(state, { type: "moon", seat: state.pendingMoon!, choice });
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
  } else choice = "add";
  let asked = false;
  const totals = board.finalTotals(() => {
    asked = true;
    return choice;
  });
  const result = state.history[state.history.length - 1];
  expect(result.handIndex).toBe(hand);
  if (asked) expect(result.moon?.choice).toBe(choice);
  expect(totals).toEqual(result.totals);
  return { moves, early };
}

describe("the playout board plays by the engine's rules", () => {
  it("same legal cards, same situation, same totals: 400 random hands under random rules", () => {
    const rng = createRng(4242);
    let moves = 0;
    let early = 0;
    for (let g = 0; g < 400; g++) {
      const rules = randomRules(rng);
      // Options the helper leaves at their defaults, but where an early end could change a score.
      if (rng.next() < 0.4) {
        rules.noTricksCondition = "no-tricks";
        rules.noTricksBonus = -5;
      }
      if (rng.next() < 0.3) rules.passCycle = "none";
      if (rng.next() < 0.15) rules.shootTheSun = -24;
      const r = checkHand(rules, 7000 + g, rng);
      moves += r.moves;
      if (r.early) early++;
    }
    expect(moves).toBeGreaterThan(10_000);
    // It does stop early, and often: that is the point.
    expect(early).toBeGreaterThan(40);
  });
});
