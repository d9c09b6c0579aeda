/**
 * Rows <-> records, the same for SQLite and PostgreSQL: both schemas have the same models with
 * JSON held in TEXT columns, so a row of either generated client converts through here.
 */
import { isDealSecret, type Action, type DealKey, type Rules } from "../game/index.js";
import type { GuildSettings, GuildSettingsPatch, NewTable, PlayerPrefs, TablePatch } from "../table/store.js";
import type { FinishedGame, SeatRecord, StoredTable, TableSettings, TableStatus } from "../table/records.js";

import { OPEN_STATUSES as OPEN, newTableId } from "../table/records.js";
import { SERVER_SETTINGS, readServerDefaults, withMissing, type ServerDefaults, type ServerKey } from "../table/settings-table.js";

/** The open statuses as Prisma's filters take them (a mutable array). */
export const OPEN_STATUSES: string[] = [...OPEN];

/** A row whose JSON does not parse is reported, not thrown past the store as a crash. */
export class CorruptRowError extends Error {
  constructor(
    readonly tableId: string,
    detail: string,
  ) {
    super(`table ${tableId}: ${detail}`);
    this.name = "CorruptRowError";
  }
}

export function parseJson<T>(tableId: string, column: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CorruptRowError(tableId, `column ${column} is not valid JSON`);
  }
}

/** A HeartsTable row as both generated clients return it. */
export interface TableRow {
  id: string;
  guildId: string;
  channelId: string;
  threadId: string | null;
  messageId: string | null;
  hostId: string;
  rules: string;
  settings: string;
  seed: bigint;
  /** 1: `seed` deals (games stored before formats); 2: `dealSecret` does. */
  dealFormat: number;
  dealSecret: string | null;
  status: string;
  seats: string;
  actionCount: number;
  turnDeadline: Date | null;
  timeBank: string;
  brokenReason: string | null;
  hintsUsed: boolean;
  undos: number;
  threadFrom: number | null;
  threadTo: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toRecord(row: TableRow): StoredTable {
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    threadId: row.threadId,
    messageId: row.messageId,
    hostId: row.hostId,
    rules: parseJson<Rules>(row.id, "rules", row.rules),
    settings: readSettings(parseJson<StoredSettings>(row.id, "settings", row.settings)),
    deal: dealOf(row),
    status: row.status as TableStatus,
    seats: parseJson<SeatRecord[]>(row.id, "seats", row.seats),
    actionCount: row.actionCount,
    turnDeadline: row.turnDeadline,
    timeBank: parseJson<number[]>(row.id, "timeBank", row.timeBank),
    brokenReason: row.brokenReason,
    hintsUsed: row.hintsUsed,
    undos: row.undos,
    threadFrom: row.threadFrom,
    threadTo: row.threadTo,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The row's deal key; a format this build does not know, or a format 2 row without its secret, is a corrupt row. */
function dealOf(row: Pick<TableRow, "id" | "seed" | "dealFormat" | "dealSecret">): DealKey {
  if (row.dealFormat === 1) return { format: 1, seed: Number(row.seed) };
  if (row.dealFormat === 2 && isDealSecret(row.dealSecret)) return { format: 2, secret: row.dealSecret };
  // Never the secret itself in the message: it is logged.
  throw new CorruptRowError(row.id, `deal format ${row.dealFormat} without a usable key`);
}

/** A deal key as the columns that hold it. */
const dealColumns = (deal: DealKey): { dealFormat: number; seed: bigint; dealSecret: string | null } =>
  deal.format === 1
    ? { dealFormat: 1, seed: BigInt(deal.seed >>> 0), dealSecret: null }
    : { dealFormat: 2, seed: 0n, dealSecret: deal.secret };

/** Settings as a row may hold them: settings added since the row was written are missing. */
export type StoredSettings = Partial<TableSettings>;

/** A row's settings with every setting: one added later reads as the settings table says for that table. */
export function readSettings(stored: StoredSettings): TableSettings {
  return withMissing(stored);
}

/** The columns a new table is created with. */
/**
 * Open tables' rows as records. One corrupt row must not stop the others from resuming: it is
 * marked broken (through `markBroken`) and left out.
 */
export async function openRecords(rows: TableRow[], markBroken: (id: string, reason: string) => Promise<unknown>): Promise<StoredTable[]> {
  const out: StoredTable[] = [];
  for (const row of rows) {
    try {
      out.push(toRecord(row));
    } catch (e) {
      await markBroken(row.id, String((e as Error).message));
    }
  }
  return out;
}

export function newTableRow(input: NewTable) {
  return {
    id: input.id ?? newTableId(input.channelId),
    guildId: input.guildId,
    channelId: input.channelId,
    threadId: input.threadId ?? null,
    messageId: input.messageId ?? null,
    hostId: input.hostId,
    rules: JSON.stringify(input.rules),
    settings: JSON.stringify(input.settings),
    // A lobby has no deal yet: the game's key is drawn when it starts (a patch of `deal`).
    ...dealColumns(input.deal ?? { format: 1, seed: 0 }),
    status: "lobby",
    seats: JSON.stringify(input.seats),
    timeBank: JSON.stringify([0, 0, 0, 0].map(() => input.settings.timeBankSeconds)),
    // A new table's thread has told nothing yet (null is kept for tables stored before these).
    threadFrom: 0,
    threadTo: 0,
  };
}

/** The columns a patch may set (appendAction writes them into raw SQL, so names are checked). */
export const PATCH_COLUMNS = new Set([
  "threadId",
  "messageId",
  "hostId",
  "rules",
  "settings",
  "seed",
  "dealFormat",
  "dealSecret",
  "status",
  "seats",
  "turnDeadline",
  "timeBank",
  "brokenReason",
  "hintsUsed",
  "undos",
  "threadFrom",
  "threadTo",
]);
const JSON_COLUMNS = new Set(["rules", "settings", "seats", "timeBank"]);

/** A patch as column values (JSON as text, the deal key as its three columns); what else a column needs is the dialect's. */
export function patchColumns(patch: TablePatch): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(patch)) {
    if (key === "deal" && value !== undefined) out.push(...Object.entries(dealColumns(value as DealKey)));
    if (value === undefined || !PATCH_COLUMNS.has(key)) continue;
    out.push([key, JSON_COLUMNS.has(key) ? JSON.stringify(value) : value]);
  }
  return out;
}

/** A patch as Prisma update data (the same for both clients). */
export const toColumns = (patch: TablePatch): Record<string, unknown> => Object.fromEntries(patchColumns(patch));

export function actionRecords(tableId: string, rows: Array<{ seq: number; seat: number; action: string; createdAt: Date }>) {
  return rows.map((r, i) => {
    if (r.seq !== i) throw new CorruptRowError(tableId, `action log has a gap at ${i}`);
    return { seq: r.seq, seat: r.seat, action: parseJson<Action>(tableId, `action ${r.seq}`, r.action), at: r.createdAt };
  });
}

type GuildSettingsRow = Partial<Record<ServerKey, unknown>> & {
  /** The server's table defaults, a JSON object by setting (a row of the old shape: one column each, read too). */
  tableDefaults?: string;
  defaultRules: string;
  tableCap: number | null;
  locale: string | null;
  retentionDays: number | null;
  allowedChannels: string;
  leftAt: Date | null;
  dailyEnabled: boolean;
  dailyRules: string;
  dailyMemberDays: number;
  tournamentRole?: string | null;
};

export function guildSettingsRecord(guildId: string, row: GuildSettingsRow | null): GuildSettings {
  return {
    guildId,
    defaultRules: row?.defaultRules ?? "classic",
    // A value this version does not know (a level stored by a newer one) reads as unset: the server's default.
    ...readServerDefaults(row && { ...row, ...jsonObject(row.tableDefaults) }),
    tableCap: row?.tableCap ?? null,
    locale: row?.locale ?? null,
    retentionDays: row?.retentionDays ?? null,
    allowedChannels: row ? parseJson<string[]>(guildId, "allowedChannels", row.allowedChannels) : [],
    dailyEnabled: row?.dailyEnabled ?? true,
    dailyRules: row?.dailyRules ?? "classic",
    dailyMemberDays: row?.dailyMemberDays ?? 0,
    tournamentRole: row?.tournamentRole ?? null,
    leftAt: row?.leftAt ?? null,
  };
}

/** A JSON object's members; anything else (none, not JSON, not an object) has none. */
function jsonObject(text: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text ?? "{}");
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A patch as the row's columns, and apart from them the changes to the server's table defaults
 * (`defaults`, null: none), which `withDefaults` merges into the stored JSON object: every entry of
 * the settings table with `server:`, so a new one needs no column.
 */
export function guildSettingsColumns(patch: GuildSettingsPatch) {
  const { allowedChannels, ...rest } = patch;
  const server = new Set<string>(SERVER_SETTINGS.map((s) => s.key));
  const set = Object.entries(rest).filter(([, v]) => v !== undefined);
  const plain = Object.fromEntries(set.filter(([k]) => !server.has(k))) as Omit<
    GuildSettingsPatch,
    "allowedChannels" | keyof ServerDefaults
  >;
  const changed = set.filter(([k]) => server.has(k));
  return {
    columns: { ...plain, ...(allowedChannels !== undefined && { allowedChannels: JSON.stringify(allowedChannels) }) },
    defaults: changed.length ? (Object.fromEntries(changed) as Partial<ServerDefaults>) : null,
  };
}

/** The stored table defaults with `changes` made (null: back to the bot's default, so left out), as the column's text. */
export function withDefaults(stored: string, changes: Partial<ServerDefaults>): string {
  const out = { ...jsonObject(stored), ...changes } as Record<string, unknown>;
  for (const k of Object.keys(out)) if (out[k] === null) delete out[k];
  return JSON.stringify(out);
}

type ResultRow = { seat: number; userId: string | null; botLevel: string | null; name: string; total: number; place: number };

export function finishedGameRecord(g: {
  tableId: string;
  guildId: string;
  rules: string;
  rated: boolean;
  hands: string;
  finishedAt: Date;
  results: ResultRow[];
}): FinishedGame {
  return {
    tableId: g.tableId,
    guildId: g.guildId,
    rules: parseJson<Rules>(g.tableId, "rules", g.rules),
    rated: g.rated,
    players: [...g.results]
      .sort((a, b) => a.seat - b.seat)
      .map((r) => ({
        seat: r.seat,
        userId: r.userId,
        botLevel: r.botLevel as FinishedGame["players"][number]["botLevel"],
        name: r.name,
        total: r.total,
        place: r.place,
      })),
    hands: parseJson<FinishedGame["hands"]>(g.tableId, "hands", g.hands),
    finishedAt: g.finishedAt,
  };
}

/**
 * A database URL for a message or a log line: the password is never shown, whatever its length.
 * The credentials are taken to run to the last `@`, so a password written with a raw `@`, `/` or
 * `?` (which a URL parser would misread) is hidden whole rather than in part; an `@` later in the
 * URL only hides a little more.
 */
export function redactUrl(url: string): string {
  return url.replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/[^:@/?#\s]*):\S*@/i, "$1:…@");
}

/** A PlayerPrefs row (or none) as the store's record. */
export function playerPrefsRecord(userId: string, row: { fourColour: boolean | null; largeIndex: boolean } | null): PlayerPrefs {
  return { userId, fourColour: row?.fourColour ?? null, largeIndex: row?.largeIndex ?? false };
}

export function playerPrefsColumns(patch: Partial<Omit<PlayerPrefs, "userId">>) {
  return {
    ...(patch.fourColour !== undefined && { fourColour: patch.fourColour }),
    ...(patch.largeIndex !== undefined && { largeIndex: patch.largeIndex }),
  };
}
