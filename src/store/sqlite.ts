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
 * (`inTurn`); SQLite is synchronous here anyway, so nothing is lost in throughput.
 */
import { resolve } from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client.js";
import type { Action } from "../game/index.js";
import { createPrivateFile, makePrivateDatabase } from "./file-modes.js";
import { migrate } from "./migrate.js";
import { FORGET_BATCH, forgetPerson, forgetTablesStep, personalData, storedGuilds, purgeGuildStep, purgeInSteps } from "./privacy.js";
import { commitAppends, truncateLog } from "./appends.js";
import { GroupCommit, type AppendItem } from "./group-commit.js";
import { PrismaStore } from "./prisma-store.js";
import { StandingsReader } from "./reader.js";
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
import type { AppendResult, ForgetResult, HeartsStore, SavedMenu, TablePatch } from "../table/store.js";
import type { FinishedGame } from "../table/records.js";
import { takeWriteLock } from "./write-lock.js";

export const DEFAULT_DATABASE_URL = "file:./data/hearts.db";
/** FULL: see the header. HEARTS_SQLITE_SYNCHRONOUS=NORMAL only for measuring what FULL costs. */
const SYNCHRONOUS = process.env.HEARTS_SQLITE_SYNCHRONOUS === "NORMAL" ? "NORMAL" : "FULL";

/** A file: URL naming a file on disk (not an in-memory database). */
const isSqliteFile = (url: string): boolean => /^file:(?!:memory:)[^?]/.test(url);

export function sqliteFile(url: string): string {
  return resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
}

export class SqliteStore extends PrismaStore implements HeartsStore {
  readonly kind = "sqlite";
  /** The Prisma client, for tests and tools only while nothing else uses this store (see `inTurn`). */
  private constructor(
    readonly prisma: PrismaClient,
    file: string | null,
    writerRestartMs?: number,
  ) {
    super(prisma);
    this.writer = new AppendWriter(file, SYNCHRONOUS, (batch) => this.commitHere(batch), writerRestartMs);
    this.reader = new StandingsReader(file, {
      leaderboard: (q) => this.inTurn(() => leaderboard(this.prisma, q)),
      playerCard: (guildId, playerKey) => this.inTurn(() => playerCard(this.prisma, guildId, playerKey)),
      standings: (guildId) => this.inTurn(() => standingsSnapshot(this.prisma, guildId)),
      personalData: (userId) => this.inTurn(() => personalData(this.prisma, userId)),
      storedGuilds: () => this.inTurn(() => storedGuilds(this.prisma)),
    });
  }

  /** Appended moves, table rows, Forget me and retention are written in a writer thread (see writer.ts). */
  readonly writer: AppendWriter;
  /** Leaderboards, player cards, standings rebuilds and privacy reads run in a worker thread (see reader.ts). */
  readonly reader: StandingsReader;
  protected get writes() {
    return this.writer;
  }
  protected get heavyReads() {
    return this.reader;
  }

  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` after every operation started before it has finished. */
  protected inTurn<T>(fn: () => Promise<T>): Promise<T> {
    this.appends.close();
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** The write lock first: another shard's start of the same person's day waits for this one. */
  protected lockDailyStart(tx: unknown): Promise<void> {
    return takeWriteLock(tx as Parameters<typeof takeWriteLock>[0]);
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

  /** Rewrites the file header's user_version with its own value: a write transaction, a WAL frame. */
  probeWrite(): Promise<void> {
    return this.inTurn(async () => {
      const [{ user_version }] = await this.prisma.$queryRawUnsafe<Array<{ user_version: number | bigint }>>("PRAGMA user_version");
      await this.prisma.$executeRawUnsafe(`PRAGMA user_version = ${Number(user_version)}`);
    });
  }

  saveMenus(menus: SavedMenu[]): Promise<void> {
    return this.inTurn(async () => {
      for (const m of menus) {
        await this.prisma.menuToken.upsert({ where: { tableId_userId: { tableId: m.tableId, userId: m.userId } }, create: m, update: m });
      }
    });
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
    gate: (flush) => this.inTurn(flush),
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
    return this.inTurn(() => truncateLog(this.prisma, tableId, fromSeq, expectedCount, patch));
  }

  recordFinishedGame(game: FinishedGame): Promise<void> {
    return this.inTurn(async () => {
      await this.prisma.$transaction(async (tx) => {
        await takeWriteLock(tx);
        await recordFinished(tx, game);
      });
      this.reads.invalidate(game.guildId);
    });
  }

  /**
   * Recomputes a guild's standings from its finished games (safe while the bot runs). The reading
   * and folding of every game happens in the reader's thread; the store then replaces the rows
   * only if no game was recorded meanwhile (else it tries again; the third time, all here).
   */
  async rebuildStandings(guildId: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const snap = await this.reader.standings(guildId);
      const done = await this.inTurn(async () => {
        const now = await standingsSnapshotMark(this.prisma, guildId);
        if (now.maxId !== snap.maxId) return false;
        await this.prisma.$transaction((tx) => replaceStandings(tx, guildId, snap.standings));
        return true;
      });
      if (done) return this.reads.invalidate(guildId);
    }
    await this.inTurn(() => rebuildStandings(this.prisma, guildId));
    this.reads.invalidate(guildId);
  }

  /**
   * The anonymising runs in the writer's thread, in turn with the other writes: the person's rows
   * in one step, then their closed tables 500 at a time (tables' moves run in between); each
   * server's standings are then rebuilt in its own step (read in the reader's thread).
   */
  async forgetUser(userId: string): Promise<ForgetResult> {
    const r = await this.inTurn(() => this.writer.forgetPerson(userId, () => forgetPerson(this.prisma, userId)));
    let tables = 0;
    for (let n = FORGET_BATCH; n === FORGET_BATCH; tables += n)
      n = await this.inTurn(() => this.writer.forgetTables(userId, () => forgetTablesStep(this.prisma, userId)));
    for (const guildId of r.guilds) await this.rebuildStandings(guildId);
    return { ...r, tables };
  }

  async purgeGuild(guildId: string, opts: { settings?: boolean } = {}): Promise<{ tables: number; games: number }> {
    const settings = opts.settings ?? false;
    const r = await purgeInSteps(() =>
      this.inTurn(() => this.writer.purgeStep(guildId, settings, () => purgeGuildStep(this.prisma, guildId, { settings }))),
    );
    this.reads.invalidate(guildId);
    return r;
  }

  /**
   * A consistent copy of the whole database in `file` (VACUUM INTO), taken while the bot runs:
   * everything committed before the call, nothing half-written. `file` must not exist yet. It is
   * created empty and private (0600) first: VACUUM INTO fills an empty file and keeps its mode.
   */
  backup(file: string): Promise<void> {
    return this.inTurn(async () => {
      createPrivateFile(resolve(file));
      await this.prisma.$executeRawUnsafe("VACUUM INTO ?", resolve(file));
    });
  }

  async close(): Promise<void> {
    await this.reader.close();
    return this.inTurn(async () => {
      await this.writer.close();
      await this.prisma.$disconnect();
    });
  }
}
