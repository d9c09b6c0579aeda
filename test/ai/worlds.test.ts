/**
 * The hard player's imagined deals: always consistent with the seat's view, never ruling out the
 * real deal, and spread evenly where the view says nothing.
 */
import { describe, expect, it } from "vitest";
import { awaiting, cardsOf, createGame, createRng, passTarget, step, suitOf, viewFor, type Seat } from "../../src/game/index.js";
import { decide } from "../../src/ai/index.js";
import { WorldSampler, knowledgeOf } from "../../src/ai/knowledge.js";
import { position, randomRules, rulesOf } from "./helpers.js";

describe("sampled worlds", () => {
  it("fit everything the view shows and always allow the real deal (random rules, every point of 40 hands)", () => {
    const rng = createRng(31337);
    let checked = 0;
    for (let g = 0; g < 40; g++) {
      const state = createGame(randomRules(rng), 700 + g);
      const hand = state.handIndex;
      while (state.handIndex === hand && state.phase !== "game-over") {
        for (const seat of awaiting(state)) {
          if (state.phase === "playing" || state.phase === "passing") {
            const view = viewFor(state, seat as Seat);
            const know = knowledgeOf(view);
            // The real hands must be possible: inference may never rule them out.
            for (let p = 0; p < 4; p++) for (let s = 0; s < 4; s++) expect(state.hands[p][s] & ~know.allowed[p][s]).toBe(0);
            const sampler = new WorldSampler(know);
            expect(sampler.consistent).toBe(true);
            const played = new Set([...view.tricks.flatMap((t) => t.cards), ...view.trick]);
            for (let w = 0; w < 3; w++) {
              const world = sampler.sample(rng);
              const seen = new Set<number>(played);
              for (let p = 0; p < 4; p++) {
                const cards = cardsOf(world[p]);
                expect(cards.length).toBe(view.phase === "passing" ? 13 : view.handSizes[p]);
                for (const c of cards) {
                  expect(seen.has(c)).toBe(false);
                  seen.add(c);
                  if (p !== view.seat) expect(view.voids[p][suitOf(c)]).toBe(false);
                }
              }
              expect(seen.size).toBe(52);
              expect(cardsOf(world[view.seat])).toEqual(view.hand);
              if (view.phase === "playing" && view.passed && view.passDirection !== "hold") {
                const to = passTarget(view.seat, view.passDirection);
                for (const c of view.passed) if (!played.has(c)) expect(cardsOf(world[to])).toContain(c);
              }
              checked++;
            }
          }
          // Medium with a fixed few worlds: the same games on any machine, whatever its load.
          const level = seat % 2 ? "medium" : "easy";
          const why = step(state, decide(viewFor(state, seat as Seat), level, { seed: g, samples: 8 }));
          expect(why).toBeNull();
        }
      }
    }
    expect(checked).toBeGreaterThan(40 * 25 * 3);
    // About 17 s alone on a 2-core machine at load average 15, and 30 s beside other files.
  }, 90_000);

  it("a heart led before hearts are broken proves the leader held nothing but hearts", () => {
    // Seat 1 won trick 1 and leads 2♥ with hearts unbroken: all his other cards must be hearts.
    const state = position({
      rules: rulesOf("classic"),
      tricks: [[0, "2C KC 3C 4C"]],
      trick: "2H",
      hands: ["5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D 7D", "3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH JC QC AC 8D 9D TD JD 2S 3S 4S 5S", "*"],
    });
    const sampler = new WorldSampler(knowledgeOf(viewFor(state, 2)));
    const rng = createRng(1);
    for (let i = 0; i < 50; i++) expect(cardsOf(sampler.sample(rng)[1]).every((c) => suitOf(c) === 3)).toBe(true);
  });

  it("spread evenly when nothing is known: each hidden card lies with each other seat about a third of the time", () => {
    const state = createGame(randomRulesFixed(), 4242);
    const view = viewFor(state, 0);
    const sampler = new WorldSampler(knowledgeOf(view));
    const rng = createRng(5);
    const counts = new Map<number, number[]>();
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const world = sampler.sample(rng);
      for (let p = 1; p < 4; p++) for (const c of cardsOf(world[p])) (counts.get(c) ?? counts.set(c, [0, 0, 0, 0]).get(c)!)[p]++;
    }
    expect(counts.size).toBe(39);
    for (const per of counts.values()) for (let p = 1; p < 4; p++) expect(Math.abs(per[p] / n - 1 / 3)).toBeLessThan(0.04);
  });
});

function randomRulesFixed() {
  return { ...rulesOf("classic"), passCycle: "none" as const };
}
