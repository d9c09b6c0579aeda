/**
 * The daily challenge's rows, secrets and the computed-values cache, written once for both
 * backends: SQLite and PostgreSQL clients have the same model API for these tables, and this file
 * needs only the structural subset below.
 */
import { createHmac } from "node:crypto";
import type { Action } from "../game/index.js";
import { parseJson } from "./records.js";
import type { DailySession, NewDailySession } from "../table/store.js";

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
  ranked: boolean;
  sharedAt?: Date | null;
}

type SessionKey = { guildId_day_userId: { guildId: string; day: number; userId: string } };

/** What this file needs of a Prisma client (either backend's). */
export interface DailyDb {
  $transaction<R>(fn: (tx: DailyDb) => Promise<R>): Promise<R>;
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
      where: { guildId: string; day: number; userId: string; actionCount?: number; finishedAt?: { not: null }; sharedAt?: null };
      data: Partial<SessionRow>;
    }): Promise<{ count: number }>;
    findFirst(args: {
      where: { day: number; userId: string };
      orderBy: Array<{ startedAt: "asc" } | { guildId: "asc" }>;
    }): Promise<SessionRow | null>;
    findMany(args: {
      where: { guildId?: string; day?: number; userId?: string; ranked?: boolean; finishedAt: { not: null } };
      orderBy?: Array<{ day: "desc" } | { startedAt: "asc" } | { guildId: "asc" }>;
      take?: number;
      select?: { day: true; points: true; guildId: true };
    }): Promise<SessionRow[]>;
  };
  dailyDay: {
    upsert(args: {
      where: { guildId_day: { guildId: string; day: number } };
      create: { guildId: string; day: number; rulesSpec: string };
      update: Record<string, never>;
    }): Promise<{ rulesSpec: string }>;
  };
  dailyTombstone: {
    findUnique(args: { where: { key: string } }): Promise<{ key: string } | null>;
  };
  computedCache: {
    findUnique(args: { where: { kind_key: { kind: string; key: string } } }): Promise<{ value: string } | null>;
    upsert(args: {
      where: { kind_key: { kind: string; key: string } };
      create: { kind: string; key: string; value: string; userId: string | null };
      update: { value: string };
    }): Promise<unknown>;
  };
}

/** A person's attempt of a day is the first one started (the server breaks a tie of the same instant). */
const FIRST_STARTED: Array<{ startedAt: "asc" } | { guildId: "asc" }> = [{ startedAt: "asc" }, { guildId: "asc" }];

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
    ranked: r.ranked,
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

/**
 * Serialises the starts of one person's day across processes (shards, machines) for the rest of the
 * transaction: the SQLite store takes the database's write lock, the PostgreSQL one an advisory lock.
 */
export type DailyStartLock = (tx: DailyDb, day: number, userId: string) => PromiseLike<unknown>;

/**
 * Starts the person's attempt of the day on this server, or gives back the one they already have
 * on any server (one attempt per person per day). Under `lock`, so two starts on two servers at once
 * (two shards past their lookups) cannot both create one.
 */
export async function startDailySession(db: DailyDb, s: NewDailySession, lock: DailyStartLock): Promise<DailySession> {
  return db.$transaction(async (tx) => {
    await lock(tx, s.day, s.userId);
    const first = await tx.dailySession.findFirst({ where: { day: s.day, userId: s.userId }, orderBy: FIRST_STARTED });
    return dailyRecord(first ?? (await createSession(tx, s)));
  });
}

function createSession(db: DailyDb, s: NewDailySession): Promise<SessionRow> {
  return db.dailySession.upsert({
    where: key(s.guildId, s.day, s.userId),
    create: {
      guildId: s.guildId,
      day: s.day,
      userId: s.userId,
      name: s.name,
      rulesSpec: s.rulesSpec,
      ...(s.startedAt && { startedAt: s.startedAt }),
      ...(s.ranked === false && { ranked: false }),
    },
    update: {},
  });
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
  return (await db.dailySession.findMany({ where: { guildId, day, ranked: true, finishedAt: { not: null } } })).map(dailyRecord);
}

export async function listPlayerDailies(
  db: DailyDb,
  userId: string,
  limit: number,
): Promise<Array<{ day: number; points: number; guildId: string }>> {
  const rows = await db.dailySession.findMany({
    where: { userId, finishedAt: { not: null } },
    orderBy: [{ day: "desc" as const }, ...FIRST_STARTED],
    take: Math.max(1, Math.min(limit, 5000)),
    select: { day: true, points: true, guildId: true },
  });
  // One attempt a day: should a day hold two (an old race), the first started counts.
  const days = new Set<number>();
  return rows.filter((r) => !days.has(r.day) && days.add(r.day)).map((r) => ({ day: r.day, points: r.points ?? 0, guildId: r.guildId }));
}

export async function getCached(db: DailyDb, kind: string, k: string): Promise<string | null> {
  return (await db.computedCache.findUnique({ where: { kind_key: { kind, key: k } } }))?.value ?? null;
}

/** A review's person: its key's part after the last "|" (table:<id>|<user>, daily:<server>:<day>|<user>). */
const reviewPerson = (kind: string, k: string): string | null =>
  kind === "review" && k.includes("|") ? k.slice(k.lastIndexOf("|") + 1) : null;

export async function putCached(db: DailyDb, kind: string, k: string, value: string): Promise<void> {
  // A review keeps its person apart (indexed), so /hearts privacy and Forget me find it without a scan.
  const userId = reviewPerson(kind, k);
  await db.computedCache.upsert({ where: { kind_key: { kind, key: k } }, create: { kind, key: k, value, userId }, update: { value } });
}

/** Starts or finds the person's attempt of the day on any server: the deal is the same everywhere. */
export async function findDailySession(db: DailyDb, day: number, userId: string): Promise<DailySession | null> {
  const row = await db.dailySession.findFirst({ where: { day, userId }, orderBy: FIRST_STARTED });
  return row ? dailyRecord(row) : null;
}

/** The server's rules of the day: `candidate` if this is the day's first start, else the stored ones. */
export async function fixDailyRules(db: DailyDb, guildId: string, day: number, candidate: string): Promise<string> {
  return (
    await db.dailyDay.upsert({ where: { guildId_day: { guildId, day } }, create: { guildId, day, rulesSpec: candidate }, update: {} })
  ).rulesSpec;
}

/** Marks the attempt shared; false if it was already (one share per person per day), or is not finished. */
export async function markDailyShared(db: DailyDb, guildId: string, day: number, userId: string, at: Date): Promise<boolean> {
  const r = await db.dailySession.updateMany({
    where: { guildId, day, userId, finishedAt: { not: null }, sharedAt: null },
    data: { sharedAt: at },
  });
  return r.count === 1;
}

// ---- tombstones: a deleted attempt's day stays taken ---------------------------------------------

/** The salt from DAILY_SALT, when configured (else the generated one in AppSecret "daily-salt"). */
let configuredSalt: string | null = null;
export function useDailySalt(salt: string | null): void {
  configuredSalt = salt;
}
/** The configured salt, for a thread that runs Forget me apart (the writer thread has module state of its own). */
export const configuredDailySalt = (): string | null => configuredSalt;

const SALT_NAME = "daily-salt";
/** Tombstones are kept this many days past their day (only the open day needs one). */
const TOMBSTONE_DAYS = 2;
const DAY_MS = 86_400_000;

/** HMAC-SHA256 of the user id and the day, keyed by the daily salt: nobody without the salt can link it to a person. */
export const tombstoneKey = (salt: string, userId: string, day: number): string =>
  createHmac("sha256", salt).update(`hearts-daily-tombstone:${userId}:${day}`).digest("hex");

async function saltOf(db: Pick<DailyDb, "appSecret">): Promise<string | null> {
  return configuredSalt ?? (await db.appSecret.findUnique({ where: { name: SALT_NAME } }))?.value ?? null;
}

/** Whether the person's attempt of the day was deleted (Forget me, a purge): it cannot start again. */
export async function isDailyTombstoned(db: DailyDb, userId: string, day: number): Promise<boolean> {
  const salt = await saltOf(db);
  return !!salt && !!(await db.dailyTombstone.findUnique({ where: { key: tombstoneKey(salt, userId, day) } }));
}

/** What the tombstone needs of a transaction client (either backend's). */
interface TombstoneTx {
  appSecret: DailyDb["appSecret"];
  dailySession: { findMany(args: { where: object; select: { day: true; userId: true } }): Promise<Array<{ day: number; userId: string }>> };
  dailyTombstone: {
    upsert(args: { where: { key: string }; create: { key: string; day: number }; update: Record<string, never> }): Promise<unknown>;
    deleteMany(args: { where: { day: { lt: number } } }): Promise<unknown>;
  };
}

/**
 * Called where Forget me and a purge delete daily attempts, in the same transaction, before they
 * do: each attempt of the last two days leaves a tombstone (no user id), so deleting your data
 * never buys a fresh attempt on a deal you already know. Old tombstones go at the same time.
 */
export async function tombstoneDailies(tx: unknown, where: { userId: string } | { guildId: string }, now = Date.now()): Promise<void> {
  const db = tx as TombstoneTx;
  const recent = await db.dailySession.findMany({
    where: { ...where, startedAt: { gte: new Date(now - TOMBSTONE_DAYS * DAY_MS) } },
    select: { day: true, userId: true },
  });
  if (!recent.length) return;
  const salt = await saltOf(db);
  if (!salt) return;
  for (const s of recent) {
    const key = tombstoneKey(salt, s.userId, s.day);
    await db.dailyTombstone.upsert({ where: { key }, create: { key, day: s.day }, update: {} });
  }
  await db.dailyTombstone.deleteMany({ where: { day: { lt: Math.min(...recent.map((s) => s.day)) - TOMBSTONE_DAYS } } });
}
