/**
 * What the store keeps about a person or a server, and how it is deleted: "forget me", a server's
 * purge, and the retention of closed tables (their move logs). Written once for both databases:
 * the SQLite and PostgreSQL clients have the same models, and the raw SQL here means the same on
 * both (`||`, CAST AS TEXT).
 *
 * Only closed tables are touched here: an open table lives in the table service's memory, which
 * removes the person (or ends the server's tables) itself first.
 */
import { sqltag as sql } from "@prisma/client/runtime/client";
import type { PrismaClient } from "../generated/prisma/client.js";
import { tombstoneDailies } from "./daily.js";
import { OPEN_STATUSES } from "./records.js";
import type { SeatRecord } from "../table/records.js";

/** The name an anonymised player has in stored games and results. */
export const FORMER_PLAYER = "Former player";
/** Prefix of an anonymised result's player key: one stable pseudonym per result row. */
export const FORMER_KEY = "former:";

/** Both stores' clients satisfy this (same models); the PostgreSQL one is passed through a cast. */
export type PrivacyDb = PrismaClient;
type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export interface PersonalData {
  /** Tables (open or closed) where the person sits or sat, or that they host. */
  tables: number;
  /** Finished games with the person's result, and the servers they were played on. */
  games: number;
  servers: number;
  /** Rows of standings (one per server). */
  standings: number;
  /** Saved private menus (interaction tokens kept over a restart, at most 15 minutes old). */
  menus: number;
  /** Daily challenge attempts (one per server and day), and saved reviews of their games. */
  dailies: number;
  reviews: number;
  /** 1 if they chose a deck style (/hearts deck), else 0. */
  prefs: number;
  /** The names stored with their results and standings (up to 10). */
  names: string[];
}

export interface ForgetResult {
  results: number;
  tables: number;
  /** Servers whose standings must be rebuilt without the person. */
  guilds: string[];
}

export interface PrivacyStore {
  personalData(userId: string): Promise<PersonalData>;
  /** Removes the person's id and name from closed tables, results and standings (rebuilt), everywhere. */
  forgetUser(userId: string): Promise<ForgetResult>;
  /** Deletes a server's tables, games, results and standings; with `settings`, its settings too. */
  purgeGuild(guildId: string, opts?: { settings?: boolean }): Promise<{ tables: number; games: number }>;
  /**
   * Deletes at most `limit` closed tables (with their move logs and saved menus) last changed
   * before `before`, of these servers (`guildIds`) or of every server but these (`exceptGuildIds`).
   * Results and standings stay. Returns how many were deleted.
   */
  pruneClosedTables(opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number }): Promise<number>;
  /** Servers with a retention of their own. */
  retentionOverrides(): Promise<Array<{ guildId: string; retentionDays: number }>>;
  /** Servers the bot left before `before` (their grace period is over). */
  departedGuilds(before: Date, limit: number): Promise<string[]>;
}

/** Listed (not "not open") so the (status, updatedAt) index serves the retention job's query. */
const CLOSED_STATUSES = ["finished", "abandoned", "broken"];

const seatsMention = (userId: string) => `"userId":"${userId}"`;
const SNOWFLAKE = /^\d{1,22}$/;

function checkId(userId: string): void {
  // The id goes into a LIKE pattern: only digits, as Discord's ids are.
  if (!SNOWFLAKE.test(userId)) throw new Error(`not a Discord user id: ${userId}`);
}

export async function personalData(db: PrivacyDb, userId: string): Promise<PersonalData> {
  checkId(userId);
  const tables = await db.heartsTable.count({ where: { OR: [{ hostId: userId }, { seats: { contains: seatsMention(userId) } }] } });
  const games = await db.gameResult.count({ where: { userId } });
  const servers = (await db.gameResult.findMany({ where: { userId }, distinct: ["guildId"], select: { guildId: true }, take: 1000 }))
    .length;
  const standings = await db.playerStats.count({ where: { playerKey: userId } });
  const menus = await db.menuToken.count({ where: { userId } });
  const dailies = await db.dailySession.count({ where: { userId } });
  const reviews = await db.computedCache.count({ where: { kind: "review", key: { endsWith: `|${userId}` } } });
  const prefs = await db.playerPrefs.count({ where: { userId } });
  const fromResults = await db.gameResult.findMany({ where: { userId }, distinct: ["name"], select: { name: true }, take: 10 });
  const fromStats = await db.playerStats.findMany({ where: { playerKey: userId }, select: { name: true }, take: 10 });
  const names = [...new Set([...fromResults, ...fromStats].map((r) => r.name))].slice(0, 10);
  return { tables, games, servers, standings, menus, dailies, reviews, prefs, names };
}

/** The seats with the person replaced by an anonymous computer seat. */
export function anonymisedSeats(seats: SeatRecord[], userId: string): SeatRecord[] {
  return seats.map((s) =>
    s.userId === userId
      ? { ...s, userId: null, botLevel: s.botLevel ?? "medium", name: FORMER_PLAYER, botControlled: false, timeouts: 0 }
      : s,
  );
}

export async function forgetUser(db: PrivacyDb, userId: string): Promise<ForgetResult> {
  checkId(userId);
  return db.$transaction(async (tx: Tx) => {
    const guilds = (await tx.gameResult.findMany({ where: { userId }, distinct: ["guildId"], select: { guildId: true } })).map(
      (r) => r.guildId,
    );
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
    await tx.dailySession.deleteMany({ where: { userId } });
    await tx.computedCache.deleteMany({ where: { kind: "review", key: { endsWith: `|${userId}` } } });
    const rows = await tx.heartsTable.findMany({
      where: { status: { notIn: OPEN_STATUSES }, OR: [{ hostId: userId }, { seats: { contains: seatsMention(userId) } }] },
      select: { id: true, seats: true, hostId: true },
    });
    for (const row of rows) {
      const seats = anonymisedSeats(JSON.parse(row.seats) as SeatRecord[], userId);
      await tx.heartsTable.update({
        where: { id: row.id },
        data: { seats: JSON.stringify(seats), ...(row.hostId === userId && { hostId: FORMER_KEY }) },
      });
    }
    return { results, tables: rows.length, guilds: [...new Set([...guilds, ...standingGuilds])] };
  });
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
    const gameIds = (await tx.finishedGame.findMany({ where: { guildId }, select: { id: true }, take: limit })).map((r) => r.id);
    const games = gameIds.length ? (await tx.finishedGame.deleteMany({ where: { id: { in: gameIds } } })).count : 0;
    const tableIds = (
      await tx.heartsTable.findMany({ where: { guildId, status: { notIn: OPEN_STATUSES } }, select: { id: true }, take: limit })
    ).map((r) => r.id);
    const tables = tableIds.length ? (await tx.heartsTable.deleteMany({ where: { id: { in: tableIds } } })).count : 0;
    if (tableIds.length)
      await tx.computedCache.deleteMany({ where: { kind: "review", OR: tableIds.map((id) => ({ key: { startsWith: `table:${id}|` } })) } });
    const done = gameIds.length < limit && tableIds.length < limit;
    if (done) {
      await tx.playerStats.deleteMany({ where: { guildId } });
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

export async function pruneClosedTables(
  db: PrivacyDb,
  opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number },
): Promise<number> {
  if (opts.guildIds && !opts.guildIds.length) return 0;
  const guild = opts.guildIds
    ? { guildId: { in: opts.guildIds } }
    : opts.exceptGuildIds?.length
      ? { guildId: { notIn: opts.exceptGuildIds } }
      : {};
  const ids = await db.heartsTable.findMany({
    where: { status: { in: CLOSED_STATUSES }, updatedAt: { lt: opts.before }, ...guild },
    orderBy: { updatedAt: "asc" },
    take: opts.limit,
    select: { id: true },
  });
  if (!ids.length) return 0;
  // Move logs and saved menus go with their table (cascade); finished games keep their results.
  return (await db.heartsTable.deleteMany({ where: { id: { in: ids.map((r) => r.id) }, status: { in: CLOSED_STATUSES } } })).count;
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
