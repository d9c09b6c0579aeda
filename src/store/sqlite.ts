/**
 * The Store on Prisma + SQLite (better-sqlite3 driver adapter, JS engine: no engine binary).
 * Durability: WAL with synchronous=FULL, so an appended action is on disk (fsync of the WAL) before
 * the bot tells anyone about it, even across a power cut; NORMAL would only survive a process crash.
 * busy_timeout lets several processes share the file.
 *
 * One client = one better-sqlite3 connection, and the adapter runs plain queries without waiting for
 * an open interactive transaction: a query issued meanwhile would run inside it (acknowledged before
 * its COMMIT, and undone by its ROLLBACK). So every operation of a store runs one at a time
 * (`exclusive`); SQLite is synchronous here anyway, so nothing is lost in throughput.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { Prisma, PrismaClient } from "../generated/prisma/client.js";
import type { HeartsTable } from "../generated/prisma/client.js";
import type { Action, Rules } from "../game/index.js";
import { migrate } from "./migrate.js";
import { recordFinished, leaderboard, playerCard, rebuildStandings, type LeaderboardQuery } from "./standings.js";
import type {
  AppendResult,
  FinishedGame,
  GuildSettings,
  NewTable,
  SeatRecord,
  StoredAction,
  Store,
  TablePatch,
  TableRecord,
  TableSettings,
  TableStatus,
} from "./types.js";

export const DEFAULT_DATABASE_URL = "file:./data/hearts.db";
/** FULL: see the header. HEARTS_SQLITE_SYNCHRONOUS=NORMAL only for measuring what FULL costs. */
const SYNCHRONOUS = process.env.HEARTS_SQLITE_SYNCHRONOUS === "NORMAL" ? "NORMAL" : "FULL";
const OPEN: TableStatus[] = ["lobby", "passing", "playing"];

/** A row whose JSON does not parse is reported, not thrown past the store as a crash. */
export class CorruptRowError extends Error {
  constructor(
    readonly tableId: string,
    detail: string,
  ) {
    super(`table ${tableId}: ${detail}`);
  }
}

function parse<T>(tableId: string, column: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CorruptRowError(tableId, `column ${column} is not valid JSON`);
  }
}

function toRecord(row: HeartsTable): TableRecord {
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    threadId: row.threadId,
    messageId: row.messageId,
    hostId: row.hostId,
    rules: parse<Rules>(row.id, "rules", row.rules),
    settings: parse<TableSettings>(row.id, "settings", row.settings),
    seed: Number(row.seed),
    status: row.status as TableStatus,
    seats: parse<SeatRecord[]>(row.id, "seats", row.seats),
    actionCount: row.actionCount,
    turnDeadline: row.turnDeadline,
    timeBank: parse<number[]>(row.id, "timeBank", row.timeBank),
    brokenReason: row.brokenReason,
    hintsUsed: row.hintsUsed,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toColumns(patch: TablePatch): Prisma.HeartsTableUpdateInput {
  const data: Prisma.HeartsTableUpdateInput = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (key === "rules" || key === "settings" || key === "seats" || key === "timeBank") (data as Record<string, unknown>)[key] = JSON.stringify(value);
    else if (key === "seed") data.seed = BigInt(value as number);
    else (data as Record<string, unknown>)[key] = value;
  }
  return data;
}

const PATCH_COLUMNS = new Set(["threadId", "messageId", "hostId", "rules", "settings", "seed", "status", "seats", "turnDeadline", "timeBank", "brokenReason", "hintsUsed"]);

/** DateTime as Prisma stores it in SQLite, so rows written by raw SQL read back the same. */
const sqlDate = (d: Date): string => d.toISOString().replace("Z", "+00:00");

function columnValue(key: string, value: unknown): unknown {
  if (key === "rules" || key === "settings" || key === "seats" || key === "timeBank") return JSON.stringify(value);
  if (key === "seed") return BigInt(value as number);
  if (value instanceof Date) return sqlDate(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

const isUniqueViolation = (e: unknown): boolean =>
  (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") || /UNIQUE constraint failed/i.test(String((e as Error)?.message));

export function sqliteFile(url: string): string {
  return resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
}

interface PendingAppend {
  tableId: string;
  seq: number;
  seat: number;
  action: Action;
  patch?: TablePatch;
  resolve: (r: AppendResult) => void;
  reject: (e: unknown) => void;
}

type Db = Pick<PrismaClient, "$executeRaw" | "heartsTable">;

/**
 * One append as one statement, so atomic even outside a transaction: the UPDATE only matches while
 * the table's count is still `seq`, and the trigger `append_action` writes the log row; the log's
 * primary key (tableId, seq) refuses a second action at the same number.
 */
async function appendOne(db: Db, { tableId, seq, seat, action, patch }: PendingAppend): Promise<AppendResult> {
  const sets = [Prisma.sql`"actionCount" = ${seq + 1}`, Prisma.sql`"lastSeat" = ${seat}`, Prisma.sql`"lastAction" = ${JSON.stringify(action)}`, Prisma.sql`"updatedAt" = ${sqlDate(new Date())}`];
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === undefined || !PATCH_COLUMNS.has(key)) continue;
    sets.push(Prisma.sql`${Prisma.raw(`"${key}"`)} = ${columnValue(key, value)}`);
  }
  try {
    const changed = await db.$executeRaw`UPDATE "HeartsTable" SET ${Prisma.join(sets)} WHERE "id" = ${tableId} AND "actionCount" = ${seq}`;
    if (changed === 1) return { ok: true };
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, reason: "conflict" };
    throw e;
  }
  const exists = await db.heartsTable.count({ where: { id: tableId } });
  return { ok: false, reason: exists ? "conflict" : "missing-table" };
}

export class SqliteStore implements Store {
  /** The Prisma client, for tests and tools only while nothing else uses this store (see `exclusive`). */
  private constructor(readonly prisma: PrismaClient) {}

  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` after every operation started before it has finished. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.batch = null;
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  static async open(databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL): Promise<SqliteStore> {
    // First: it explains a URL that is not a SQLite file, and creates the file's folder.
    await migrate(databaseUrl);
    const file = sqliteFile(databaseUrl);
    mkdirSync(dirname(file), { recursive: true });
    // timeout = busy_timeout in ms: other processes (shards) may hold the write lock briefly.
    const adapter = new PrismaBetterSQLite3({ url: file, timeout: 10_000 });
    const prisma = new PrismaClient({ adapter });
    await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await prisma.$executeRawUnsafe(`PRAGMA synchronous = ${SYNCHRONOUS}`);
    await prisma.$executeRawUnsafe("PRAGMA foreign_keys = ON");
    return new SqliteStore(prisma);
  }

  createTable(input: NewTable): Promise<TableRecord> {
    return this.exclusive(async () => {
      const row = await this.prisma.heartsTable.create({
        data: {
          id: crypto.randomUUID().replaceAll("-", "").slice(0, 16),
          guildId: input.guildId,
          channelId: input.channelId,
          threadId: input.threadId ?? null,
          messageId: input.messageId ?? null,
          hostId: input.hostId,
          rules: JSON.stringify(input.rules),
          settings: JSON.stringify(input.settings),
          seed: BigInt(input.seed >>> 0),
          status: "lobby",
          seats: JSON.stringify(input.seats),
          timeBank: JSON.stringify([0, 0, 0, 0].map(() => input.settings.timeBankSeconds)),
        },
      });
      return toRecord(row);
    });
  }

  getTable(id: string): Promise<TableRecord | null> {
    return this.exclusive(async () => {
      const row = await this.prisma.heartsTable.findUnique({ where: { id } });
      return row ? toRecord(row) : null;
    });
  }

  findOpenTable(channelId: string): Promise<TableRecord | null> {
    return this.exclusive(async () => {
      const row = await this.prisma.heartsTable.findFirst({
        where: { status: { in: OPEN }, OR: [{ channelId, threadId: null }, { threadId: channelId }] },
        orderBy: { createdAt: "desc" },
      });
      return row ? toRecord(row) : null;
    });
  }

  updateTable(id: string, patch: TablePatch): Promise<TableRecord> {
    return this.exclusive(async () => {
      return toRecord(await this.prisma.heartsTable.update({ where: { id }, data: toColumns(patch) }));
    });
  }

  /**
   * Group commit: appends that arrive while the store is busy wait in one batch and are committed
   * in one transaction, so many tables share one fsync (each append is still checked on its own,
   * and none is acknowledged before the COMMIT). Any other operation closes the open batch, so
   * operations still run in the order they were issued.
   */
  appendAction(tableId: string, seq: number, seat: number, action: Action, patch?: TablePatch): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      const item: PendingAppend = { tableId, seq, seat, action, patch, resolve, reject };
      if (this.batch) {
        this.batch.push(item);
        return;
      }
      const batch = [item];
      void this.exclusive(() => this.flush(batch));
      this.batch = batch;
    });
  }

  private batch: PendingAppend[] | null = null;

  /** Appends stored, and commits they took (their ratio is the mean batch size). */
  readonly appendStats = { appends: 0, commits: 0 };

  private async flush(batch: PendingAppend[]): Promise<void> {
    if (this.batch === batch) this.batch = null;
    try {
      const results =
        batch.length === 1
          ? [await appendOne(this.prisma, batch[0])]
          : await this.prisma.$transaction(
              async (tx) => {
                const out: AppendResult[] = [];
                for (const item of batch) out.push(await appendOne(tx, item));
                return out;
              },
              { maxWait: 10_000, timeout: 30_000 },
            );
      this.appendStats.appends += batch.length;
      this.appendStats.commits++;
      batch.forEach((item, i) => item.resolve(results[i]));
    } catch (e) {
      for (const item of batch) item.reject(e);
    }
  }

  loadActions(tableId: string): Promise<StoredAction[]> {
    return this.exclusive(async () => {
      const rows = await this.prisma.gameAction.findMany({ where: { tableId }, orderBy: { seq: "asc" } });
      return rows.map((r, i) => {
        if (r.seq !== i) throw new CorruptRowError(tableId, `action log has a gap at ${i}`);
        return { seq: r.seq, seat: r.seat, action: parse<Action>(tableId, `action ${r.seq}`, r.action), at: r.createdAt };
      });
    });
  }

  listOpenTables(): Promise<TableRecord[]> {
    return this.exclusive(async () => {
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
    });
  }

  recordFinishedGame(game: FinishedGame): Promise<void> {
    return this.exclusive(async () => {
      await this.prisma.$transaction(async (tx) => {
        // Take the write lock first: a deferred transaction that reads and then writes fails at
        // once (SQLITE_BUSY_SNAPSHOT) if another process committed in between; a write as its
        // first statement waits for the lock (busy_timeout) instead.
        await tx.$executeRaw`UPDATE "HeartsTable" SET "id" = "id" WHERE 0`;
        await recordFinished(tx, game);
      });
    });
  }

  getGuildSettings(guildId: string): Promise<GuildSettings> {
    return this.exclusive(async () => {
      const row = await this.prisma.guildSettings.findUnique({ where: { guildId } });
      return {
        guildId,
        defaultRules: row?.defaultRules ?? "classic",
        turnSeconds: row?.turnSeconds ?? 60,
        allowedChannels: row ? parse<string[]>(guildId, "allowedChannels", row.allowedChannels) : [],
      };
    });
  }

  updateGuildSettings(guildId: string, patch: Partial<Omit<GuildSettings, "guildId">>): Promise<GuildSettings> {
    return this.exclusive(async () => {
      const data = {
        ...(patch.defaultRules !== undefined && { defaultRules: patch.defaultRules }),
        ...(patch.turnSeconds !== undefined && { turnSeconds: patch.turnSeconds }),
        ...(patch.allowedChannels !== undefined && { allowedChannels: JSON.stringify(patch.allowedChannels) }),
      };
      // Not this.getGuildSettings: it would wait behind this very operation.
      const row = await this.prisma.guildSettings.upsert({ where: { guildId }, create: { guildId, ...data }, update: data });
      return { guildId, defaultRules: row.defaultRules, turnSeconds: row.turnSeconds, allowedChannels: parse<string[]>(guildId, "allowedChannels", row.allowedChannels) };
    });
  }

  /** The guild's standings, for /hearts leaderboard. */
  leaderboard(query: LeaderboardQuery) {
    return this.exclusive(() => leaderboard(this.prisma, query));
  }

  /** Recomputes a guild's standings from its finished games (safe while the bot runs, unlike the bare function). */
  rebuildStandings(guildId: string): Promise<void> {
    return this.exclusive(() => rebuildStandings(this.prisma, guildId));
  }

  /** One player's card, for /hearts stats. */
  playerCard(guildId: string, playerKey: string) {
    return this.exclusive(() => playerCard(this.prisma, guildId, playerKey));
  }

  listFinishedGames(guildId: string, limit = 100): Promise<FinishedGame[]> {
    return this.exclusive(async () => {
      const rows = await this.prisma.finishedGame.findMany({ where: { guildId }, orderBy: { finishedAt: "desc" }, take: limit, include: { results: true } });
      return rows.map((g) => ({
        tableId: g.tableId,
        guildId: g.guildId,
        rules: parse<Rules>(g.tableId, "rules", g.rules),
        rated: g.rated,
        players: g.results
          .sort((a, b) => a.seat - b.seat)
          .map((r) => ({ seat: r.seat, userId: r.userId, botLevel: r.botLevel as FinishedGame["players"][number]["botLevel"], name: r.name, total: r.total, place: r.place })),
        hands: parse<FinishedGame["hands"]>(g.tableId, "hands", g.hands),
        finishedAt: g.finishedAt,
      }));
    });
  }

  /**
   * A consistent copy of the whole database in `file` (VACUUM INTO), taken while the bot runs:
   * everything committed before the call, nothing half-written. `file` must not exist yet.
   */
  backup(file: string): Promise<void> {
    return this.exclusive(async () => {
      await this.prisma.$executeRawUnsafe("VACUUM INTO ?", resolve(file));
    });
  }

  close(): Promise<void> {
    return this.exclusive(async () => {
      await this.prisma.$disconnect();
    });
  }
}
