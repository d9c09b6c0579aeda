/**
 * The Store on Prisma + PostgreSQL (Prisma's pg driver adapter, JS engine: no engine binary), for
 * bots that outgrow one SQLite file: many processes on many machines share one database.
 *
 * Differences from SqliteStore, and why:
 * - a pool of connections, not one queue: operations of different tables run in parallel;
 *   operations of one table still run in the order they were issued (`perTable`);
 * - an append is one statement (a data-modifying WITH: the guarded UPDATE and the log INSERT),
 *   autocommitted, so the action is durable (synchronous_commit) before it is acknowledged; a
 *   racing writer blocks on the row lock, then finds the count moved and matches nothing;
 *   appends that arrive while others are being written share one statement (group commit);
 * - standings of one guild are updated under a transaction-scoped advisory lock, so two games
 *   finishing at once on two machines cannot both read the old ratings (a lost update).
 */
import { sqltag as sql, join as joinSql, raw, type Sql } from "@prisma/client/runtime/client";
import { PrismaClient } from "../generated/prisma-pg/client.js";
import type { Action } from "../game/index.js";
import { migratePostgres, pgAdapter } from "./migrate-pg.js";
import { pgErrorText, pgTarget } from "./pg-url.js";
import {
  OPEN_STATUSES as OPEN,
  actionRecords,
  finishedGameRecord,
  guildSettingsColumns,
  guildSettingsRecord,
  newTableRow,
  openRecords,
  patchColumns,
  playerPrefsColumns,
  playerPrefsRecord,
  toColumns,
  toRecord,
} from "./records.js";
import {
  addCrossRequest,
  markCrossRequests,
  pendingCrossRequests,
  pruneCrossRequests,
  type CrossKind,
  type CrossRequest,
} from "./cross.js";
import { ReadCache } from "./reader.js";
import {
  departedGuilds,
  dropStaleMenus,
  forgetUser,
  personalData,
  pruneClosedTables,
  pruneDailyLogs,
  storedGuilds,
  purgeGuildStep,
  purgeInSteps,
  retentionOverrides,
  type ForgetResult,
  type PersonalData,
  type PrivacyDb,
} from "./privacy.js";
import {
  computeStandings,
  leaderboard,
  playerCard,
  recordFinished,
  replaceStandings,
  type LeaderboardQuery,
  type StandingsDb,
} from "./standings.js";
import type {
  AppendResult,
  DailySession,
  GuildSettings,
  GuildSettingsPatch,
  HeartsStore,
  NewDailySession,
  NewTable,
  PlayerPrefs,
  SavedMenu,
  StoredAction,
  TablePatch,
} from "./types.js";
import type { FinishedGame, StoredTable } from "../table/records.js";
import * as daily from "./daily.js";

/** First key of the two-key advisory locks that serialise a guild's standings updates. */
const STANDINGS_LOCK = 72707370;
/** First key of the advisory lock that serialises the starts of one person's day of the daily challenge. */
const DAILY_START_LOCK = 72707371;
const TX = { maxWait: 10_000, timeout: 30_000 };

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { kind?: string; originalCode?: string } };
  return (
    err?.code === "P2002" ||
    err?.cause?.kind === "UniqueConstraintViolation" ||
    err?.cause?.originalCode === "23505" ||
    /unique constraint/i.test(String((e as Error)?.message))
  );
};

/** Appends written by one statement at most (about 10 parameters each). */
const MAX_BATCH = 200;

interface PendingAppend {
  tableId: string;
  seq: number;
  seat: number;
  action: Action;
  patch?: TablePatch;
  at: Date;
  resolve: (r: AppendResult) => void;
  reject: (e: unknown) => void;
}

/** The SET list of an append: the count, the action, the time and the patch's columns. */
function setsFor(p: PendingAppend): Sql[] {
  const sets: Sql[] = [
    sql`"actionCount" = ${p.seq + 1}`,
    sql`"lastSeat" = ${p.seat}`,
    sql`"lastAction" = ${JSON.stringify(p.action)}`,
    sql`"updatedAt" = ${p.at}`,
  ];
  for (const [key, value] of patchColumns(p.patch ?? {})) sets.push(sql`${raw(`"${key}"`)} = ${value}`);
  return sets;
}

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

const lockStandings = (tx: StandingsDb, guildId: string) =>
  tx.$queryRaw(sql`SELECT pg_advisory_xact_lock(${STANDINGS_LOCK}::int, hashtext(${guildId}))::text AS locked`);

/** Serialises the starts of one person's day (two shards or machines starting it at once). */
const lockDailyStart = (tx: daily.DailyDb, day: number, userId: string) =>
  (tx as unknown as StandingsDb).$queryRaw(
    sql`SELECT pg_advisory_xact_lock(${DAILY_START_LOCK}::int, hashtext(${`${day}:${userId}`}))::text AS locked`,
  );

export class PostgresStore implements HeartsStore {
  readonly kind = "postgres";
  readonly appendStats = { appends: 0, commits: 0 };
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Appends written at once; the rest of the pool stays free for reads and other writes. */
  private readonly maxFlushes: number;

  /** The Prisma client, for tests and tools. */
  private constructor(
    readonly prisma: PrismaClient,
    poolSize: number,
  ) {
    this.maxFlushes = Math.max(1, Math.floor(poolSize / 2));
  }

  static async open(databaseUrl: string): Promise<PostgresStore> {
    const target = pgTarget(databaseUrl);
    await migratePostgres(databaseUrl);
    // Connections per process (per shard): ?connection_limit=N in the URL, default 10.
    const prisma = new PrismaClient({ adapter: pgAdapter(databaseUrl, { max: target.poolSize }) });
    try {
      await prisma.$queryRaw`SELECT 1`;
    } catch (e) {
      await prisma.$disconnect().catch(() => undefined);
      throw new Error(`cannot connect to PostgreSQL at ${target.shown}: ${pgErrorText(e, databaseUrl)}`, { cause: e });
    }
    return new PostgresStore(prisma, target.poolSize);
  }

  /** Runs `fn` after the operations on this table issued before it (other tables are not held up). */
  private perTable<T>(tableId: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(tableId) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    this.tails.set(tableId, tail);
    // `tail` never rejects (caught above).
    tail
      .then(() => {
        if (this.tails.get(tableId) === tail) this.tails.delete(tableId);
      })
      .catch(() => undefined);
    return run;
  }

  async createTable(input: NewTable): Promise<StoredTable> {
    return toRecord(await this.prisma.heartsTable.create({ data: newTableRow(input) }));
  }

  getTable(id: string): Promise<StoredTable | null> {
    return this.perTable(id, async () => {
      const row = await this.prisma.heartsTable.findUnique({ where: { id } });
      return row ? toRecord(row) : null;
    });
  }

  async findOpenTable(channelId: string): Promise<StoredTable | null> {
    const row = await this.prisma.heartsTable.findFirst({
      where: { status: { in: OPEN }, OR: [{ channelId, threadId: null }, { threadId: channelId }] },
      orderBy: { createdAt: "desc" },
    });
    return row ? toRecord(row) : null;
  }

  updateTable(id: string, patch: TablePatch): Promise<StoredTable> {
    return this.perTable(id, async () => toRecord(await this.prisma.heartsTable.update({ where: { id }, data: toColumns(patch) })));
  }

  /**
   * Group commit, as on SQLite but for round trips rather than fsyncs: up to `maxFlushes` appends
   * run at once, and appends that arrive meanwhile wait in a queue and are then written together in
   * one statement (one round trip, one commit). A table's appends are queued one at a time
   * (perTable), so a batch never holds two appends of one table.
   */
  appendAction(tableId: string, seq: number, seat: number, action: Action, patch?: TablePatch): Promise<AppendResult> {
    return this.perTable(
      tableId,
      () =>
        new Promise<AppendResult>((resolve, reject) => {
          this.queue.push({ tableId, seq, seat, action, patch, at: new Date(), resolve, reject });
          this.pump();
        }),
    );
  }

  private readonly queue: PendingAppend[] = [];
  private flushing = 0;

  private pump(): void {
    while (this.flushing < this.maxFlushes && this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.flushing++;
      // flush() reports a failure to each append of the batch (they reject); nothing else to do here.
      this.flush(batch)
        .catch(() => undefined)
        .finally(() => {
          this.flushing--;
          this.pump();
        });
    }
  }

  private async flush(batch: PendingAppend[]): Promise<void> {
    try {
      let results: AppendResult[];
      if (batch.length === 1) results = [await this.appendOne(batch[0])];
      else {
        try {
          results = await this.appendMany(batch);
        } catch (e) {
          // A log row already at some seq, or a deadlock with another process's batch, fails the
          // whole statement (nothing of it is kept): sort it out one by one.
          if (!isUniqueViolation(e) && !isDeadlock(e)) throw e;
          results = [];
          for (const item of batch) results.push(await this.appendOne(item));
        }
      }
      this.appendStats.appends += batch.length;
      this.appendStats.commits++;
      batch.forEach((item, i) => item.resolve(results[i]));
    } catch (e) {
      for (const item of batch) item.reject(e);
    }
  }

  /** One append in one statement (a data-modifying WITH), so one atomic autocommit. */
  private async appendOne(p: PendingAppend): Promise<AppendResult> {
    let written: number;
    try {
      written = await this.prisma.$executeRaw(sql`
        WITH moved AS (
          UPDATE "HeartsTable" SET ${joinSql(setsFor(p))} WHERE "id" = ${p.tableId} AND "actionCount" = ${p.seq} RETURNING "id"
        )
        INSERT INTO "GameAction" ("tableId", "seq", "seat", "action", "createdAt")
        SELECT "id", ${p.seq}::int, ${p.seat}::int, ${JSON.stringify(p.action)}::text, ${p.at}::timestamp(3) FROM moved`);
    } catch (e) {
      if (isUniqueViolation(e)) return { ok: false, reason: "conflict" };
      throw e;
    }
    if (written === 1) return { ok: true };
    return (await this.refusals([p]))[0];
  }

  /** Several appends (of different tables) in one statement: each UPDATE guarded on its own. */
  private async appendMany(batch: PendingAppend[]): Promise<AppendResult[]> {
    // Row locks taken in one order (by table id) in every process, so two batches do not deadlock.
    const ordered = [...batch].sort((a, b) => (a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : 0));
    const updates = ordered.map(
      (p, k) =>
        sql`${raw(`a${k}`)} AS (UPDATE "HeartsTable" SET ${joinSql(setsFor(p))} WHERE "id" = ${p.tableId} AND "actionCount" = ${p.seq} RETURNING "id")`,
    );
    const moved = raw(ordered.map((_, k) => `SELECT "id" FROM a${k}`).join(" UNION ALL "));
    const values = ordered.map(
      (p) => sql`(${p.tableId}::text, ${p.seq}::int, ${p.seat}::int, ${JSON.stringify(p.action)}::text, ${p.at}::timestamp(3))`,
    );
    const rows = await this.prisma.$queryRaw<Array<{ tableId: string }>>(sql`
      WITH ${joinSql(updates)}, moved AS (${moved})
      INSERT INTO "GameAction" ("tableId", "seq", "seat", "action", "createdAt")
      SELECT v.t, v.s, v.seat, v.a, v.at FROM (VALUES ${joinSql(values)}) AS v(t, s, seat, a, at) JOIN moved ON moved."id" = v.t
      RETURNING "tableId"`);
    const written = new Set(rows.map((r) => r.tableId));
    const refused = batch.filter((p) => !written.has(p.tableId));
    const why = new Map<PendingAppend, AppendResult>();
    if (refused.length) (await this.refusals(refused)).forEach((r, i) => why.set(refused[i], r));
    return batch.map((p) => why.get(p) ?? { ok: true });
  }

  /**
   * An undo in one statement, so one atomic autocommit: the UPDATE guarded on the count, and the
   * log rows from `fromSeq` on deleted only when it matched.
   */
  truncateActions(tableId: string, fromSeq: number, expectedCount: number, patch?: TablePatch): Promise<AppendResult> {
    return this.perTable(tableId, async () => {
      if (!Number.isInteger(fromSeq) || fromSeq < 0 || fromSeq > expectedCount) return { ok: false, reason: "conflict" };
      const sets: Sql[] = [
        sql`"actionCount" = ${fromSeq}`,
        sql`"lastSeat" = NULL`,
        sql`"lastAction" = NULL`,
        sql`"updatedAt" = ${new Date()}`,
      ];
      for (const [key, value] of patchColumns(patch ?? {})) sets.push(sql`${raw(`"${key}"`)} = ${value}`);
      const [row] = await this.prisma.$queryRaw<Array<{ moved: number }>>(sql`
        WITH moved AS (
          UPDATE "HeartsTable" SET ${joinSql(sets)} WHERE "id" = ${tableId} AND "actionCount" = ${expectedCount} RETURNING "id"
        ), gone AS (
          DELETE FROM "GameAction" WHERE "tableId" IN (SELECT "id" FROM moved) AND "seq" >= ${fromSeq}::int RETURNING 1
        )
        SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM gone)::int AS gone`);
      if (row?.moved === 1) return { ok: true };
      const exists = await this.prisma.heartsTable.count({ where: { id: tableId } });
      return { ok: false, reason: exists ? "conflict" : "missing-table" };
    });
  }

  /** Why appends matched no row: their table moved on (conflict) or does not exist. */
  private async refusals(items: PendingAppend[]): Promise<AppendResult[]> {
    const found = await this.prisma.heartsTable.findMany({ where: { id: { in: items.map((p) => p.tableId) } }, select: { id: true } });
    const exists = new Set(found.map((r) => r.id));
    return items.map((p) => ({ ok: false, reason: exists.has(p.tableId) ? "conflict" : "missing-table" }));
  }

  loadActions(tableId: string): Promise<StoredAction[]> {
    return this.perTable(tableId, async () =>
      actionRecords(tableId, await this.prisma.gameAction.findMany({ where: { tableId }, orderBy: { seq: "asc" } })),
    );
  }

  async listOpenTables(): Promise<StoredTable[]> {
    const rows = await this.prisma.heartsTable.findMany({ where: { status: { in: OPEN } }, orderBy: { createdAt: "asc" } });
    return openRecords(rows, (id, brokenReason) =>
      this.prisma.heartsTable.update({ where: { id }, data: { status: "broken", brokenReason } }),
    );
  }

  recordFinishedGame(game: FinishedGame): Promise<void> {
    return this.perTable(game.tableId, () =>
      this.prisma
        .$transaction(async (tx) => {
          await lockStandings(tx, game.guildId);
          await recordFinished(tx, game);
        }, TX)
        .then(() => this.reads.invalidate(game.guildId)),
    );
  }

  /** An UPDATE that keeps every value: PostgreSQL still writes a row version, so it needs a writable server. */
  async probeWrite(): Promise<void> {
    await this.prisma.$executeRaw(
      sql`UPDATE "_prisma_migrations" SET "applied_steps_count" = "applied_steps_count" WHERE "id" = (SELECT "id" FROM "_prisma_migrations" LIMIT 1)`,
    );
  }

  async saveMenus(menus: SavedMenu[]): Promise<void> {
    if (!menus.length) return;
    await this.prisma.$transaction(
      menus.map((m) =>
        this.prisma.menuToken.upsert({ where: { tableId_userId: { tableId: m.tableId, userId: m.userId } }, create: m, update: m }),
      ),
    );
  }

  async takeMenus(tableIds: string[]): Promise<SavedMenu[]> {
    const where = { tableId: { in: tableIds } };
    const rows = await this.prisma.menuToken.findMany({ where });
    if (rows.length) await this.prisma.menuToken.deleteMany({ where });
    return rows.map(({ tableId, userId, appId, token, shownAt }) => ({ tableId, userId, appId, token, shownAt }));
  }

  async getGuildSettings(guildId: string): Promise<GuildSettings> {
    return guildSettingsRecord(guildId, await this.prisma.guildSettings.findUnique({ where: { guildId } }));
  }

  async updateGuildSettings(guildId: string, patch: GuildSettingsPatch): Promise<GuildSettings> {
    const data = guildSettingsColumns(patch);
    return guildSettingsRecord(
      guildId,
      await this.prisma.guildSettings.upsert({ where: { guildId }, create: { guildId, ...data }, update: data }),
    );
  }

  /** The daily tables through the structural client the shared code needs. */
  private get daily(): daily.DailyDb {
    return this.prisma as unknown as daily.DailyDb;
  }

  secret(name: string, candidate: string): Promise<string> {
    return daily.secret(this.daily, name, candidate);
  }

  getDailySession(guildId: string, day: number, userId: string): Promise<DailySession | null> {
    return daily.getDailySession(this.daily, guildId, day, userId);
  }

  startDailySession(input: NewDailySession): Promise<DailySession> {
    return daily.startDailySession(this.daily, input, lockDailyStart);
  }

  saveDailyProgress(
    guildId: string,
    day: number,
    userId: string,
    expectedCount: number,
    actions: Action[],
    result?: DailySession["result"],
  ): Promise<boolean> {
    return daily.saveDailyProgress(this.daily, guildId, day, userId, expectedCount, actions, result);
  }

  findDailySession(day: number, userId: string): Promise<DailySession | null> {
    return daily.findDailySession(this.daily, day, userId);
  }

  fixDailyRules(guildId: string, day: number, candidate: string): Promise<string> {
    return daily.fixDailyRules(this.daily, guildId, day, candidate);
  }

  markDailyShared(guildId: string, day: number, userId: string, at: Date): Promise<boolean> {
    return daily.markDailyShared(this.daily, guildId, day, userId, at);
  }

  isDailyTombstoned(userId: string, day: number): Promise<boolean> {
    return daily.isDailyTombstoned(this.daily, userId, day);
  }

  useDailySalt(salt: string | null): void {
    daily.useDailySalt(salt);
  }

  listDailyResults(guildId: string, day: number): Promise<DailySession[]> {
    return daily.listDailyResults(this.daily, guildId, day);
  }

  listPlayerDailies(guildId: string, userId: string, limit: number): Promise<Array<{ day: number; points: number }>> {
    return daily.listPlayerDailies(this.daily, guildId, userId, limit);
  }

  getCached(kind: string, key: string): Promise<string | null> {
    return daily.getCached(this.daily, kind, key);
  }

  putCached(kind: string, key: string, value: string): Promise<void> {
    return daily.putCached(this.daily, kind, key, value);
  }

  async getPlayerPrefs(userId: string): Promise<PlayerPrefs> {
    return playerPrefsRecord(userId, await this.prisma.playerPrefs.findUnique({ where: { userId } }));
  }

  async setPlayerPrefs(userId: string, patch: Partial<Omit<PlayerPrefs, "userId">>): Promise<PlayerPrefs> {
    const data = playerPrefsColumns(patch);
    return playerPrefsRecord(
      userId,
      await this.prisma.playerPrefs.upsert({ where: { userId }, create: { userId, ...data }, update: data }),
    );
  }

  /** A few seconds of leaderboards and cards, one query in flight per question (a flood costs one query). */
  readonly reads = new ReadCache();

  leaderboard(query: LeaderboardQuery) {
    return this.reads.get(query.guildId, `lb:${JSON.stringify(query)}`, () => leaderboard(this.prisma, query));
  }

  playerCard(guildId: string, playerKey: string) {
    return this.reads.get(guildId, `card:${playerKey}`, () => playerCard(this.prisma, guildId, playerKey));
  }

  /** Recomputes a guild's standings from its finished games, under the same lock as recording one. */
  async rebuildStandings(guildId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await lockStandings(tx, guildId);
      await replaceStandings(tx, guildId, await computeStandings(tx, guildId));
    }, TX);
    this.reads.invalidate(guildId);
  }

  /** The privacy functions are written against the SQLite client's type: same models, same calls. */
  private get privacyDb(): PrivacyDb {
    return this.prisma as unknown as PrivacyDb;
  }

  personalData(userId: string): Promise<PersonalData> {
    return personalData(this.privacyDb, userId);
  }

  async forgetUser(userId: string): Promise<ForgetResult> {
    const r = await forgetUser(this.privacyDb, userId);
    for (const guildId of r.guilds) await this.rebuildStandings(guildId);
    return r;
  }

  async purgeGuild(guildId: string, opts: { settings?: boolean } = {}): Promise<{ tables: number; games: number }> {
    const r = await purgeInSteps(() => purgeGuildStep(this.privacyDb, guildId, opts));
    this.reads.invalidate(guildId);
    return r;
  }

  pruneClosedTables(opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number }): Promise<number> {
    return pruneClosedTables(this.privacyDb, opts);
  }

  retentionOverrides(): Promise<Array<{ guildId: string; retentionDays: number }>> {
    return retentionOverrides(this.privacyDb);
  }

  departedGuilds(before: Date, limit: number): Promise<string[]> {
    return departedGuilds(this.privacyDb, before, limit);
  }

  pruneDailyLogs(opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number }): Promise<number> {
    return pruneDailyLogs(this.privacyDb, opts);
  }

  dropStaleMenus(before: Date): Promise<number> {
    return dropStaleMenus(this.privacyDb, before);
  }

  storedGuilds(): Promise<string[]> {
    return storedGuilds(this.privacyDb);
  }

  addCrossRequest(kind: CrossKind, subject: string): Promise<number> {
    return addCrossRequest(this.privacyDb, kind, subject);
  }

  pendingCrossRequests(shard: string, limit: number): Promise<CrossRequest[]> {
    return pendingCrossRequests(this.privacyDb, shard, limit);
  }

  markCrossRequests(shard: string, lastId: number): Promise<void> {
    return markCrossRequests(this.privacyDb, shard, lastId);
  }

  pruneCrossRequests(shards: string[], before: Date): Promise<number> {
    return pruneCrossRequests(this.privacyDb, shards, before);
  }

  async listFinishedGames(guildId: string, limit = 100): Promise<FinishedGame[]> {
    const rows = await this.prisma.finishedGame.findMany({
      where: { guildId },
      orderBy: { finishedAt: "desc" },
      take: limit,
      include: { results: true },
    });
    return rows.map(finishedGameRecord);
  }

  async close(): Promise<void> {
    await Promise.all([...this.tails.values()]);
    await this.prisma.$disconnect();
  }
}
