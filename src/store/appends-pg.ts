/**
 * A PostgreSQL table's log: appending moves, the hot write of every game (one statement per
 * batch of the group commit, group-commit.ts), and taking moves back (an undo). Each is one
 * statement, so one atomic autocommit: the action is durable (synchronous_commit) before it is
 * acknowledged; a racing writer blocks on the row lock, then finds the count moved and matches
 * nothing.
 */
import { sqltag as sql, join as joinSql, raw, type Sql } from "@prisma/client/runtime/client";
import type { PrismaClient } from "../generated/prisma-pg/client.js";
import type { AppendItem } from "./group-commit.js";
import { patchColumns } from "./records.js";
import type { AppendResult, TablePatch } from "../table/store.js";

type Db = Pick<PrismaClient, "$executeRaw" | "$queryRaw" | "heartsTable">;

/** Appends written by one statement at most (about 10 parameters each). */
export const MAX_BATCH = 200;

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { kind?: string; originalCode?: string } };
  return (
    err?.code === "P2002" ||
    err?.cause?.kind === "UniqueConstraintViolation" ||
    err?.cause?.originalCode === "23505" ||
    /unique constraint/i.test(String((e as Error)?.message))
  );
};

/** PostgreSQL chose this statement as a deadlock's victim (40P01): it was rolled back whole. */
const isDeadlock = (e: unknown): boolean => {
  const err = e as { message?: string; meta?: { code?: string }; cause?: { code?: string; originalCode?: string } };
  return (
    err?.cause?.code === "40P01" ||
    err?.cause?.originalCode === "40P01" ||
    err?.meta?.code === "40P01" ||
    /\b40P01\b|deadlock detected/.test(String(err?.message))
  );
};

/** The SET list of an append: the count, the action, the time and the patch's columns. */
function setsFor(p: AppendItem, at: Date): Sql[] {
  const sets: Sql[] = [
    sql`"actionCount" = ${p.seq + 1}`,
    sql`"lastSeat" = ${p.seat}`,
    sql`"lastAction" = ${JSON.stringify(p.action)}`,
    sql`"updatedAt" = ${at}`,
  ];
  for (const [key, value] of patchColumns(p.patch ?? {})) sets.push(sql`${raw(`"${key}"`)} = ${value}`);
  return sets;
}

/** One batch of the group commit: one statement, or one per append when the batch's statement cannot be. */
export async function writeAppends(db: Db, batch: AppendItem[]): Promise<AppendResult[]> {
  const at = new Date();
  if (batch.length === 1) return [await appendOne(db, batch[0], at)];
  try {
    return await appendMany(db, batch, at);
  } catch (e) {
    // A log row already at some seq, or a deadlock with another process's batch, fails the
    // whole statement (nothing of it is kept): sort it out one by one.
    if (!isUniqueViolation(e) && !isDeadlock(e)) throw e;
    const results: AppendResult[] = [];
    for (const item of batch) results.push(await appendOne(db, item, at));
    return results;
  }
}

/** One append in one statement (a data-modifying WITH), so one atomic autocommit. */
async function appendOne(db: Db, p: AppendItem, at: Date): Promise<AppendResult> {
  let written: number;
  try {
    written = await db.$executeRaw(sql`
      WITH moved AS (
        UPDATE "HeartsTable" SET ${joinSql(setsFor(p, at))} WHERE "id" = ${p.tableId} AND "actionCount" = ${p.seq} RETURNING "id"
      )
      INSERT INTO "GameAction" ("tableId", "seq", "seat", "action", "createdAt")
      SELECT "id", ${p.seq}::int, ${p.seat}::int, ${JSON.stringify(p.action)}::text, ${at}::timestamp(3) FROM moved`);
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, reason: "conflict" };
    throw e;
  }
  if (written === 1) return { ok: true };
  return (await refusals(db, [p]))[0];
}

/** Several appends (of different tables) in one statement: each UPDATE guarded on its own. */
async function appendMany(db: Db, batch: AppendItem[], at: Date): Promise<AppendResult[]> {
  // Row locks taken in one order (by table id) in every process, so two batches do not deadlock.
  const ordered = [...batch].sort((a, b) => (a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : 0));
  const updates = ordered.map(
    (p, k) =>
      sql`${raw(`a${k}`)} AS (UPDATE "HeartsTable" SET ${joinSql(setsFor(p, at))} WHERE "id" = ${p.tableId} AND "actionCount" = ${p.seq} RETURNING "id")`,
  );
  const moved = raw(ordered.map((_, k) => `SELECT "id" FROM a${k}`).join(" UNION ALL "));
  const values = ordered.map(
    (p) => sql`(${p.tableId}::text, ${p.seq}::int, ${p.seat}::int, ${JSON.stringify(p.action)}::text, ${at}::timestamp(3))`,
  );
  const rows = await db.$queryRaw<Array<{ tableId: string }>>(sql`
    WITH ${joinSql(updates)}, moved AS (${moved})
    INSERT INTO "GameAction" ("tableId", "seq", "seat", "action", "createdAt")
    SELECT v.t, v.s, v.seat, v.a, v.at FROM (VALUES ${joinSql(values)}) AS v(t, s, seat, a, at) JOIN moved ON moved."id" = v.t
    RETURNING "tableId"`);
  const written = new Set(rows.map((r) => r.tableId));
  const refused = batch.filter((p) => !written.has(p.tableId));
  const why = new Map<AppendItem, AppendResult>();
  if (refused.length) (await refusals(db, refused)).forEach((r, i) => why.set(refused[i], r));
  return batch.map((p) => why.get(p) ?? { ok: true });
}

/** Why appends matched no row: their table moved on (conflict) or does not exist. */
async function refusals(db: Db, items: AppendItem[]): Promise<AppendResult[]> {
  const found = await db.heartsTable.findMany({ where: { id: { in: items.map((p) => p.tableId) } }, select: { id: true } });
  const exists = new Set(found.map((r) => r.id));
  return items.map((p) => ({ ok: false, reason: exists.has(p.tableId) ? "conflict" : "missing-table" }));
}

/**
 * An undo in one statement, so one atomic autocommit: the UPDATE guarded on the count, and the
 * log rows from `fromSeq` on deleted only when it matched.
 */
export async function truncateLog(
  db: Db,
  tableId: string,
  fromSeq: number,
  expectedCount: number,
  patch?: TablePatch,
): Promise<AppendResult> {
  if (!Number.isInteger(fromSeq) || fromSeq < 0 || fromSeq > expectedCount) return { ok: false, reason: "conflict" };
  const sets: Sql[] = [sql`"actionCount" = ${fromSeq}`, sql`"lastSeat" = NULL`, sql`"lastAction" = NULL`, sql`"updatedAt" = ${new Date()}`];
  // The game's thread told the actions taken back: played again, they are told again (src/table/catch-up.ts).
  for (const c of ["threadFrom", "threadTo"])
    sets.push(sql`${raw(`"${c}"`)} = CASE WHEN ${raw(`"${c}"`)} > ${2 * fromSeq}::int THEN ${2 * fromSeq}::int ELSE ${raw(`"${c}"`)} END`);
  for (const [key, value] of patchColumns(patch ?? {})) sets.push(sql`${raw(`"${key}"`)} = ${value}`);
  const [row] = await db.$queryRaw<Array<{ moved: number }>>(sql`
    WITH moved AS (
      UPDATE "HeartsTable" SET ${joinSql(sets)} WHERE "id" = ${tableId} AND "actionCount" = ${expectedCount} RETURNING "id"
    ), gone AS (
      DELETE FROM "GameAction" WHERE "tableId" IN (SELECT "id" FROM moved) AND "seq" >= ${fromSeq}::int RETURNING 1
    )
    SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM gone)::int AS gone`);
  if (row?.moved === 1) return { ok: true };
  const exists = await db.heartsTable.count({ where: { id: tableId } });
  return { ok: false, reason: exists ? "conflict" : "missing-table" };
}
