/**
 * BotPool under faults (issue 13 §3): a worker that crashes or hangs in the middle of a decision
 * costs that decision only (the table falls back to a simple move), the worker is replaced after
 * a backoff that grows while the fault lasts, and decisions work again once it is gone.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createGame, presetRules, viewFor, type Seat } from "../../src/game/index.js";
import { BotPool, type BotPoolOptions } from "../../src/ai/pool.js";
import { decide, type DecideOptions } from "../../src/ai/index.js";
import { FaultSwitch, type Fault } from "./fixtures/faults.js";
import { capturingLogger } from "./log-capture.js";

const state = createGame(presetRules("classic")!, 11);
const view = viewFor(state, 0 as Seat);
const faulty = (fault: Fault) => ({ fault }) as DecideOptions;

const pools: BotPool[] = [];
function pool(opts: BotPoolOptions = {}) {
  const faults = new FaultSwitch();
  const { log, lines } = capturingLogger();
  const p = new BotPool({ size: 1, log, worker: faults.worker, restart: { initialMs: 20, maxMs: 80 }, ...opts });
  pools.push(p);
  return { pool: p, faults, lines };
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const restartsLogged = (lines: Record<string, unknown>[]) => lines.filter((l) => "restartInMs" in l).map((l) => l.restartInMs);

describe("BotPool under faults", () => {
  it("a worker killed mid-decision: that decision is rejected at once, the next one works", async () => {
    const { pool: p, lines } = pool();
    expect(await p.decide(view, "easy")).toEqual(decide(view, "easy"));
    const started = performance.now();
    await expect(p.decide(view, "easy", faulty("crash"))).rejects.toThrow(/worker stopped: exit code 3/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await p.decide(view, "medium")).toEqual(decide(view, "medium"));
    expect(restartsLogged(lines)).toEqual([20]);
    expect(p.stats.restarts).toBe(1);
  });

  it("a hung worker: the decision is abandoned after its budget and margin, the worker replaced, later decisions work", async () => {
    const { pool: p, lines } = pool({ marginMs: 300 });
    await p.decide(view, "easy");
    const started = performance.now();
    const hung = p.decide(view, "easy", faulty("hang"));
    const queued = p.decide(view, "easy");
    await expect(hung).rejects.toThrow(/took too long \(over 300 ms\); its worker was replaced/);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(1500);
    // The decision queued behind the hung one runs on the new worker.
    expect(await queued).toEqual(decide(view, "easy"));
    expect(p.stats.timeouts).toBe(1);
    expect(lines.some((l) => String(l.why).includes("took over 300 ms"))).toBe(true);
  });

  it("restarts back off exponentially while the fault lasts, logged, and recover when it is removed", async () => {
    const { pool: p, faults, lines } = pool({ restart: { initialMs: 20, maxMs: 80, healthyMs: 400 } });
    await p.decide(view, "easy");
    faults.fault = "crash";
    for (let i = 0; i < 4; i++) await expect(p.decide(view, "easy")).rejects.toThrow(/worker stopped/);
    expect(restartsLogged(lines)).toEqual([20, 40, 80, 80]);
    faults.fault = "none";
    expect(await p.decide(view, "easy")).toEqual(decide(view, "easy"));
    // After a healthy spell the backoff starts again from the first delay.
    await new Promise((r) => setTimeout(r, 450));
    await expect(p.decide(view, "easy", faulty("crash"))).rejects.toThrow(/worker stopped/);
    expect(restartsLogged(lines)).toEqual([20, 40, 80, 80, 20]);
    expect(await p.decide(view, "easy")).toEqual(decide(view, "easy"));
  });

  it("a move no worker can take in time is rejected, so its table goes on", async () => {
    const { pool: p } = pool({ marginMs: 5000, moveWaitMs: 200 });
    // A move waiting for the first worker to start is under the same limit: ask until it is up.
    while (!(await p.decide(view, "easy").catch(() => null)));
    const hung = expect(p.decide(view, "easy", faulty("hang"))).rejects.toThrow(/closed/);
    await expect(p.decide(view, "easy")).rejects.toThrow(/no worker was free for 200 ms/);
    await p.close();
    await hung;
  });

  it("close() ends a hung worker and rejects what was waiting", async () => {
    const { pool: p } = pool({ marginMs: 60_000 });
    await p.decide(view, "easy");
    const hung = p.decide(view, "easy", faulty("hang"));
    const queued = p.decide(view, "easy");
    const hint = p.hint(view, { key: "t:0" });
    const rejected = Promise.all([hung, queued, hint].map((t) => expect(t).rejects.toThrow(/closed/)));
    await p.close();
    await rejected;
    await expect(p.decide(view, "easy")).rejects.toThrow(/closed/);
  });
});
