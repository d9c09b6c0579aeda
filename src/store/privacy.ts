/**
 * What the store keeps about a person or a server, and how it is deleted: "forget me", a server's
 * purge, and the retention of closed tables (their move logs). Written once for both databases:
 * the SQLite and PostgreSQL clients have the same models, and the raw SQL here means the same on
 * both (`||`, CAST AS TEXT).
 *
 * Only closed tables are touched here: an open table lives in the table service's memory, which
 * removes the person (or ends the server's tables) itself first.
 */
import { join, sqltag as sql } from "@prisma/client/runtime/client";
import type { PrismaClient } from "../generated/prisma/client.js";
import { DEFAULT_LEVEL } from "../ai/levels.js";
import { tombstoneDailies } from "./daily.js";
import { takeWriteLock } from "./write-lock.js";
import { OPEN_STATUSES } from "./records.js";
import type { SeatRecord } from "../table/records.js";
import { FORMER_KEY, FORMER_PLAYER, type ForgetResult, type PersonalData } from "../table/store.js";
import { forgetTournaments, type TournamentDb } from "./tournaments.js";
import { forgetSeasons, type SeasonDb } from "./seasons.js";

/** Both stores' clients satisfy this (same models); the PostgreSQL one is passed through a cast. */
export type PrivacyDb = PrismaClient;
type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Listed (not "not open") so the (status, updatedAt) index serves the retention job's query. */
const CLOSED_STATUSES = ["finished", "abandoned", "broken"];

const SNOWFLAKE = /^\d{1,22}$/;

function checkId(userId: string): void {
  // Only digits, as Discord's ids are (a person's rows are found by it).
  if (!SNOWFLAKE.test(userId)) throw new Error(`not a Discord user id: ${userId}`);
}

/** Review cache keys of these tables' games (`table:<id>|<person>`): one LIKE per table, on the key's index. */
const reviewsOfTables = (tableIds: string[]) => ({
  kind: "review",
  OR: tableIds.map((id) => ({ key: { startsWith: `table:${id}|` } })),
});

/**
 * Counted by the database from indexes alone (TableSeatPerson's, GameResult's userId, guildId, name,
 * ComputedCache's kind, userId for reviews):
 * a person with thousands of games is a few index ranges, not thousands of rows handed to Prisma.
 */
export async function personalData(db: PrivacyDb, userId: string): Promise<PersonalData> {
  checkId(userId);
  const one = async (query: ReturnType<typeof sql>) => Number((await db.$queryRaw<Array<{ n: bigint | number }>>(query))[0]?.n ?? 0);
  // Raw COUNTs: Prisma's count() wraps the query in a subquery that reads the rows, not the index alone.
  const tables = await one(sql`SELECT COUNT(*) AS "n" FROM "TableSeatPerson" WHERE "userId" = ${userId}`);
  const games = await one(sql`SELECT COUNT(*) AS "n" FROM "GameResult" WHERE "userId" = ${userId}`);
  const servers = await one(sql`SELECT COUNT(DISTINCT "guildId") AS "n" FROM "GameResult" WHERE "userId" = ${userId}`);
  const standings = await db.playerStats.count({ where: { playerKey: userId } });
  const menus = await db.menuToken.count({ where: { userId } });
  const dailies = await db.dailySession.count({ where: { userId } });
  const reviews = await one(sql`SELECT COUNT(*) AS "n" FROM "ComputedCache" WHERE "kind" = 'review' AND "userId" = ${userId}`);
  const prefs = await db.playerPrefs.count({ where: { userId } });
  const tournaments = await db.tournamentEntry.count({ where: { userId } });
  const seasons = await db.seasonScore.count({ where: { userId } });
  const fromResults = await db.$queryRaw<Array<{ name: string }>>(
    sql`SELECT DISTINCT "name" FROM "GameResult" WHERE "userId" = ${userId} LIMIT 10`,
  );
  const fromStats = await db.playerStats.findMany({ where: { playerKey: userId }, select: { name: true }, take: 10 });
  // The daily's board shows the name an attempt was played under: stored with it.
  const fromDailies = await db.dailySession.findMany({ where: { userId }, select: { name: true }, distinct: ["name"], take: 10 });
  // A tournament's standings show the name its entry was made under.
  const fromEntries = await db.tournamentEntry.findMany({ where: { userId }, select: { name: true }, distinct: ["name"], take: 10 });
  const names = [...new Set([...fromResults, ...fromStats, ...fromDailies, ...fromEntries].map((r) => r.name))].slice(0, 10);
  return { tables, games, servers, standings, menus, dailies, reviews, prefs, tournaments, seasons, names };
}

/** The seats with the person replaced by an anonymous computer seat. */
export function anonymisedSeats(seats: SeatRecord[], userId: string): SeatRecord[] {
  return seats.map((s) =>
    s.userId === userId
      ? { ...s, userId: null, botLevel: s.botLevel ?? DEFAULT_LEVEL, name: FORMER_PLAYER, botControlled: false, timeouts: 0 }
      : s,
  );
}

/** Closed tables anonymised per step of a Forget me: each step is one short transaction. */
export const FORGET_BATCH = 500;

/**
 * Forget me, first part (one transaction): the person's results become anonymous, their standings,
 * saved menus, deck style, daily attempts and reviews go. Returns the servers whose standings must
 * be rebuilt. Their closed tables follow in steps (forgetTablesStep).
 */
export async function forgetPerson(db: PrivacyDb, userId: string): Promise<Omit<ForgetResult, "tables">> {
  checkId(userId);
  return db.$transaction(async (tx: Tx) => {
    await takeWriteLock(tx);
    const guilds = (
      await tx.$queryRaw<Array<{ guildId: string }>>(sql`SELECT DISTINCT "guildId" FROM "GameResult" WHERE "userId" = ${userId}`)
    ).map((r) => r.guildId);
    const standingGuilds = (await tx.playerStats.findMany({ where: { playerKey: userId }, select: { guildId: true } })).map(
      (r) => r.guildId,
    );
    // One pseudonym per result row: nobody can link the anonymous results to one another.
    const results = await tx.$executeRaw(
      sql`UPDATE "GameResult" SET "playerKey" = ${FORMER_KEY} || CAST("id" AS TEXT), "userId" = NULL, "botLevel" = NULL, "name" = ${FORMER_PLAYER}, "ratingBefore" = NULL, "ratingAfter" = NULL WHERE "userId" = ${userId}`,
    );
    await tx.playerStats.deleteMany({ where: { playerKey: userId } });
    await tx.menuToken.deleteMany({ where: { userId } });
    // Their deck style (/hearts deck) is theirs alone: it goes.
    await tx.playerPrefs.deleteMany({ where: { userId } });
    // Their daily challenge attempts and their game reviews (kept per game and person) go too.
    await tombstoneDailies(tx, { userId });
    const dailies = (await tx.dailySession.deleteMany({ where: { userId } })).count;
    const reviews = (await tx.computedCache.deleteMany({ where: { kind: "review", userId } })).count;
    // Their tournament entries take a stand-in id: the others' standings stay as they were.
    const tournaments = await forgetTournaments(tx as unknown as TournamentDb, userId);
    // Their season nights go: each person's season percentage is their own nights' average.
    const seasons = await forgetSeasons(tx as unknown as SeasonDb, userId);
    return { results, dailies, reviews, tournaments, seasons, guilds: [...new Set([...guilds, ...standingGuilds])] };
  });
}

/**
 * Forget me, one step of the closed tables: up to `limit` of them (found through the seat → person
 * index) get the person's seat anonymised and a host of their own. Rewriting the seats and host
 * takes the table out of the person's TableSeatPerson rows (its trigger), so the next step finds
 * the next ones. Returns how many tables were changed.
 */
export async function forgetTablesStep(db: PrivacyDb, userId: string, limit = FORGET_BATCH): Promise<number> {
  checkId(userId);
  return db.$transaction(async (tx: Tx) => {
    await takeWriteLock(tx);
    const rows = await tx.$queryRaw<Array<{ id: string; seats: string; hostId: string }>>(sql`
      SELECT t."id", t."seats", t."hostId" FROM "TableSeatPerson" AS p JOIN "HeartsTable" AS t ON t."id" = p."tableId"
      WHERE p."userId" = ${userId} AND t."status" NOT IN (${join(OPEN_STATUSES)}) LIMIT ${limit}`);
    for (const row of rows) {
      let seats: SeatRecord[] | null = null;
      try {
        seats = anonymisedSeats(JSON.parse(row.seats) as SeatRecord[], userId);
      } catch {
        // A broken table's seats that do not parse name nobody; its host still changes.
      }
      await tx.heartsTable.update({
        where: { id: row.id },
        data: { ...(seats && { seats: JSON.stringify(seats) }), ...(row.hostId === userId && { hostId: FORMER_KEY }) },
      });
    }
    // Done with these tables whatever their seats held (so the steps always move on).
    if (rows.length) await tx.tableSeatPerson.deleteMany({ where: { userId, tableId: { in: rows.map((r) => r.id) } } });
    return rows.length;
  });
}

/** A whole Forget me in the store: the person's rows, then their closed tables step by step. */
export async function forgetUser(db: PrivacyDb, userId: string): Promise<ForgetResult> {
  const r = await forgetPerson(db, userId);
  let tables = 0;
  for (let n = FORGET_BATCH; n === FORGET_BATCH; tables += n) n = await forgetTablesStep(db, userId);
  return { ...r, tables };
}

/** Rows deleted per step of a purge: each step is one short transaction. */
export const PURGE_BATCH = 500;

/**
 * One step of a server's purge: up to `limit` games (their results go with them) and closed
 * tables (their moves and menus go with them); when none are left, its standings (and settings).
 */
export async function purgeGuildStep(
  db: PrivacyDb,
  guildId: string,
  opts: { settings?: boolean; limit?: number } = {},
): Promise<{ tables: number; games: number; done: boolean }> {
  const limit = opts.limit ?? PURGE_BATCH;
  return db.$transaction(async (tx: Tx) => {
    await takeWriteLock(tx);
    const finished = await tx.finishedGame.findMany({ where: { guildId }, select: { id: true, tableId: true }, take: limit });
    const gameIds = finished.map((r) => r.id);
    const games = gameIds.length ? (await tx.finishedGame.deleteMany({ where: { id: { in: gameIds } } })).count : 0;
    // A game's reviews hold the person's hands: they go with the game, whether or not its table is still stored.
    if (finished.length) await tx.computedCache.deleteMany({ where: reviewsOfTables(finished.map((r) => r.tableId)) });
    const tableIds = (
      await tx.heartsTable.findMany({ where: { guildId, status: { notIn: OPEN_STATUSES } }, select: { id: true }, take: limit })
    ).map((r) => r.id);
    const tables = tableIds.length ? (await tx.heartsTable.deleteMany({ where: { id: { in: tableIds } } })).count : 0;
    if (tableIds.length) await tx.computedCache.deleteMany({ where: reviewsOfTables(tableIds) });
    const done = gameIds.length < limit && tableIds.length < limit;
    if (done) {
      await tx.playerStats.deleteMany({ where: { guildId } });
      // Its seasons, with their nights and everyone's scores (cascade).
      await tx.season.deleteMany({ where: { guildId } });
      await tombstoneDailies(tx, { guildId });
      await tx.dailySession.deleteMany({ where: { guildId } });
      await tx.computedCache.deleteMany({ where: { kind: "review", key: { startsWith: `daily:${guildId}:` } } });
      if (opts.settings) await tx.guildSettings.deleteMany({ where: { guildId } });
    }
    return { tables, games, done };
  });
}

/** A whole purge, step by step, yielding between steps so tables keep playing. */
export async function purgeInSteps(
  step: () => Promise<{ tables: number; games: number; done: boolean }>,
): Promise<{ tables: number; games: number }> {
  const total = { tables: 0, games: 0 };
  for (;;) {
    const r = await step();
    total.tables += r.tables;
    total.games += r.games;
    if (r.done) return total;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Which servers a retention pass covers: those listed, or all but those excepted (their own retention). */
const retentionScope = (opts: { guildIds?: string[]; exceptGuildIds?: string[] }) =>
  opts.guildIds ? { guildId: { in: opts.guildIds } } : opts.exceptGuildIds?.length ? { guildId: { notIn: opts.exceptGuildIds } } : {};

export async function pruneClosedTables(
  db: PrivacyDb,
  opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number },
): Promise<number> {
  if (opts.guildIds && !opts.guildIds.length) return 0;
  const guild = retentionScope(opts);
  const ids = await db.heartsTable.findMany({
    where: { status: { in: CLOSED_STATUSES }, updatedAt: { lt: opts.before }, ...guild },
    orderBy: { updatedAt: "asc" },
    take: opts.limit,
    select: { id: true },
  });
  if (!ids.length) return 0;
  const tableIds = ids.map((r) => r.id);
  // Move logs, saved menus and seat rows go with their table (cascade); finished games keep their
  // results. Their reviews go too: a review holds the person's hands, which the move log held.
  return db.$transaction(async (tx: Tx) => {
    const n = (await tx.heartsTable.deleteMany({ where: { id: { in: tableIds }, status: { in: CLOSED_STATUSES } } })).count;
    await tx.computedCache.deleteMany({ where: reviewsOfTables(tableIds) });
    return n;
  });
}

export async function pruneDailyLogs(
  db: PrivacyDb,
  opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number },
): Promise<number> {
  if (opts.guildIds && !opts.guildIds.length) return 0;
  const guild = retentionScope(opts);
  const rows = await db.dailySession.findMany({
    where: { startedAt: { lt: opts.before }, actions: { not: "[]" }, ...guild },
    orderBy: { startedAt: "asc" },
    take: opts.limit,
    select: { guildId: true, day: true, userId: true, finishedAt: true },
  });
  if (!rows.length) return 0;
  const key = (r: (typeof rows)[number]) => ({ guildId: r.guildId, day: r.day, userId: r.userId });
  return db.$transaction(async (tx: Tx) => {
    const done = rows.filter((r) => r.finishedAt);
    const open = rows.filter((r) => !r.finishedAt);
    // A finished attempt keeps its result (the day's board, the person's history), not its moves.
    if (done.length) await tx.dailySession.updateMany({ where: { OR: done.map(key) }, data: { actions: "[]" } });
    // An attempt left unfinished for the whole retention period goes, with its daily reviews.
    if (open.length) await tx.dailySession.deleteMany({ where: { OR: open.map(key) } });
    await tx.computedCache.deleteMany({
      where: { kind: "review", OR: rows.map((r) => ({ key: `daily:${r.guildId}:${r.day}|${r.userId}` })) },
    });
    return rows.length;
  });
}

export async function dropStaleMenus(db: PrivacyDb, before: Date): Promise<number> {
  return (await db.menuToken.deleteMany({ where: { shownAt: { lt: before } } })).count;
}

export async function storedGuilds(db: PrivacyDb): Promise<string[]> {
  // DISTINCT over each table's guildId index; servers whose departure is already recorded are left out.
  const rows = await db.$queryRaw<Array<{ guildId: string }>>(sql`
    SELECT "guildId" FROM "HeartsTable"
    UNION SELECT "guildId" FROM "FinishedGame"
    UNION SELECT "guildId" FROM "PlayerStats"
    UNION SELECT "guildId" FROM "DailySession"
    UNION SELECT "guildId" FROM "GuildSettings" WHERE "leftAt" IS NULL
    EXCEPT SELECT "guildId" FROM "GuildSettings" WHERE "leftAt" IS NOT NULL`);
  return rows.map((r) => r.guildId);
}

export async function retentionOverrides(db: PrivacyDb): Promise<Array<{ guildId: string; retentionDays: number }>> {
  const rows = await db.guildSettings.findMany({ where: { retentionDays: { not: null } }, select: { guildId: true, retentionDays: true } });
  return rows.map((r) => ({ guildId: r.guildId, retentionDays: r.retentionDays! }));
}

export async function departedGuilds(db: PrivacyDb, before: Date, limit: number): Promise<string[]> {
  const rows = await db.guildSettings.findMany({
    where: { leftAt: { lt: before } },
    select: { guildId: true },
    orderBy: { leftAt: "asc" },
    take: limit,
  });
  return rows.map((r) => r.guildId);
}
