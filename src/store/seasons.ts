/**
 * The seasons' rows (src/table/tournament/season.ts), written once for both backends as the
 * tournaments' are (./tournaments.ts): the structural subset of a Prisma client below. A season is
 * small (a few dozen nights, a few hundred people a night), so it is read whole.
 */
import { parseJson } from "./records.js";
import type { SeasonNightOptions, SeasonScoreRow, SeasonStore, StoredSeason } from "../table/tournament/season-port.js";

interface SeasonRow {
  id: string;
  guildId: string;
  number: number;
  name: string;
  channelId: string;
  organiserId: string;
  options: string;
  dates: string;
  minNights: number;
  createdAt: Date;
  endedAt: Date | null;
}
interface NightRow {
  tournamentId: string;
  seasonId: string;
  night: number;
  doneAt: Date | null;
}
interface ScoreRow extends SeasonScoreRow {
  seasonId: string;
}

type Args = Record<string, unknown>;
interface Model<R> {
  findUnique(args: Args): Promise<R | null>;
  findFirst(args: Args): Promise<R | null>;
  findMany(args: Args): Promise<R[]>;
  create(args: Args): Promise<R>;
  updateMany(args: Args): Promise<{ count: number }>;
  deleteMany(args: Args): Promise<{ count: number }>;
  createMany(args: Args): Promise<{ count: number }>;
}

/** What this file needs of a Prisma client (either backend's). */
export interface SeasonDb {
  $transaction<R>(fn: (tx: SeasonDb) => Promise<R>): Promise<R>;
  season: Model<SeasonRow & { nights?: NightRow[] }>;
  seasonNight: Model<NightRow>;
  seasonScore: Model<ScoreRow>;
}

const WITH_NIGHTS = { nights: { orderBy: { night: "asc" } } };

function record(row: SeasonRow & { nights?: NightRow[] }): StoredSeason {
  return {
    id: row.id,
    guildId: row.guildId,
    number: row.number,
    name: row.name,
    channelId: row.channelId,
    organiserId: row.organiserId,
    options: parseJson<SeasonNightOptions>(row.id, "options", row.options),
    dates: parseJson<string[]>(row.id, "dates", row.dates).map((d) => new Date(d)),
    minNights: row.minNights,
    createdAt: row.createdAt,
    endedAt: row.endedAt,
    nights: (row.nights ?? []).map(({ tournamentId, night, doneAt }) => ({ tournamentId, night, doneAt })),
  };
}

const scoreOf = ({ tournamentId, userId, name, percent, playedAt }: ScoreRow): SeasonScoreRow => ({
  tournamentId,
  userId,
  name,
  percent,
  playedAt,
});

/** The port over a client; `serial` runs each operation in turn with the store's others (SQLite's single writer). */
export function seasonStore(db: SeasonDb, serial: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn()): SeasonStore {
  const get = async (id: string) => {
    const row = await db.season.findUnique({ where: { id }, include: WITH_NIGHTS });
    return row ? record(row) : null;
  };
  return {
    create: (s, firstNight) =>
      serial(() =>
        db.$transaction(async (tx) => {
          const last = await tx.season.findFirst({ where: { guildId: s.guildId }, orderBy: { number: "desc" } });
          await tx.season.create({
            data: {
              ...s,
              number: (last?.number ?? 0) + 1,
              options: JSON.stringify(s.options),
              dates: JSON.stringify(s.dates.map((d) => d.toISOString())),
            },
          });
          await tx.seasonNight.create({ data: { tournamentId: firstNight, seasonId: s.id, night: 1 } });
          return record((await tx.season.findUnique({ where: { id: s.id }, include: WITH_NIGHTS }))!);
        }),
      ),

    latest: (guildId) =>
      serial(async () => {
        const row = await db.season.findFirst({ where: { guildId }, orderBy: { number: "desc" }, include: WITH_NIGHTS });
        return row ? record(row) : null;
      }),

    ofNight: (tournamentId) =>
      serial(async () => {
        const n = await db.seasonNight.findUnique({ where: { tournamentId } });
        return n ? get(n.seasonId) : null;
      }),

    nightDone: (tournamentId, scores, at) =>
      serial(() =>
        db.$transaction(async (tx) => {
          const n = await tx.seasonNight.findUnique({ where: { tournamentId } });
          if (!n) return false;
          const r = await tx.seasonNight.updateMany({ where: { tournamentId, doneAt: null }, data: { doneAt: at } });
          if (r.count === 0) return false;
          if (scores.length) await tx.seasonScore.createMany({ data: scores.map((x) => ({ ...x, seasonId: n.seasonId })) });
          return true;
        }),
      ),

    addNight: (seasonId, tournamentId, night) =>
      serial(async () => {
        await db.seasonNight.create({ data: { tournamentId, seasonId, night } });
      }),

    end: (seasonId, at) =>
      serial(async () => {
        await db.season.updateMany({ where: { id: seasonId, endedAt: null }, data: { endedAt: at } });
      }),

    scores: (seasonId) =>
      serial(async () => (await db.seasonScore.findMany({ where: { seasonId }, orderBy: { playedAt: "asc" } })).map(scoreOf)),

    clear: (seasonId) => serial(async () => (await db.seasonScore.deleteMany({ where: { seasonId } })).count),

    pending: () =>
      serial(async () =>
        (await db.seasonNight.findMany({ where: { doneAt: null, season: { endedAt: null } } })).map(({ seasonId, tournamentId }) => ({
          seasonId,
          tournamentId,
        })),
      ),

    personal: (userId) =>
      serial(async () => {
        const rows = await db.seasonScore.findMany({ where: { userId } });
        const bySeason = new Map<string, number>();
        for (const r of rows) bySeason.set(r.seasonId, (bySeason.get(r.seasonId) ?? 0) + 1);
        const out = [];
        for (const [id, nights] of bySeason) {
          const s = await db.season.findUnique({ where: { id } });
          if (s) out.push({ guildId: s.guildId, number: s.number, name: s.name, nights });
        }
        return out;
      }),

    forget: (userId) => serial(() => forgetSeasons(db, userId)),

    prune: (opts) =>
      serial(async () => {
        if (opts.guildIds && !opts.guildIds.length) return 0;
        const guild = opts.guildIds
          ? { guildId: { in: opts.guildIds } }
          : opts.exceptGuildIds?.length
            ? { guildId: { notIn: opts.exceptGuildIds } }
            : {};
        return (await db.seasonScore.deleteMany({ where: { playedAt: { lt: opts.before }, season: guild } })).count;
      }),

    purge: (guildId) => serial(async () => (await db.season.deleteMany({ where: { guildId } })).count),
  };
}

/**
 * Forget me in the seasons: the person's nights go. A season percentage is each person's own
 * nights' average, so nobody else's changes. Runs inside the store's privacy transaction too.
 */
export async function forgetSeasons(tx: SeasonDb, userId: string): Promise<number> {
  return (await tx.seasonScore.deleteMany({ where: { userId } })).count;
}
