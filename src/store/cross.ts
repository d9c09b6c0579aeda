/**
 * Requests that must reach every shard process on every machine (src/discord/shards/cross-machine.ts):
 * a row per request, and per shard how far it has read. Written once for both databases (the
 * SQLite and PostgreSQL clients have the same models).
 */
import type { PrismaClient } from "../generated/prisma/client.js";
import type { CrossKind, CrossRequest } from "../table/store.js";

/** Both stores' clients satisfy this (same models); the PostgreSQL one is passed through a cast. */
type CrossDb = PrismaClient;

const KINDS: readonly string[] = ["forget", "purge", "left"] satisfies CrossKind[];

export async function addCrossRequest(db: CrossDb, kind: CrossKind, subject: string): Promise<number> {
  return (await db.crossRequest.create({ data: { kind, subject }, select: { id: true } })).id;
}

export async function pendingCrossRequests(db: CrossDb, shard: string, limit: number): Promise<CrossRequest[]> {
  const cursor = await db.crossCursor.findUnique({ where: { shard } });
  if (!cursor) {
    // A shard never seen (the first start, or a new shard count) starts from now: older requests
    // were for tables that other processes held, and a person forgotten then may have sat down again.
    const newest = await db.crossRequest.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
    await markCrossRequests(db, shard, newest?.id ?? 0);
    return [];
  }
  const rows = await db.crossRequest.findMany({ where: { id: { gt: cursor.lastId } }, orderBy: { id: "asc" }, take: limit });
  // A kind this version does not know (written by a newer one) is skipped, not misapplied.
  return rows.filter((r) => KINDS.includes(r.kind)).map((r) => ({ ...r, kind: r.kind as CrossKind }));
}

export async function markCrossRequests(db: CrossDb, shard: string, lastId: number): Promise<void> {
  const updatedAt = new Date();
  await db.crossCursor.upsert({ where: { shard }, create: { shard, lastId, updatedAt }, update: { lastId, updatedAt } });
}

export async function pruneCrossRequests(db: CrossDb, shards: string[], before: Date): Promise<number> {
  const cursors = await db.crossCursor.findMany({ where: { shard: { in: shards } }, select: { lastId: true } });
  const readByAll = cursors.length === shards.length && shards.length ? Math.min(...cursors.map((c) => c.lastId)) : 0;
  return (await db.crossRequest.deleteMany({ where: { OR: [{ id: { lte: readByAll } }, { createdAt: { lt: before } }] } })).count;
}
