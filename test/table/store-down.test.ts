/**
 * The table service when the store cannot save (a full disk, a read-only file, a database server
 * gone): moves and new tables are refused with one sentence, computer players and turn timers
 * wait instead of crashing the process, every table says so once, and when a probe write works
 * again the tables go on by themselves. Nothing acknowledged is lost.
 */
import { describe, expect, it } from "vitest";
import { awaiting, presetRules, viewFor, type Seat } from "../../src/game/index.js";
import { STORE_DOWN_MESSAGE } from "../../src/table/store-health.js";
import { stateBehind } from "../../src/table/live.js";
import { alice, bob, en, english, openTable, setup, stateNow, where } from "./service-helpers.js";
import type { Sentence } from "../../src/i18n/index.js";

const full = () => Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });

describe("when the store cannot save", () => {
  it("refuses moves and tables with one sentence, pauses the table, says so once, and goes on when it can", async () => {
    const s = setup({ settings: { turnSeconds: 30, timeBankSeconds: 0 } });
    const id = await openTable(s, [alice]);
    expect((await s.service.start(id, alice)).ok).toBe(true);
    const t = (await s.service.get(id))!;
    const before = s.store.actions.get(id)?.length ?? 0;

    // The disk fills up; Alice's pass is the first write to find out.
    s.store.failWrites = full();
    const view = viewFor(stateBehind(t)!, 0 as Seat);
    const refused = await s.service.pass(id, alice, view.hand.slice(0, 3), stateBehind(t)!.actionCount);
    expect(en(refused)).toMatchObject({ ok: false, code: "store-down", message: STORE_DOWN_MESSAGE });
    expect(
      await s.service.open({ ...where, channelId: "800000000000000009" }, bob, { rules: presetRules("classic")!, settings: s.settings }),
    ).toMatchObject({
      ok: false,
      code: "store-down",
    });
    const notices = () => s.updates.filter((u) => u.update.type === "notice").map((u) => english((u.update as { note: Sentence }).note));
    expect(notices()).toEqual([expect.stringContaining("I can't save games right now")]);

    // Ten minutes pass: no turn runs out, no computer player acts, nothing throws, one notice only.
    await s.clock.advance(10 * 60_000);
    expect(s.store.actions.get(id)?.length ?? 0).toBe(before);
    expect(awaiting(await stateNow(s, id))).toContain(0);
    expect(notices()).toHaveLength(1);

    // The disk has room again: the next probe notices, the table says so, and Alice plays on.
    s.store.failWrites = null;
    for (let waited = 0; notices().length < 2 && waited < 60_000; waited += 1_000) await s.clock.advance(1_000); // the probe's backoff is at most a minute
    expect(notices()).toEqual([expect.stringContaining("I can't save"), expect.stringContaining("I can save games again")]);
    const again = (await s.service.get(id))!;
    expect(
      (await s.service.pass(id, alice, viewFor(stateBehind(again)!, 0 as Seat).hand.slice(0, 3), stateBehind(again)!.actionCount)).ok,
    ).toBe(true);
    // The computer players pass too once their delay is over, and the hand is played.
    await s.clock.advance(2_000);
    expect(s.store.actions.get(id)!.length).toBeGreaterThanOrEqual(before + 4);
    expect((await stateNow(s, id)).phase).toBe("playing");
  });

  it("a computer player's move that meets a full disk is not lost and does not throw: it is made once the store is back", async () => {
    const s = setup();
    const id = await openTable(s, [alice]);
    await s.service.start(id, alice);
    const t = (await s.service.get(id))!;
    await s.service.pass(id, alice, viewFor(stateBehind(t)!, 0 as Seat).hand.slice(0, 3), stateBehind(t)!.actionCount);
    s.store.failWrites = full();
    await s.clock.advance(5_000); // the computer players' turn comes and fails quietly
    expect(s.store.actions.get(id)!.length).toBe(1);
    s.store.failWrites = null;
    await s.clock.advance(10_000);
    expect(s.store.actions.get(id)!.length).toBeGreaterThanOrEqual(4);
    expect((await stateNow(s, id)).phase).not.toBe("passing");
  });
});
