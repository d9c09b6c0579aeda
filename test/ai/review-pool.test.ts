/** The pool's review lane: reviews come back from the workers, and a move queued after them goes first. */
import { afterAll, describe, expect, it } from "vitest";
import { BotPool } from "../../src/ai/index.js";
import { createGame, viewFor } from "../../src/game/index.js";
import { presetRules } from "../../src/game/index.js";

const pool = new BotPool({ size: 1 });
afterAll(async () => {
  await pool.close();
});

describe("the review lane", () => {
  it("answers reviews, behind every move", async () => {
    const view = viewFor(createGame(presetRules("classic")!, 5), 0);
    const chosen = { type: "pass" as const, seat: 0 as const, cards: view.hand.slice(0, 3) };
    const order: string[] = [];
    const reviews = [1, 2, 3].map((n) => pool.review(view, chosen, { seed: n, samples: 60 }).then((r) => (order.push(`review${n}`), r)));
    const move = pool.decide(viewFor(createGame(presetRules("classic")!, 6), 1), "medium").then(() => order.push("move"));
    const [first] = await Promise.all([reviews[0], move, ...reviews.slice(1)]);
    expect(first.kind).toBe("pass");
    expect(first.chosen).toEqual(chosen.cards);
    expect(first.expert).toHaveLength(3);
    // The first review may already be running; the move goes before the ones still waiting.
    expect(order.indexOf("move")).toBeLessThan(order.indexOf("review3"));
    expect(pool.stats.reviews).toBe(3);
  }, 30_000);

  it("runs a background decision (nobody waiting at a table) on the review worker, the same as a move", async () => {
    const view = viewFor(createGame(presetRules("classic")!, 9), 2);
    const background = await pool.decide(view, "hard", { seed: 4, samples: 40, background: true });
    const move = await pool.decide(view, "hard", { seed: 4, samples: 40 });
    expect(background).toEqual(move);
    expect(pool.stats.reviews).toBe(4);
  }, 30_000);
});
