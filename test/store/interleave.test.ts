/** One client, many tables at once: an action acknowledged while another table's transaction is open is not lost with it. */
import { afterEach, describe, expect, it } from "vitest";
import { createGame, presetRules, step } from "../../src/game/index.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import { type FinishedGame } from "../../src/table/records.js";
import { BACKENDS, useBackend } from "./backends.js";
import { SETTINGS, createRng, randomAction } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(db.name, () => {
    useBackend(db);
    it("a failed finished-game transaction does not roll back another table's acknowledged actions", async () => {
      const url = await db.url();
      const store: HeartsStore = await openStore(url);
      cleanups.push(() => store.close());
      const newTable = () =>
        store.createTable({
          guildId: "g",
          channelId: "c",
          hostId: "h",
          rules: presetRules("classic")!,
          settings: SETTINGS,
          deal: { format: 1, seed: 3 },
          seats: [],
        });
      const done = await newTable();
      const other = await newTable();
      const game: FinishedGame = {
        tableId: done.id,
        guildId: "g",
        rules: done.rules,
        rated: true,
        players: [0, 1, 2, 3].map((seat) => ({
          seat,
          userId: `u${seat}`,
          botLevel: null,
          name: `P${seat}`,
          total: seat * 10,
          place: seat + 1,
        })),
        hands: [{ change: [0, 10, 20, 30], handPoints: [0, 10, 20, 30], moonShooter: null, queenTakenBy: 3, jackTakenBy: null }],
        finishedAt: new Date(),
      };
      await store.recordFinishedGame(game);
      // Recording the same game twice fails inside its transaction (FinishedGame.tableId is unique)...
      const state = createGame(other.rules, other.deal);
      const rng = createRng(4);
      const appends: Promise<unknown>[] = [];
      const again = store.recordFinishedGame(game).then(
        () => "recorded",
        () => "refused",
      );
      // ...while the bot keeps appending actions to another table.
      for (let seq = 0; seq < 12; seq++) {
        const action = randomAction(state, rng);
        step(state, action);
        appends.push(store.appendAction(other.id, seq, action.seat, action));
        await Promise.resolve();
      }
      expect(await again).toBe("refused");
      expect(await Promise.all(appends)).toEqual(Array(12).fill({ ok: true }));
      const fresh = await openStore(url);
      cleanups.push(() => fresh.close());
      expect((await fresh.loadActions(other.id)).length).toBe(12);
      expect((await fresh.getTable(other.id))!.actionCount).toBe(12);
    });
  });
}
