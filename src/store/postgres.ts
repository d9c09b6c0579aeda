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
import type { DailyDb } from "./daily.js";
import { GroupCommit } from "./group-commit.js";
import { migratePostgres, pgAdapter } from "./migrate-pg.js";
import { pgErrorText, pgTarget } from "./pg-url.js";
import { forgetUser, personalData, storedGuilds, purgeGuildStep, purgeInSteps } from "./privacy.js";
import { PrismaStore, WRITES_HERE, type Db, type HeavyReads } from "./prisma-store.js";
import { computeStandings, leaderboard, playerCard, recordFinished, replaceStandings, type StandingsDb } from "./standings.js";
import type { AppendResult, ForgetResult, HeartsStore, SavedMenu, TablePatch } from "../table/store.js";
import type { FinishedGame } from "../table/records.js";

/** First key of the two-key advisory locks that serialise a guild's standings updates. */
const STANDINGS_LOCK = 72707370;
/** First key of the advisory lock that serialises the starts of one person's day of the daily challenge. */
const DAILY_START_LOCK = 72707371;
const TX = { maxWait: 10_000, timeout: 30_000 };

const lockStandings = (tx: StandingsDb, guildId: string) =>
  tx.$queryRaw(sql`SELECT pg_advisory_xact_lock(${STANDINGS_LOCK}::int, hashtext(${guildId}))::text AS locked`);

export class PostgresStore extends PrismaStore implements HeartsStore {
  readonly kind = "postgres";
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly appends: GroupCommit;
  readonly appendStats: { appends: number; commits: number };

  /** The Prisma client, for tests and tools. */
  private constructor(
    readonly prisma: PrismaClient,
    poolSize: number,
  ) {
    // The privacy and shared functions are written against the SQLite client's type: same models, same calls.
    super(prisma as unknown as Db);
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

  /** An operation on a table runs after that table's earlier ones; any other runs at once (a pool of connections). */
  protected inTurn<T>(fn: () => Promise<T>, tableId?: string): Promise<T> {
    return tableId === undefined ? fn() : this.perTable(tableId, fn);
  }

  protected readonly writes = WRITES_HERE;
  protected readonly heavyReads: HeavyReads = {
    leaderboard: (query) => leaderboard(this.prisma, query),
    playerCard: (guildId, playerKey) => playerCard(this.prisma, guildId, playerKey),
    personalData: (userId) => personalData(this.db, userId),
    storedGuilds: () => storedGuilds(this.db),
  };

  /** Serialises the starts of one person's day (two shards or machines starting it at once). */
  protected lockDailyStart(tx: DailyDb, day: number, userId: string) {
    return (tx as unknown as StandingsDb).$queryRaw(
      sql`SELECT pg_advisory_xact_lock(${DAILY_START_LOCK}::int, hashtext(${`${day}:${userId}`}))::text AS locked`,
    );
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

  /** Recomputes a guild's standings from its finished games, under the same lock as recording one. */
  async rebuildStandings(guildId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await lockStandings(tx, guildId);
      await replaceStandings(tx, guildId, await computeStandings(tx, guildId));
    }, TX);
    this.reads.invalidate(guildId);
  }

  async forgetUser(userId: string): Promise<ForgetResult> {
    const r = await forgetUser(this.db, userId);
    for (const guildId of r.guilds) await this.rebuildStandings(guildId);
    return r;
  }

  async purgeGuild(guildId: string, opts: { settings?: boolean } = {}): Promise<{ tables: number; games: number }> {
    const r = await purgeInSteps(() => purgeGuildStep(this.db, guildId, opts));
    this.reads.invalidate(guildId);
    return r;
  }

  async close(): Promise<void> {
    await Promise.all([...this.tails.values()]);
    await this.prisma.$disconnect();
  }
}
