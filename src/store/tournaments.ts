/**
 * The tournaments' rows (src/table/tournament), written once for both backends: SQLite and
 * PostgreSQL clients have the same model API for these tables, and this file needs only the
 * structural subset below. A tournament is read whole (its entries, rounds and tables: at most 128
 * people, 8 rounds of 32 tables), so the service keeps nothing of it in memory but timers.
 */
import { randomBytes } from "node:crypto";
import type { RoundSeating } from "../table/tournament/seating.js";
import { parseJson } from "./records.js";
import {
  FORMER_KEY,
  FORMER_PLAYER,
  type NewTournamentRow,
  type StoredTournament,
  type TournamentPatch,
  type TournamentStore,
} from "../table/store.js";

/** A tournament's own row: the port's record without what is read beside it. */
type TournamentRow = Omit<StoredTournament, "entries" | "played">;
interface EntryRow {
  tournamentId: string;
  userId: string;
  name: string;
  joinedAt: Date;
  leftAt: Date | null;
}
interface RoundRow {
  tournamentId: string;
  round: number;
  seating: string;
  startedAt: Date;
  closedAt: Date | null;
}
interface TableRow {
  tableId: string;
  tournamentId: string;
  round: number;
  tableIndex: number;
  deals: string;
  standIns: string;
  playedBy: string;
  finishedAt: Date | null;
}
type FullRow = TournamentRow & { entries: EntryRow[]; played: (RoundRow & { tables: TableRow[] })[] };

/** Prisma's arguments, as far as this file's queries go (both clients accept them). */
type Args = Record<string, unknown>;
interface Model<R> {
  findUnique(args: Args): Promise<R | null>;
  findMany(args: Args): Promise<R[]>;
  create(args: Args): Promise<R>;
  update(args: Args): Promise<R>;
  updateMany(args: Args): Promise<{ count: number }>;
  deleteMany(args: Args): Promise<{ count: number }>;
  count(args: Args): Promise<number>;
}

/** What this file needs of a Prisma client (either backend's). */
export interface TournamentDb {
  $transaction<R>(fn: (tx: TournamentDb) => Promise<R>): Promise<R>;
  tournament: Model<FullRow>;
  tournamentEntry: Model<EntryRow>;
  tournamentRound: Model<RoundRow>;
  tournamentTable: Model<TableRow>;
}

const WHOLE = {
  entries: { orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] },
  played: { orderBy: { round: "asc" }, include: { tables: { orderBy: { tableIndex: "asc" } } } },
};

function record(row: FullRow): StoredTournament {
  const { entries, played, ...t } = row;
  return {
    ...t,
    entries: entries.map(({ userId, name, joinedAt, leftAt }) => ({ userId, name, joinedAt, leftAt })),
    played: played.map((r) => ({
      round: r.round,
      seating: parseJson<RoundSeating>(t.id, "seating", r.seating),
      startedAt: r.startedAt,
      closedAt: r.closedAt,
      tables: r.tables.map((x) => ({
        tableId: x.tableId,
        tableIndex: x.tableIndex,
        deals: parseJson<number[][]>(x.tableId, "deals", x.deals),
        standIns: parseJson<string[]>(x.tableId, "standIns", x.standIns),
        playedBy: parseJson<number[][]>(x.tableId, "playedBy", x.playedBy),
        finishedAt: x.finishedAt,
      })),
    })),
  };
}

/** The port over a client; `serial` runs each operation in turn with the store's others (SQLite's single writer). */
export function tournamentStore(db: TournamentDb, serial: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn()): TournamentStore {
  const get = async (id: string) => {
    const row = await db.tournament.findUnique({ where: { id }, include: WHOLE });
    return row ? record(row) : null;
  };
  return {
    create: (t: NewTournamentRow) =>
      serial(async () => record(await db.tournament.create({ data: { ...t, status: "signup", round: 0 }, include: WHOLE }))),

    get: (id) => serial(() => get(id)),

    list: (q) =>
      serial(async () =>
        (
          await db.tournament.findMany({
            where: { status: { in: q.statuses }, ...(q.guildId !== undefined && { guildId: q.guildId }) },
            orderBy: q.latest ? [{ startsAt: "desc" }, { id: "desc" }] : [{ startsAt: "asc" }, { id: "asc" }],
            include: WHOLE,
            ...(q.take !== undefined && { take: q.take }),
          })
        ).map(record),
      ),

    update: (id, patch: TournamentPatch) =>
      serial(async () => {
        await db.tournament.update({ where: { id }, data: patch });
      }),

    join: (id, entry, max) =>
      serial(() =>
        db.$transaction(async (tx) => {
          const key = { tournamentId_userId: { tournamentId: id, userId: entry.userId } };
          if (await tx.tournamentEntry.findUnique({ where: key })) return "already" as const;
          if ((await tx.tournamentEntry.count({ where: { tournamentId: id } })) >= max) return "full" as const;
          await tx.tournamentEntry.create({ data: { tournamentId: id, ...entry } });
          return "joined" as const;
        }),
      ),

    leave: (id, userId, leftAt) =>
      serial(async () => {
        const where = { tournamentId: id, userId, ...(leftAt && { leftAt: null }) };
        const r = leftAt
          ? await db.tournamentEntry.updateMany({ where, data: { leftAt } })
          : await db.tournamentEntry.deleteMany({ where });
        return r.count > 0;
      }),

    startRound: (id, r) =>
      serial(() =>
        db.$transaction(async (tx) => {
          await tx.tournamentRound.create({
            data: { tournamentId: id, round: r.round, seating: JSON.stringify(r.seating), startedAt: r.startedAt },
          });
          for (const t of r.tables)
            await tx.tournamentTable.create({ data: { tableId: t.tableId, tournamentId: id, round: r.round, tableIndex: t.tableIndex } });
          await tx.tournament.update({ where: { id }, data: { round: r.round, status: "playing" } });
        }),
      ),

    finishTable: (tableId, deals, standIns, at, playedBy = []) =>
      serial(async () => {
        await db.tournamentTable.updateMany({
          where: { tableId, finishedAt: null },
          data: { deals: JSON.stringify(deals), standIns: JSON.stringify(standIns), playedBy: JSON.stringify(playedBy), finishedAt: at },
        });
      }),

    closeRound: (id, round, at, status) =>
      serial(() =>
        db.$transaction(async (tx) => {
          await tx.tournamentRound.updateMany({ where: { tournamentId: id, round, closedAt: null }, data: { closedAt: at } });
          if (status) await tx.tournament.update({ where: { id }, data: { status } });
        }),
      ),

    tableRound: (tableId) =>
      serial(async () => {
        const t = await db.tournamentTable.findUnique({ where: { tableId } });
        if (!t) return null;
        const r = await db.tournamentRound.findUnique({ where: { tournamentId_round: { tournamentId: t.tournamentId, round: t.round } } });
        return { tournamentId: t.tournamentId, round: t.round, tableIndex: t.tableIndex, closedAt: r?.closedAt ?? null };
      }),

    personal: (userId) =>
      serial(async () => {
        const entries = await db.tournamentEntry.findMany({ where: { userId }, orderBy: { joinedAt: "asc" } });
        const out = [];
        for (const e of entries) {
          const t = await db.tournament.findUnique({ where: { id: e.tournamentId } });
          if (t)
            out.push({
              tournamentId: t.id,
              guildId: t.guildId,
              name: t.name,
              status: t.status,
              joinedAt: e.joinedAt,
              left: e.leftAt !== null,
            });
        }
        return out;
      }),

    forget: (userId) => serial(() => db.$transaction((tx) => forgetTournaments(tx, userId))),
  };
}

/**
 * Forget me in the tournaments: in each tournament the person entered, their id becomes a stand-in
 * of its own (one per tournament, so nobody can link them) and their name "Former player", in the
 * entry, the rounds' seatings and the tables' stand-in lists. The others' standings are computed
 * from the same seats and deals as before, so they do not change. A tournament they organised keeps
 * running under a stand-in organiser. Returns how many tournaments they were in. Runs inside a
 * transaction (the store's privacy sequence calls it in its own).
 */
export async function forgetTournaments(tx: TournamentDb, userId: string): Promise<number> {
  const entries = await tx.tournamentEntry.findMany({ where: { userId } });
  for (const e of entries) {
    const standIn = `${FORMER_KEY}${randomBytes(8).toString("hex")}`;
    const swap = (id: string | null) => (id === userId ? standIn : id);
    await tx.tournamentEntry.deleteMany({ where: { tournamentId: e.tournamentId, userId } });
    await tx.tournamentEntry.create({ data: { ...e, userId: standIn, name: FORMER_PLAYER } });
    for (const r of await tx.tournamentRound.findMany({ where: { tournamentId: e.tournamentId } })) {
      const s = parseJson<RoundSeating>(e.tournamentId, "seating", r.seating);
      const seating: RoundSeating = {
        ...s,
        tables: s.tables.map((t) => ({ seats: t.seats.map(swap) })),
        sittingOut: s.sittingOut.map((id) => swap(id)!),
      };
      await tx.tournamentRound.updateMany({
        where: { tournamentId: e.tournamentId, round: r.round },
        data: { seating: JSON.stringify(seating) },
      });
    }
    for (const t of await tx.tournamentTable.findMany({ where: { tournamentId: e.tournamentId } })) {
      const ids = parseJson<string[]>(t.tableId, "standIns", t.standIns);
      if (ids.includes(userId))
        await tx.tournamentTable.updateMany({
          where: { tableId: t.tableId },
          data: { standIns: JSON.stringify(ids.map((id) => swap(id)!)) },
        });
    }
  }
  await tx.tournament.updateMany({ where: { organiserId: userId }, data: { organiserId: `${FORMER_KEY}organiser` } });
  return entries.length;
}
