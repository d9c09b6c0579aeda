/** The table registry on the in-memory store: loading once, replay, finding by channel, letting go. */
import { describe, expect, it } from "vitest";
import {
  apply,
  awaiting,
  createGame,
  parseCard,
  presetRules,
  viewFor,
  type Action,
  type GameState,
  type Seat,
} from "../../src/game/index.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { silentLogger } from "../../src/log.js";
import { firstLegalAction } from "../../src/table/players.js";
import { TableRegistry, type Loaded } from "../../src/table/registry.js";
import { botSeat, humanSeat } from "../../src/table/seats.js";
import type { StoredTable } from "../../src/table/records.js";
import { MemoryStore } from "./memory-store.js";

/** Counts reads, to see that concurrent loads share one. */
class CountingStore extends MemoryStore {
  reads = 0;
  override async getTable(id: string): Promise<StoredTable | null> {
    this.reads++;
    return super.getTable(id);
  }
}

async function setupRegistry() {
  const store = new CountingStore();
  const broken: string[] = [];
  const registry = new TableRegistry<Loaded>({
    store,
    log: silentLogger(),
    create: (record) => ({ record, state: null, last: [null, null, null, null], closed: false }),
    broken: (t) => broken.push(t.record.id),
  });
  const rules = presetRules("classic")!;
  const seats = [humanSeat(0, "1", "Alice"), ...[1, 2, 3].map((n) => botSeat([], n, "easy"))];
  const record = await store.createTable({
    guildId: "g",
    channelId: "c",
    hostId: "1",
    rules,
    settings: { ...DEFAULT_SETTINGS },
    deal: { format: 1, seed: 7 },
    seats,
  });
  return { store, registry, broken, record };
}

/** Plays `n` first-legal actions from the deal and stores them as the table's log. */
async function playStored(store: MemoryStore, record: StoredTable, n: number): Promise<GameState> {
  let state = createGame(record.rules, record.deal);
  await store.updateTable(record.id, { status: "passing" });
  for (let i = 0; i < n; i++) {
    const seat = awaiting(state)[0] as Seat;
    const action: Action = firstLegalAction(viewFor(state, seat));
    const r = apply(state, action);
    if (!r.ok) throw new Error(r.reason);
    expect((await store.appendAction(record.id, i, seat, action)).ok).toBe(true);
    state = r.state;
  }
  return state;
}

describe("the table registry", () => {
  it("loads a table once for concurrent askers and finds it by channel and thread", async () => {
    const { store, registry, record } = await setupRegistry();
    const [a, b] = await Promise.all([registry.load(record.id), registry.load(record.id)]);
    expect(a).toBe(b);
    expect(store.reads).toBe(1);
    expect(registry.in("c")).toBe(a);
    expect(registry.in("thread")).toBeNull();
    a!.record = await store.updateTable(record.id, { threadId: "thread" });
    registry.remember(a!);
    expect(registry.in("thread")).toBe(a);
    expect(registry.ids).toEqual([record.id]);
    registry.forget(a!);
    expect([registry.in("c"), registry.in("thread"), registry.get(record.id)]).toEqual([null, null, null]);
  });

  it("replays a game from its stored log and remembers each seat's last action", async () => {
    const { store, registry, record } = await setupRegistry();
    const expected = await playStored(store, record, 6);
    const t = (await registry.load(record.id))!;
    expect(t.state).toEqual(expected);
    const log = store.actions.get(record.id)!;
    for (const seat of [0, 1, 2, 3]) {
      const mine = log.filter((a) => a.seat === seat).at(-1);
      expect(t.last[seat]).toEqual(mine ? { seq: mine.seq, action: mine.action } : null);
    }
  });

  it("marks an open table whose log does not replay broken, says so once, and does not keep it", async () => {
    const { store, registry, broken, record } = await setupRegistry();
    await store.updateTable(record.id, { status: "playing" });
    await store.appendAction(record.id, 0, 0, { type: "play", seat: 0, card: parseCard("AH")! });
    const t = (await registry.load(record.id))!;
    expect([t.closed, t.record.status, store.tables.get(record.id)!.status]).toEqual([true, "broken", "broken"]);
    expect(broken).toEqual([record.id]);
    expect(registry.get(record.id)).toBeNull();
  });

  it("reads a closed table without keeping it", async () => {
    const { store, registry, record } = await setupRegistry();
    await store.updateTable(record.id, { status: "abandoned" });
    const t = (await registry.load(record.id))!;
    expect(t.closed).toBe(true);
    expect(registry.ids).toEqual([]);
    expect(await registry.load("nope")).toBeNull();
  });
});
