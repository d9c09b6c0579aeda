/**
 * The table service's vocabulary: who acts, what they get back, and what it tells the front end.
 */
import type { PublicAction, PublicEvent, PublicView, Rules, SeatView } from "../game/index.js";
import type { Sentence } from "../i18n/index.js";
import type { TableRecord, TableSettings } from "./records.js";

/** Where the table's last undo was: nothing up to that trick of that hand can be taken back again. */
export interface UndoMark {
  hand: number;
  trick: number;
}

/** The person behind an interaction. Who acts is always this, never something read from a button. */
export interface Actor {
  userId: string;
  name: string;
  /** Holds Manage Channels where the table is (may end any table there). */
  canManage?: boolean;
  /** Their Discord avatar's hash, as the interaction carries it (faces.ts): their seat's face on both front ends. */
  avatar?: string | null;
}

/** The server and the channel (or thread) a person asks from. */
export interface Where {
  guildId: string | null;
  channelId: string;
  /** The channel's parent when it is a thread (a table's id names the channel its thread grew from). */
  parentId?: string | null;
}

/**
 * A person asking, with where they ask from: what every read of and act on a table from a front end
 * names (the table service's public methods take nothing less), so the gate (gate.ts) refuses a
 * table elsewhere. The domain's own acts on a person's seat (a tournament's entrant out for good,
 * Forget me) name no door: they go through `TableService.domain`, which no front end may use
 * (test/house/gate.test.ts).
 */
export interface Asker extends Actor {
  /** The server, and the channel or thread the interaction or page is in. */
  where: Where;
}

/**
 * Why a person wants a table, for the gate: to watch or play it (a tournament's round table is its
 * own people's only), or to use the host's powers (end, kick: the host, the tournament's organiser
 * at a round table, or someone with Manage Channels).
 */
export type Purpose = "watch" | "host";

/** Why an action was refused: a code for tests and logs, a sentence (by its catalogue key) for the person. */
export type RefusalCode =
  | "no-table"
  | "elsewhere"
  | "hidden"
  | "withdrawn"
  | "which-table"
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
  | "channel-not-allowed"
  | "cooldown"
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

/**
 * A table as a front end sees it: immutable, taken when the service answers or announces a
 * change. Its record, the public view of its game, whom the game waits for and, for a person, the
 * view of the seat they hold; never the game's full state nor another seat's hand, so no front end
 * can show a hidden card (secrecy by type and by data, as boardgame.io's playerView). Computer
 * players and the turn clock get their seat's view inside src/table (scheduler.ts), not here.
 * `TableService.current(view)`: the same table now.
 */
export interface TableView {
  readonly record: TableRecord;
  /** What anyone watching may see of the game; null before the deal. */
  readonly game: Readonly<PublicView> | null;
  /** The seats the game waits for: those yet to pass, or the one to play or to choose the moon. */
  readonly awaiting: readonly number[];
  /** Where this table's last undo was: one level, once per trick (see undo.ts). */
  readonly undone: UndoMark | null;
  /**
   * The view of the seat this person holds at the table (their hand, their legal cards), for their
   * own private menu; null when they hold none, or before the deal.
   */
  handOf(userId: string): SeatView | null;
  /** When the seat's time runs out (ms since the epoch); null when the game does not wait for it, or a computer player holds it. */
  deadline(seat: number): number | null;
  /** The person's Discord avatar hash, as their last interaction at the table carried it (faces.ts); null: none known. */
  faceOf(userId: string): string | null;
}

/** How an action came about. */
export type ActionSource = "player" | "bot" | "timeout";

/** A stored action as a resume tells it again (./catch-up.ts): its public side, and its place in the log. */
export interface MissedAction {
  seq: number;
  seat: number;
  action: PublicAction;
  events: PublicEvent[];
}

/**
 * What the service tells every front end, after the change is persisted: public information only
 * (a pass without its cards, the exchange without what each seat gave). What is a seat's own, its
 * holder reads from `TableView.handOf`.
 */
export type TableUpdate =
  | { type: "lobby"; note: Sentence }
  /**
   * A table opened outside a command (its table message is the chat's to post): a rematch's new
   * lobby where the finished game `rematchOf` was, or a tournament round's table, already started.
   */
  | { type: "opened"; rematchOf?: string; tournament?: { id: string; round: number; table: number } }
  | { type: "started" }
  | { type: "action"; seat: number; action: PublicAction; events: PublicEvent[]; source: ActionSource }
  | { type: "seat"; seat: number; change: "bot-took-over" | "left" | "returned" }
  | { type: "closed"; reason: CloseReason; note: Sentence }
  /**
   * At a resume, before the game moves on: the stored actions from the start of the thread's last
   * post with news on (./catch-up.ts), oldest first. That post told the places before `lastPostTo`
   * and may not have gone out before the stop.
   */
  | { type: "missed"; actions: MissedAction[]; lastPostTo: number }
  /** Something every player should read in the game's thread (the store went down, or came back). */
  | { type: "notice"; note: Sentence };

export type CloseReason = "finished" | "ended" | "lobby-timeout" | "everyone-left" | "broken";

export interface TableListener {
  (table: TableView, update: TableUpdate): void;
}

export interface NewTableOptions {
  rules: Rules;
  settings: TableSettings;
}

export interface TableServiceConfig {
  botDelayMs: number;
  lobbyTimeoutMs: number;
  maxTimeouts: number;
  /** Open tables one server may have at once; the next is refused with a sentence. */
  maxTablesPerGuild?: number;
}
