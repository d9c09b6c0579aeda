/**
 * The Store on Prisma + SQLite (better-sqlite3 driver adapter, JS engine: no engine binary).
 * Durability: WAL with synchronous=FULL, so an appended action is on disk (fsync of the WAL) before
 * the bot tells anyone about it, even across a power cut; NORMAL would only survive a process crash.
 * busy_timeout lets several processes share the file. Appended moves, the hot write, are committed
 * in a writer thread (writer.ts) and heavy reads run in a reader thread (reader.ts), so neither the
 * commit's fsync nor a 100,000-game player card holds the event loop that every table shares.
 *
 * One client = one better-sqlite3 connection, and the adapter runs plain queries without waiting for
 * an open interactive transaction: a query issued meanwhile would run inside it (acknowledged before
 * its COMMIT, and undone by its ROLLBACK). So every operation of a store runs one at a time
 * (`exclusive`); SQLite is synchronous here anyway, so nothing is lost in throughput.
 */
import { resolve } from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client.js";
import type { Action } from "../game/index.js";
import { createPrivateFile, makePrivateDatabase } from "./file-modes.js";
import * as daily from "./daily.js";
import { migrate } from "./migrate.js";
import {
  OPEN_STATUSES as OPEN,
  actionRecords,
  finishedGameRecord,
  guildSettingsColumns,
  guildSettingsRecord,
  openRecords,
  playerPrefsColumns,
  playerPrefsRecord,
  toRecord,
} from "./records.js";
import {
  departedGuilds,
  dropStaleMenus,
  FORGET_BATCH,
  forgetPerson,
  forgetTablesStep,
  personalData,
  pruneClosedTables,
  pruneDailyLogs,
  storedGuilds,
  purgeGuildStep,
  purgeInSteps,
  retentionOverrides,
} from "./privacy.js";
import { commitAppends, truncateLog } from "./appends.js";
import { createTableRow, findOpenTableRow, updateTableRow } from "./tables.js";
import { GroupCommit, type AppendItem } from "./group-commit.js";
import { addCrossRequest, markCrossRequests, pendingCrossRequests, pruneCrossRequests } from "./cross.js";
import { ReadCache, StandingsReader } from "./reader.js";
import { AppendWriter } from "./writer.js";
import {
  leaderboard,
  playerCard,
  rebuildStandings,
  recordFinished,
  replaceStandings,
  standingsSnapshot,
  standingsSnapshotMark,
} from "./standings.js";
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
import { takeWriteLock } from "./write-lock.js";
import { tournamentStore, type TournamentDb } from "./tournaments.js";
import type { TournamentStore } from "./types.js";

export const DEFAULT_DATABASE_URL = "file:./data/hearts.db";
/** FULL: see the header. HEARTS_SQLITE_SYNCHRONOUS=NORMAL only for measuring what FULL costs. */
const SYNCHRONOUS = process.env.HEARTS_SQLITE_SYNCHRONOUS === "NORMAL" ? "NORMAL" : "FULL";

/** A file: URL naming a file on disk (not an in-memory database). */
const isSqliteFile = (url: string): boolean => /^file:(?!:memory:)[^?]/.test(url);

export function sqliteFile(url: string): string {
  return resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
}

export class SqliteStore implements HeartsStore {
  readonly kind = "sqlite";
  /** The Prisma client, for tests and tools only while nothing else uses this store (see `exclusive`). */
  private constructor(
    readonly prisma: PrismaClient,
    file: string | null,
    writerRestartMs?: number,
  ) {
    this.writer = new AppendWriter(file, SYNCHRONOUS, (batch) => this.commitHere(batch), writerRestartMs);
    this.reader = new StandingsReader(file, {
      leaderboard: (q) => this.exclusive(() => leaderboard(this.prisma, q)),
      playerCard: (guildId, playerKey) => this.exclusive(() => playerCard(this.prisma, guildId, playerKey)),
      standings: (guildId) => this.exclusive(() => standingsSnapshot(this.prisma, guildId)),
      personalData: (userId) => this.exclusive(() => personalData(this.prisma, userId)),
      storedGuilds: () => this.exclusive(() => storedGuilds(this.prisma)),
    });
  }

  /** Appended moves are committed in a writer thread (see writer.ts). */
  readonly writer: AppendWriter;
  /** Leaderboards, player cards and standings rebuilds run in a worker thread (see reader.ts). */
  readonly reader: StandingsReader;
  /** A few seconds of leaderboards and cards, one query in flight per question. */
  readonly reads = new ReadCache();

  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` after every operation started before it has finished. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.appends.close();
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * `migrations`: another folder of migrations than the committed one (tests of a future migration);
   * `writerRestartMs`: how soon a writer thread that died is started again (fault tests).
   */
  static async open(
    databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    opts: { migrations?: string; writerRestartMs?: number } = {},
  ): Promise<SqliteStore> {
    const file = sqliteFile(databaseUrl);
    // Private before SQLite creates anything: folder 0700 (when created here), file 0600 (see file-modes.ts).
    if (isSqliteFile(databaseUrl)) makePrivateDatabase(file);
    // It explains a URL that is not a SQLite file.
    await migrate(databaseUrl, { dir: opts.migrations });
    // timeout = busy_timeout in ms: other processes (shards) may hold the write lock briefly.
    const adapter = new PrismaBetterSQLite3({ url: file, timeout: 10_000 });
    const prisma = new PrismaClient({ adapter });
    await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await prisma.$executeRawUnsafe(`PRAGMA synchronous = ${SYNCHRONOUS}`);
    await prisma.$executeRawUnsafe("PRAGMA foreign_keys = ON");
    // The writer thread commits nearly every write and checkpoints; a checkpoint here would hold
    // the event loop (this store checkpoints itself only while it commits appends, see commitHere).
    if (isSqliteFile(databaseUrl)) await prisma.$queryRawUnsafe("PRAGMA wal_autocheckpoint = 0");
    return new SqliteStore(prisma, isSqliteFile(databaseUrl) ? file : null, opts.writerRestartMs);
  }

  /** In the writer's thread (see AppendWriter.createTable), in turn with the other writes. */
  createTable(input: NewTable): Promise<StoredTable> {
    return this.exclusive(async () => toRecord(await this.writer.createTable(input, () => createTableRow(this.prisma, input))));
  }

  /** Rewrites the file header's user_version with its own value: a write transaction, a WAL frame. */
  probeWrite(): Promise<void> {
    return this.exclusive(async () => {
      const [{ user_version }] = await this.prisma.$queryRawUnsafe<Array<{ user_version: number | bigint }>>("PRAGMA user_version");
      await this.prisma.$executeRawUnsafe(`PRAGMA user_version = ${Number(user_version)}`);
    });
  }

  saveMenus(menus: SavedMenu[]): Promise<void> {
    return this.exclusive(async () => {
      for (const m of menus) {
        await this.prisma.menuToken.upsert({ where: { tableId_userId: { tableId: m.tableId, userId: m.userId } }, create: m, update: m });
      }
    });
  }

  takeMenus(tableIds: string[]): Promise<SavedMenu[]> {
    return this.exclusive(async () => {
      const where = { tableId: { in: tableIds } };
      const rows = await this.prisma.menuToken.findMany({ where });
      if (rows.length) await this.prisma.menuToken.deleteMany({ where });
      return rows.map(({ tableId, userId, appId, token, shownAt }) => ({ tableId, userId, appId, token, shownAt }));
    });
  }

  getTable(id: string): Promise<StoredTable | null> {
    return this.exclusive(async () => {
      const row = await this.prisma.heartsTable.findUnique({ where: { id } });
      return row ? toRecord(row) : null;
    });
  }

  findOpenTable(channelId: string): Promise<StoredTable | null> {
    return this.exclusive(async () => {
      const row = await this.writer.findOpenTable(channelId, () => findOpenTableRow(this.prisma, channelId));
      return row ? toRecord(row) : null;
    });
  }

  updateTable(id: string, patch: TablePatch): Promise<StoredTable> {
    return this.exclusive(async () => toRecord(await this.writer.updateTable(id, patch, () => updateTableRow(this.prisma, id, patch))));
  }

  /**
   * Group commit (group-commit.ts): appends that arrive while the store is busy wait in one batch
   * and are committed in one transaction, so many tables share one fsync. Any other operation
   * closes the open batch, so operations still run in the order they were issued.
   */
  appendAction(tableId: string, seq: number, seat: number, action: Action, patch?: TablePatch): Promise<AppendResult> {
    return this.appends.append({ tableId, seq, seat, action, patch });
  }

  private readonly appends = new GroupCommit({
    write: (batch) => this.writer.commit(batch),
    gate: (flush) => this.exclusive(flush),
  });

  /** Appends stored, and commits they took (their ratio is the mean batch size). */
  readonly appendStats = this.appends.stats;
  private localCommits = 0;

  /** Appends committed on this thread (no writer thread): it then also checkpoints, now and then. */
  private async commitHere(batch: AppendItem[]): Promise<AppendResult[]> {
    const results = await commitAppends(this.prisma, batch);
    if (++this.localCommits % 200 === 0) await this.prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(PASSIVE)");
    return results;
  }

  truncateActions(tableId: string, fromSeq: number, expectedCount: number, patch?: TablePatch): Promise<AppendResult> {
    return this.exclusive(() => truncateLog(this.prisma, tableId, fromSeq, expectedCount, patch));
  }

  loadActions(tableId: string): Promise<StoredAction[]> {
    return this.exclusive(async () => {
      return actionRecords(tableId, await this.prisma.gameAction.findMany({ where: { tableId }, orderBy: { seq: "asc" } }));
    });
  }

  listOpenTables(): Promise<StoredTable[]> {
    return this.exclusive(async () => {
      const rows = await this.prisma.heartsTable.findMany({ where: { status: { in: OPEN } }, orderBy: { createdAt: "asc" } });
      return openRecords(rows, (id, brokenReason) =>
        this.prisma.heartsTable.update({ where: { id }, data: { status: "broken", brokenReason } }),
      );
    });
  }

  recordFinishedGame(game: FinishedGame): Promise<void> {
    return this.exclusive(async () => {
      await this.prisma.$transaction(async (tx) => {
        await takeWriteLock(tx);
        await recordFinished(tx, game);
      });
      this.reads.invalidate(game.guildId);
    });
  }

  getGuildSettings(guildId: string): Promise<GuildSettings> {
    return this.exclusive(async () => {
      return guildSettingsRecord(guildId, await this.prisma.guildSettings.findUnique({ where: { guildId } }));
    });
  }

  updateGuildSettings(guildId: string, patch: GuildSettingsPatch): Promise<GuildSettings> {
    return this.exclusive(async () => {
      const data = guildSettingsColumns(patch);
      // Not this.getGuildSettings: it would wait behind this very operation.
      return guildSettingsRecord(
        guildId,
        await this.prisma.guildSettings.upsert({ where: { guildId }, create: { guildId, ...data }, update: data }),
      );
    });
  }

  /** The tournaments' rows (tournaments.ts), in turn with the other operations. */
  get tournaments(): TournamentStore {
    return (this.tournamentRows ??= tournamentStore(this.prisma as unknown as TournamentDb, (fn) => this.exclusive(fn)));
  }
  private tournamentRows: TournamentStore | undefined;

  /** The daily tables through the structural client the shared code needs. */
  private get daily(): daily.DailyDb {
    return this.prisma as unknown as daily.DailyDb;
  }

  secret(name: string, candidate: string): Promise<string> {
    return this.exclusive(() => daily.secret(this.daily, name, candidate));
  }

  getDailySession(guildId: string, day: number, userId: string): Promise<DailySession | null> {
    return this.exclusive(() => daily.getDailySession(this.daily, guildId, day, userId));
  }

  startDailySession(input: NewDailySession): Promise<DailySession> {
    // The write lock first: another shard's start of the same person's day waits for this one.
    const lock = (tx: daily.DailyDb) => takeWriteLock(tx as unknown as Parameters<typeof takeWriteLock>[0]);
    return this.exclusive(() => daily.startDailySession(this.daily, input, lock));
  }

  saveDailyProgress(
    guildId: string,
    day: number,
    userId: string,
    expectedCount: number,
    actions: Action[],
    result?: DailySession["result"],
  ): Promise<boolean> {
    return this.exclusive(() => daily.saveDailyProgress(this.daily, guildId, day, userId, expectedCount, actions, result));
  }

  findDailySession(day: number, userId: string): Promise<DailySession | null> {
    return this.exclusive(() => daily.findDailySession(this.daily, day, userId));
  }

  fixDailyRules(guildId: string, day: number, candidate: string): Promise<string> {
    return this.exclusive(() => daily.fixDailyRules(this.daily, guildId, day, candidate));
  }

  markDailyShared(guildId: string, day: number, userId: string, at: Date): Promise<boolean> {
    return this.exclusive(() => daily.markDailyShared(this.daily, guildId, day, userId, at));
  }

  isDailyTombstoned(userId: string, day: number): Promise<boolean> {
    return this.exclusive(() => daily.isDailyTombstoned(this.daily, userId, day));
  }

  useDailySalt(salt: string | null): void {
    daily.useDailySalt(salt);
  }

  listDailyResults(guildId: string, day: number): Promise<DailySession[]> {
    return this.exclusive(() => daily.listDailyResults(this.daily, guildId, day));
  }

  listPlayerDailies(userId: string, limit: number): Promise<Array<{ day: number; points: number; guildId: string }>> {
    return this.exclusive(() => daily.listPlayerDailies(this.daily, userId, limit));
  }

  getCached(kind: string, key: string): Promise<string | null> {
    return this.exclusive(() => daily.getCached(this.daily, kind, key));
  }

  putCached(kind: string, key: string, value: string): Promise<void> {
    return this.exclusive(() => daily.putCached(this.daily, kind, key, value));
  }

  /** The guild's standings, for /hearts leaderboard. */
  getPlayerPrefs(userId: string): Promise<PlayerPrefs> {
    return this.exclusive(async () => playerPrefsRecord(userId, await this.prisma.playerPrefs.findUnique({ where: { userId } })));
  }

  setPlayerPrefs(userId: string, patch: Partial<Omit<PlayerPrefs, "userId">>): Promise<PlayerPrefs> {
    return this.exclusive(async () => {
      const data = playerPrefsColumns(patch);
      return playerPrefsRecord(
        userId,
        await this.prisma.playerPrefs.upsert({ where: { userId }, create: { userId, ...data }, update: data }),
      );
    });
  }

  /** The guild's standings, for /hearts leaderboard (in the reader's thread, cached a few seconds). */
  leaderboard(query: LeaderboardQuery) {
    return this.reads.get(query.guildId, `lb:${JSON.stringify(query)}`, () => this.reader.leaderboard(query));
  }

  /**
   * Recomputes a guild's standings from its finished games (safe while the bot runs). The reading
   * and folding of every game happens in the reader's thread; the store then replaces the rows
   * only if no game was recorded meanwhile (else it tries again; the third time, all here).
   */
  async rebuildStandings(guildId: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const snap = await this.reader.standings(guildId);
      const done = await this.exclusive(async () => {
        const now = await standingsSnapshotMark(this.prisma, guildId);
        if (now.maxId !== snap.maxId) return false;
        await this.prisma.$transaction((tx) => replaceStandings(tx, guildId, snap.standings));
        return true;
      });
      if (done) return this.reads.invalidate(guildId);
    }
    await this.exclusive(() => rebuildStandings(this.prisma, guildId));
    this.reads.invalidate(guildId);
  }

  /** In the reader's thread (indexed lookups, but a person with thousands of games is still a long read). */
  personalData(userId: string): Promise<PersonalData> {
    return this.reader.personalData(userId);
  }

  /**
   * The anonymising runs in the writer's thread, in turn with the other writes: the person's rows
   * in one step, then their closed tables 500 at a time (tables' moves run in between); each
   * server's standings are then rebuilt in its own step (read in the reader's thread).
   */
  async forgetUser(userId: string): Promise<ForgetResult> {
    const r = await this.exclusive(() => this.writer.forgetPerson(userId, () => forgetPerson(this.prisma, userId)));
    let tables = 0;
    for (let n = FORGET_BATCH; n === FORGET_BATCH; tables += n)
      n = await this.exclusive(() => this.writer.forgetTables(userId, () => forgetTablesStep(this.prisma, userId)));
    for (const guildId of r.guilds) await this.rebuildStandings(guildId);
    return { ...r, tables };
  }

  async purgeGuild(guildId: string, opts: { settings?: boolean } = {}): Promise<{ tables: number; games: number }> {
    const settings = opts.settings ?? false;
    const r = await purgeInSteps(() =>
      this.exclusive(() => this.writer.purgeStep(guildId, settings, () => purgeGuildStep(this.prisma, guildId, { settings }))),
    );
    this.reads.invalidate(guildId);
    return r;
  }

  pruneClosedTables(opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number }): Promise<number> {
    // In the writer's thread (see AppendWriter.pruneTables), in turn with the other writes.
    return this.exclusive(() => this.writer.pruneTables(opts, () => pruneClosedTables(this.prisma, opts)));
  }

  retentionOverrides(): Promise<Array<{ guildId: string; retentionDays: number }>> {
    return this.exclusive(() => retentionOverrides(this.prisma));
  }

  departedGuilds(before: Date, limit: number): Promise<string[]> {
    return this.exclusive(() => departedGuilds(this.prisma, before, limit));
  }

  pruneDailyLogs(opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number }): Promise<number> {
    return this.exclusive(() => this.writer.pruneDailies(opts, () => pruneDailyLogs(this.prisma, opts)));
  }

  dropStaleMenus(before: Date): Promise<number> {
    return this.exclusive(() => this.writer.dropStaleMenus(before, () => dropStaleMenus(this.prisma, before)));
  }

  storedGuilds(): Promise<string[]> {
    return this.reader.storedGuilds();
  }

  addCrossRequest(kind: CrossKind, subject: string): Promise<number> {
    return this.exclusive(() => addCrossRequest(this.prisma, kind, subject));
  }

  pendingCrossRequests(shard: string, limit: number): Promise<CrossRequest[]> {
    return this.exclusive(() => pendingCrossRequests(this.prisma, shard, limit));
  }

  markCrossRequests(shard: string, lastId: number): Promise<void> {
    return this.exclusive(() => markCrossRequests(this.prisma, shard, lastId));
  }

  pruneCrossRequests(shards: string[], before: Date): Promise<number> {
    return this.exclusive(() => pruneCrossRequests(this.prisma, shards, before));
  }

  /** One player's card, for /hearts stats (in the reader's thread, cached a few seconds). */
  playerCard(guildId: string, playerKey: string) {
    return this.reads.get(guildId, `card:${playerKey}`, () => this.reader.playerCard(guildId, playerKey));
  }

  listFinishedGames(guildId: string, limit = 100): Promise<FinishedGame[]> {
    return this.exclusive(async () => {
      const rows = await this.prisma.finishedGame.findMany({
        where: { guildId },
        orderBy: { finishedAt: "desc" },
        take: limit,
        include: { results: true },
      });
      return rows.map(finishedGameRecord);
    });
  }

  /**
   * A consistent copy of the whole database in `file` (VACUUM INTO), taken while the bot runs:
   * everything committed before the call, nothing half-written. `file` must not exist yet. It is
   * created empty and private (0600) first: VACUUM INTO fills an empty file and keeps its mode.
   */
  backup(file: string): Promise<void> {
    return this.exclusive(async () => {
      createPrivateFile(resolve(file));
      await this.prisma.$executeRawUnsafe("VACUUM INTO ?", resolve(file));
    });
  }

  async close(): Promise<void> {
    await this.reader.close();
    return this.exclusive(async () => {
      await this.writer.close();
      await this.prisma.$disconnect();
    });
  }
}
