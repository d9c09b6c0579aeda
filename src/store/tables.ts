/**
 * A table row's writes and the open-table lookup: the same statements on the writer thread's
 * connection (writer-worker.ts) or, while that thread is not up, on the main one (sqlite.ts). They
 * give back rows; the caller reads them into records (records.ts toRecord), so a corrupt row is
 * reported as one on the main thread.
 */
import type { PrismaClient } from "../generated/prisma/client.js";
import { newTableRow, OPEN_STATUSES, toColumns } from "./records.js";
import type { NewTable, TablePatch } from "../table/store.js";

export function createTableRow(prisma: PrismaClient, input: NewTable) {
  return prisma.heartsTable.create({ data: newTableRow(input) });
}

export function updateTableRow(prisma: PrismaClient, id: string, patch: TablePatch) {
  return prisma.heartsTable.update({ where: { id }, data: toColumns(patch) });
}

export function findOpenTableRow(prisma: PrismaClient, channelId: string) {
  return prisma.heartsTable.findFirst({
    where: { status: { in: OPEN_STATUSES }, OR: [{ channelId, threadId: null }, { threadId: channelId }] },
    orderBy: { createdAt: "desc" },
  });
}

export type TableRowOf = Awaited<ReturnType<typeof createTableRow>>;
