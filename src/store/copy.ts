/**
 * Copies a whole database into an empty one, between SQLite and PostgreSQL in either direction
 * (`npm run db:copy`, src/app/db-copy.ts, is the command): tables, their action logs, finished games, per-seat results,
 * standings, guild settings, players' deck styles, the daily challenge's attempts and secret and the
 * computed-values cache, row for row with their ids, in one transaction on the target, then
 * counts every table on both sides. Every model of the schema is either copied or listed in
 * SKIPPED_MODELS with the reason (test/store/db-copy.test.ts fails on a model that is neither).
 */
import { redactUrl } from "./records.js";
import { openStore } from "./index.js";
import { PostgresStore } from "./postgres.js";
import { SqliteStore } from "./sqlite.js";
import type { HeartsStore } from "../table/store.js";

/** The models in copy order (parents first), each with its primary key for paging. */
export const COPIED_MODELS = [
  { model: "heartsTable", table: "HeartsTable", key: ["id"] },
  { model: "gameAction", table: "GameAction", key: ["tableId", "seq"] },
  { model: "finishedGame", table: "FinishedGame", key: ["id"] },
  { model: "gameResult", table: "GameResult", key: ["id"] },
  { model: "playerStats", table: "PlayerStats", key: ["guildId", "playerKey"] },
  { model: "guildSettings", table: "GuildSettings", key: ["guildId"] },
  // The daily challenge: the salt generated at the first daily must move with its attempts, or
  // the day's deals would change under them.
  { model: "appSecret", table: "AppSecret", key: ["name"] },
  { model: "dailySession", table: "DailySession", key: ["guildId", "day", "userId"] },
  { model: "dailyDay", table: "DailyDay", key: ["guildId", "day"] },
  { model: "dailyTombstone", table: "DailyTombstone", key: ["key"] },
  { model: "computedCache", table: "ComputedCache", key: ["kind", "key"] },
  // Deck styles (/hearts deck).
  { model: "playerPrefs", table: "PlayerPrefs", key: ["userId"] },
  // Tournaments, parents first: a tournament's secret deals its rounds, so it moves with them.
  { model: "tournament", table: "Tournament", key: ["id"] },
  { model: "tournamentEntry", table: "TournamentEntry", key: ["tournamentId", "userId"] },
  { model: "tournamentRound", table: "TournamentRound", key: ["tournamentId", "round"] },
  { model: "tournamentTable", table: "TournamentTable", key: ["tableId"] },
  // Seasons (/hearts season), parents first: a season's nights and its table's scores.
  { model: "season", table: "Season", key: ["id"] },
  { model: "seasonNight", table: "SeasonNight", key: ["tournamentId"] },
  { model: "seasonScore", table: "SeasonScore", key: ["seasonId", "tournamentId", "userId"] },
] as const;

/** Models not copied, on purpose, and why (said at the start of every copy). */
export const SKIPPED_MODELS = [
  {
    table: "MenuToken",
    why: "interaction tokens of open menus, dead after Discord's 15 minutes (the bot deletes older ones at start)",
  },
  { table: "TableSeatPerson", why: "rebuilt by the target's triggers from the copied tables' seats" },
  {
    table: "CrossRequest",
    why: "requests between running shards (Forget me, purges, departures), already applied where they were asked and gone within a day",
  },
  { table: "CrossCursor", why: "how far each shard has read the requests above, which are not copied either" },
] as const;

type Row = Record<string, unknown>;
/** The model API both generated clients share, as far as copying uses it. */
interface ModelApi {
  count(): Promise<number>;
  findMany(args: { orderBy: Array<Record<string, "asc">>; take: number; skip?: number; cursor?: Row }): Promise<Row[]>;
  createMany(args: { data: Row[] }): Promise<{ count: number }>;
}
/** A database client, or a transaction on one, as copying uses it: raw SQL, and the models by name (modelOf). */
interface CopyDb {
  $executeRawUnsafe(sql: string): Promise<number>;
}
/** The backend behind a store: copying rows is the store's own job, so it knows both. */
function backendOf(store: HeartsStore): SqliteStore | PostgresStore {
  if (store instanceof SqliteStore || store instanceof PostgresStore) return store;
  throw new Error(`cannot copy a ${store.kind} store that is neither of the two backends`);
}
const clientOf = (store: HeartsStore): CopyDb => backendOf(store).prisma;
/** The models are named in COPIED_MODELS; both generated clients have each under the same name. */
const modelOf = (db: CopyDb, model: string) => (db as unknown as Record<string, ModelApi>)[model];

/** Runs `fn` in one transaction on the store's database (each client has its own transaction type). */
async function inTransaction(store: HeartsStore, fn: (tx: CopyDb) => Promise<void>): Promise<void> {
  const options = { maxWait: 60_000, timeout: 24 * 3600_000 };
  const b = backendOf(store);
  if (b instanceof SqliteStore) await b.prisma.$transaction((tx) => fn(tx), options);
  else await b.prisma.$transaction((tx) => fn(tx), options);
}

/** Rows per statement: under both databases' limits on bound parameters. */
const BATCH_PARAMETERS = 30_000;

export interface CopyReport {
  counts: Array<{ table: string; source: number; target: number }>;
}

export class TargetNotEmptyError extends Error {}

/** Counts of every copied table. */
async function countAll(store: HeartsStore): Promise<Map<string, number>> {
  const client = clientOf(store);
  const out = new Map<string, number>();
  for (const m of COPIED_MODELS) out.set(m.table, await modelOf(client, m.model).count());
  return out;
}

/**
 * Copies everything from `fromUrl` into `toUrl` (its migrations are applied first). Refuses a
 * target that holds any row. Stop the bot while copying: rows written meanwhile would be missed.
 */
export async function copyDatabase(
  fromUrl: string,
  toUrl: string,
  progress: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const source = await openStore(fromUrl);
  let target: HeartsStore | null = null;
  try {
    target = await openStore(toUrl);
    const before = await countAll(target);
    const held = [...before].filter(([, n]) => n > 0);
    if (held.length) {
      throw new TargetNotEmptyError(
        `The target database ${redactUrl(toUrl)} is not empty (${held.map(([t, n]) => `${t}: ${n} rows`).join(", ")}); copy into an empty database only, so nothing is mixed or counted twice (drop it and create it again, or pick a new one).`,
      );
    }
    for (const m of SKIPPED_MODELS) progress(`${m.table}: not copied (${m.why})`);
    const from = clientOf(source);
    const targetKind = target.kind;
    // One transaction on the target: a copy that stops half-way leaves it empty, ready to run again.
    await inTransaction(target, async (tx) => {
      for (const m of COPIED_MODELS) {
        let copied = 0;
        let cursor: Row | undefined;
        let take = 0;
        for (;;) {
          const rows = await modelOf(from, m.model).findMany({
            orderBy: m.key.map((k) => ({ [k]: "asc" as const })),
            take: take || 500,
            ...(cursor && { cursor, skip: 1 }),
          });
          if (!rows.length) break;
          take ||= Math.max(1, Math.floor(BATCH_PARAMETERS / Object.keys(rows[0]).length));
          await modelOf(tx, m.model).createMany({ data: rows });
          copied += rows.length;
          const last = rows[rows.length - 1];
          cursor =
            m.key.length === 1 ? { [m.key[0]]: last[m.key[0]] } : { [m.key.join("_")]: Object.fromEntries(m.key.map((k) => [k, last[k]])) };
        }
        progress(`${m.table}: ${copied} rows`);
      }
      // PostgreSQL's id sequences do not move when ids are given: start them after the copied ids.
      if (targetKind === "postgres") {
        for (const t of ["FinishedGame", "GameResult"]) {
          await tx.$executeRawUnsafe(
            `SELECT setval(pg_get_serial_sequence('"${t}"', 'id'), COALESCE((SELECT MAX("id") FROM "${t}"), 0) + 1, false)`,
          );
        }
      }
    });
    const [a, b] = [await countAll(source), await countAll(target)];
    const counts = COPIED_MODELS.map((m) => ({ table: m.table, source: a.get(m.table)!, target: b.get(m.table)! }));
    const wrong = counts.filter((c) => c.source !== c.target);
    if (wrong.length)
      throw new Error(
        `the copy does not match its source: ${wrong.map((c) => `${c.table} ${c.source} -> ${c.target}`).join(", ")} (was the bot still running?)`,
      );
    return { counts };
  } finally {
    await source.close();
    await target?.close();
  }
}
