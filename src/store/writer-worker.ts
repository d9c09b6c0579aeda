/**
 * The SQLite store's writer thread: commits batches of appended moves on its own connection, so
 * the commit's fsync (synchronous=FULL) and the WAL checkpoints that commits trigger hold this
 * thread, not the event loop every table shares; Forget me's writes, the retention job's and a
 * server purge's deletions run here too. The store sends
 * it one request at a time, in order with its other operations (see SqliteStore.exclusive), so the
 * two connections never write at once.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client.js";
import { commitAppends } from "./appends.js";
import { serve } from "./db-thread.js";
import { useDailySalt } from "./daily.js";
import { dropStaleMenus, forgetPerson, forgetTablesStep, pruneClosedTables, pruneDailyLogs, purgeGuildStep } from "./privacy.js";
import { createTableRow, findOpenTableRow, updateTableRow } from "./tables.js";
import type { WriteRequest } from "./writer.js";

const { file, synchronous } = workerData as { file: string; synchronous: "FULL" | "NORMAL" };
const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 10_000 }) });

async function setUp(): Promise<void> {
  await prisma.$executeRawUnsafe(`PRAGMA synchronous = ${synchronous}`);
  await prisma.$executeRawUnsafe("PRAGMA foreign_keys = ON");
  // This connection commits nearly every write, so it is the one that checkpoints (the default
  // 1,000 pages); the main connection's automatic checkpoints are off (SqliteStore.open).
  await prisma.$queryRawUnsafe("PRAGMA wal_autocheckpoint = 1000");
}

serve<WriteRequest & { id: number }>(parentPort!, setUp(), (req) => {
  switch (req.op) {
    case "append":
      return commitAppends(prisma, req.batch);
    case "createTable":
      return createTableRow(prisma, req.input);
    case "updateTable":
      return updateTableRow(prisma, req.tableId, req.patch);
    case "findOpenTable":
      return findOpenTableRow(prisma, req.channelId);
    case "forgetPerson":
      // The tombstones are keyed by DAILY_SALT when configured: this thread learns it with each request.
      useDailySalt(req.dailySalt);
      return forgetPerson(prisma, req.userId);
    case "forgetTables":
      return forgetTablesStep(prisma, req.userId);
    case "pruneTables":
      return pruneClosedTables(prisma, req.step);
    case "pruneDailies":
      return pruneDailyLogs(prisma, req.step);
    case "purgeStep":
      useDailySalt(req.dailySalt);
      return purgeGuildStep(prisma, req.guildId, { settings: req.settings });
    case "dropStaleMenus":
      return dropStaleMenus(prisma, req.before);
  }
});
