/** BotPool: decisions on worker threads give the same answers as decide() and never block the caller. */
import { afterAll, describe, expect, it } from "vitest";
import { createGame, presetRules, step, viewFor, awaiting, type Seat } from "../../src/game/index.js";
import { BotPool, decide } from "../../src/ai/index.js";

describe("BotPool", () => {
  const pool = new BotPool({ size: 2 });
  afterAll(() => pool.close());

  it("answers like decide() on the main thread (same seed, fixed number of worlds)", async () => {
    const state = createGame(presetRules("classic")!, 99);
    const views = awaiting(state).map((s) => viewFor(state, s as Seat));
    const opts = { samples: 20, seed: 5 };
    const fromPool = await Promise.all(views.map((v) => pool.decide(v, "hard", opts)));
    expect(fromPool).toEqual(views.map((v) => decide(v, "hard", opts)));
    for (const a of fromPool) expect(step(state, a)).toBeNull();
    // Now a play decision.
    const view = viewFor(state, state.turn);
    expect(await pool.decide(view, "medium")).toEqual(decide(view, "medium"));
  });

  it("keeps the event loop free while a hard decision runs", async () => {
    const state = createGame(presetRules("classic")!, 3);
    const view = viewFor(state, 0);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await pool.decide(view, "hard", { budgetMs: 150 });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
  });

  it("reports a decision asked of a seat that has nothing to do as an error", async () => {
    const state = createGame({ ...presetRules("classic")!, passCycle: "none" }, 3);
    const idle = ([0, 1, 2, 3] as Seat[]).find((s) => s !== state.turn)!;
    await expect(pool.decide(viewFor(state, idle), "easy")).rejects.toThrow(/Nothing is awaited/);
  });

  it("rejects decisions after close()", async () => {
    const p = new BotPool({ size: 1 });
    await p.close();
    await expect(p.decide(viewFor(createGame(presetRules("classic")!, 1), 0), "easy")).rejects.toThrow(/closed/);
  });
});
