/**
 * The hard player's search throughput on one core: playouts per second (one candidate card played
 * out in one sampled world) over positions taken from medium-played hands, with no time limit and
 * no pruning. Last line JSON. (bench:ai compares the same figure with the frozen copy of the players.)
 */
import { awaiting, createGame, mix32, presetRules, step, viewFor, type Seat, type SeatView } from "../src/game/index.js";
import { decide } from "../src/ai/index.js";
import { searchPlay } from "../src/ai/hard.js";

const seconds = Number(process.argv.find((a) => a.startsWith("--seconds="))?.split("=")[1] ?? 3);
const rules = presetRules("classic")!;
const views: SeatView[] = [];
for (let g = 0; views.length < 40; g++) {
  const state = createGame(rules, mix32(0x5eed + g));
  const stopAt = 4 * (g % 11);
  let plays = 0;
  while (state.phase !== "game-over" && state.history.length === 0) {
    if (state.phase === "playing" && plays === stopAt) break;
    for (const seat of awaiting(state)) {
      if (state.phase === "playing") plays++;
      step(state, decide(viewFor(state, seat as Seat), "medium", { seed: g, samples: 8 }));
    }
  }
  if (state.phase === "playing" && state.history.length === 0) views.push(viewFor(state, state.turn));
}

// Warm up (the JIT), then measure.
views.forEach((v, i) => searchPlay(v, { seed: 1 + i, budgetMs: 0, samples: 30, prune: false }));
let playouts = 0;
const start = performance.now();
while (performance.now() - start < seconds * 1000) {
  views.forEach((v, i) => {
    const r = searchPlay(v, { seed: 1 + i, budgetMs: 0, samples: 30, prune: false });
    playouts += r.worlds * r.cards.length;
  });
}
console.log(JSON.stringify({ playoutsPerSecond: Math.round((playouts * 1000) / (performance.now() - start)) }));
