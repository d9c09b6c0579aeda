/**
 * The computer players' worker failing under the real bot (discord.js against the fake Discord):
 * a worker that hangs or crashes mid-game costs the table one simple move per decision, never a
 * stuck table or a crash, and the real players are answered as usual; once the fault is gone the
 * computer players think again and the game finishes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotPool } from "../../src/ai/pool.js";
import { FaultSwitch } from "../ai/fixtures/faults.js";
import { Player, byVerb, findButton, gamePosts, playUntil, startHarness, tableMessage, type Harness } from "./harness.js";

let h: Harness;
let pool: BotPool;
const faults = new FaultSwitch();

beforeAll(async () => {
  // One worker, a short margin: a hung decision is abandoned after 300 ms, restarts retry quickly.
  pool = new BotPool({ size: 1, worker: faults.worker, marginMs: 300, restart: { initialMs: 20, maxMs: 200 } });
  h = await startHarness({ renderer: null, bots: pool });
});
afterAll(async () => {
  await h?.close();
  await pool?.close();
});

describe("a failing computer-player worker", () => {
  it("hangs, then crashes, mid-game: the table goes on with simple moves, and finishes once the worker is healthy", async () => {
    const [ann, bob] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
    await ann.answer(ann.slash("new", { target: 30 }));
    const table = tableMessage(h.fake);
    await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
    ann.menuId = (await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id))).id;
    await bob.openHand();

    // The worker hangs on every decision: each computer move waits out the limit, then a simple move.
    faults.fault = "hang";
    const tricks = () => gamePosts(h.fake).filter((m) => /took the trick|takes the trick|wins the trick|trick \d+/i.test(m.content)).length;
    const before = tricks();
    await playUntil(h, [ann, bob], () => tricks() >= before + 3, 30_000);
    expect(pool.stats.timeouts).toBeGreaterThan(0);

    // Now it crashes on every decision: the same, and it is restarted each time.
    faults.fault = "crash";
    const mid = tricks();
    await playUntil(h, [ann, bob], () => tricks() >= mid + 3, 30_000);
    expect(pool.stats.restarts).toBeGreaterThan(pool.stats.timeouts);

    // Healthy again: the game finishes, and Discord's rules were kept throughout.
    faults.fault = "none";
    await playUntil(h, [ann, bob], () => gamePosts(h.fake).some((m) => m.content.includes("Game over")), 90_000);
    expect(h.fake.violations).toEqual([]);
    expect(h.fake.unhandled).toEqual([]);
  }, 180_000);
});
