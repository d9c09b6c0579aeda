/**
 * npx tsx bench/pass-calibrate.ts [HAND]
 *   How much the pass I received says about the passer's hand (src/ai/inference.ts, PassReader):
 *   plays 60 deals of hand HAND of the cycle (default 2: across in classic; 0 is left) with the
 *   frozen hard player (issue 42's, a fixed 200 worlds a decision) in every seat, and at each
 *   seat's first play measures the regret of the pass it received (how much worse the rules find
 *   it than the passer's best pass from its hand) in the true deal and in 100 worlds sampled
 *   uniformly from that seat's view. Prints both distributions and their ratio by bin. Last line JSON.
 */
import { createGame, mix32, step, awaiting, viewFor, type Seat, parseRules, passDirectionFor } from "../src/game/index.js";
import { decide as frozen42Decide } from "./frozen-ai/issue-42/decide.js";
import { FastRng } from "../src/ai/hard.js";
import { PassReader } from "../src/ai/inference.js";
import { WorldSampler, knowledgeOf } from "../src/ai/knowledge.js";

const parsed = parseRules("classic");
if (!parsed.ok) throw new Error(parsed.error);
const rules = parsed.rules;
const handIndex = Number(process.argv[2] ?? 2);
const bins = [0.01, 0.5, 1, 2, 4, 8, Infinity];
const inTrue = new Array<number>(bins.length).fill(0);
const inSampled = new Array<number>(bins.length).fill(0);
const bin = (r: number) => bins.findIndex((b) => r <= b);
let n = 0;
for (let h = 0; h < 60; h++) {
  const state = createGame(rules, mix32(77 * 7919 + h));
  state.handIndex = handIndex;
  state.dealer = ((3 + handIndex) & 3) as Seat;
  state.passDirection = passDirectionFor(rules, handIndex);
  const done = new Set<number>();
  while (state.handIndex === handIndex && state.phase !== "game-over") {
    for (const seat of awaiting(state)) {
      const view = viewFor(state, seat as Seat);
      if (view.phase === "playing" && view.turn === seat && !done.has(seat)) {
        done.add(seat);
        const reader = new PassReader(view, 1);
        if (reader.informative) {
          n++;
          inTrue[bin(reader.regret(state.hands))]++;
          const sampler = new WorldSampler(knowledgeOf(view));
          const rng = new FastRng(h * 100 + seat);
          for (let i = 0; i < 100; i++) inSampled[bin(reader.regret(sampler.sample(rng)))] += 0.01;
        }
      }
      const action = frozen42Decide(view, "hard", { samples: 200, seed: mix32(h ^ Math.imul(state.actionCount + 1, 0x85ebca6b) ^ seat) });
      const why = step(state, action);
      if (why) throw new Error(why);
    }
  }
}
const share = (xs: number[]) => xs.map((x) => x / n);
const f = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(" ");
console.log(`${n} passes received, regret bins ≤ ${bins.join(" ")}`);
console.log(`  true deal      ${f(share(inTrue))}`);
console.log(`  sampled worlds ${f(share(inSampled))}`);
const ratio = inTrue.map((x, i) => x / inSampled[i]);
console.log(`  ratio          ${f(ratio)}`);
console.log(JSON.stringify({ handIndex, passes: n, bins: bins.map(String), inTrue: share(inTrue), inSampled: share(inSampled), ratio }));
