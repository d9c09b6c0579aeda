import { expect, it } from "vitest";
import { INITIAL_SKILL, displayRating, rateGame } from "../../src/stats/rating.js";

it("the winner gains, the last place loses, and certainty grows", () => {
  const skills = new Map();
  const after = rateGame(["a", "b", "c", "d"], skills, [1, 2, 3, 4]);
  expect(after.get("a")!.mu).toBeGreaterThan(INITIAL_SKILL.mu);
  expect(after.get("d")!.mu).toBeLessThan(INITIAL_SKILL.mu);
  expect(after.get("a")!.mu).toBeGreaterThan(after.get("b")!.mu);
  for (const s of after.values()) expect(s.sigma).toBeLessThan(INITIAL_SKILL.sigma);
  expect(displayRating(after.get("a")!)).toBeGreaterThan(displayRating(after.get("d")!));
});

it("a shared first place moves both winners alike", () => {
  const after = rateGame(["a", "b", "c", "d"], new Map(), [1, 1, 3, 4]);
  expect(after.get("a")!.mu).toBeCloseTo(after.get("b")!.mu, 6);
});

it("an entity holding several seats moves once, by the mean of its seats", () => {
  const after = rateGame(["alice", "bot:hard", "bot:hard", "bot:hard"], new Map(), [1, 2, 3, 4]);
  expect([...after.keys()].sort()).toEqual(["alice", "bot:hard"]);
  const solo = rateGame(["alice", "x", "y", "z"], new Map(), [1, 2, 3, 4]);
  const meanDelta = (solo.get("x")!.mu + solo.get("y")!.mu + solo.get("z")!.mu) / 3 - INITIAL_SKILL.mu;
  expect(after.get("bot:hard")!.mu - INITIAL_SKILL.mu).toBeCloseTo(meanDelta, 6);
});

it("a new player is shown at about 1000", () => {
  expect(displayRating(INITIAL_SKILL)).toBe(1000);
});
