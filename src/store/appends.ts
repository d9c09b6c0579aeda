/**
 * A SQLite table's log: appending a move, the hot write of every game (the statement and the
 * batch's transaction, shared by the store's writer thread, writer-worker.ts, and, when that thread
 * cannot run, the store itself on the main thread), and taking moves back (an undo).
 */
import { Prisma, type PrismaClient } from "../generated/prisma/client.js";
import type { AppendItem } from "./group-commit.js";
import { patchColumns } from "./records.js";
import type { AppendResult, TablePatch } from "../table/store.js";

/** DateTime as Prisma stores it in SQLite, so rows written by raw SQL read back the same. */
export const sqlDate = (d: Date): string => d.toISOString().replace("Z", "+00:00");

/** A column value as raw SQL binds it here: dates in Prisma's text form, booleans as 0/1. */
export function columnValue(value: unknown): unknown {
  if (value instanceof Date) return sqlDate(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

const isUniqueViolation = (e: unknown): boolean =>
  (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") ||
  /UNIQUE constraint failed/i.test(String((e as Error)?.message));

type Db = Pick<PrismaClient, "$executeRaw" | "heartsTable">;

/**
 * One append as one statement, so atomic even outside a transaction: the UPDATE only matches while
 * the table's count is still `seq`, and the trigger `append_action` writes the log row; the log's
 * primary key (tableId, seq) refuses a second action at the same number.
 */
async function appendOne(db: Db, { tableId, seq, seat, action, patch }: AppendItem): Promise<AppendResult> {
  const sets = [
    Prisma.sql`"actionCount" = ${seq + 1}`,
    Prisma.sql`"lastSeat" = ${seat}`,
    Prisma.sql`"lastAction" = ${JSON.stringify(action)}`,
    Prisma.sql`"updatedAt" = ${sqlDate(new Date())}`,
  ];
  for (const [key, value] of patchColumns(patch ?? {})) sets.push(Prisma.sql`${Prisma.raw(`"${key}"`)} = ${columnValue(value)}`);
  try {
    const changed = await db.$executeRaw`UPDATE "HeartsTable" SET ${Prisma.join(sets)} WHERE "id" = ${tableId} AND "actionCount" = ${seq}`;
    if (changed === 1) return { ok: true };
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, reason: "conflict" };
    throw e;
  }
  const exists = await db.heartsTable.count({ where: { id: tableId } });
  return { ok: false, reason: exists ? "conflict" : "missing-table" };
}

/**
 * A batch of appends committed together: one transaction, one fsync for many tables (each append
 * still checked on its own; none acknowledged before the COMMIT).
 */
export async function commitAppends(prisma: PrismaClient, batch: AppendItem[]): Promise<AppendResult[]> {
  if (batch.length === 1) return [await appendOne(prisma, batch[0])];
  return prisma.$transaction(
    async (tx) => {
      const out: AppendResult[] = [];
      for (const item of batch) out.push(await appendOne(tx, item));
      return out;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/**
 * An undo: the guarded UPDATE first (so the transaction holds the write lock from its first
 * statement), then the log rows past `fromSeq` go. Setting the count down never fires the trigger
 * `append_action` (it fires on a count one higher), and the next append writes `lastAction` anew.
 */
export async function truncateLog(
  prisma: PrismaClient,
  tableId: string,
  fromSeq: number,
  expectedCount: number,
  patch?: TablePatch,
): Promise<AppendResult> {
  if (!Number.isInteger(fromSeq) || fromSeq < 0 || fromSeq > expectedCount) return { ok: false, reason: "conflict" } as const;
  return prisma.$transaction(
    async (tx) => {
      const sets = [
        Prisma.sql`"actionCount" = ${fromSeq}`,
        Prisma.sql`"lastSeat" = NULL`,
        Prisma.sql`"lastAction" = NULL`,
        Prisma.sql`"updatedAt" = ${sqlDate(new Date())}`,
      ];
      // The game's thread told the actions taken back: played again, they are told again (src/table/catch-up.ts).
      for (const c of ["threadFrom", "threadTo"])
        sets.push(
          Prisma.sql`${Prisma.raw(`"${c}"`)} = CASE WHEN ${Prisma.raw(`"${c}"`)} > ${2 * fromSeq} THEN ${2 * fromSeq} ELSE ${Prisma.raw(`"${c}"`)} END`,
        );
      for (const [key, value] of patchColumns(patch ?? {})) sets.push(Prisma.sql`${Prisma.raw(`"${key}"`)} = ${columnValue(value)}`);
      const changed =
        await tx.$executeRaw`UPDATE "HeartsTable" SET ${Prisma.join(sets)} WHERE "id" = ${tableId} AND "actionCount" = ${expectedCount}`;
      if (changed !== 1)
        return { ok: false, reason: (await tx.heartsTable.count({ where: { id: tableId } })) ? "conflict" : "missing-table" } as const;
      await tx.gameAction.deleteMany({ where: { tableId, seq: { gte: fromSeq } } });
      return { ok: true } as const;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}
