/**
 * What the SQLite and PostgreSQL stores share, written once: every operation that runs the same
 * statements on either backend. Both generated clients have the same model API; this file sees
 * them through the SQLite client's type, as privacy.ts does (daily.ts through its own structural
 * subset). A backend says only
 * - when an operation runs (`inTurn`: SQLite one at a time; PostgreSQL in order per table),
 * - where the writes SQLite hands to its writer thread go (`writes`; PostgreSQL runs them here),
 * - where the heavy reads SQLite hands to its reader thread go (`heavyReads`),
 * - how the start of a person's day of the daily is locked (`lockDailyStart`),
 * and writes its own operations where it needs other statements (appends, locks, batching).
 *
 * A new store method: declare it in types.ts, then add it here once, as a forwarder
 * (`name = this.forward(fn)` over a shared function of the client) or a method; a backend
 * writes its own only when its statements differ.
 */
import { tournamentStore, type TournamentDb } from "./tournaments.js";
import { seasonStore, type SeasonDb } from "./seasons.js";
import type { SeasonStore } from "../table/tournament/season-port.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { FinishedGame, StoredTable } from "../table/records.js";
import { addCrossRequest, markCrossRequests, pendingCrossRequests, pruneCrossRequests } from "./cross.js";
import * as daily from "./daily.js";
import { departedGuilds, dropStaleMenus, pruneClosedTables, pruneDailyLogs, retentionOverrides } from "./privacy.js";
import { ReadCache, type LocalReads } from "./reader.js";
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
  withDefaults,
} from "./records.js";
import { createTableRow, findOpenTableRow, updateTableRow } from "./tables.js";
import type {
  DailySession,
  GuildSettings,
  GuildSettingsPatch,
  LeaderboardQuery,
  NewDailySession,
  NewTable,
  PersonalData,
  PlayerPrefs,
  SavedMenu,
  StoredAction,
  TablePatch,
  TournamentStore,
} from "../table/store.js";
import type { AppendWriter, RetentionStep } from "./writer.js";

/** Either backend's client, through the SQLite one's type (the same models, the same calls). */
export type Db = PrismaClient;

/** The writes SQLite runs in its writer thread (writer.ts), each given the same statements to run here. */
export type Writes = Pick<
  AppendWriter,
  "createTable" | "updateTable" | "findOpenTable" | "pruneTables" | "pruneDailies" | "dropStaleMenus"
>;

/** No writer thread: every write runs here (PostgreSQL). */
export const WRITES_HERE: Writes = {
  createTable: (_input, here) => here(),
  updateTable: (_id, _patch, here) => here(),
  findOpenTable: (_channelId, here) => here(),
  pruneTables: (_step, here) => here(),
  pruneDailies: (_step, here) => here(),
  dropStaleMenus: (_before, here) => here(),
};

/** The reads SQLite runs in its reader thread (reader.ts). */
export type HeavyReads = Pick<LocalReads, "leaderboard" | "playerCard" | "personalData" | "storedGuilds">;

export abstract class PrismaStore {
  protected constructor(protected readonly db: Db) {}

  /** Runs `fn` as one of this store's operations; `tableId`: it concerns that table (kept in order with its others). */
  protected abstract inTurn<T>(fn: () => Promise<T>, tableId?: string): Promise<T>;
  protected abstract readonly writes: Writes;
  protected abstract readonly heavyReads: HeavyReads;
  /** Serialises the starts of one person's day (two shards or machines starting it at once). */
  protected abstract lockDailyStart(tx: daily.DailyDb, day: number, userId: string): PromiseLike<unknown>;

  /** A few seconds of leaderboards and cards, one query in flight per question (a flood costs one query). */
  readonly reads = new ReadCache();

  /** `fn` over the client, as an operation of this store. */
  private forward<A extends unknown[], R>(fn: (db: Db, ...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return (...args) => this.inTurn(() => fn(this.db, ...args));
  }

  /** The daily's tables through the structural client daily.ts needs. */
  private get daily(): daily.DailyDb {
    return this.db as unknown as daily.DailyDb;
  }

  /** `fn` over the daily's tables, as an operation of this store. */
  private forwardDaily<A extends unknown[], R>(fn: (db: daily.DailyDb, ...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return (...args) => this.inTurn(() => fn(this.daily, ...args));
  }

  /** The tournaments' rows (tournaments.ts), each operation in turn with the others. */
  get tournaments(): TournamentStore {
    return (this.tournamentRows ??= tournamentStore(this.db as unknown as TournamentDb, (fn) => this.inTurn(fn)));
  }
  private tournamentRows: TournamentStore | undefined;

  /** The seasons' rows (seasons.ts), each operation in turn with the others. */
  get seasons(): SeasonStore {
    return (this.seasonRows ??= seasonStore(this.db as unknown as SeasonDb, (fn) => this.inTurn(fn)));
  }
  private seasonRows: SeasonStore | undefined;

  createTable(input: NewTable): Promise<StoredTable> {
    return this.inTurn(async () => toRecord(await this.writes.createTable(input, () => createTableRow(this.db, input))));
  }

  getTable(id: string): Promise<StoredTable | null> {
    return this.inTurn(async () => {
      const row = await this.db.heartsTable.findUnique({ where: { id } });
      return row ? toRecord(row) : null;
    }, id);
  }

  findOpenTable(channelId: string): Promise<StoredTable | null> {
    return this.inTurn(async () => {
      const row = await this.writes.findOpenTable(channelId, () => findOpenTableRow(this.db, channelId));
      return row ? toRecord(row) : null;
    });
  }

  updateTable(id: string, patch: TablePatch): Promise<StoredTable> {
    return this.inTurn(async () => toRecord(await this.writes.updateTable(id, patch, () => updateTableRow(this.db, id, patch))), id);
  }

  loadActions(tableId: string): Promise<StoredAction[]> {
    return this.inTurn(
      async () => actionRecords(tableId, await this.db.gameAction.findMany({ where: { tableId }, orderBy: { seq: "asc" } })),
      tableId,
    );
  }

  listOpenTables(): Promise<StoredTable[]> {
    return this.inTurn(async () => {
      const rows = await this.db.heartsTable.findMany({ where: { status: { in: OPEN } }, orderBy: { createdAt: "asc" } });
      return openRecords(rows, (id, brokenReason) =>
        this.db.heartsTable.update({ where: { id }, data: { status: "broken", brokenReason } }),
      );
    });
  }

  listUntoldTables(since: Date, limit: number): Promise<StoredTable[]> {
    return this.inTurn(async () => {
      const rows = await this.db.heartsTable.findMany({
        where: { status: "finished", threadFrom: { not: null }, updatedAt: { gte: since } },
        orderBy: { updatedAt: "desc" },
        take: limit,
      });
      // A row that does not read has nothing the thread could tell.
      return rows.flatMap((row) => {
        try {
          return [toRecord(row)];
        } catch {
          return [];
        }
      });
    });
  }

  listFinishedGames(guildId: string, limit = 100): Promise<FinishedGame[]> {
    return this.inTurn(async () => {
      const rows = await this.db.finishedGame.findMany({
        where: { guildId },
        orderBy: { finishedAt: "desc" },
        take: limit,
        include: { results: true },
      });
      return rows.map(finishedGameRecord);
    });
  }

  takeMenus(tableIds: string[]): Promise<SavedMenu[]> {
    return this.inTurn(async () => {
      const where = { tableId: { in: tableIds } };
      const rows = await this.db.menuToken.findMany({ where });
      if (rows.length) await this.db.menuToken.deleteMany({ where });
      return rows.map(({ tableId, userId, appId, token, shownAt }) => ({ tableId, userId, appId, token, shownAt }));
    });
  }

  getGuildSettings(guildId: string): Promise<GuildSettings> {
    return this.inTurn(async () => guildSettingsRecord(guildId, await this.db.guildSettings.findUnique({ where: { guildId } })));
  }

  updateGuildSettings(guildId: string, patch: GuildSettingsPatch): Promise<GuildSettings> {
    const { columns, defaults } = guildSettingsColumns(patch);
    // Not this.getGuildSettings: on SQLite it would wait behind this very operation.
    return this.inTurn(async () => {
      for (let tries = 0; tries < 10; tries++) {
        const row = await this.db.guildSettings.upsert({ where: { guildId }, create: { guildId, ...columns }, update: columns });
        if (!defaults) return guildSettingsRecord(guildId, row);
        // The table defaults are one JSON object: merged into what was read, written only if nobody
        // (another shard) wrote it meanwhile, else read again: one statement, no transaction held open.
        const tableDefaults = withDefaults(row.tableDefaults, defaults);
        const unchanged = row.tableDefaults;
        const written = await this.db
          .$executeRaw`UPDATE "GuildSettings" SET "tableDefaults" = ${tableDefaults} WHERE "guildId" = ${guildId} AND "tableDefaults" = ${unchanged}`;
        if (written) return guildSettingsRecord(guildId, { ...row, tableDefaults });
      }
      throw new Error(`server ${guildId}: its table defaults kept changing under 10 writes in a row`);
    });
  }

  getPlayerPrefs(userId: string): Promise<PlayerPrefs> {
    return this.inTurn(async () => playerPrefsRecord(userId, await this.db.playerPrefs.findUnique({ where: { userId } })));
  }

  setPlayerPrefs(userId: string, patch: Partial<Omit<PlayerPrefs, "userId">>): Promise<PlayerPrefs> {
    return this.inTurn(async () => {
      const data = playerPrefsColumns(patch);
      return playerPrefsRecord(userId, await this.db.playerPrefs.upsert({ where: { userId }, create: { userId, ...data }, update: data }));
    });
  }

  /** The guild's standings, for /hearts leaderboard (cached a few seconds). */
  leaderboard(query: LeaderboardQuery) {
    return this.reads.get(query.guildId, `lb:${JSON.stringify(query)}`, () => this.heavyReads.leaderboard(query));
  }

  /** One player's card, for /hearts stats (cached a few seconds). */
  playerCard(guildId: string, playerKey: string) {
    return this.reads.get(guildId, `card:${playerKey}`, () => this.heavyReads.playerCard(guildId, playerKey));
  }

  /** Indexed lookups, but a person with thousands of games is still a long read. */
  personalData(userId: string): Promise<PersonalData> {
    return this.heavyReads.personalData(userId);
  }

  storedGuilds(): Promise<string[]> {
    return this.heavyReads.storedGuilds();
  }

  pruneClosedTables(step: RetentionStep): Promise<number> {
    return this.inTurn(() => this.writes.pruneTables(step, () => pruneClosedTables(this.db, step)));
  }

  pruneDailyLogs(step: RetentionStep): Promise<number> {
    return this.inTurn(() => this.writes.pruneDailies(step, () => pruneDailyLogs(this.db, step)));
  }

  dropStaleMenus(before: Date): Promise<number> {
    return this.inTurn(() => this.writes.dropStaleMenus(before, () => dropStaleMenus(this.db, before)));
  }

  readonly retentionOverrides = this.forward(retentionOverrides);
  readonly departedGuilds = this.forward(departedGuilds);

  readonly addCrossRequest = this.forward(addCrossRequest);
  readonly pendingCrossRequests = this.forward(pendingCrossRequests);
  readonly markCrossRequests = this.forward(markCrossRequests);
  readonly pruneCrossRequests = this.forward(pruneCrossRequests);

  readonly secret = this.forwardDaily(daily.secret);
  readonly getDailySession = this.forwardDaily(daily.getDailySession);
  readonly saveDailyProgress = this.forwardDaily(daily.saveDailyProgress);
  readonly findDailySession = this.forwardDaily(daily.findDailySession);
  readonly fixDailyRules = this.forwardDaily(daily.fixDailyRules);
  readonly markDailyShared = this.forwardDaily(daily.markDailyShared);
  readonly isDailyTombstoned = this.forwardDaily(daily.isDailyTombstoned);
  readonly listDailyResults = this.forwardDaily(daily.listDailyResults);
  readonly listPlayerDailies = this.forwardDaily(daily.listPlayerDailies);
  readonly getCached = this.forwardDaily(daily.getCached);
  readonly putCached = this.forwardDaily(daily.putCached);

  startDailySession(input: NewDailySession): Promise<DailySession> {
    return this.inTurn(() => daily.startDailySession(this.daily, input, (tx, day, userId) => this.lockDailyStart(tx, day, userId)));
  }

  useDailySalt(salt: string | null): void {
    daily.useDailySalt(salt);
  }
}
