/**
 * The table domain's records: a table, its seats and settings, its status, a finished game. Every
 * layer names them from here; the store persists them (src/table/store.ts is its interface).
 */
import { randomBytes } from "node:crypto";
import type { BotLevel } from "../ai/levels.js";
import type { DealKey, Rules } from "../game/index.js";
import type { Locale } from "../i18n/index.js";
import type { SettingValues } from "./settings-table.js";

export type { BotLevel };

/** Open tables: a lobby, or a game in progress. */
export const OPEN_STATUSES = ["lobby", "passing", "playing"] as const satisfies readonly TableStatus[];
export const isOpen = (status: TableStatus): boolean => (OPEN_STATUSES as readonly TableStatus[]).includes(status);

/**
 * A new table's id: the id of the channel it opens in, then 64 random bits. Its buttons name their
 * channel, so a click sent from another channel is refused before the table is read (router.ts).
 */
export function newTableId(channelId: string): string {
  const random = randomBytes(8).toString("hex");
  return /^\d{1,20}$/.test(channelId) ? `${channelId}-${random}` : random;
}

/** The channel a table id names, or null for an id made before ids named their channel. */
export function channelOfTableId(tableId: string): string | null {
  return /^(\d{1,20})-[0-9a-f]{16}$/.exec(tableId)?.[1] ?? null;
}

export type TableStatus = "lobby" | "passing" | "playing" | "finished" | "abandoned" | "broken";

export interface SeatRecord {
  seat: number;
  /** Discord user id of the human in this seat, or null for a computer player. */
  userId: string | null;
  /** Level of the computer player (also used when a human's seat is taken over by a bot). */
  botLevel: BotLevel | null;
  name: string;
  /** A human seat whose player timed out repeatedly: a bot plays until they `join` again. */
  botControlled: boolean;
  /** Consecutive turn timeouts of this seat. */
  timeouts: number;
  /** Left the tournament, or removed by its organiser: a computer player holds the seat to the end, and its person may not take it back. */
  out?: boolean;
}

/** Table options that are not rules of the game. */
// Every setting of the settings table (./settings-table.ts, with what each means), and what a table is given when it opens.
export interface TableSettings extends SettingValues {
  /**
   * The language of the table's public posts, set when it opens (from the server's preferred
   * locale). Absent on tables stored before it existed: they read as English.
   */
  locale?: Locale;
  /**
   * A tournament round's table: the game ends after this many hands, whatever the totals
   * (./hand-limit.ts). Absent: the rules' own end.
   */
  handLimit?: number;
}

export interface TableRecord {
  id: string;
  guildId: string;
  channelId: string;
  threadId: string | null;
  /** The public table message the bot edits. */
  messageId: string | null;
  hostId: string;
  rules: Rules;
  settings: TableSettings;
  status: TableStatus;
  seats: SeatRecord[];
  /** Number of actions in the log: the sequence number of the next action. */
  actionCount: number;
  turnDeadline: Date | null;
  /** Time bank left per seat, in seconds. */
  timeBank: number[];
  /** Set when a table is marked broken: what went wrong, for the log and the channel. */
  brokenReason: string | null;
  /** Whether any seat used a hint (hinted games are not rated). */
  hintsUsed: boolean;
  /** Cards taken back with undo (a table of one person and computer players): a game with one is not rated. */
  undos: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A table as stored, with where its game's cards come from (src/game/deal.ts): the store's and the
 * table domain's alone. A front end gets the TableRecord without it (TableView), so the secret can
 * reach no message, id, picture or browser by mistake.
 */
export interface StoredTable extends TableRecord {
  /** A lobby's is a placeholder; the key is drawn when the game starts. Format 2's secret is never logged, shown or put in an id. */
  deal: DealKey;
  /**
   * The places in the game (./catch-up.ts) the thread's last post with news tells, [threadFrom,
   * threadTo), as stored when this record was read: the thread writes them before each such post
   * (TableService.notePost, which leaves the live record as it is), a resume reads them fresh.
   * Null for a table stored before them, or closed once its thread had told everything
   * (TableService.noteThreadDone): nothing to tell again.
   */
  threadFrom: number | null;
  threadTo: number | null;
}

/** What the store keeps of a finished game: the basis of leaderboards and player stats. */
export interface FinishedGame {
  tableId: string;
  guildId: string;
  rules: Rules;
  rated: boolean;
  /** Per seat: who sat there (user id or bot level), final total and place (1..4). */
  players: Array<{ seat: number; userId: string | null; botLevel: BotLevel | null; name: string; total: number; place: number }>;
  /** Per hand: each seat's change of total, and moons / Q♠ / J♦ takers. */
  hands: Array<{
    change: number[];
    handPoints: number[];
    moonShooter: number | null;
    queenTakenBy: number | null;
    jackTakenBy: number | null;
  }>;
  finishedAt: Date;
}

/** A new game's deal key: 256 bits from node:crypto, dealt with ChaCha20 (src/game/deal.ts). */
export const newDealKey = (): DealKey => ({ format: 2, secret: randomBytes(32).toString("hex") });
