/** Undo in the table service (rule in src/table/undo.ts), on a manual clock and the in-memory store. */
import { describe, expect, it } from "vitest";
import { awaiting, cardsOf, viewFor, type Seat } from "../../src/game/index.js";
import { stateBehind } from "../../src/table/live.js";
import { undoOffered, undoTarget } from "../../src/table/undo.js";
import { messages, words } from "../../src/i18n/index.js";
import { settle } from "../table/manual-clock.js";
import { alice, bob, openTable, playOut, setup, stateNow, type Setup } from "../table/service-helpers.js";

/** Plays (Alice first legal card; computer players on the clock) until Alice is to play. */
async function untilAliceToPlay(s: Setup, id: string, atLeastTrick = 0): Promise<void> {
  for (let guard = 0; guard < 2000; guard++) {
    const t = (await s.service.get(id))!;
    const st = stateBehind(t)!;
    if (st.phase === "playing" && st.turn === 0 && st.trickNumber >= atLeastTrick) return;
    if (awaiting(st).includes(0)) {
      const v = viewFor(st, 0);
      const r =
        st.phase === "passing"
          ? await s.service.pass(id, alice, v.hand.slice(0, 3), st.actionCount)
          : st.phase === "moon-choice"
            ? await s.service.moon(id, alice, "add", st.actionCount)
            : await s.service.play(id, alice, v.legal[0], st.actionCount);
      expect(r.ok).toBe(true);
    } else await s.clock.advance(500);
  }
  throw new Error("Alice never got to play");
}

async function aliceAlone(seed = 11) {
  const s = setup({ seed });
  const id = await openTable(s, [alice]);
  expect((await s.service.start(id, alice)).ok).toBe(true);
  return { s, id };
}

describe("undo", () => {
  it("takes back a card in the trick in progress: the log, the state and the turn go back, once per trick", async () => {
    const { s, id } = await aliceAlone();
    await untilAliceToPlay(s, id, 2);
    const before = await stateNow(s, id);
    const count = before.actionCount;
    const hand = viewFor(before, 0).hand;
    const card = viewFor(before, 0).legal[0];
    expect((await s.service.play(id, alice, card, count)).ok).toBe(true);
    // Computer players have not answered yet (their delay has not passed).
    const t = (await s.service.get(id))!;
    expect(undoOffered(t.record.seats, viewFor(stateBehind(t)!, 0), t.undone)).toMatchObject({ card, completed: false });
    const notices = s.updates.length;
    const r = await s.service.undo(id, alice, card);
    expect(r.ok && r.firstUndo).toBe(true);
    const after = (await s.service.get(id))!;
    expect(stateBehind(after)!.actionCount).toBe(count);
    expect(stateBehind(after)!.turn).toBe(0);
    expect(viewFor(stateBehind(after)!, 0).hand).toEqual(hand);
    expect(after.record.undos).toBe(1);
    expect((await s.store.loadActions(id)).length).toBe(count);
    // Mid-trick: nothing was posted about this trick, so nothing is said in the thread.
    expect(s.updates.slice(notices).filter((u) => u.update.type === "notice")).toEqual([]);
    // One level: nothing earlier is offered; the card played again in this trick stays.
    expect(undoOffered(after.record.seats, viewFor(stateBehind(after)!, 0), after.undone)).toBeNull();
    expect(await s.service.undo(id, alice, undoTarget(viewFor(stateBehind(after)!, 0))!.card)).toMatchObject({
      ok: false,
      code: "undo-once",
    });
    const again = viewFor(stateBehind(after)!, 0).legal.at(-1)!;
    expect((await s.service.play(id, alice, again, count)).ok).toBe(true);
    expect(await s.service.undo(id, alice, again)).toMatchObject({ ok: false, code: "undo-once" });
    // The computer players answer the new card, and the game goes on from it.
    await s.clock.advance(2000);
    await settle();
    expect((await s.store.loadActions(id)).find((a) => a.seq === count)?.action).toEqual({ type: "play", seat: 0, card: again });
  });

  it("takes back the computer players' replies of a completed trick too, and says so in the thread", async () => {
    const { s, id } = await aliceAlone(12);
    await untilAliceToPlay(s, id, 1);
    const st = await stateNow(s, id);
    const trick = st.trickNumber;
    const card = viewFor(st, 0).legal[0];
    expect((await s.service.play(id, alice, card, st.actionCount)).ok).toBe(true);
    // The rest of the trick and the computer players' next cards, up to Alice's turn.
    await untilAliceToPlay(s, id, trick + 1);
    const t = (await s.service.get(id))!;
    expect(undoTarget(viewFor(stateBehind(t)!, 0))).toMatchObject({ card, trick, completed: true });
    const r = await s.service.undo(id, alice, card);
    expect(r.ok).toBe(true);
    const after = await stateNow(s, id);
    expect(after.actionCount).toBe(st.actionCount);
    expect(after.trickNumber).toBe(trick);
    expect(cardsOf(after.hands[0])).toContain(card);
    const notes = s.updates.flatMap((u) => (u.update.type === "notice" ? [words(messages("en"), u.update.note)] : []));
    expect(notes.at(-1)).toBe(`↩️ Alice took back a card: trick ${trick + 1} is played again, and its next post is the one that counts.`);
    // A stale button (another card than the last one) changes nothing.
    expect(await s.service.undo(id, alice, (card + 1) % 52)).toMatchObject({ ok: false });
  });

  it("is refused at a table of two people, and before any card of this hand", async () => {
    const s = setup({ seed: 5 });
    const id = await openTable(s, [alice, bob]);
    expect((await s.service.start(id, alice)).ok).toBe(true);
    const st = await stateNow(s, id);
    expect(await s.service.undo(id, alice, 0)).toMatchObject({
      ok: false,
      code: "undo-alone",
      say: { area: "comforts", key: "undoOnlyAlone" },
    });
    const t = (await s.service.get(id))!;
    expect(undoOffered(t.record.seats, viewFor(st, 0), null)).toBeNull();
    const alone = await aliceAlone(6);
    expect(await alone.s.service.undo(alone.id, alice, 0)).toMatchObject({ ok: false, code: "undo-nothing" });
  });

  it("a game with an undo is not rated; one without is", async () => {
    for (const undo of [false, true]) {
      const { s, id } = await aliceAlone(21);
      await untilAliceToPlay(s, id, 1);
      if (undo) {
        const st = await stateNow(s, id);
        const card = viewFor(st, 0 as Seat).legal[0];
        expect((await s.service.play(id, alice, card, st.actionCount)).ok).toBe(true);
        expect((await s.service.undo(id, alice, card)).ok).toBe(true);
      }
      await playOut(s, id, [alice]);
      expect(s.store.finished.map((g) => g.rated)).toEqual([!undo]);
    }
  }, 30_000);

  it("after a restart, a table that used an undo gets the next one from the next trick, never twice in a trick", async () => {
    const { s, id } = await aliceAlone(31);
    await untilAliceToPlay(s, id, 2);
    const st = await stateNow(s, id);
    const card = viewFor(st, 0).legal[0];
    expect((await s.service.play(id, alice, card, st.actionCount)).ok).toBe(true);
    expect((await s.service.undo(id, alice, card)).ok).toBe(true);
    const again = viewFor(await stateNow(s, id), 0).legal[0];
    expect((await s.service.play(id, alice, again, st.actionCount)).ok).toBe(true);
    await s.service.stop();
    // A new process on the same store.
    const s2 = setup({ store: s.store, seed: 31 });
    expect(await s2.service.resume()).toBe(1);
    expect(await s2.service.undo(id, alice, again)).toMatchObject({ ok: false, code: "undo-once" });
    await untilAliceToPlay(s2, id, st.trickNumber + 1);
    const later = await stateNow(s2, id);
    const next = viewFor(later, 0).legal[0];
    expect((await s2.service.play(id, alice, next, later.actionCount)).ok).toBe(true);
    expect(await s2.service.undo(id, alice, next)).toMatchObject({ ok: true });
    expect((await s2.service.get(id))!.record.undos).toBe(2);
    await s2.service.stop();
  });
});
