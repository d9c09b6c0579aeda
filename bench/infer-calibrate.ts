/**
 * npx tsx bench/infer-calibrate.ts [--hands N] [--seed S] [--worlds W]
 *   How much the others' plays say about their hands under the rules' model (src/ai/inference.ts):
 *   plays hands with the frozen hard player (issue 42's, a fixed 200 worlds a decision) in every
 *   seat, and at each seat's decisions from the third trick on ranks the others' plays among the
 *   rules' choices (0: the rules' own card, 1: their next once it is set aside, …), in the true deal
 *   and in W worlds sampled uniformly from that seat's view. Prints how often each rank comes and
 *   each rank's likelihood ratio to rank 0 (the factor a world's weight would take per play of that
 *   rank if the rules were the others' exact model). Last line JSON.
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
// Ranks 0 (the rules' card), 1, 2 and 3 or later.
const RANKS = [1, 1, 1, 1];
const parsed = parseRules("classic");
if (!parsed.ok) throw new Error(parsed.error);
const rules = parsed.rules;
const trueRanks = new Array<number>(12).fill(0);
const sampledRanks = new Array<number>(12).fill(0);
let views = 0;
for (let h = 0; h < hands; h++) {
  const state = createGame(rules, mix32(seed * 7919 + h));
  const hand0 = state.handIndex;
  while (state.handIndex === hand0 && state.phase !== "game-over") {
    for (const seat of awaiting(state)) {
      const view = viewFor(state, seat as Seat);
      if (view.phase === "playing" && view.trickNumber >= 2 && view.turn === seat) {
        const reader = new PlayReader(view, RANKS);
        reader.replay(state.hands);
        for (let r = 0; r < 12; r++) trueRanks[r] += reader.counts[r];
        const sampler = new WorldSampler(knowledgeOf(view));
        const rng = new FastRng(h * 1000 + state.actionCount);
        for (let i = 0; i < worlds; i++) {
          reader.replay(sampler.sample(rng));
          for (let r = 0; r < 12; r++) sampledRanks[r] += reader.counts[r] / worlds;
        }
        views++;
      }
      const action = frozen42Decide(view, "hard", { samples: 200, seed: mix32(h ^ Math.imul(state.actionCount + 1, 0x85ebca6b) ^ seat) });
      const why = step(state, action);
      if (why) throw new Error(why);
    }
  }
}
const share = (c: number[]) => c.map((x) => x / c.reduce((a, b) => a + b, 0));
const f = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(" / ");
const out: Record<string, unknown> = { hands, views };
console.log(`${views} decisions, ${hands} hands: the others' plays of rank 0 / 1 / 2 / 3+ among the rules' choices`);
for (const [k, kind] of ["lead", "follow", "discard"].entries()) {
  const pt = share(trueRanks.slice(k * 4, k * 4 + 4));
  const ps = share(sampledRanks.slice(k * 4, k * 4 + 4));
  // A world's weight per play of rank r, relative to a play of the rules' own card.
  const ratio = pt.map((x, r) => x / ps[r] / (pt[0] / ps[0]));
  console.log(
    `  ${kind} (${trueRanks.slice(k * 4, k * 4 + 4).reduce((a, b) => a + b, 0)}): in the true deal ${f(pt)}, in sampled worlds ${f(ps)}; likelihood ratio to rank 0: ${f(ratio)}`,
  );
  out[kind] = { trueRanks: pt, sampledRanks: ps, ratio };
}
console.log(JSON.stringify(out));
