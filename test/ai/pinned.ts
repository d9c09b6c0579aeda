/**
 * Fingerprints of the hard player's search and of its playout policy on seeded positions, for
 * test/ai/pinned.test.ts: speed work on the search must leave every one of them unchanged. The
 * positions come from random legal play through the engine (not from the players under test),
 * over presets and random rule sets, so they do not move when the players change.
 */
import {
  apply,
  createGame,
  createRng,
  legalMasks,
  presetRules,
  viewFor,
  type GameState,
  type Rng,
  type Rules,
  type Seat,
  type SeatView,
  type SuitMasks,
} from "../../src/game/index.js";
import { decide } from "../../src/ai/index.js";
import { FastHand } from "../../src/ai/fast.js";
import { FastRng, fastPlayout, searchPass, searchPlay } from "../../src/ai/hard.js";
import { PLAYOUT, newSituation } from "../../src/ai/policy.js";
import { WorldSampler, knowledgeOf } from "../../src/ai/knowledge.js";
import { takenFromView } from "../../src/ai/world.js";
import { voidBits } from "../../src/ai/policy.js";
import { randomRules } from "./helpers.js";

/** FNV-1a over the exact bits of a list of numbers (NaN included), as 8 hex digits. */
export function hashNumbers(xs: ArrayLike<number>): string {
  const f = new Float64Array(1);
  const b = new Uint8Array(f.buffer);
  let h = 0x811c9dc5;
  for (let i = 0; i < xs.length; i++) {
    f[0] = xs[i];
    for (let k = 0; k < 8; k++) h = Math.imul(h ^ b[k], 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

function randomCard(m: SuitMasks, rng: Rng): number {
  const cards: number[] = [];
  for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) if (m[s] & (1 << r)) cards.push(s * 13 + r);
  return cards[rng.int(cards.length)];
}

/** A game played at random through the engine up to `plays` cards of the first hand (or its passing). */
function randomPosition(rules: Rules, seed: number, plays: number): GameState {
  const rng = createRng(seed ^ 0x51f15eed);
  let state = createGame(rules, seed);
  const legal: SuitMasks = [0, 0, 0, 0];
  let played = 0;
  while (state.phase === "passing" && plays >= 0) {
    for (let seat = 0; seat < 4; seat++) {
      if (state.passes[seat] !== null) continue;
      const h = state.hands[seat].slice();
      const cards: number[] = [];
      for (let i = 0; i < 3; i++) {
        const c = randomCard(h, rng);
        h[(c / 13) | 0] &= ~(1 << (c % 13));
        cards.push(c);
      }
      const r = apply(state, { type: "pass", seat: seat as Seat, cards });
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
  }
  while (state.phase === "playing" && played < plays) {
    const seat = state.turn;
    const r = apply(state, { type: "play", seat, card: randomCard(legalMasks(state, seat, legal), rng) });
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
    played++;
  }
  return state;
}

/** The rule sets the fingerprints cover: three presets and random rule sets. */
export function pinnedRules(): Rules[] {
  const rng = createRng(1717);
  const out = [presetRules("classic")!, presetRules("omnibus")!, presetRules("spot-hearts")!];
  for (let i = 0; i < 7; i++) out.push(randomRules(rng));
  return out;
}

/** Positions to play from: for each rule set, the seat to play after 0, 5, …, 45 random cards. */
export function pinnedPlayViews(): SeatView[] {
  const views: SeatView[] = [];
  pinnedRules().forEach((rules, i) => {
    for (let plays = 0; plays <= 45; plays += 5) {
      const state = randomPosition(rules, 100 + i * 31 + plays, plays);
      if (state.phase === "playing" && state.history.length === 0) views.push(viewFor(state, state.turn));
    }
  });
  return views;
}

/** Passing positions: seat (i mod 4) of a fresh deal, for each rule set that passes. */
export function pinnedPassViews(): SeatView[] {
  const views: SeatView[] = [];
  pinnedRules().forEach((rules, i) => {
    const state = createGame({ ...rules, passCycle: "left-right-across" }, 900 + i);
    if (state.phase === "passing") views.push(viewFor(state, (i % 4) as Seat));
  });
  return views;
}

/**
 * One line per play position: the hard search's card, worlds and a hash of every candidate's mean
 * utility (pruning on, 96 worlds), the same search's means without pruning (24 worlds), both with
 * every world played out (no exact endgame), and medium's card with a fixed number of worlds (no
 * time limit).
 */
export function playFingerprints(): string[] {
  return pinnedPlayViews().map((v, i) => {
    // The playout search as pinned (endgame: 0): issue 42 solves the last tricks instead.
    const a = searchPlay(v, { seed: 11 + i, budgetMs: 0, samples: 96, endgame: 0 });
    const b = searchPlay(v, { seed: 5 + i, budgetMs: 0, samples: 24, prune: false, endgame: 0 });
    const m = decide(v, "medium", { seed: 3 + i, samples: 24 });
    if (m.type !== "play") throw new Error("medium did not play");
    return `${a.card} ${a.worlds} ${hashNumbers(a.means)} ${b.card} ${hashNumbers(b.means)} ${m.card}`;
  });
}

/** One line per passing position: the hard pass search's cards and worlds (64 worlds at most). */
export function passFingerprints(): string[] {
  return pinnedPassViews().map((v, i) => {
    const r = searchPass(v, { seed: 21 + i, budgetMs: 0, samples: 64 });
    return `${r.cards.join(",")} ${r.worlds}`;
  });
}

/**
 * The playout policy alone: for each play position, 20 sampled worlds played out with PLAYOUT's
 * noise from a seeded generator; a hash of every board's final state and of the generator's next
 * draw (so the randomness the policy consumed is pinned too).
 */
export function playoutFingerprints(): string[] {
  return pinnedPlayViews().map((view, i) => {
    const know = knowledgeOf(view);
    const sampler = new WorldSampler(know);
    const rng = new FastRng(77 + i);
    const prng = new FastRng(0);
    const sit = newSituation(view.rules);
    const scratch: SuitMasks = [0, 0, 0, 0];
    const taken = takenFromView(view);
    const voids = voidBits(know);
    const board = new FastHand(view.rules);
    const trace: number[] = [];
    for (let w = 0; w < 20; w++) {
      board.loadView(view, sampler.sample(rng), taken, voids);
      prng.seed(rng.int(0x7fffffff));
      fastPlayout(board, prng, sit, scratch, PLAYOUT);
      for (let k = 0; k < 48; k++) trace.push(board.s[k]);
      trace.push(prng.next());
    }
    return hashNumbers(trace);
  });
}
