/**
 * npx tsx bench/infer-calibrate.ts [--hands N] [--seed S] [--worlds W]
 *   How much the others' plays say about their hands under the rules' model (src/ai/inference.ts):
 *   plays hands with the frozen hard player (issue 42's, a fixed 200 worlds a decision) in every
 *   seat, and at each seat's decisions from the third trick on counts the others' plays the rules
 *   would not have made, in the true deal and in W worlds sampled uniformly from that seat's view.
 *   Prints the mismatch rates and the likelihood ratio of a mismatch against a match (the factor a
 *   world's weight would take per mismatch if the rules were the others' exact model). Last line JSON.
 */
import { createGame, mix32, step, awaiting, viewFor, type Seat, parseRules } from "../src/game/index.js";
import { decide as frozen42Decide } from "./frozen-ai/issue-42/decide.js";
import { FastRng } from "../src/ai/hard.js";
import { PlayReader } from "../src/ai/inference.js";
import { WorldSampler, knowledgeOf } from "../src/ai/knowledge.js";

const arg = (name: string, def: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const hands = arg("--hands", 20);
const seed = arg("--seed", 7);
const worlds = arg("--worlds", 100);
// A factor of 0.9 makes the weight 0.9^mismatches (above the floor for up to 65): the count is read back from it.
const COUNT = 0.9;
const count = (w: number): number => Math.round(Math.log(w) / Math.log(COUNT));

const parsed = parseRules("classic");
if (!parsed.ok) throw new Error(parsed.error);
const rules = parsed.rules;
let trueMis = 0;
let randMis = 0;
let plays = 0;
let views = 0;
for (let h = 0; h < hands; h++) {
  const state = createGame(rules, mix32(seed * 7919 + h));
  const hand0 = state.handIndex;
  while (state.handIndex === hand0 && state.phase !== "game-over") {
    for (const seat of awaiting(state)) {
      const view = viewFor(state, seat as Seat);
      if (view.phase === "playing" && view.trickNumber >= 2 && view.turn === seat) {
        const reader = new PlayReader(view, COUNT);
        const others = view.tricks.length * 3 + view.trick.length;
        trueMis += count(reader.weight(state.hands));
        const sampler = new WorldSampler(knowledgeOf(view));
        const rng = new FastRng(h * 1000 + state.actionCount);
        let sum = 0;
        for (let i = 0; i < worlds; i++) sum += count(reader.weight(sampler.sample(rng)));
        randMis += sum / worlds;
        plays += others;
        views++;
      }
      const action = frozen42Decide(view, "hard", { samples: 200, seed: mix32(h ^ Math.imul(state.actionCount + 1, 0x85ebca6b) ^ seat) });
      const why = step(state, action);
      if (why) throw new Error(why);
    }
  }
}
const pt = trueMis / plays;
const pr = randMis / plays;
const ratio = pt / pr / ((1 - pt) / (1 - pr));
console.log(
  `${views} decisions, ${hands} hands: mismatches per observed play ${pt.toFixed(3)} in the true deal, ${pr.toFixed(3)} in sampled worlds; likelihood ratio ${ratio.toFixed(3)}`,
);
console.log(JSON.stringify({ hands, views, plays, trueMismatch: pt, sampledMismatch: pr, ratio }));
