/**
 * The daily challenge's rows, secrets and the computed-values cache, written once for both
 * backends: SQLite and PostgreSQL clients have the same model API for these tables, and this file
 * needs only the structural subset below.
 */
import type { Action } from "../game/index.js";
import { parseJson } from "./records.js";
import type { DailySession, NewDailySession } from "./types.js";

interface SessionRow {
  guildId: string;
  day: number;
  userId: string;
  name: string;
  rulesSpec: string;
  actions: string;
  actionCount: number;
  startedAt: Date;
  finishedAt: Date | null;
  points: number | null;
  queens: number | null;
  perHand: string | null;
  moons: string | null;
  dealFormat: number;
}

type SessionKey = { guildId_day_userId: { guildId: string; day: number; userId: string } };

/** What this file needs of a Prisma client (either backend's). */
export interface DailyDb {
  appSecret: {
    findUnique(args: { where: { name: string } }): Promise<{ value: string } | null>;
    upsert(args: {
      where: { name: string };
      create: { name: string; value: string };
      update: Record<string, never>;
    }): Promise<{ value: string }>;
  };
  dailySession: {
    findUnique(args: { where: SessionKey }): Promise<SessionRow | null>;
    upsert(args: {
      where: SessionKey;
      create: { guildId: string; day: number; userId: string; name: string; rulesSpec: string; startedAt?: Date };
      update: Record<string, never>;
    }): Promise<SessionRow>;
    updateMany(args: {
      where: { guildId: string; day: number; userId: string; actionCount: number };
      data: Partial<SessionRow>;
    }): Promise<{ count: number }>;
    findMany(args: {
      where: { guildId: string; day?: number; userId?: string; finishedAt: { not: null } };
      orderBy?: { day: "desc" };
      take?: number;
      select?: { day: true; points: true };
    }): Promise<SessionRow[]>;
  };
  computedCache: {
    findUnique(args: { where: { kind_key: { kind: string; key: string } } }): Promise<{ value: string } | null>;
    upsert(args: {
      where: { kind_key: { kind: string; key: string } };
      create: { kind: string; key: string; value: string };
      update: { value: string };
    }): Promise<unknown>;
  };
}

const rowId = (r: { guildId: string; day: number; userId: string }) => `${r.guildId}/${r.day}/${r.userId}`;

export function dailyRecord(r: SessionRow): DailySession {
  const id = rowId(r);
  return {
    guildId: r.guildId,
    day: r.day,
    userId: r.userId,
    name: r.name,
    rulesSpec: r.rulesSpec,
    actions: parseJson<Action[]>(id, "actions", r.actions),
    startedAt: r.startedAt,
    // New rows default to 2 (the column's default); rows stored before were set to 1.
    dealFormat: r.dealFormat === 1 ? 1 : 2,
    result:
      r.finishedAt && r.points !== null
        ? {
            points: r.points,
            queens: r.queens ?? 0,
            perHand: parseJson<number[]>(id, "perHand", r.perHand ?? "[]"),
            moons: parseJson<boolean[]>(id, "moons", r.moons ?? "[]"),
            finishedAt: r.finishedAt,
          }
        : null,
  };
}

export async function secret(db: DailyDb, name: string, candidate: string): Promise<string> {
  // An upsert that updates nothing: the first value written stays, whoever asks.
  return (await db.appSecret.upsert({ where: { name }, create: { name, value: candidate }, update: {} })).value;
}

const key = (guildId: string, day: number, userId: string): SessionKey => ({ guildId_day_userId: { guildId, day, userId } });

export async function getDailySession(db: DailyDb, guildId: string, day: number, userId: string): Promise<DailySession | null> {
  const row = await db.dailySession.findUnique({ where: key(guildId, day, userId) });
  return row ? dailyRecord(row) : null;
}

export async function startDailySession(db: DailyDb, s: NewDailySession): Promise<DailySession> {
  const row = await db.dailySession.upsert({
    where: key(s.guildId, s.day, s.userId),
    create: {
      guildId: s.guildId,
      day: s.day,
      userId: s.userId,
      name: s.name,
      rulesSpec: s.rulesSpec,
      ...(s.startedAt && { startedAt: s.startedAt }),
    },
    update: {},
  });
  return dailyRecord(row);
}

export async function saveDailyProgress(
  db: DailyDb,
  guildId: string,
  day: number,
  userId: string,
  expectedCount: number,
  actions: Action[],
  result?: DailySession["result"],
): Promise<boolean> {
  const data: Partial<SessionRow> = { actions: JSON.stringify(actions), actionCount: actions.length };
  if (result)
    Object.assign(data, {
      points: result.points,
      queens: result.queens,
      perHand: JSON.stringify(result.perHand),
      moons: JSON.stringify(result.moons),
      finishedAt: result.finishedAt,
    });
  const r = await db.dailySession.updateMany({ where: { guildId, day, userId, actionCount: expectedCount }, data });
  return r.count === 1;
}

export async function listDailyResults(db: DailyDb, guildId: string, day: number): Promise<DailySession[]> {
  return (await db.dailySession.findMany({ where: { guildId, day, finishedAt: { not: null } } })).map(dailyRecord);
}

export async function listPlayerDailies(
  db: DailyDb,
  guildId: string,
  userId: string,
  limit: number,
): Promise<Array<{ day: number; points: number }>> {
  const rows = await db.dailySession.findMany({
    where: { guildId, userId, finishedAt: { not: null } },
    orderBy: { day: "desc" },
    take: Math.max(1, Math.min(limit, 5000)),
    select: { day: true, points: true },
  });
  return rows.map((r) => ({ day: r.day, points: r.points ?? 0 }));
}

export async function getCached(db: DailyDb, kind: string, k: string): Promise<string | null> {
  return (await db.computedCache.findUnique({ where: { kind_key: { kind, key: k } } }))?.value ?? null;
}

export async function putCached(db: DailyDb, kind: string, k: string, value: string): Promise<void> {
  await db.computedCache.upsert({ where: { kind_key: { kind, key: k } }, create: { kind, key: k, value }, update: { value } });
}
