/**
 * The Store on Prisma + PostgreSQL (Prisma's pg driver adapter, JS engine: no engine binary), for
 * bots that outgrow one SQLite file: many processes on many machines share one database.
 *
 * Differences from SqliteStore, and why:
 * - a pool of connections, not one queue: operations of different tables run in parallel, and
 *   PostgreSQL groups concurrent commits into one WAL flush itself (no batching needed here);
 *   operations of one table still run in the order they were issued (`perTable`);
 * - appendAction is one statement (a data-modifying WITH: the guarded UPDATE and the log INSERT),
 *   autocommitted, so the action is durable (synchronous_commit) before it is acknowledged; a
 *   racing writer blocks on the row lock, then finds the count moved and matches nothing;
 * - standings of one guild are updated under a transaction-scoped advisory lock, so two games
 *   finishing at once on two machines cannot both read the old ratings (a lost update).
 */
import { sqltag as sql, join as joinSql, raw, type Sql } from "@prisma/client/runtime/client";
import { PrismaClient } from "../generated/prisma-pg/client.js";
import type { Action } from "../game/index.js";
import { migratePostgres, pgAdapter } from "./migrate-pg.js";
import { pgErrorText, pgTarget } from "./pg-url.js";
import {
  CorruptRowError,
  OPEN_STATUSES as OPEN,
  actionRecords,
  finishedGameRecord,
  guildSettingsColumns,
  guildSettingsRecord,
  newTableRow,
  patchColumns,
  toColumns,
  toRecord,
} from "./records.js";
import { computeStandings, leaderboard, playerCard, recordFinished, replaceStandings, type LeaderboardQuery, type StandingsDb } from "./standings.js";
import type { AppendResult, FinishedGame, GuildSettings, HeartsStore, NewTable, StoredAction, TablePatch, TableRecord } from "./types.js";

/** First key of the two-key advisory locks that serialise a guild's standings updates. */
const STANDINGS_LOCK = 72707370;
const TX = { maxWait: 10_000, timeout: 30_000 };

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { kind?: string; originalCode?: string } };
  return err?.code === "P2002" || err?.cause?.kind === "UniqueConstraintViolation" || err?.cause?.originalCode === "23505" || /unique constraint/i.test(String((e as Error)?.message));
};

const lockStandings = (tx: StandingsDb, guildId: string) => tx.$queryRaw(sql`SELECT pg_advisory_xact_lock(${STANDINGS_LOCK}::int, hashtext(${guildId}))::text AS locked`);

export class PostgresStore implements HeartsStore {
  readonly kind = "postgres";
  readonly appendStats = { appends: 0, commits: 0 };
  private readonly tails = new Map<string, Promise<unknown>>();

  /** The Prisma client, for tests and tools. */
  private constructor(readonly prisma: PrismaClient) {}

  static async open(databaseUrl: string): Promise<PostgresStore> {
    const target = pgTarget(databaseUrl);
    await migratePostgres(databaseUrl);
    // Connections per process (per shard): ?connection_limit=N in the URL, default 10.
    const prisma = new PrismaClient({ adapter: pgAdapter(databaseUrl, { max: target.poolSize }) });
    try {
      await prisma.$queryRaw`SELECT 1`;
    } catch (e) {
      await prisma.$disconnect().catch(() => undefined);
      throw new Error(`cannot connect to PostgreSQL at ${target.shown}: ${pgErrorText(e, databaseUrl)}`);
    }
    return new PostgresStore(prisma);
  }

  /** Runs `fn` after the operations on this table issued before it (other tables are not held up). */
  private perTable<T>(tableId: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(tableId) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    this.tails.set(tableId, tail);
    void tail.then(() => {
      if (this.tails.get(tableId) === tail) this.tails.delete(tableId);
    });
    return run;
  }

  async createTable(input: NewTable): Promise<TableRecord> {
    return toRecord(await this.prisma.heartsTable.create({ data: newTableRow(input) }));
  }

  getTable(id: string): Promise<TableRecord | null> {
    return this.perTable(id, async () => {
      const row = await this.prisma.heartsTable.findUnique({ where: { id } });
      return row ? toRecord(row) : null;
    });
  }

  async findOpenTable(channelId: string): Promise<TableRecord | null> {
    const row = await this.prisma.heartsTable.findFirst({
      where: { status: { in: OPEN }, OR: [{ channelId, threadId: null }, { threadId: channelId }] },
      orderBy: { createdAt: "desc" },
    });
    return row ? toRecord(row) : null;
  }

  updateTable(id: string, patch: TablePatch): Promise<TableRecord> {
    return this.perTable(id, async () => toRecord(await this.prisma.heartsTable.update({ where: { id }, data: toColumns(patch) })));
  }

  appendAction(tableId: string, seq: number, seat: number, action: Action, patch?: TablePatch): Promise<AppendResult> {
    return this.perTable(tableId, async () => {
      const now = new Date();
      const sets: Sql[] = [sql`"actionCount" = ${seq + 1}`, sql`"lastSeat" = ${seat}`, sql`"lastAction" = ${JSON.stringify(action)}`, sql`"updatedAt" = ${now}`];
      for (const [key, value] of patchColumns(patch ?? {})) sets.push(sql`${raw(`"${key}"`)} = ${value}`);
      let written: number;
      try {
        // One statement, so one atomic autocommit: the row's count moves and the log row appears together.
        written = await this.prisma.$executeRaw(sql`
          WITH moved AS (
            UPDATE "HeartsTable" SET ${joinSql(sets)} WHERE "id" = ${tableId} AND "actionCount" = ${seq} RETURNING "id"
          )
          INSERT INTO "GameAction" ("tableId", "seq", "seat", "action", "createdAt")
          SELECT "id", ${seq}::int, ${seat}::int, ${JSON.stringify(action)}::text, ${now}::timestamp(3) FROM moved`);
      } catch (e) {
        if (isUniqueViolation(e)) return { ok: false, reason: "conflict" };
        throw e;
      }
      this.appendStats.appends++;
      this.appendStats.commits++;
      if (written === 1) return { ok: true };
      const exists = await this.prisma.heartsTable.count({ where: { id: tableId } });
      return { ok: false, reason: exists ? "conflict" : "missing-table" };
    });
  }

  loadActions(tableId: string): Promise<StoredAction[]> {
    return this.perTable(tableId, async () => actionRecords(tableId, await this.prisma.gameAction.findMany({ where: { tableId }, orderBy: { seq: "asc" } })));
  }

  async listOpenTables(): Promise<TableRecord[]> {
    const rows = await this.prisma.heartsTable.findMany({ where: { status: { in: OPEN } }, orderBy: { createdAt: "asc" } });
    const out: TableRecord[] = [];
    for (const row of rows) {
      try {
        out.push(toRecord(row));
      } catch (e) {
        // One corrupt row must not stop the others from resuming: mark it broken and go on.
        await this.prisma.heartsTable.update({ where: { id: row.id }, data: { status: "broken", brokenReason: String((e as Error).message) } });
      }
    }
    return out;
  }

  recordFinishedGame(game: FinishedGame): Promise<void> {
    return this.perTable(game.tableId, () =>
      this.prisma.$transaction(async (tx) => {
        await lockStandings(tx, game.guildId);
        await recordFinished(tx, game);
      }, TX),
    );
  }

  async getGuildSettings(guildId: string): Promise<GuildSettings> {
    return guildSettingsRecord(guildId, await this.prisma.guildSettings.findUnique({ where: { guildId } }));
  }

  async updateGuildSettings(guildId: string, patch: Partial<Omit<GuildSettings, "guildId">>): Promise<GuildSettings> {
    const data = guildSettingsColumns(patch);
    return guildSettingsRecord(guildId, await this.prisma.guildSettings.upsert({ where: { guildId }, create: { guildId, ...data }, update: data }));
  }

  leaderboard(query: LeaderboardQuery) {
    return leaderboard(this.prisma, query);
  }

  playerCard(guildId: string, playerKey: string) {
    return playerCard(this.prisma, guildId, playerKey);
  }

  /** Recomputes a guild's standings from its finished games, under the same lock as recording one. */
  async rebuildStandings(guildId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await lockStandings(tx, guildId);
      await replaceStandings(tx, guildId, await computeStandings(tx, guildId));
    }, TX);
  }

  async listFinishedGames(guildId: string, limit = 100): Promise<FinishedGame[]> {
    const rows = await this.prisma.finishedGame.findMany({ where: { guildId }, orderBy: { finishedAt: "desc" }, take: limit, include: { results: true } });
    return rows.map(finishedGameRecord);
  }

  async close(): Promise<void> {
    await Promise.all([...this.tails.values()]);
    await this.prisma.$disconnect();
  }
}

export { CorruptRowError };
