/**
 * Finished games, ratings and player stats, for both databases. A finished game is recorded, and
 * the standings of its players updated, in one transaction; `rebuildStandings` recomputes them
 * from the stored games alone and must give the same numbers. The SQL here is written to mean the
 * same on SQLite and PostgreSQL (no dialect-only functions; booleans as TRUE/FALSE).
 */
import { raw, sqltag as sql, type Sql } from "@prisma/client/runtime/client";
import { INITIAL_SKILL, displayRating, rateGame, type Skill } from "../stats/rating.js";
import { DEFAULT_LEVEL } from "../ai/levels.js";
import { FORMER_KEY } from "../table/store.js";
import type { FinishedGame } from "../table/records.js";
import {
  LEADERBOARD_SORTS,
  type Leaderboard,
  type LeaderboardQuery,
  type LeaderboardRow,
  type LeaderboardSort,
  type PlayerCard,
} from "../table/store.js";

type Order = "asc" | "desc";
type StatsColumns = Standing & { guildId: string; playerKey: string };
type ResultColumns = {
  guildId: string;
  seat: number;
  playerKey: string;
  userId: string | null;
  botLevel: string | null;
  name: string;
  total: number;
  place: number;
  points: number;
  moons: number;
  queens: number;
  ratingBefore: number | null;
  ratingAfter: number | null;
  finishedAt: Date;
};

/**
 * The part of a generated Prisma client (or transaction client) that standings use. The SQLite and
 * the PostgreSQL clients are distinct types with the same models; both satisfy this.
 */
export interface StandingsDb {
  heartsTable: {
    findUnique(args: { where: { id: string }; select: { hintsUsed: true } }): PromiseLike<{ hintsUsed: boolean } | null>;
    update(args: { where: { id: string }; data: { status: string; turnDeadline: null } }): PromiseLike<unknown>;
  };
  playerStats: {
    findMany(args: { where: { guildId: string; playerKey: { in: string[] } } }): PromiseLike<Array<StatsColumns & { updatedAt: Date }>>;
    findUnique(args: {
      where: { guildId_playerKey: { guildId: string; playerKey: string } };
    }): PromiseLike<(StatsColumns & { updatedAt: Date }) | null>;
    upsert(args: {
      where: { guildId_playerKey: { guildId: string; playerKey: string } };
      create: StatsColumns;
      update: Standing;
    }): PromiseLike<unknown>;
    deleteMany(args: { where: { guildId: string } }): PromiseLike<unknown>;
    count(args: { where: { guildId: string; isBot: boolean; games: { gte: number }; rating?: { gt: number } } }): PromiseLike<number>;
  };
  finishedGame: {
    create(args: {
      data: {
        tableId: string;
        guildId: string;
        rules: string;
        rated: boolean;
        hands: string;
        handCount: number;
        finishedAt: Date;
        results: { create: ResultColumns[] };
      };
    }): PromiseLike<unknown>;
    findMany(args: {
      where: { guildId: string; rated: true };
      orderBy: Array<{ finishedAt?: Order; id?: Order }>;
      select: { handCount: true; results: true };
    }): PromiseLike<Array<{ handCount: number; results: Array<ResultColumns & { id: number; gameId: number }> }>>;
  };
  gameResult: {
    findMany(args: {
      where: { guildId: string; playerKey: string; ratingAfter: { not: null } };
      orderBy: { finishedAt: Order };
      take: number;
      select: { ratingAfter: true };
    }): PromiseLike<Array<{ ratingAfter: number | null }>>;
    findFirst(args: {
      where: { guildId: string; playerKey: string; ratingAfter?: { not: null } };
      orderBy: Array<{ place?: Order; points?: Order; finishedAt?: Order }>;
      select: { total: true; place: true; finishedAt: true; points: true; name: true };
    }): PromiseLike<{ total: number; place: number; finishedAt: Date; points: number; name: string } | null>;
  };
  $queryRaw<T = unknown>(query: Sql): PromiseLike<T>;
}

/** A client that can also open a transaction (rebuildStandings). */
export interface StandingsClient extends StandingsDb {
  $transaction<R>(fn: (tx: StandingsDb) => Promise<R>): Promise<R>;
}

type Tx = StandingsDb;

/** Players need this many counted games to be ranked. */
export const MIN_RANKED_GAMES = 3;

export const playerKeyOf = (p: FinishedGame["players"][number]): string => p.userId ?? `bot:${p.botLevel ?? DEFAULT_LEVEL}`;

/**
 * Which games count for ratings and stats: at least two humans, or a table marked rated; never a
 * game in which someone used a hint. (Abandoned games are never recorded as finished.)
 */
export function countsForStandings(game: FinishedGame, hintsUsed: boolean): boolean {
  const humans = game.players.filter((p) => p.userId !== null).length;
  return !hintsUsed && (humans >= 2 || game.rated);
}

interface SeatLine {
  key: string;
  name: string;
  isBot: boolean;
  place: number;
  points: number;
  moons: number;
  queens: number;
}

function seatLines(game: FinishedGame): SeatLine[] {
  return game.players.map((p) => ({
    key: playerKeyOf(p),
    name: p.userId ? p.name : `Bot (${p.botLevel ?? DEFAULT_LEVEL})`,
    isBot: p.userId === null,
    place: p.place,
    points: game.hands.reduce((sum, h) => sum + (h.change[p.seat] ?? 0), 0),
    moons: game.hands.filter((h) => h.moonShooter === p.seat).length,
    queens: game.hands.filter((h) => h.queenTakenBy === p.seat).length,
  }));
}

/** A player's running standings, as stored in PlayerStats. */
interface Standing {
  name: string;
  isBot: boolean;
  mu: number;
  sigma: number;
  rating: number;
  games: number;
  wins: number;
  place1: number;
  place2: number;
  place3: number;
  place4: number;
  points: number;
  hands: number;
  moons: number;
  queens: number;
}

const quantize = (x: number): number => Math.round(x * 1e10) / 1e10;

/**
 * Folds one counted game into the standings (pure; both the live path and the rebuild use it, so
 * they agree to the last bit). Returns each seat's display rating before and after.
 */
function foldGame(standings: Map<string, Standing>, lines: SeatLine[], handCount: number): Map<string, [number, number]> {
  const keys = [...new Set(lines.map((l) => l.key))];
  const skills = new Map<string, Skill>();
  for (const k of keys) {
    const s = standings.get(k);
    if (s) skills.set(k, { mu: s.mu, sigma: s.sigma });
  }
  const after = rateGame(
    lines.map((l) => l.key),
    skills,
    lines.map((l) => l.place),
  );
  const ratings = new Map<string, [number, number]>();
  for (const key of keys) {
    const mine = lines.filter((l) => l.key === key);
    const skill = after.get(key)!;
    const s: Standing = standings.get(key) ?? {
      name: "",
      isBot: mine[0].isBot,
      mu: 0,
      sigma: 0,
      rating: 0,
      games: 0,
      wins: 0,
      place1: 0,
      place2: 0,
      place3: 0,
      place4: 0,
      points: 0,
      hands: 0,
      moons: 0,
      queens: 0,
    };
    ratings.set(key, [displayRating(skills.get(key) ?? INITIAL_SKILL), displayRating(skill)]);
    s.name = mine[0].name;
    // Rounded so the value survives the database's REAL column bit for bit: the live path reads it
    // back before the next game, the rebuild keeps it in memory, and both must agree.
    s.mu = quantize(skill.mu);
    s.sigma = quantize(skill.sigma);
    s.rating = displayRating(skill);
    for (const l of mine) {
      s.games++;
      if (l.place === 1) s.wins++;
      s[`place${l.place}` as "place1"]++;
      s.points += l.points;
      s.hands += handCount;
      s.moons += l.moons;
      s.queens += l.queens;
    }
    standings.set(key, s);
  }
  return ratings;
}

async function writeStandings(tx: Tx, guildId: string, standings: Map<string, Standing>): Promise<void> {
  for (const [playerKey, s] of standings) {
    await tx.playerStats.upsert({ where: { guildId_playerKey: { guildId, playerKey } }, create: { guildId, playerKey, ...s }, update: s });
  }
}

/** Applies one counted game to the stored standings, inside the caller's transaction. */
async function applyToStandings(tx: Tx, guildId: string, lines: SeatLine[], handCount: number): Promise<Map<string, [number, number]>> {
  const keys = [...new Set(lines.map((l) => l.key))];
  const rows = await tx.playerStats.findMany({ where: { guildId, playerKey: { in: keys } } });
  const standings = new Map<string, Standing>(rows.map(({ guildId: _g, playerKey, updatedAt: _u, ...s }) => [playerKey, s]));
  const ratings = foldGame(standings, lines, handCount);
  await writeStandings(tx, guildId, standings);
  return ratings;
}

export async function recordFinished(tx: Tx, game: FinishedGame): Promise<void> {
  const table = await tx.heartsTable.findUnique({ where: { id: game.tableId }, select: { hintsUsed: true } });
  const counted = countsForStandings(game, table?.hintsUsed ?? false);
  const lines = seatLines(game);
  const ratings = counted ? await applyToStandings(tx, game.guildId, lines, game.hands.length) : new Map<string, [number, number]>();
  await tx.finishedGame.create({
    data: {
      tableId: game.tableId,
      guildId: game.guildId,
      rules: JSON.stringify(game.rules),
      rated: counted,
      hands: JSON.stringify(game.hands),
      handCount: game.hands.length,
      finishedAt: game.finishedAt,
      results: {
        create: game.players.map((p, i) => ({
          guildId: game.guildId,
          seat: p.seat,
          playerKey: lines[i].key,
          userId: p.userId,
          botLevel: p.botLevel,
          name: p.name,
          total: p.total,
          place: p.place,
          points: lines[i].points,
          moons: lines[i].moons,
          queens: lines[i].queens,
          ratingBefore: ratings.get(lines[i].key)?.[0] ?? null,
          ratingAfter: ratings.get(lines[i].key)?.[1] ?? null,
          finishedAt: game.finishedAt,
        })),
      },
    },
  });
  if (table) await tx.heartsTable.update({ where: { id: game.tableId }, data: { status: "finished", turnDeadline: null } });
}

/** A guild's standings recomputed from its stored finished games, oldest first (reads only). */
export async function computeStandings(db: StandingsDb, guildId: string): Promise<Map<string, Standing>> {
  const games = await db.finishedGame.findMany({
    where: { guildId, rated: true },
    orderBy: [{ finishedAt: "asc" }, { id: "asc" }],
    select: { handCount: true, results: true },
  });
  const standings = new Map<string, Standing>();
  for (const g of games) {
    const lines: SeatLine[] = g.results
      .sort((a, b) => a.seat - b.seat)
      .map((r) => ({
        key: r.playerKey,
        name: r.userId ? r.name : `Bot (${r.botLevel ?? DEFAULT_LEVEL})`,
        isBot: r.userId === null,
        place: r.place,
        points: r.points,
        moons: r.moons,
        queens: r.queens,
      }));
    foldGame(standings, lines, g.handCount);
  }
  return standings;
}

/**
 * The newest game of a guild: if it is the same before and after, no game was recorded in between
 * (ids only grow), and the standings computed meanwhile are current. Read from the index alone, so
 * it costs nothing at 100,000 games (a COUNT took 25 ms of the event loop).
 */
export async function standingsSnapshotMark(db: Pick<StandingsDb, "$queryRaw">, guildId: string): Promise<{ maxId: number }> {
  const [row] = await db.$queryRaw<Array<{ maxId: number | bigint | null }>>(
    sql`SELECT MAX("id") AS "maxId" FROM "FinishedGame" WHERE "guildId" = ${guildId}`,
  );
  return { maxId: Number(row?.maxId ?? 0) };
}

/** A guild's standings with the mark they were computed at (counted first: see reader-worker.ts). */
export async function standingsSnapshot(db: StandingsDb, guildId: string): Promise<{ standings: Map<string, Standing>; maxId: number }> {
  const mark = await standingsSnapshotMark(db, guildId);
  return { standings: await computeStandings(db, guildId), ...mark };
}

/** Replaces a guild's stored standings, inside the caller's transaction. */
export async function replaceStandings(tx: Tx, guildId: string, standings: Map<string, Standing>): Promise<void> {
  await tx.playerStats.deleteMany({ where: { guildId } });
  // A forgotten player's results still count for the others' ratings, but have no standings row.
  for (const key of [...standings.keys()]) if (key.startsWith(FORMER_KEY)) standings.delete(key);
  // A few rows at a time, yielding between them: the SQLite driver is synchronous, and a server's
  // hundreds of rows written back to back would hold the event loop (and every table) meanwhile.
  const rows = [...standings];
  for (let i = 0; i < rows.length; i += 8) {
    await writeStandings(tx, guildId, new Map(rows.slice(i, i + 8)));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Recomputes a guild's standings from its stored finished games, oldest first. */
export async function rebuildStandings(prisma: StandingsClient, guildId: string): Promise<void> {
  const standings = await computeStandings(prisma, guildId);
  await prisma.$transaction((tx) => replaceStandings(tx, guildId, standings));
}

const ORDER: Record<LeaderboardSort, string> = {
  rating: `"rating" DESC`,
  games: `"games" DESC, "rating" DESC`,
  wins: `"wins" DESC, "rating" DESC`,
  // Lower is better in Hearts. (SQLite reads DOUBLE PRECISION as REAL; no 2-argument MAX in PostgreSQL.)
  points: `CAST("points" AS DOUBLE PRECISION) / (CASE WHEN "hands" > 1 THEN "hands" ELSE 1 END) ASC, "rating" DESC`,
  moons: `"moons" DESC, "rating" DESC`,
  queens: `"queens" ASC, "rating" DESC`,
};

/** A PlayerStats row as the leaderboard's raw query returns it (isBot is 0 or 1 on SQLite). */
type StatsRow = Omit<Standing, "mu" | "sigma" | "isBot"> & { playerKey: string; isBot: number | boolean };

const toRow = (r: StatsRow, rank: number): LeaderboardRow => ({
  rank,
  playerKey: r.playerKey,
  name: r.name,
  isBot: Boolean(r.isBot),
  rating: Number(r.rating),
  games: Number(r.games),
  wins: Number(r.wins),
  places: [Number(r.place1), Number(r.place2), Number(r.place3), Number(r.place4)],
  avgPointsPerHand: Number(r.hands) ? Number(r.points) / Number(r.hands) : 0,
  moons: Number(r.moons),
  queens: Number(r.queens),
});

export async function leaderboard(prisma: StandingsDb, q: LeaderboardQuery): Promise<Leaderboard> {
  const sort = LEADERBOARD_SORTS.includes(q.sort as LeaderboardSort) ? (q.sort as LeaderboardSort) : "rating";
  const pageSize = q.pageSize ?? 10;
  const minGames = q.bots ? 1 : MIN_RANKED_GAMES;
  const total = await prisma.playerStats.count({ where: { guildId: q.guildId, isBot: Boolean(q.bots), games: { gte: minGames } } });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(q.page ?? 1)), pages);
  const rows = await prisma.$queryRaw<StatsRow[]>(
    sql`SELECT * FROM "PlayerStats" WHERE "guildId" = ${q.guildId} AND "isBot" = ${raw(q.bots ? "TRUE" : "FALSE")} AND "games" >= ${minGames} ORDER BY ${raw(ORDER[sort])}, "playerKey" LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return { rows: rows.map((r, i) => toRow(r, (page - 1) * pageSize + i + 1)), total, page, pages };
}

export async function playerCard(prisma: StandingsDb, guildId: string, playerKey: string): Promise<PlayerCard> {
  const s = await prisma.playerStats.findUnique({ where: { guildId_playerKey: { guildId, playerKey } } });
  const stats = s ? toRow(s, 0) : null;
  const rank =
    s && !s.isBot && s.games >= MIN_RANKED_GAMES
      ? 1 +
        (await prisma.playerStats.count({ where: { guildId, isBot: false, games: { gte: MIN_RANKED_GAMES }, rating: { gt: s.rating } } }))
      : null;
  const recent = await prisma.gameResult.findMany({
    where: { guildId, playerKey, ratingAfter: { not: null } },
    orderBy: { finishedAt: "desc" },
    take: 20,
    select: { ratingAfter: true },
  });
  const pick = (order: Array<{ place?: Order; points?: Order }>) =>
    prisma.gameResult.findFirst({
      where: { guildId, playerKey, ratingAfter: { not: null } },
      orderBy: order,
      select: { total: true, place: true, finishedAt: true, points: true, name: true },
    });
  const best = await pick([{ place: "asc" }, { points: "asc" }]);
  const worst = await pick([{ place: "desc" }, { points: "desc" }]);
  const counts = await prisma.$queryRaw<Array<{ playerKey: string; games: number | bigint }>>(
    sql`SELECT o."playerKey" AS "playerKey", COUNT(*) AS games FROM "GameResult" me JOIN "GameResult" o ON o."gameId" = me."gameId" AND o."playerKey" <> me."playerKey"
     WHERE me."guildId" = ${guildId} AND me."playerKey" = ${playerKey} AND o."userId" IS NOT NULL GROUP BY o."playerKey" ORDER BY games DESC, MAX(o."finishedAt") DESC LIMIT 3`,
  );
  // Each opponent under the name of their latest game (one query each: at most three).
  const opponents: Array<{ name: string; games: number }> = [];
  for (const c of counts) {
    const last = await prisma.gameResult.findFirst({
      where: { guildId, playerKey: c.playerKey },
      orderBy: [{ finishedAt: "desc" }],
      select: { total: true, place: true, finishedAt: true, points: true, name: true },
    });
    opponents.push({ name: last?.name ?? c.playerKey, games: Number(c.games) });
  }
  return {
    stats,
    rank,
    trend: recent.map((r) => r.ratingAfter!).reverse(),
    best: best && { total: best.total, place: best.place, finishedAt: best.finishedAt },
    worst: worst && { total: worst.total, place: worst.place, finishedAt: worst.finishedAt },
    favouriteOpponents: opponents.map((o) => ({ name: o.name, games: Number(o.games) })),
  };
}
