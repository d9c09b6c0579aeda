/** The comforts in the store, on SQLite and PostgreSQL alike: truncateActions (undo) and player prefs (deck style). */
import { afterEach, describe, expect, it } from "vitest";
import { createGame, presetRules, step } from "../../src/game/index.js";
import { loadGame, openStore, type HeartsStore } from "../../src/store/index.js";
import { BACKENDS, useBackend } from "./backends.js";
import { SETTINGS, createRng, randomAction } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(db.name, () => {
    useBackend(db);

    it("takes back the log's tail with a patch, keeps it gap-free, refuses a stale count, and appends go on", async () => {
      const url = await db.url();
      const store: HeartsStore = await openStore(url);
      cleanups.push(() => store.close());
      const t = await store.createTable({
        guildId: "g1",
        channelId: "c1",
        hostId: "100000000000000001",
        rules: presetRules("classic")!,
        settings: SETTINGS,
        deal: { format: 1, seed: 5 },
        seats: [],
      });
      const other = await store.createTable({
        guildId: "g1",
        channelId: "c2",
        hostId: "100000000000000001",
        rules: presetRules("classic")!,
        settings: SETTINGS,
        deal: { format: 1, seed: 6 },
        seats: [],
      });
      const rng = createRng(3);
      const state = createGame(t.rules, t.deal);
      const actions = [];
      for (let seq = 0; seq < 20; seq++) {
        const a = randomAction(state, rng);
        step(state, a);
        actions.push(a);
        expect(await store.appendAction(t.id, seq, a.seat, a)).toEqual({ ok: true });
        expect(await store.appendAction(other.id, seq, a.seat, a)).toEqual({ ok: true });
      }
      // The game's thread told actions 0..18 and has trick 19's post on its way; the other table's thread told them all.
      await store.updateTable(t.id, { threadFrom: 36, threadTo: 38 });
      await store.updateTable(other.id, { threadFrom: 30, threadTo: 40 });
      // A stale count (someone appended meanwhile) changes nothing.
      expect(await store.truncateActions(t.id, 15, 19)).toEqual({ ok: false, reason: "conflict" });
      expect(await store.truncateActions("nope", 0, 0)).toEqual({ ok: false, reason: "missing-table" });
      expect((await store.loadActions(t.id)).length).toBe(20);

      expect(await store.truncateActions(t.id, 15, 20, { undos: 1 })).toEqual({ ok: true });
      const back = (await store.getTable(t.id))!;
      // What the thread told of the actions taken back is told again when they are played again (src/table/catch-up.ts).
      expect(back).toMatchObject({ actionCount: 15, undos: 1, threadFrom: 30, threadTo: 30 });
      expect(await store.getTable(other.id)).toMatchObject({ threadFrom: 30, threadTo: 40 });
      expect((await store.loadActions(t.id)).map((a) => a.seq)).toEqual([...Array(15).keys()]);
      // Another table's log is untouched.
      expect((await store.loadActions(other.id)).length).toBe(20);
      // The game replays to the shorter log, and the next action goes at the freed number.
      const replayed = createGame(t.rules, t.deal);
      for (const a of actions.slice(0, 15)) step(replayed, a);
      const loaded = await loadGame(store, t.id);
      expect(loaded.ok && JSON.stringify(loaded.state)).toBe(JSON.stringify(replayed));
      const again = actions[15];
      expect(await store.appendAction(t.id, 16, again.seat, again)).toEqual({ ok: false, reason: "conflict" });
      expect(await store.appendAction(t.id, 15, again.seat, again)).toEqual({ ok: true });
      const log = await store.loadActions(t.id);
      expect(log.map((a) => a.seq)).toEqual([...Array(16).keys()]);
      expect(log[15].action).toEqual(again);
      // A fresh client reads the same.
      const reopened = await openStore(url);
      cleanups.push(() => reopened.close());
      expect((await reopened.getTable(t.id))!.actionCount).toBe(16);
      expect((await reopened.loadActions(t.id)).length).toBe(16);
    });
  });
}

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(`${db.name}: player prefs`, () => {
    useBackend(db);

    it("a player's deck style: defaults for someone who never chose, then what they set, for every table", async () => {
      const url = await db.url();
      const store: HeartsStore = await openStore(url);
      cleanups.push(() => store.close());
      expect(await store.getPlayerPrefs("100000000000000001")).toEqual({
        userId: "100000000000000001",
        fourColour: null,
        largeIndex: false,
      });
      expect(await store.setPlayerPrefs("100000000000000001", { fourColour: true })).toEqual({
        userId: "100000000000000001",
        fourColour: true,
        largeIndex: false,
      });
      expect(await store.setPlayerPrefs("100000000000000001", { largeIndex: true })).toEqual({
        userId: "100000000000000001",
        fourColour: true,
        largeIndex: true,
      });
      expect(await store.setPlayerPrefs("100000000000000001", { fourColour: false })).toEqual({
        userId: "100000000000000001",
        fourColour: false,
        largeIndex: true,
      });
      expect(await store.getPlayerPrefs("100000000000000002")).toEqual({
        userId: "100000000000000002",
        fourColour: null,
        largeIndex: false,
      });
      const reopened = await openStore(url);
      cleanups.push(() => reopened.close());
      expect(await reopened.getPlayerPrefs("100000000000000001")).toEqual({
        userId: "100000000000000001",
        fourColour: false,
        largeIndex: true,
      });
      // Forgetting a person (/hearts privacy) forgets their deck style too.
      await reopened.forgetUser("100000000000000001");
      expect(await reopened.getPlayerPrefs("100000000000000001")).toEqual({
        userId: "100000000000000001",
        fourColour: null,
        largeIndex: false,
      });
    });
  });
}
