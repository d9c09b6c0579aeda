/**
 * The daily's deal keys: a new attempt is format 2 (the whole HMAC of the day as the secret); an
 * attempt stored before formats keeps replaying with the HMAC's first 32 bits and the computer
 * players' old seeds.
 */
import Database from "better-sqlite3";
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { decide } from "../../src/ai/index.js";
import { dailyRules } from "../../src/daily/challenge.js";
import { DailyService } from "../../src/daily/service.js";
import { apply, awaiting, createGame, mix32, viewFor, type Action, type GameState, type Seat } from "../../src/game/index.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import type { BotPlayer } from "../../src/table/players.js";
import { tempDb } from "../store/helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const now = () => Date.UTC(2026, 10, 24, 12);
const SALT = "deal-format-salt";

/** Medium with the seed it is given: deterministic in (view, seed), and fast. */
const seededBots: BotPlayer = {
  decide: async (view, _level, opts) => decide(view, "medium", { seed: opts?.seed, samples: opts?.samples }),
};

async function sqlite(): Promise<{ store: HeartsStore; file: string }> {
  const db = tempDb();
  const store = await openStore(db.url);
  cleanups.push(async () => {
    await store.close();
    db.cleanup();
  });
  return { store, file: join(db.dir, "hearts.db") };
}

const mac = (day: number) => createHmac("sha256", SALT).update(`hearts-daily:${day}:classic`).digest();

describe("the daily's deal keys", () => {
  it("a new attempt is format 2: its cards are not those of the HMAC's first 32 bits", async () => {
    const { store, file } = await sqlite();
    const svc = new DailyService({ store, bots: seededBots, salt: SALT, now, samples: 8 });
    const r = await svc.play("g", { id: "ann", name: "Ann" });
    if (!r.ok) throw new Error("refused");
    expect((await store.getDailySession("g", r.day, "ann"))!.dealFormat).toBe(2);
    const row = new Database(file, { readonly: true }).prepare(`SELECT "dealFormat" FROM "DailySession"`).get();
    expect(row).toEqual({ dealFormat: 2 });
    const old = createGame(dailyRules("classic"), mac(r.day).readUInt32BE(0));
    expect(r.view.hand).not.toEqual(viewFor(old, 0).hand);
    const now2 = createGame(dailyRules("classic"), { format: 2, secret: mac(r.day).toString("hex") });
    expect(r.view.hand).toEqual(viewFor(now2, 0).hand);
  });

  it("an attempt stored before formats replays as it was dealt, and its computer players go on with their old seeds", async () => {
    const { store, file } = await sqlite();
    const svc = new DailyService({ store, bots: seededBots, salt: SALT, now, samples: 8 });
    const day = svc.today();
    // As the code before formats played it: the HMAC's first 32 bits dealt, the computer players seeded from them.
    const seed = mac(day).readUInt32BE(0);
    const oldBotSeed = (seat: number, count: number) => mix32(mix32(seed ^ Math.imul(seat + 1, 0x27d4eb2d)) ^ count);
    const botMove = (state: GameState, seat: Seat) =>
      decide(viewFor(state, seat), "medium", { seed: oldBotSeed(seat, state.actionCount), samples: 8 });
    let state = createGame(dailyRules("classic"), seed);
    const actions: Action[] = [];
    const push = (a: Action) => {
      const r = apply(state, a);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
      actions.push(a);
    };
    for (const seat of [1, 2, 3] as Seat[]) push(botMove(state, seat));
    await store.startDailySession({ guildId: "g", day, userId: "ann", name: "Ann", rulesSpec: "classic" });
    expect(await store.saveDailyProgress("g", day, "ann", 0, actions)).toBe(true);
    // The migration marks every attempt stored before it as format 1.
    const db = new Database(file);
    db.prepare(`UPDATE "DailySession" SET "dealFormat" = 1`).run();
    db.close();

    const back = await svc.play("g", { id: "ann", name: "Ann" });
    if (!back.ok) throw new Error("refused");
    expect(back.started).toBe(false);
    expect(back.view.hand).toEqual(viewFor(state, 0).hand);
    // Ann passes; the computer players' plays that follow are those of the old seeds.
    const pass: Action = { type: "pass", seat: 0, cards: back.view.hand.slice(0, 3) };
    const after = await svc.act("g", "ann", day, back.view.actionCount, pass);
    expect(after.ok).toBe(true);
    push(pass);
    while (!awaiting(state).includes(0)) push(botMove(state, awaiting(state)[0] as Seat));
    expect((await store.getDailySession("g", day, "ann"))!.actions).toEqual(actions);
    expect(after.ok && after.view).toEqual(viewFor(state, 0));
  });
});
