/**
 * The Store on Prisma + PostgreSQL (Prisma's pg driver adapter, JS engine: no engine binary), for
 * bots that outgrow one SQLite file: many processes on many machines share one database.
 *
 * Differences from SqliteStore, and why:
 * - a pool of connections, not one queue: operations of different tables run in parallel;
 *   operations of one table still run in the order they were issued (`perTable`);
 * - an append is one statement (a data-modifying WITH: the guarded UPDATE and the log INSERT),
 *   autocommitted (appends-pg.ts); appends that arrive while others are being written share one
 *   statement (group commit, group-commit.ts);
 * - standings of one guild are updated under a transaction-scoped advisory lock, so two games
 *   finishing at once on two machines cannot both read the old ratings (a lost update).
 */
import { sqltag as sql } from "@prisma/client/runtime/client";
import { PrismaClient } from "../generated/prisma-pg/client.js";
import type { Action } from "../game/index.js";
import { MAX_BATCH, truncateLog, writeAppends } from "./appends-pg.js";
import { GroupCommit } from "./group-commit.js";
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
  playerPrefsColumns,
  playerPrefsRecord,
  toColumns,
  toRecord,
} from "./records.js";
import { addCrossRequest, markCrossRequests, pendingCrossRequests, pruneCrossRequests } from "./cross.js";
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
  type PrivacyDb,
} from "./privacy.js";
import { computeStandings, leaderboard, playerCard, recordFinished, replaceStandings, type StandingsDb } from "./standings.js";
import type {
  AppendResult,
  CrossKind,
  CrossRequest,
  ForgetResult,
  LeaderboardQuery,
  PersonalData,
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
import { tournamentStore, type TournamentDb } from "./tournaments.js";
import type { TournamentStore } from "./types.js";

/** First key of the two-key advisory locks that serialise a guild's standings updates. */
const STANDINGS_LOCK = 72707370;
/** First key of the advisory lock that serialises the starts of one person's day of the daily challenge. */
const DAILY_START_LOCK = 72707371;
const TX = { maxWait: 10_000, timeout: 30_000 };

const lockStandings = (tx: StandingsDb, guildId: string) =>
  tx.$queryRaw(sql`SELECT pg_advisory_xact_lock(${STANDINGS_LOCK}::int, hashtext(${guildId}))::text AS locked`);

/** Serialises the starts of one person's day (two shards or machines starting it at once). */
const lockDailyStart = (tx: daily.DailyDb, day: number, userId: string) =>
  (tx as unknown as StandingsDb).$queryRaw(
    sql`SELECT pg_advisory_xact_lock(${DAILY_START_LOCK}::int, hashtext(${`${day}:${userId}`}))::text AS locked`,
  );

export class PostgresStore implements HeartsStore {
  readonly kind = "postgres";
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly appends: GroupCommit;
  readonly appendStats: { appends: number; commits: number };

  /** The Prisma client, for tests and tools. */
  private constructor(
    readonly prisma: PrismaClient,
    poolSize: number,
  ) {
    this.appends = new GroupCommit({
      write: (batch) => writeAppends(this.prisma, batch),
      maxBatch: MAX_BATCH,
      // Batches written at once; the rest of the pool stays free for reads and other writes.
      maxInFlight: Math.max(1, Math.floor(poolSize / 2)),
    });
    this.appendStats = this.appends.stats;
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
   * Group commit (group-commit.ts), as on SQLite but for round trips rather than fsyncs: up to
   * `maxFlushes` batches are written at once, and appends that arrive meanwhile wait and are then
   * written together in one statement (one round trip, one commit). A table's appends are queued
   * one at a time (perTable), so a batch never holds two appends of one table.
   */
  appendAction(tableId: string, seq: number, seat: number, action: Action, patch?: TablePatch): Promise<AppendResult> {
    return this.perTable(tableId, () => this.appends.append({ tableId, seq, seat, action, patch }));
  }

  truncateActions(tableId: string, fromSeq: number, expectedCount: number, patch?: TablePatch): Promise<AppendResult> {
    return this.perTable(tableId, () => truncateLog(this.prisma, tableId, fromSeq, expectedCount, patch));
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

  /** The tournaments' rows (tournaments.ts). */
  get tournaments(): TournamentStore {
    return (this.tournamentRows ??= tournamentStore(this.prisma as unknown as TournamentDb));
  }
  private tournamentRows: TournamentStore | undefined;

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

  listPlayerDailies(userId: string, limit: number): Promise<Array<{ day: number; points: number; guildId: string }>> {
    return daily.listPlayerDailies(this.daily, userId, limit);
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
