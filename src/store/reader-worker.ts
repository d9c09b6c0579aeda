/**
 * The SQLite store's heavy reads, in a worker thread with its own connection to the database file:
 * leaderboards, player cards, the standings recomputed from every game, and /hearts privacy. better-sqlite3 is
 * synchronous, so on the main thread a 100,000-game player card held the event loop (and every
 * table) for 100–300 ms; here it holds only this thread. WAL lets this connection read while the
 * main one writes, and it is read-only (query_only).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client.js";
import { serve } from "./db-thread.js";
import { personalData, storedGuilds } from "./privacy.js";
import { leaderboard, playerCard, standingsSnapshot } from "./standings.js";
import type { ReadRequest } from "./reader.js";

const { file } = workerData as { file: string };
const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 10_000 }) });

serve<ReadRequest>(parentPort!, prisma.$executeRawUnsafe("PRAGMA query_only = ON"), async (req) => {
  switch (req.op) {
    case "leaderboard":
      return leaderboard(prisma, req.query);
    case "playerCard":
      return playerCard(prisma, req.guildId, req.playerKey);
    case "standings":
      return standingsSnapshot(prisma, req.guildId);
    case "personalData":
      return personalData(prisma, req.userId);
    case "storedGuilds":
      return storedGuilds(prisma);
  }
});
