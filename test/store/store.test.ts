/** The store against real databases (SQLite files, PostgreSQL): round trips, races, corrupt rows, settings. */
import { afterEach, describe, expect, it } from "vitest";
import { createGame, parseRules, presetRules, step } from "../../src/game/index.js";
import { SqliteStore, loadGame, openStore, type HeartsStore } from "../../src/store/index.js";
import { BACKENDS, execSql, prismaOf, sql, useBackend } from "./backends.js";
import { SETTINGS, createRng, randomAction, tempDb } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const newTable = (store: HeartsStore, rules = presetRules("classic")!, seed = 7) =>
  store.createTable({ guildId: "g1", channelId: "c1", hostId: "u1", rules, settings: SETTINGS, deal: { format: 1, seed }, seats: [] });

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(db.name, () => {
    useBackend(db);
    async function fresh(url?: string): Promise<{ store: HeartsStore; url: string }> {
      const u = url ?? (await db.url());
      const store = await openStore(u);
      cleanups.push(() => store.close());
      return { store, url: u };
    }

    describe("round trip", () => {
      it("games played through the store reload identically from a fresh client", async () => {
        const { store, url } = await fresh();
        const specs = ["classic", "omnibus,moon=choice", "black-maria", "bga", "skelly"];
        const expected = new Map<string, string>();
        // The games run side by side, as tables do in the bot (their appends share commits).
        await Promise.all(
          specs.map(async (spec, i) => {
            const rng = createRng(99 + i);
            const parsed = parseRules(spec);
            if (!parsed.ok) throw new Error(parsed.error);
            const table = await newTable(store, parsed.rules, 1000 + i);
            const state = createGame(table.rules, table.deal);
            // Stop somewhere in the middle for some games, play others to the end.
            const limit = i % 2 ? 150 : Infinity;
            for (let seq = 0; state.phase !== "game-over" && seq < limit; seq++) {
              const action = randomAction(state, rng);
              expect(step(state, action)).toBeNull();
              expect(
                await store.appendAction(table.id, seq, action.seat, action, { status: state.phase === "passing" ? "passing" : "playing" }),
              ).toEqual({ ok: true });
            }
            expect(state.phase === "game-over").toBe(limit === Infinity);
            expected.set(table.id, JSON.stringify(state));
          }),
        );
        const reopened = await fresh(url);
        for (const [id, json] of expected) {
          const loaded = await loadGame(reopened.store, id);
          expect(loaded.ok).toBe(true);
          if (loaded.ok) expect(JSON.stringify(loaded.state)).toBe(json);
        }
      });

      it("a table's record round-trips, including patches written with an action", async () => {
        const { store } = await fresh();
        const t = await newTable(store);
        const deadline = new Date(Date.now() + 60_000);
        const seats = [{ seat: 0, userId: "u1", botLevel: null, name: "Ana", botControlled: false, timeouts: 0 }];
        await store.updateTable(t.id, { seats, messageId: "m1", threadId: "th1" });
        const state = createGame(t.rules, t.deal);
        const action = randomAction(state, createRng(1));
        await store.appendAction(t.id, 0, action.seat, action, {
          turnDeadline: deadline,
          timeBank: [5, 6, 7, 8],
          hintsUsed: true,
          status: "passing",
        });
        const back = (await store.getTable(t.id))!;
        expect(back).toMatchObject({
          seats,
          messageId: "m1",
          threadId: "th1",
          timeBank: [5, 6, 7, 8],
          hintsUsed: true,
          status: "passing",
          actionCount: 1,
          deal: { format: 1, seed: 7 },
        });
        expect(back.turnDeadline!.getTime()).toBe(deadline.getTime());
        expect(await store.findOpenTable("th1")).toMatchObject({ id: t.id });
        expect((await store.loadActions(t.id)).map((a) => a.action)).toEqual([action]);
        expect((await store.listOpenTables()).map((x) => x.id)).toEqual([t.id]);
      });

      it("a finished game whose thread had not told everything is listed for the next start (newest first), until its thread says it did", async () => {
        const { store } = await fresh();
        const [earlier, told, open, first, second] = await Promise.all([1, 2, 3, 4, 5].map((seed) => newTable(store, undefined, seed)));
        await store.updateTable(earlier.id, { status: "finished", threadFrom: 100, threadTo: 102 });
        await new Promise((r) => setTimeout(r, 20));
        const since = new Date();
        await store.updateTable(told.id, { status: "finished", threadFrom: null, threadTo: null });
        await store.updateTable(open.id, { status: "playing", threadFrom: 40, threadTo: 42 });
        await store.updateTable(first.id, { status: "finished", threadFrom: 100, threadTo: 101 });
        await new Promise((r) => setTimeout(r, 20));
        await store.updateTable(second.id, { status: "finished", threadFrom: 60, threadTo: 62 });
        expect((await store.listUntoldTables(since, 10)).map((t) => [t.id, t.threadFrom, t.threadTo])).toEqual([
          [second.id, 60, 62],
          [first.id, 100, 101],
        ]);
        expect((await store.listUntoldTables(since, 1)).map((t) => t.id)).toEqual([second.id]);
        await store.updateTable(second.id, { threadFrom: null, threadTo: null });
        expect((await store.listUntoldTables(since, 10)).map((t) => t.id)).toEqual([first.id]);
      });
    });

    describe("races and refusals", () => {
      it("two clients racing for one sequence number: exactly one wins", async () => {
        const { store: a, url } = await fresh();
        const { store: b } = await fresh(url);
        const t = await newTable(a);
        const state = createGame(t.rules, t.deal);
        for (let round = 0; round < 20; round++) {
          const seq = round;
          const action = randomAction(state, createRng(round));
          const results = await Promise.all([
            a.appendAction(t.id, seq, action.seat, action),
            b.appendAction(t.id, seq, action.seat, action),
          ]);
          expect(results.filter((r) => r.ok)).toHaveLength(1);
          expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "conflict" });
          step(state, action);
        }
        expect((await a.loadActions(t.id)).map((x) => x.seq)).toEqual([...Array(20).keys()]);
      });

      it("one client, double clicks and many tables at once: one action per number, the rest of the batch kept", async () => {
        const { store, url } = await fresh();
        const tables = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => newTable(store, presetRules("classic")!, 50 + i)));
        const states = tables.map((t) => createGame(t.rules, t.deal));
        const rng = createRng(8);
        for (let seq = 0; seq < 15; seq++) {
          // Every table's next action, issued together (they share commits), each one clicked twice
          // with different actions, plus an append to a table that does not exist.
          const calls = tables.flatMap((t, i) => {
            const a = randomAction(states[i], rng);
            const b = randomAction(states[i], rng);
            return [store.appendAction(t.id, seq, a.seat, a), store.appendAction(t.id, seq, b.seat, b)].map((p, k) =>
              p.then((r) => ({ r, action: k ? b : a, i })),
            );
          });
          const ghost = store.appendAction("ghost", seq, 0, { type: "play", seat: 0, card: 0 });
          const results = await Promise.all(calls);
          expect(await ghost).toEqual({ ok: false, reason: "missing-table" });
          for (const [i] of tables.entries()) {
            const mine = results.filter((x) => x.i === i);
            expect(mine.filter((x) => x.r.ok)).toHaveLength(1);
            expect(mine.find((x) => !x.r.ok)!.r).toEqual({ ok: false, reason: "conflict" });
            // The winner is the first click, as issued.
            expect(mine[0].r.ok).toBe(true);
            expect(step(states[i], mine[0].action)).toBeNull();
          }
        }
        // SQLite: appends issued together shared commits (PostgreSQL groups commits on the server).
        if (store.kind === "sqlite") expect(store.appendStats.commits).toBeLessThan(store.appendStats.appends / 2);
        const reopened = await fresh(url);
        for (const [i, t] of tables.entries()) {
          const loaded = await loadGame(reopened.store, t.id);
          expect(loaded.ok && JSON.stringify(loaded.state)).toBe(JSON.stringify(states[i]));
          expect(loaded.ok && loaded.table.actionCount).toBe(15);
        }
      });

      it("a log row already at the next number refuses that append only; appends to other tables written with it are kept", async () => {
        const { store } = await fresh();
        // More tables than appends written at once: the later ones queue and go together.
        const tables = await Promise.all([...Array(12).keys()].map((i) => newTable(store, presetRules("classic")!, 60 + i)));
        const states = tables.map((t) => createGame(t.rules, t.deal));
        const rng = createRng(9);
        // A stray log row at seq 0 of the last table (as a bug or a hand edit could leave): its count says 0.
        const stray = tables.length - 1;
        await execSql(
          store,
          sql`INSERT INTO "GameAction" ("tableId", "seq", "seat", "action", "createdAt") VALUES (${tables[stray].id}, 0, 0, '{}', ${new Date()})`,
        );
        const actions = states.map((st) => randomAction(st, rng));
        // Issued together, so they share commits (and, on PostgreSQL, one statement).
        const results = await Promise.all(tables.map((t, i) => store.appendAction(t.id, 0, actions[i].seat, actions[i])));
        expect(store.appendStats.commits).toBeLessThan(store.appendStats.appends);
        expect(results).toEqual(tables.map((_, i) => (i === stray ? { ok: false, reason: "conflict" } : { ok: true })));
        for (const [i, t] of tables.entries()) {
          expect((await store.getTable(t.id))!.actionCount).toBe(i === stray ? 0 : 1);
          if (i !== stray) expect((await store.loadActions(t.id)).map((a) => a.action)).toEqual([actions[i]]);
        }
      });

      it("refuses a stale sequence number and an unknown table", async () => {
        const { store } = await fresh();
        const t = await newTable(store);
        const state = createGame(t.rules, t.deal);
        const action = randomAction(state, createRng(3));
        expect(await store.appendAction(t.id, 1, action.seat, action)).toEqual({ ok: false, reason: "conflict" });
        expect(await store.appendAction("nope", 0, action.seat, action)).toEqual({ ok: false, reason: "missing-table" });
        expect(await store.loadActions(t.id)).toEqual([]);
      });

      it("a log the engine refuses is reported as corrupt, and other tables still load", async () => {
        const { store } = await fresh();
        const bad = await newTable(store);
        const good = await newTable(store);
        // A play during the passing phase: stored, but refused on replay.
        await store.appendAction(bad.id, 0, 0, { type: "play", seat: 0, card: 0 });
        expect(await loadGame(store, bad.id)).toMatchObject({ ok: false, reason: "corrupt-log" });
        expect(await loadGame(store, good.id)).toMatchObject({ ok: true });
        expect(await loadGame(store, "missing")).toMatchObject({ ok: false, reason: "missing-table" });
        await execSql(store, sql`UPDATE "HeartsTable" SET "rules" = '{oops' WHERE "id" = ${good.id}`);
        expect(await loadGame(store, good.id)).toMatchObject({ ok: false, reason: "corrupt-log" });
        // Valid JSON that is not a rule set, and an action that is not one: reported, never thrown.
        const odd = await newTable(store);
        await execSql(store, sql`UPDATE "HeartsTable" SET "rules" = '{}' WHERE "id" = ${odd.id}`);
        expect(await loadGame(store, odd.id)).toMatchObject({ ok: false, reason: "corrupt-log" });
        const odd2 = await newTable(store);
        await store.appendAction(odd2.id, 0, 0, { type: "pass", seat: 0, cards: "x" } as never);
        await store.appendAction(odd2.id, 1, 0, null as never);
        expect(await loadGame(store, odd2.id)).toMatchObject({ ok: false, reason: "corrupt-log" });
        await store.updateTable(odd.id, { status: "broken" });
        await store.updateTable(odd2.id, { status: "broken" });
        // Resume skips the unreadable row and marks it broken.
        expect((await store.listOpenTables()).map((t) => t.id)).toEqual([bad.id]);
        expect((await prismaOf(store).heartsTable.findUnique({ where: { id: good.id } }))!.status).toBe("broken");
      });
    });

    it("guild settings have defaults and keep what is set", async () => {
      const { store } = await fresh();
      const none = {
        turnSeconds: null,
        botLevel: null,
        trickImages: null,
        hintsAllowed: null,
        tableCap: null,
        locale: null,
        retentionDays: null,
        leftAt: null,
        dailyEnabled: true,
        dailyRules: "classic",
        dailyMemberDays: 0,
        tournamentRole: null,
      };
      expect(await store.getGuildSettings("g9")).toEqual({ guildId: "g9", defaultRules: "classic", allowedChannels: [], ...none });
      await store.updateGuildSettings("g9", { defaultRules: "omnibus", allowedChannels: ["c1", "c2"] });
      expect(await store.getGuildSettings("g9")).toEqual({
        guildId: "g9",
        defaultRules: "omnibus",
        allowedChannels: ["c1", "c2"],
        ...none,
      });
      const left = new Date("2026-11-01T10:00:00Z");
      const all = {
        turnSeconds: 30,
        botLevel: "hard",
        trickImages: "hands",
        hintsAllowed: false,
        tableCap: 3,
        locale: "fr",
        retentionDays: 90,
        leftAt: left,
        dailyMemberDays: 30,
        tournamentRole: "r1",
      } as const;
      await store.updateGuildSettings("g9", all);
      expect(await store.getGuildSettings("g9")).toEqual({
        guildId: "g9",
        defaultRules: "omnibus",
        allowedChannels: ["c1", "c2"],
        ...all,
        dailyEnabled: true,
        dailyRules: "classic",
      });
      // null puts a setting back to the bot's default.
      await store.updateGuildSettings("g9", { botLevel: null, leftAt: null });
      expect(await store.getGuildSettings("g9")).toMatchObject({ botLevel: null, leftAt: null, tableCap: 3 });
    });
  });
}

it("SQLite: a backup taken while the bot runs opens as a store with every action committed before it", async () => {
  const src = tempDb();
  cleanups.push(src.cleanup);
  const store = await SqliteStore.open(src.url);
  cleanups.push(() => store.close());
  const t = await newTable(store);
  const state = createGame(t.rules, t.deal);
  const rng = createRng(12);
  const play = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const action = randomAction(state, rng);
      step(state, action);
      expect(await store.appendAction(t.id, state.actionCount - 1, action.seat, action)).toEqual({ ok: true });
    }
  };
  await play(30);
  const before = JSON.stringify(state);
  const db = tempDb();
  cleanups.push(db.cleanup);
  const file = db.url.slice("file:".length);
  // Appends keep coming while the copy is taken; the copy holds at least what came before.
  const during = play(20);
  await store.backup(file);
  await during;
  const copy = await openStore(db.url);
  cleanups.push(() => copy.close());
  const loaded = await loadGame(copy, t.id);
  if (!loaded.ok) throw new Error(loaded.message);
  expect(loaded.table.actionCount).toBeGreaterThanOrEqual(30);
  if (loaded.table.actionCount === 30) expect(JSON.stringify(loaded.state)).toBe(before);
  expect((await copy.loadActions(t.id)).length).toBe(loaded.table.actionCount);
});

describe.skipIf(BACKENDS[1].skip)("postgres, several processes and Prisma's URL parameters", () => {
  useBackend(BACKENDS[1]);
  // (Two SQLite stores in one process cannot do this: better-sqlite3 waits for the file lock
  // synchronously. Several SQLite processes are the sharding tests' subject.)
  it("two stores (two machines) racing on many tables at once: one action per number, and no append fails", async () => {
    const url = await BACKENDS[1].url();
    const [a, b] = [await openStore(url), await openStore(url)];
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const tables = await Promise.all([...Array(16).keys()].map((i) => newTable(a, presetRules("classic")!, 80 + i)));
    const states = tables.map((t) => createGame(t.rules, t.deal));
    const rng = createRng(10);
    for (let seq = 0; seq < 12; seq++) {
      // Both stores append to every table, in opposite orders, so their batches cross.
      const mine = tables.map((t, i) => ({ t, i, x: randomAction(states[i], rng), y: randomAction(states[i], rng) }));
      const fromA = mine.map(({ t, x }) => a.appendAction(t.id, seq, x.seat, x));
      const fromB = [...mine].reverse().map(({ t, y }) => b.appendAction(t.id, seq, y.seat, y));
      const [ra, rb] = [await Promise.all(fromA), (await Promise.all(fromB)).reverse()];
      for (const { t, i, x, y } of mine) {
        expect([ra[i].ok, rb[i].ok].filter(Boolean), `table ${t.id} at ${seq}`).toHaveLength(1);
        step(states[i], ra[i].ok ? x : y);
      }
    }
    for (const [i, t] of tables.entries()) {
      const loaded = await loadGame(b, t.id);
      expect(loaded.ok && JSON.stringify(loaded.state)).toBe(JSON.stringify(states[i]));
    }
    expect(a.appendStats.commits + b.appendStats.commits).toBeLessThan(a.appendStats.appends + b.appendStats.appends);
  });

  it("?schema= keeps the bot's tables in that schema (several bots can share one database)", async () => {
    const base = await BACKENDS[1].url();
    const [a, b] = [await openStore(`${base}?schema=bot_a&connection_limit=3`), await openStore(`${base}?schema=bot_b`)];
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const t = await newTable(a);
    expect(await a.getTable(t.id)).toMatchObject({ id: t.id });
    expect(await b.getTable(t.id), "the other schema does not see it").toBeNull();
    const state = createGame(t.rules, t.deal);
    const action = randomAction(state, createRng(2));
    // The raw-SQL append finds the table in its schema too.
    expect(await a.appendAction(t.id, 0, action.seat, action)).toEqual({ ok: true });
    expect((await a.loadActions(t.id)).map((x) => x.action)).toEqual([action]);
    const where = await prismaOf(a).$queryRawUnsafe<Array<{ s: string }>>(
      `SELECT table_schema::text AS s FROM information_schema.tables WHERE table_name = 'GameAction' ORDER BY 1`,
    );
    expect(where.map((r) => r.s)).toEqual(["bot_a", "bot_b"]);
  });
});
