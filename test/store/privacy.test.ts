/** What the store keeps about a person or a server, and how it goes: forget me, purge, retention. */
import { afterEach, describe, expect, it } from "vitest";
import { createRng, presetRules } from "../../src/game/index.js";
import { FORMER_PLAYER, openStore, type HeartsStore } from "../../src/store/index.js";
import { forgetTablesStep } from "../../src/store/privacy.js";
import { type FinishedGame, type SeatRecord } from "../../src/table/records.js";
import { readFileSync } from "node:fs";
import { SqliteStore } from "../../src/store/sqlite.js";
import { BACKENDS, prismaOf, useBackend, type Backend } from "./backends.js";
import { SETTINGS } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function fresh(db: Backend): Promise<HeartsStore> {
  const store = await openStore(await db.url());
  cleanups.push(() => store.close());
  return store;
}

const [ANA, BEN, CY] = ["100000000000000001", "100000000000000002", "100000000000000003"];
const seat = (n: number, userId: string | null): SeatRecord => ({
  seat: n,
  userId,
  botLevel: userId ? null : "hard",
  name: userId ? `name-${userId.slice(-1)}` : "Bot",
  botControlled: false,
  timeouts: 0,
});
let clock = Date.UTC(2026, 0, 1);

async function finish(
  store: HeartsStore,
  guildId: string,
  users: Array<string | null>,
  rng: ReturnType<typeof createRng>,
): Promise<FinishedGame> {
  const seats = users.map((u, i) => seat(i, u));
  const t = await store.createTable({
    guildId,
    channelId: `c-${guildId}`,
    hostId: users[0]!,
    rules: presetRules("classic")!,
    settings: SETTINGS,
    deal: { format: 1, seed: 1 },
    seats,
  });
  const order = [0, 1, 2, 3].sort(() => rng.next() - 0.5);
  const game: FinishedGame = {
    tableId: t.id,
    guildId,
    rules: t.rules,
    rated: true,
    players: seats.map((s) => ({
      seat: s.seat,
      userId: s.userId,
      botLevel: s.botLevel,
      name: s.name,
      total: 50 + order.indexOf(s.seat),
      place: order.indexOf(s.seat) + 1,
    })),
    hands: [{ change: [1, 2, 3, 20], handPoints: [1, 2, 3, 20], moonShooter: null, queenTakenBy: 3, jackTakenBy: null }],
    finishedAt: new Date((clock += 60_000)),
  };
  await store.recordFinishedGame(game);
  return game;
}

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(db.name, () => {
    useBackend(db);

    it("shows what is stored about a person, then forgets them everywhere; the others' standings are rebuilt", async () => {
      const store = await fresh(db);
      const rng = createRng(3);
      for (let i = 0; i < 4; i++) await finish(store, "g1", [ANA, BEN, CY, null], rng);
      await finish(store, "g2", [ANA, BEN, null, null], rng);
      await store.saveMenus([
        {
          tableId: (await finish(store, "g2", [BEN, ANA, null, null], rng)).tableId,
          userId: ANA,
          appId: "a",
          token: "t",
          shownAt: new Date(),
        },
      ]);
      const open = await store.createTable({
        guildId: "g1",
        channelId: "c9",
        hostId: BEN,
        rules: presetRules("classic")!,
        settings: SETTINGS,
        deal: { format: 1, seed: 1 },
        seats: [seat(0, BEN), seat(1, ANA)],
      });

      // A daily attempt, a saved review of one of her games, and her deck style.
      await store.startDailySession({ guildId: "g1", day: 20000, userId: ANA, name: "name-1", rulesSpec: "classic" });
      await store.putCached("review", `table:${open.id}|${ANA}`, "{}");
      await store.setPlayerPrefs(ANA, { largeIndex: true });

      const before = await store.personalData(ANA);
      expect(before).toEqual({
        tables: 7,
        games: 6,
        servers: 2,
        standings: 2,
        menus: 1,
        dailies: 1,
        reviews: 1,
        prefs: 1,
        tournaments: 0,
        seasons: 0,
        names: ["name-1"],
      });

      const r = await store.forgetUser(ANA);
      expect(r.results).toBe(6);
      expect(r.guilds.sort()).toEqual(["g1", "g2"]);
      // The open table is the table service's to change (it removes the person first): untouched here.
      expect((await store.getTable(open.id))!.seats[1].userId).toBe(ANA);
      const after = await store.personalData(ANA);
      expect(after).toEqual({
        tables: 1,
        games: 0,
        servers: 0,
        standings: 0,
        menus: 0,
        dailies: 0,
        reviews: 0,
        prefs: 0,
        tournaments: 0,
        seasons: 0,
        names: [],
      });

      const prisma = prismaOf(store);
      const results = await prisma.gameResult.findMany({ where: { name: FORMER_PLAYER } });
      expect(results).toHaveLength(6);
      // One pseudonym per result: the anonymous results cannot be linked to one another.
      expect(new Set(results.map((x) => x.playerKey)).size).toBe(6);
      expect(results.every((x) => x.userId === null && x.ratingAfter === null)).toBe(true);
      const closed = await prisma.heartsTable.findMany({ where: { status: "finished" } });
      expect(closed.every((t) => !t.seats.includes(ANA) && t.hostId !== ANA)).toBe(true);
      // No trace in the leaderboard (humans or bots) or the stats; Ben keeps his games.
      for (const g of ["g1", "g2"]) {
        const board = [...(await store.leaderboard({ guildId: g })).rows, ...(await store.leaderboard({ guildId: g, bots: true })).rows];
        expect(board.some((row) => row.playerKey === ANA || row.name === "name-1" || row.playerKey.startsWith("former:"))).toBe(false);
        expect((await store.playerCard(g, ANA)).stats).toBeNull();
      }
      expect((await store.playerCard("g1", BEN)).stats!.games).toBe(4);
      expect((await store.playerCard("g1", BEN)).favouriteOpponents.map((o) => o.name)).not.toContain("name-1");
    });

    it("purges one server's data and no other's", async () => {
      const store = await fresh(db);
      const rng = createRng(4);
      await finish(store, "g1", [ANA, BEN, null, null], rng);
      await finish(store, "g2", [ANA, BEN, null, null], rng);
      await store.updateGuildSettings("g1", { tableCap: 2 });
      expect(await store.purgeGuild("g1")).toEqual({ tables: 1, games: 1 });
      expect(await store.listFinishedGames("g1")).toEqual([]);
      expect((await store.leaderboard({ guildId: "g1", bots: true })).rows).toEqual([]);
      expect((await store.getGuildSettings("g1")).tableCap).toBe(2);
      expect(await store.listFinishedGames("g2")).toHaveLength(1);
      await store.purgeGuild("g1", { settings: true });
      expect((await store.getGuildSettings("g1")).tableCap).toBeNull();
    });

    it("prunes closed tables past their server's retention, in batches; results stay", async () => {
      const store = await fresh(db);
      const rng = createRng(5);
      for (let i = 0; i < 5; i++) await finish(store, "g1", [ANA, BEN, null, null], rng);
      await finish(store, "g2", [ANA, BEN, null, null], rng);
      const abandoned = await store.createTable({
        guildId: "g1",
        channelId: "c7",
        hostId: ANA,
        rules: presetRules("classic")!,
        settings: SETTINGS,
        deal: { format: 1, seed: 1 },
        seats: [seat(0, ANA)],
      });
      await store.updateTable(abandoned.id, { status: "abandoned" });
      const open = await store.createTable({
        guildId: "g1",
        channelId: "c8",
        hostId: ANA,
        rules: presetRules("classic")!,
        settings: SETTINGS,
        deal: { format: 1, seed: 1 },
        seats: [seat(0, ANA)],
      });
      await store.updateGuildSettings("g2", { retentionDays: 365 });
      expect(await store.retentionOverrides()).toEqual([{ guildId: "g2", retentionDays: 365 }]);
      const future = new Date(Date.now() + 60_000);
      expect(await store.pruneClosedTables({ before: future, exceptGuildIds: ["g2"], limit: 4 })).toBe(4);
      expect(await store.pruneClosedTables({ before: future, exceptGuildIds: ["g2"], limit: 4 })).toBe(2);
      expect(await store.pruneClosedTables({ before: future, exceptGuildIds: ["g2"], limit: 4 })).toBe(0);
      expect(await store.pruneClosedTables({ before: new Date(0), guildIds: ["g2"], limit: 4 })).toBe(0);
      expect(await store.getTable(open.id)).not.toBeNull();
      expect(await store.getTable(abandoned.id)).toBeNull();
      expect(await store.listFinishedGames("g1")).toHaveLength(5);
      expect((await store.playerCard("g1", ANA)).stats!.games).toBe(5);
      expect(await prismaOf(store).gameAction.count()).toBe(0);
    });

    it("lists the servers the bot left before a date", async () => {
      const store = await fresh(db);
      await store.updateGuildSettings("g1", { leftAt: new Date("2026-01-01T00:00:00Z") });
      await store.updateGuildSettings("g2", { leftAt: new Date("2026-03-01T00:00:00Z") });
      await store.updateGuildSettings("g3", { tableCap: 1 });
      expect(await store.departedGuilds(new Date("2026-02-01T00:00:00Z"), 10)).toEqual(["g1"]);
    });

    it("keeps one seat → person row per person seated, from every write of the seats; they go with the table", async () => {
      const store = await fresh(db);
      const prisma = prismaOf(store);
      const people = async (tableId: string) =>
        (await prisma.tableSeatPerson.findMany({ where: { tableId }, orderBy: { userId: "asc" } })).map((r) => r.userId);
      const t = await store.createTable({
        guildId: "g1",
        channelId: "c1",
        hostId: ANA,
        rules: presetRules("classic")!,
        settings: SETTINGS,
        deal: { format: 1, seed: 1 },
        seats: [seat(0, ANA), seat(1, BEN), seat(2, null)],
      });
      expect(await people(t.id)).toEqual([ANA, BEN]);
      await store.updateTable(t.id, { seats: [seat(0, ANA), seat(1, CY), seat(2, null)] });
      expect(await people(t.id)).toEqual([ANA, CY]);
      // A patch that leaves the seats alone leaves the rows alone.
      await store.updateTable(t.id, { status: "abandoned" });
      expect(await people(t.id)).toEqual([ANA, CY]);
      expect((await store.personalData(CY)).tables).toBe(1);
      expect((await store.personalData(BEN)).tables).toBe(0);
      expect(await store.pruneClosedTables({ before: new Date(Date.now() + 60_000), limit: 10 })).toBe(1);
      expect(await prisma.tableSeatPerson.count()).toBe(0);
    });

    it("reviews of pruned and purged tables go with them (a review holds the person's hands)", async () => {
      const store = await fresh(db);
      const rng = createRng(6);
      const kept = await finish(store, "g1", [ANA, BEN, null, null], rng);
      const pruned = await finish(store, "g2", [ANA, BEN, null, null], rng);
      const purged = await finish(store, "g3", [ANA, BEN, null, null], rng);
      for (const g of [kept, pruned, purged]) await store.putCached("review", `table:${g.tableId}|${BEN}`, "{}");
      const future = new Date(Date.now() + 60_000);
      // g3's table is pruned first: its game's review must still go with the purge.
      expect(await store.pruneClosedTables({ before: future, guildIds: ["g2", "g3"], limit: 10 })).toBe(2);
      expect(await store.getCached("review", `table:${pruned.tableId}|${BEN}`)).toBeNull();
      await store.putCached("review", `table:${purged.tableId}|${BEN}`, "{}");
      await store.purgeGuild("g3");
      expect(await store.getCached("review", `table:${purged.tableId}|${BEN}`)).toBeNull();
      expect(await store.getCached("review", `table:${kept.tableId}|${BEN}`)).toBe("{}");
    });

    it("clears daily challenge move logs past retention: a finished attempt keeps its result, an unfinished one goes", async () => {
      const store = await fresh(db);
      const pass = [{ type: "pass" as const, seat: 0 as const, cards: [1, 2, 3] }];
      // (One attempt per person per day: Ana's on g2 is of the next day.)
      for (const [guildId, day, userId] of [
        ["g1", 300, ANA],
        ["g1", 300, BEN],
        ["g2", 301, ANA],
      ] as const) {
        await store.startDailySession({ guildId, day, userId, name: "n", rulesSpec: "classic" });
        const result = userId === ANA ? { points: 4, perHand: [4], queens: 0, moons: [false], finishedAt: new Date() } : undefined;
        await store.saveDailyProgress(guildId, day, userId, 0, pass as never, result);
      }
      await store.putCached("review", `daily:g1:300|${ANA}`, "{}");
      const future = new Date(Date.now() + 60_000);
      expect(await store.pruneDailyLogs({ before: new Date(0), limit: 10 })).toBe(0);
      expect(await store.pruneDailyLogs({ before: future, exceptGuildIds: ["g2"], limit: 10 })).toBe(2);
      expect(await store.pruneDailyLogs({ before: future, exceptGuildIds: ["g2"], limit: 10 })).toBe(0);
      const ana = await store.getDailySession("g1", 300, ANA);
      expect(ana?.actions).toEqual([]);
      expect(ana?.result?.points).toBe(4);
      expect(await store.getDailySession("g1", 300, BEN)).toBeNull();
      expect(await store.getCached("review", `daily:g1:300|${ANA}`)).toBeNull();
      // g2 keeps its own retention here.
      expect((await store.getDailySession("g2", 301, ANA))?.actions).toHaveLength(1);
    });

    it("deletes saved menu tokens older than 15 minutes, whatever their table, and lists the servers with data stored", async () => {
      const store = await fresh(db);
      const rng = createRng(7);
      const closed = await finish(store, "g1", [ANA, BEN, null, null], rng);
      const now = Date.now();
      await store.saveMenus([
        { tableId: closed.tableId, userId: ANA, appId: "a", token: "old", shownAt: new Date(now - 16 * 60_000) },
        { tableId: closed.tableId, userId: BEN, appId: "a", token: "new", shownAt: new Date(now - 60_000) },
      ]);
      expect(await store.dropStaleMenus(new Date(now - 15 * 60_000))).toBe(1);
      expect((await prismaOf(store).menuToken.findMany()).map((m) => m.token)).toEqual(["new"]);

      await store.startDailySession({ guildId: "g2", day: 1, userId: ANA, name: "n", rulesSpec: "classic" });
      await store.updateGuildSettings("g3", { tableCap: 2 });
      await store.updateGuildSettings("g4", { leftAt: new Date() });
      await store.setPlayerPrefs(ANA, { largeIndex: true });
      expect((await store.storedGuilds()).sort()).toEqual(["g1", "g2", "g3"]);
    });
  });
}

describe("SQLite: privacy off the event loop, on indexes", () => {
  const sqlite = BACKENDS.find((b) => b.name === "sqlite")!;
  useBackend(sqlite);

  it("/hearts privacy reads in the reader thread and Forget me writes in the writer thread", async () => {
    const store = (await fresh(sqlite)) as SqliteStore;
    await store.writer.ready();
    const rng = createRng(8);
    await finish(store, "g1", [ANA, BEN, null, null], rng);
    const reads = store.reader.counts.worker;
    expect((await store.personalData(ANA)).games).toBe(1);
    expect(store.reader.counts.worker).toBe(reads + 1);
    const writes = store.writer.counts.thread;
    expect((await store.forgetUser(ANA)).results).toBe(1);
    // The person's rows, then their closed tables (one step here).
    expect(store.writer.counts.thread).toBe(writes + 2);
    expect(store.writer.counts.local).toBe(0);
    expect(await store.personalData(ANA)).toMatchObject({ tables: 0, games: 0 });
  });

  it("the retention job's deletions run in the writer thread: the event loop keeps turning while closed tables and their moves go", async () => {
    const store = (await fresh(sqlite)) as SqliteStore;
    await store.writer.ready();
    // 200 closed tables of 150 moves each: one retention step (bench:abuse's step deleted these in
    // 100–300 ms of one synchronous statement on the main connection).
    const TABLES = 200;
    const t = await store.createTable({
      guildId: "g1",
      channelId: "c0",
      hostId: ANA,
      rules: presetRules("classic")!,
      settings: SETTINGS,
      deal: { format: 1, seed: 1 },
      seats: [seat(0, ANA), seat(1, null), seat(2, null), seat(3, null)],
    });
    const columns = (await store.prisma.$queryRawUnsafe<Array<{ name: string }>>(`PRAGMA table_info("HeartsTable")`))
      .map((c) => `"${c.name}"`)
      .filter((c) => c !== '"id"')
      .join(", ");
    await store.prisma.$executeRawUnsafe(
      `
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TABLES - 1})
      INSERT INTO "HeartsTable" ("id", ${columns}) SELECT "id" || '-' || n.i, ${columns} FROM "HeartsTable", n WHERE "id" = ?`,
      t.id,
    );
    await store.prisma.$executeRawUnsafe(`
      WITH RECURSIVE n(seq) AS (SELECT 0 UNION ALL SELECT seq + 1 FROM n WHERE seq < 149)
      INSERT INTO "GameAction" ("tableId", "seq", "seat", "action") SELECT t."id", n.seq, n.seq % 4, '{"type":"play","card":"2C"}' FROM "HeartsTable" t, n`);
    await store.prisma.heartsTable.updateMany({ data: { status: "finished", updatedAt: new Date(Date.UTC(2020, 0, 1)) } });
    const writes = store.writer.counts.thread;
    // A 1 ms ticker's longest gap while the step runs.
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const started = performance.now();
    const pruned = await store.pruneClosedTables({ before: new Date(Date.UTC(2021, 0, 1)), limit: TABLES });
    const took = performance.now() - started;
    clearInterval(ticker);
    longest = Math.max(longest, performance.now() - last);
    expect(pruned).toBe(TABLES);
    expect(await store.prisma.gameAction.count()).toBe(0);
    // On the main connection the DELETE alone held the loop for most of the step.
    expect(longest, `longest gap ${longest.toFixed(0)} ms in a step of ${took.toFixed(0)} ms`).toBeLessThan(Math.max(20, took / 2));
    expect(store.writer.counts.thread).toBe(writes + 1);
    // A purge's steps and the stale menus' deletion go the same way.
    await store.purgeGuild("g1");
    await store.dropStaleMenus(new Date());
    expect(store.writer.counts.thread).toBe(writes + 3);
    expect(store.writer.counts.local).toBe(0);
  });

  it("Forget me anonymises a person's closed tables in bounded steps, each moving on, and leaves their open table alone", async () => {
    const store = (await fresh(sqlite)) as SqliteStore;
    const rng = createRng(9);
    for (let i = 0; i < 3; i++) await finish(store, "g1", [BEN, ANA, null, null], rng);
    const open = await store.createTable({
      guildId: "g1",
      channelId: "c-open",
      hostId: ANA,
      rules: presetRules("classic")!,
      settings: SETTINGS,
      deal: { format: 1, seed: 1 },
      seats: [seat(0, ANA)],
    });
    expect([
      await forgetTablesStep(store.prisma, ANA, 2),
      await forgetTablesStep(store.prisma, ANA, 2),
      await forgetTablesStep(store.prisma, ANA, 2),
    ]).toEqual([2, 1, 0]);
    const closed = await store.prisma.heartsTable.findMany({ where: { status: "finished" } });
    expect(closed.every((t) => !t.seats.includes(ANA))).toBe(true);
    expect((await store.prisma.tableSeatPerson.findMany({ where: { userId: ANA } })).map((r) => r.tableId)).toEqual([open.id]);
  });

  it("finds a person's and a server's rows by index, never by scanning a table", async () => {
    const store = (await fresh(sqlite)) as SqliteStore;
    const plan = async (query: string) =>
      (await store.prisma.$queryRawUnsafe<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${query}`, ANA)).map((r) => r.detail).join("; ");
    for (const query of [
      `SELECT "id" FROM "GameResult" WHERE "userId" = ?`,
      `SELECT "guildId" FROM "PlayerStats" WHERE "playerKey" = ?`,
      `SELECT "day" FROM "DailySession" WHERE "userId" = ?`,
      `SELECT "tableId" FROM "TableSeatPerson" WHERE "userId" = ?`,
      `SELECT "id" FROM "HeartsTable" WHERE "guildId" = ?`,
      `SELECT "tableId" FROM "MenuToken" WHERE "userId" = ?`,
      `SELECT COUNT(*) FROM "ComputedCache" WHERE "kind" = 'review' AND "userId" = ?`,
    ]) {
      expect(await plan(query), query).toMatch(/USING (COVERING )?INDEX/);
    }
  });

  it("reviews stored before the review-person migration are found by their person after it", async () => {
    const url = await sqlite.url();
    let store = await SqliteStore.open(url);
    await store.putCached("review", `table:c1-0123|${ANA}`, "{}");
    await store.putCached("review", `daily:g1:300|${ANA}`, "{}");
    await store.putCached("review", `table:c1-0123|${BEN}`, "{}");
    // Back to the database as it was before the migration: no userId column, no index.
    const name = "20261127000500_review_person";
    await store.prisma.$executeRawUnsafe(`DROP INDEX "ComputedCache_kind_userId_idx"`);
    await store.prisma.$executeRawUnsafe(`ALTER TABLE "ComputedCache" DROP COLUMN "userId"`);
    await store.prisma.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ?`, name);
    await store.close();
    store = await SqliteStore.open(url);
    cleanups.push(() => store.close());
    expect((await store.personalData(ANA)).reviews).toBe(2);
    expect((await store.personalData(BEN)).reviews).toBe(1);
    await store.forgetUser(ANA);
    expect((await store.prisma.computedCache.findMany()).map((r) => r.key)).toEqual([`table:c1-0123|${BEN}`]);
  });

  it("the migration lists the people of tables stored before it (from their seats JSON)", async () => {
    const url = await sqlite.url();
    let store = await SqliteStore.open(url);
    const t = await store.createTable({
      guildId: "g1",
      channelId: "c1",
      hostId: ANA,
      rules: presetRules("classic")!,
      settings: SETTINGS,
      deal: { format: 1, seed: 1 },
      seats: [seat(0, ANA), seat(1, BEN), seat(2, null)],
    });
    const broken = await store.createTable({
      guildId: "g1",
      channelId: "c2",
      hostId: BEN,
      rules: presetRules("classic")!,
      settings: SETTINGS,
      deal: { format: 1, seed: 1 },
      seats: [],
    });
    // Back to the database as it was before the migration: no TableSeatPerson, no triggers, no indexes.
    const name = "20261126000300_privacy_indexes";
    const sql = readFileSync(new URL(`../../prisma/migrations/${name}/migration.sql`, import.meta.url), "utf8");
    await store.prisma.$executeRawUnsafe(`UPDATE "HeartsTable" SET "seats" = 'not json' WHERE "id" = ?`, broken.id);
    for (const [, index] of sql.matchAll(/CREATE INDEX "(\w+)"/g)) await store.prisma.$executeRawUnsafe(`DROP INDEX "${index}"`);
    for (const trigger of ["table_seat_people_insert", "table_seat_people_update"])
      await store.prisma.$executeRawUnsafe(`DROP TRIGGER "${trigger}"`);
    await store.prisma.$executeRawUnsafe(`DROP TABLE "TableSeatPerson"`);
    await store.prisma.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ?`, name);
    await store.close();
    store = await SqliteStore.open(url);
    cleanups.push(() => store.close());
    const rows = await store.prisma.tableSeatPerson.findMany();
    // Seated people and hosts; a table whose seats do not parse lists its host only.
    expect(rows.map((r) => `${r.tableId === t.id ? "t" : "broken"} ${r.userId}`).sort()).toEqual([`broken ${BEN}`, `t ${ANA}`, `t ${BEN}`]);
  });
});
