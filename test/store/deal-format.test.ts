/**
 * Deal formats at a table, on a real SQLite file: a new game stores format 2 and its secret; a game
 * stored before formats (its row written without the new columns) resumes with its 32-bit seed.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apply, awaiting, createGame, presetRules, replay, viewFor, type Seat } from "../../src/game/index.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import { firstLegalAction, firstLegalPlayer } from "../../src/table/players.js";
import { stateBehind } from "../../src/table/live.js";
import { botSeat, humanSeat } from "../../src/table/seats.js";
import { alice, openTable, playOut, setup, where } from "../table/service-helpers.js";
import { SETTINGS, tempDb } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function sqlite(): Promise<{ store: HeartsStore; file: string }> {
  const db = tempDb();
  const store = await openStore(db.url);
  cleanups.push(async () => {
    await store.close();
    db.cleanup();
  });
  return { store, file: join(db.dir, "hearts.db") };
}

describe("deal formats at a table", () => {
  it("a game started now is stored as format 2 with a 64-hex-digit secret, and deals from it", async () => {
    const { store, file } = await sqlite();
    const s = setup({ store, bots: firstLegalPlayer });
    const id = await openTable(s);
    const lobby = new Database(file, { readonly: true }).prepare(`SELECT "dealFormat", "dealSecret" FROM "HeartsTable" WHERE "id" = ?`);
    expect(lobby.get(id)).toEqual({ dealFormat: 1, dealSecret: null });
    expect((await s.service.start(id, alice)).ok).toBe(true);
    const row = lobby.get(id) as { dealFormat: number; dealSecret: string };
    expect(row.dealFormat).toBe(2);
    expect(row.dealSecret).toMatch(/^[0-9a-f]{64}$/);
    const record = (await store.getTable(id))!;
    expect(record.deal).toEqual({ format: 2, secret: row.dealSecret });
    const state = stateBehind((await s.service.get(id))!)!;
    expect(state.hands).toEqual(createGame(record.rules, record.deal).hands);
    // Two games, two secrets.
    const there = { ...alice, where: { ...where, channelId: "800000000000000002" } };
    const t = await s.service.open(there.where, there, {
      rules: presetRules("classic")!,
      settings: s.settings,
    });
    if (!t.ok) throw new Error("not opened");
    expect((await s.service.start(t.table.record.id, there)).ok).toBe(true);
    expect((lobby.get(t.table.record.id) as { dealSecret: string }).dealSecret).not.toBe(row.dealSecret);
  });

  it("a game stored before formats (its row without the new columns) resumes with its 32-bit seed through the service", async () => {
    const { store, file } = await sqlite();
    const rules = { ...presetRules("classic")!, target: 50 };
    const seats = [humanSeat(0, alice.userId, "Alice"), ...[1, 2, 3].map((n) => botSeat([], n, "easy"))];
    const seed = 3_141_592_653;
    // The row as the code before formats wrote it: no dealFormat, no dealSecret.
    const id = "old0000000000001";
    const db = new Database(file);
    db.prepare(
      `INSERT INTO "HeartsTable" ("id", "guildId", "channelId", "hostId", "rules", "settings", "seed", "status", "seats", "timeBank", "updatedAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, 'playing', ?, '[0,0,0,0]', ?)`,
    ).run(
      id,
      where.guildId,
      where.channelId,
      alice.userId,
      JSON.stringify(rules),
      JSON.stringify(SETTINGS),
      seed,
      JSON.stringify(seats),
      new Date().toISOString(),
    );
    db.close();
    // Its log: a few actions of the game that seed dealt.
    let state = createGame(rules, seed);
    for (let seq = 0; seq < 9; seq++) {
      const seat = awaiting(state)[0] as Seat;
      const action = firstLegalAction(viewFor(state, seat));
      const r = apply(state, action);
      if (!r.ok) throw new Error(r.reason);
      expect(await store.appendAction(id, seq, seat, action)).toEqual({ ok: true });
      state = r.state;
    }
    expect((await store.getTable(id))!.deal).toEqual({ format: 1, seed });
    const s = setup({ store, bots: firstLegalPlayer });
    expect(await s.service.resume()).toBe(1);
    const view = (await s.service.get(id))!;
    expect(view.record.status).toBe("playing");
    expect(stateBehind(view)).toEqual(state);
    // And it plays on (Alice's cards and the computer players'), each card as that seed dealt it:
    // the whole stored log replays from the seed.
    await playOut(s, id, [alice], () => (stateBehind(s.service.system.openTable(id)!)?.actionCount ?? 0) >= 30);
    const log = (await store.loadActions(id)).map((a) => a.action);
    expect(log.length).toBeGreaterThanOrEqual(30);
    const whole = replay(rules, seed, log);
    expect(whole.ok && whole.state).toEqual(stateBehind((await s.service.get(id))!));
  });
});
