/** What the front end receives of a table: immutable views with no way to a hidden card. */
import { describe, expect, it } from "vitest";
import { publicView, viewFor, type Seat } from "../../src/game/index.js";
import { stateBehind } from "../../src/table/live.js";
import type { TableView } from "../../src/table/types.js";
import { alice, asker, bob, carol, openTable, setup, stateNow } from "./service-helpers.js";

/** Every key reachable from a value's own properties (functions are not entered). */
function keysIn(value: unknown, seen = new Set<unknown>()): Set<string> {
  const keys = new Set<string>();
  if (typeof value !== "object" || value === null || seen.has(value)) return keys;
  seen.add(value);
  for (const [k, v] of Object.entries(value)) {
    keys.add(k);
    for (const inner of keysIn(v, seen)) keys.add(inner);
  }
  return keys;
}

describe("a table view", () => {
  it("holds the record, the public view and whom the game waits for; no field leads to the full state", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    const started = await s.service.start(id, alice);
    if (!started.ok) throw new Error(started.code);
    const view = started.table;
    // @ts-expect-error: a view has no state (secrecy by type: this line stops compiling if one is added).
    expect(view.state).toBeUndefined();
    expect(Object.keys(view).sort()).toEqual(["awaiting", "deadline", "faceOf", "game", "handOf", "record", "undone"]);
    const reachable = keysIn(view);
    // The engine's hidden fields (every hand, every pass, what each seat received) are nowhere in it,
    // nor the deal key whose secret deals every card.
    for (const hidden of ["hands", "passes", "received", "taken", "deal", "secret", "seed"])
      expect(reachable.has(hidden), hidden).toBe(false);
    const stored = (await s.store.getTable(id))!.deal;
    expect(stored.format).toBe(2);
    expect(JSON.stringify({ ...view, seats: view.record.seats.map((x) => (x.userId ? view.handOf(x.userId) : null)) })).not.toContain(
      stored.format === 2 ? stored.secret : "-",
    );
    const state = await stateNow(s, id);
    expect(view.game).toEqual(publicView(state));
    expect(view.awaiting).toEqual([0, 1, 2, 3]);
  });

  it("gives a person the view of the seat they hold, and nobody else's; nothing to someone not seated, nor before the deal", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    expect((await s.service.get(id))!.handOf(alice.userId)).toBeNull();
    const started = await s.service.start(id, alice);
    if (!started.ok) throw new Error(started.code);
    const view = started.table;
    const state = await stateNow(s, id);
    const seatOf = (userId: string) => view.record.seats.find((x) => x.userId === userId)!.seat as Seat;
    expect(seatOf(alice.userId)).not.toBe(seatOf(bob.userId));
    for (const person of [alice, bob]) {
      const mine = view.handOf(person.userId)!;
      expect(mine.seat).toBe(seatOf(person.userId));
      expect(mine).toEqual(viewFor(state, seatOf(person.userId)));
    }
    // Someone at no seat gets nothing, whatever they ask by; so does a computer player's "user".
    for (const stranger of [carol.userId, "", "0", "null"]) expect(view.handOf(stranger)).toBeNull();
    // A seat number is no way in any more: the view has no seat(n).
    expect("seat" in view).toBe(false);
  });

  it("is a snapshot: the game moving on does not change it; current() is the same table now", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    const before = (await s.service.get(id))!;
    expect(Object.isFrozen(before)).toBe(true);
    const hand = before.handOf(alice.userId)!.hand;
    expect((await s.service.pass(id, alice, hand.slice(0, 3), before.game!.actionCount)).ok).toBe(true);
    expect(before.game!.actionCount).toBe(0);
    expect(before.awaiting).toContain(0);
    expect(before.handOf(alice.userId)!.passed).toBeNull();
    const now = s.service.current(before);
    expect(now.game!.actionCount).toBe(1);
    expect(now.awaiting).not.toContain(0);
    expect(now.handOf(alice.userId)!.passed).toEqual(hand.slice(0, 3));
  });

  it("each update carries the table as that update left it", async () => {
    const s = setup();
    const id = await openTable(s, [alice]);
    await s.service.start(id, alice);
    const v = (await s.service.get(id))!;
    await s.service.pass(id, alice, v.handOf(alice.userId)!.hand.slice(0, 3), 0);
    await s.clock.advance(600); // the computer players pass
    const actions = s.updates.filter((u) => u.update.type === "action");
    expect(actions.length).toBeGreaterThanOrEqual(4);
    actions.forEach(({ table }: { table: TableView }, i) => expect(table.game!.actionCount).toBe(i + 1));
    // Taken from the very state the action left (not the table's state when a listener reads it).
    const last = actions.at(-1)!.table;
    expect(stateBehind(last)!.actionCount).toBe(last.game!.actionCount);
  });

  it("is one view per picture: a click's answer is its announcement's view; every change (a move, a turn started, the table closed) makes a new one", async () => {
    const s = setup({ settings: { turnSeconds: 30 } });
    const dave = asker("100000000000000004", "Dave");
    const id = await openTable(s, [alice, bob, carol, dave]);
    await s.service.start(id, alice);
    const before = (await s.service.get(id))!;
    expect(await s.service.get(id)).toBe(before);
    const hand = before.handOf(alice.userId)!.hand;
    const r = await s.service.pass(id, alice, hand.slice(0, 3), 0);
    if (!r.ok) throw new Error(r.code);
    const announced = s.updates.at(-1)!.table;
    expect(r.table).toBe(announced);
    expect(r.table).not.toBe(before);
    expect([before.game!.actionCount, r.table.game!.actionCount]).toEqual([0, 1]);
    // The answer's seat view, worked out when read: the seat's view of the state the pass left.
    expect(r.view).toEqual(viewFor(stateBehind(announced)!, r.view.seat));
    // The last pass deals the trick: a new turn, with its own deadline, in a new view.
    for (const who of [bob, carol, dave]) {
      const t = (await s.service.get(id))!;
      expect((await s.service.pass(id, who, t.handOf(who.userId)!.hand.slice(0, 3), t.game!.actionCount)).ok).toBe(true);
    }
    const playing = (await s.service.get(id))!;
    expect(playing.game!.phase).toBe("playing");
    expect(playing.deadline(playing.game!.turn)).toBe(s.clock.now() + 30_000 + playing.record.timeBank[playing.game!.turn] * 1000);
    expect((await s.service.end(id, alice)).ok).toBe(true);
    const ended = (await s.service.get(id))!;
    expect(ended).not.toBe(playing);
    expect(ended.deadline(playing.game!.turn)).toBeNull();
  });

  it("tells the seat's deadline only while the game waits for a person there", async () => {
    const s = setup({ settings: { turnSeconds: 30, timeBankSeconds: 10 } });
    const id = await openTable(s, [alice]);
    await s.service.start(id, alice);
    const v = (await s.service.get(id))!;
    // Passing: 45 s, then the 10 s bank.
    expect(v.deadline(0)).toBe(s.clock.now() + 55_000);
    for (const bot of [1, 2, 3]) expect(v.deadline(bot)).toBeNull();
    await s.service.pass(id, alice, v.handOf(alice.userId)!.hand.slice(0, 3), 0);
    expect(s.service.current(v).deadline(0)).toBeNull();
  });
});
