/** BotPool: decisions on worker threads give the same answers as decide() and never block the caller. */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createGame, presetRules, step, viewFor, awaiting, type Action, type Seat } from "../../src/game/index.js";
import { BotPool, decide } from "../../src/ai/index.js";
import { DAILY_BUSY, HINT_BUSY, HINT_PENDING, HintRefused, type BotPoolOptions } from "../../src/ai/pool.js";
import { FaultSwitch } from "./fixtures/faults.js";

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

/**
 * Hints (issue 14): they share the workers with the computer players, so moves always go first,
 * a seat has at most one hint in flight, the same position is answered from a cache, and a full
 * hint lane sheds hints, never moves, with a sentence for the player.
 */
describe("BotPool hints", () => {
  const state = createGame(presetRules("classic")!, 21);
  const views = ([0, 1, 2, 3] as Seat[]).map((s) => viewFor(state, s));
  const isPass = (a: Action, seat: Seat) => a.type === "pass" && a.seat === seat && a.cards.every((c) => views[seat].hand.includes(c));
  const pools: BotPool[] = [];
  const pool = (opts: BotPoolOptions = {}) => {
    const faults = new FaultSwitch();
    const p = new BotPool({ size: 1, worker: faults.worker, ...opts });
    pools.push(p);
    return { pool: p, faults };
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it("moves overtake hints already waiting; hints keep their order", async () => {
    const { pool: p } = pool();
    await p.decide(views[0], "easy");
    const order: string[] = [];
    const noted = (what: string) => (a: Action) => {
      order.push(what);
      return a;
    };
    const hints = [0, 1, 2].map((s) => p.hint(views[s], { key: `t:${s}` }).then(noted(`hint ${s}`)));
    const move = p.decide(views[3], "easy").then(noted("move"));
    const answers = await Promise.all(hints);
    await move;
    // The first hint was already on the worker; the move comes right after it.
    expect(order).toEqual(["hint 0", "move", "hint 1", "hint 2"]);
    answers.forEach((a, s) => expect(isPass(a, s as Seat)).toBe(true));
  });

  it("with two workers or more, hints never hold them all: a move starts at once", async () => {
    const { pool: p } = pool({ size: 2 });
    while (p.ready < 2) await new Promise((r) => setTimeout(r, 20));
    const order: string[] = [];
    const hints = [0, 1, 2].map((s) => p.hint(views[s], { key: `t:${s}` }).then(() => order.push(`hint ${s}`)));
    await p.decide(views[3], "easy").then(() => order.push("move"));
    await Promise.all(hints);
    expect(order).toEqual(["move", "hint 0", "hint 1", "hint 2"]);
  });

  it("sheds hints beyond the lane's bound with a sentence, never moves", async () => {
    const { pool: p } = pool({ hints: { queue: 2 } });
    await p.decide(views[0], "easy");
    const accepted = [0, 1, 2].map((s) => p.hint(views[s], { key: `t:${s}` }));
    const refused = p.hint(views[3], { key: "t:3" });
    await expect(refused).rejects.toBeInstanceOf(HintRefused);
    await expect(refused).rejects.toMatchObject({ reason: "busy", message: HINT_BUSY });
    expect(HINT_BUSY).toBe("The computer players are busy right now; try the hint again in a few seconds.");
    // Moves have no such bound.
    const moves = Array.from({ length: 6 }, (_, i) => p.decide(views[i % 4], "easy"));
    expect((await Promise.all(moves)).length).toBe(6);
    expect((await Promise.all(accepted)).length).toBe(3);
    expect(p.stats.shed).toBe(1);
  });

  it("keeps one hint in flight per seat: the same position shares it, another position is refused", async () => {
    const { pool: p, faults } = pool();
    await p.decide(views[0], "easy");
    const before = faults.requests;
    const first = p.hint(views[0], { key: "t:0" });
    expect(p.hint(views[0], { key: "t:0" })).toBe(first);
    const other = { ...views[0], actionCount: views[0].actionCount + 1 };
    await expect(p.hint(other, { key: "t:0" })).rejects.toMatchObject({ reason: "pending", message: HINT_PENDING });
    expect(isPass(await first, 0)).toBe(true);
    expect(faults.requests - before).toBe(1);
    // Once answered, the seat may ask about its next position.
    expect(isPass(await p.hint(other, { key: "t:0" }), 0)).toBe(true);
  });

  it("answers a repeated hint for the same position from the cache, without the worker", async () => {
    const { pool: p, faults } = pool();
    const answer = await p.hint(views[1], { key: "t:1" });
    const asked = faults.requests;
    expect(await p.hint(views[1], { key: "t:1" })).toEqual(answer);
    expect(faults.requests).toBe(asked);
    expect(p.stats.cacheHits).toBe(1);
    // Another seat, or the same seat later in the game, is a new position.
    await p.hint(views[1], { key: "t:2" });
    expect(faults.requests).toBe(asked + 1);
  });

  it("a hint whose worker fails is an error, not an answer, and is not cached", async () => {
    const { pool: p, faults } = pool({ restart: { initialMs: 10 } });
    faults.fault = "crash";
    await expect(p.hint(views[2], { key: "t:2" })).rejects.toThrow(/worker stopped/);
    faults.fault = "none";
    expect(isPass(await p.hint(views[2], { key: "t:2" }), 2)).toBe(true);
  });
});

/**
 * The daily challenge's computer players (issue 24): a lane of their own, with a cap on searches
 * running at once and a bounded queue, so a crowd doing the daily never holds the workers that
 * every table's moves need; past the bound the decision is refused at once.
 */
describe("BotPool daily lane", () => {
  const state = createGame(presetRules("classic")!, 33);
  const views = ([0, 1, 2, 3] as Seat[]).map((s) => viewFor(state, s));
  const pools: BotPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it("runs one daily search at a time however many workers are free, refuses beyond its queue, and lets moves by", async () => {
    const faults = new FaultSwitch();
    const p = new BotPool({ size: 3, worker: faults.worker, marginMs: 400, daily: { running: 1, queue: 2, timeoutMs: 450 } });
    pools.push(p);
    while (p.ready < 3) await new Promise((r) => setTimeout(r, 20));
    faults.fault = "hang";
    const daily = [0, 1, 2].map((s) => p.decide(views[s], "easy", { daily: true }));
    // Three on the lane (one running, two waiting): a fourth is refused now.
    await expect(p.decide(views[3], "easy", { daily: true })).rejects.toThrow(DAILY_BUSY);
    await new Promise((r) => setTimeout(r, 150));
    expect(faults.requests).toBe(1);
    faults.fault = "none";
    // A table's move takes a free worker at once, beside the running daily search.
    const move = await p.decide(views[3], "easy");
    expect(move.seat).toBe(3);
    expect(faults.requests).toBe(2);
    // The hung daily search times out (an error for the service to turn into "try again"); the others follow.
    const settled = await Promise.allSettled(daily);
    expect(settled.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(p.stats.dailies).toBe(3);
  });

  it("lets a daily search take longer than a move's or a hint's limit (it searches a fixed number of worlds), and says what it was when one is stopped", async () => {
    // A margin of 1 ms: a hard move's limit is its 48 ms budget and 1 ms; 300 worlds take longer than that.
    const p = new BotPool({ size: 1, marginMs: 1 });
    pools.push(p);
    const t0 = performance.now();
    const a = await p.decide(views[0], "hard", { daily: true, samples: 300, seed: 7 });
    expect(a.seat).toBe(0);
    expect(performance.now() - t0).toBeGreaterThan(49);
    expect(p.stats.timeouts).toBe(0);

    const faults = new FaultSwitch();
    const lines: string[] = [];
    const line = (o: object, m: string) => lines.push(`${JSON.stringify(o)} ${m}`);
    const log = { error: line, warn: line, info: line, debug: () => undefined };
    const q = new BotPool({ size: 1, worker: faults.worker, daily: { timeoutMs: 200 }, log: log as never });
    pools.push(q);
    while (q.ready < 1) await new Promise((r) => setTimeout(r, 20));
    faults.fault = "hang";
    await expect(q.decide(views[1], "hard", { daily: true, samples: 300 })).rejects.toThrow();
    expect(lines.join("\n")).toContain("a daily decision took over 200 ms");
    expect(lines.join("\n")).not.toContain("a hint took");
  });
});
