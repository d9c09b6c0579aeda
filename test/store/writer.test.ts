/**
 * The SQLite store's writer thread: appended moves are committed off the main thread, in order with
 * the store's other writes; when the thread dies, the moves go on being stored on the main thread
 * (nothing lost, nothing doubled) and the thread comes back.
 */
import { afterEach, expect, it } from "vitest";
import { createGame, createRng, presetRules, step, type Action } from "../../src/game/index.js";
import { loadGame, SqliteStore } from "../../src/store/index.js";
import { randomAction, SETTINGS, tempDb } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function open(url: string, writerRestartMs?: number) {
  const store = await SqliteStore.open(url, { writerRestartMs });
  cleanups.push(() => store.close());
  return store;
}

const newTable = (store: SqliteStore, seed: number) =>
  store.createTable({
    guildId: "g",
    channelId: `c${seed}`,
    hostId: "u",
    rules: presetRules("classic")!,
    settings: SETTINGS,
    deal: { format: 1, seed },
    seats: [],
  });

it("commits appended moves in its writer thread, in order with the table's other writes, and they survive a reopen", async () => {
  const db = tempDb();
  cleanups.push(db.cleanup);
  const store = await open(db.url);
  expect(await store.writer.ready()).toBe(true);
  const tables = await Promise.all([1, 2, 3].map((seed) => newTable(store, seed)));
  const states = tables.map((t) => createGame(t.rules, t.deal));
  const rng = createRng(5);
  for (let seq = 0; seq < 30; seq++) {
    const actions = states.map((s) => randomAction(s, rng));
    // A status change issued right behind each append must land after it (the store keeps the order).
    const results = await Promise.all(
      tables.flatMap((t, i) => [
        store.appendAction(t.id, seq, actions[i].seat, actions[i], { status: "playing" }),
        store.updateTable(t.id, { hostId: `host${seq}` }).then(() => ({ ok: true })),
      ]),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    actions.forEach((a, i) => step(states[i], a));
  }
  expect(store.writer.counts.local).toBe(0);
  expect(store.writer.counts.thread).toBeGreaterThan(0);
  await store.close();
  cleanups.pop();

  const again = await open(db.url);
  for (const [i, t] of tables.entries()) {
    const loaded = await loadGame(again, t.id);
    expect(loaded.ok && loaded.table.actionCount).toBe(30);
    expect(loaded.ok && loaded.table.hostId).toBe("host29");
    expect(loaded.ok && JSON.stringify(loaded.state)).toBe(JSON.stringify(states[i]));
  }
}, 30_000);

it("when the writer thread dies, moves are stored on the main thread meanwhile, none lost or doubled, and the thread comes back", async () => {
  const db = tempDb();
  cleanups.push(db.cleanup);
  const store = await open(db.url, 200);
  expect(await store.writer.ready()).toBe(true);
  const t = await newTable(store, 7);
  const state = createGame(t.rules, t.deal);
  const rng = createRng(11);
  const played: Action[] = [];
  const play = async () => {
    const a = randomAction(state, rng);
    const r = await store.appendAction(t.id, played.length, a.seat, a);
    step(state, a);
    played.push(a);
    return r;
  };
  for (let i = 0; i < 5; i++) expect(await play()).toEqual({ ok: true });
  const before = { ...store.writer.counts };

  // A crash of the thread, between two moves and while a batch is in flight.
  // Its batch may have been committed before the crash or not: either it is stored now, or the
  // main thread stores it, or (committed, unanswered) the count's guard refuses it a second time;
  // in every case the log holds it exactly once (checked at the end).
  const inFlight = play();
  await store.writer.crash();
  expect([{ ok: true }, { ok: false, reason: "conflict" }]).toContainEqual(await inFlight);
  for (let i = 0; i < 5; i++) expect(await play()).toEqual({ ok: true });
  expect(store.writer.counts.local).toBeGreaterThan(before.local);

  // It comes back on its own, and takes the next moves.
  await expect.poll(() => store.writer.up, { timeout: 5_000 }).toBe(true);
  const local = store.writer.counts.local;
  for (let i = 0; i < 5; i++) expect(await play()).toEqual({ ok: true });
  expect(store.writer.counts.local).toBe(local);
  expect(store.writer.counts.thread).toBeGreaterThan(before.thread);

  expect((await store.loadActions(t.id)).map((x) => x.action)).toEqual(played);
}, 30_000);
