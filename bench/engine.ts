/**
 * Random full hands per second through the engine's in-place path, on one core.
 * Each hand: deal, pass (when the cycle passes), 52 plays with a random legal card, scoring.
 * Then deals alone per second in each deal format (src/game/deal.ts): format 1's 32-bit mulberry32,
 * format 2's ChaCha20 under a 256-bit secret (every new game's).
 */
import { createHash } from "node:crypto";
import { createGame, createRng, emptyMasks, legalMasks, popcount, presetRules, step, type GameState } from "../src/game/index.js";
import { dealtDeck, type DealKey } from "../src/game/deal.js";

const rules = presetRules("classic")!;

const seconds = Number(process.argv.find((a) => a.startsWith("--seconds="))?.split("=")[1] ?? 3);
const rng = createRng(12345);
const out = emptyMasks();

function randomLegal(state: GameState): number {
  legalMasks(state, state.turn, out);
  const n = popcount(out[0]) + popcount(out[1]) + popcount(out[2]) + popcount(out[3]);
  let k = rng.int(n);
  for (let suit = 0; suit < 4; suit++) {
    const c = popcount(out[suit]);
    if (k >= c) {
      k -= c;
      continue;
    }
    let m = out[suit];
    for (; k > 0; k--) m &= m - 1;
    return suit * 13 + (31 - Math.clz32(m & -m));
  }
  throw new Error("no legal card");
}

function playHand(seed: number): void {
  const state = createGame(rules, seed);
  const handIndex = state.handIndex;
  while (state.handIndex === handIndex && state.phase !== "game-over") {
    if (state.phase === "passing") {
      for (let s = 0; s < 4; s++) {
        const h = state.hands[s];
        const cards: number[] = [];
        for (let suit = 3; suit >= 0 && cards.length < 3; suit--) {
          let m = h[suit];
          while (m && cards.length < 3) {
            const hi = 31 - Math.clz32(m);
            cards.push(suit * 13 + hi);
            m &= ~(1 << hi);
          }
        }
        step(state, { type: "pass", seat: s as 0, cards });
      }
    } else if (state.phase === "moon-choice") {
      step(state, { type: "moon", seat: state.pendingMoon!, choice: "add" });
    } else {
      step(state, { type: "play", seat: state.turn, card: randomLegal(state) });
    }
  }
}

// Warm up, then measure.
for (let i = 0; i < 2000; i++) playHand(i);
let hands = 0;
const start = performance.now();
const end = start + seconds * 1000;
while (performance.now() < end) {
  for (let i = 0; i < 500; i++) playHand(hands++);
}
const elapsed = (performance.now() - start) / 1000;
const handsPerSecond = Math.round(hands / elapsed);
console.log(`${hands} random hands in ${elapsed.toFixed(2)} s on one core (validated plays, passing, scoring)`);

/** Deals per second with `key`, over `ms` (hand numbers counting up, as a game deals). */
function dealRate(key: DealKey, ms: number): number {
  for (let i = 0; i < 2000; i++) dealtDeck(key, i);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) for (let i = 0; i < 500; i++) dealtDeck(key, n++);
  return Math.round(n / ((performance.now() - t0) / 1000));
}
const dealMs = Math.max(300, (seconds * 1000) / 6);
const dealsPerSecond = {
  format1: dealRate({ format: 1, seed: 12345 }, dealMs),
  format2: dealRate({ format: 2, secret: createHash("sha256").update("bench").digest("hex") }, dealMs),
};
console.log(`deals alone: ${dealsPerSecond.format1}/s format 1 (mulberry32), ${dealsPerSecond.format2}/s format 2 (ChaCha20)`);
console.log(JSON.stringify({ handsPerSecond, dealsPerSecond }));
