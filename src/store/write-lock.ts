/**
 * A transaction that reads and then writes must take the write lock with its first statement.
 * In SQLite's WAL mode a deferred transaction that has read fails at once with SQLITE_BUSY_SNAPSHOT
 * when it tries to write after another process (another shard) committed in between: busy_timeout
 * does not help there. A write as the first statement waits for the lock (busy_timeout) instead.
 * On PostgreSQL the statement changes nothing and locks no row.
 */
import { sqltag as sql } from "@prisma/client/runtime/client";

type Sql = ReturnType<typeof sql>;

export async function takeWriteLock(tx: { $executeRaw(query: Sql): PromiseLike<number> }): Promise<void> {
  await tx.$executeRaw(sql`UPDATE "HeartsTable" SET "id" = "id" WHERE 1 = 0`);
}
