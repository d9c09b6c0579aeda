/**
 * The table service's vocabulary: who acts, what they get back, and what it tells the front end.
 */
import type { Action, GameEvent, GameState, Rules } from "../game/index.js";
import type { Sentence } from "../i18n/index.js";
import type { TableRecord, TableSettings } from "./records.js";

/** The person behind an interaction. Who acts is always this, never something read from a button. */
export interface Actor {
  userId: string;
  name: string;
  /** Holds Manage Channels where the table is (may end any table there). */
  canManage?: boolean;
}

/** Why an action was refused: a code for tests and logs, a sentence (by its catalogue key) for the person. */
export type RefusalCode =
  | "no-table"
  | "table-exists"
  | "closed"
  | "not-host"
  | "not-seated"
  | "already-seated"
  | "full"
  | "started"
  | "not-started"
  | "not-enough-players"
  | "stale"
  | "duplicate"
  | "illegal"
  | "bad-options"
  | "hints-off"
  | "busy"
  | "store-down"
  | "table-cap"
  | "undo-alone"
  | "undo-nothing"
  | "undo-once";

export interface Refusal {
  ok: false;
  code: RefusalCode;
  /** Worded by the front end in the asker's language. */
  say: Sentence;
}

export type Outcome<T extends object = object> = ({ ok: true } & T) | Refusal;

export const refuse = (code: RefusalCode, say: Sentence): Refusal => ({ ok: false, code, say });

/** A table as the front end may read it. `state` holds hidden cards: show it only through viewFor/publicView. */
export interface TableSnapshot {
  readonly record: TableRecord;
  readonly state: GameState | null;
  /** Where this table's last undo was: one level, once per trick (see undo.ts). */
  readonly undone?: { hand: number; trick: number } | null;
}

/** How an action came about. */
export type ActionSource = "player" | "bot" | "timeout";

/** What the service tells the front end, always after the change is persisted. */
export type TableUpdate =
  | { type: "lobby"; note: Sentence }
  | { type: "started" }
  | { type: "action"; seat: number; action: Action; events: GameEvent[]; source: ActionSource }
  | { type: "seat"; seat: number; change: "bot-took-over" | "left" | "returned" }
  | { type: "closed"; reason: CloseReason; note: Sentence }
  /** Something every player should read in the game's thread (the store went down, or came back). */
  | { type: "notice"; note: Sentence };

export type CloseReason = "finished" | "ended" | "lobby-timeout" | "everyone-left" | "broken";

export interface TableListener {
  (table: TableSnapshot, update: TableUpdate): void;
}

export interface NewTableOptions {
  rules: Rules;
  settings: TableSettings;
  /** The server's own cap of open tables (/hearts settings), if lower than the configured one. */
  maxTables?: number;
}

export interface TableServiceConfig {
  botDelayMs: number;
  lobbyTimeoutMs: number;
  maxTimeouts: number;
  /** Open tables one server may have at once; the next is refused with a sentence. */
  maxTablesPerGuild?: number;
}
