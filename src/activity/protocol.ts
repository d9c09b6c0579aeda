/**
 * What the Activity's page and its web server say to each other over the WebSocket, one JSON
 * object per frame. The page's messages are checked here (zod: shape and size) before anything
 * reads them; the server's frames are typed for the page (web/ imports this file's types only).
 *
 * Nothing in a page's message names a user, a seat or a table: the server takes who acts from the
 * signed-in connection and which table from the channel it was bound to, so a message cannot act
 * for anyone else.
 */
import { z } from "zod";
import { BOT_LEVELS, type BotLevel } from "../ai/levels.js";
import type { Locale } from "../i18n/locale.js";

/** Frames larger than this are refused by the WebSocket server before they are parsed. */
export const MAX_CLIENT_FRAME = 2048;

const snowflake = z.string().regex(/^\d{15,22}$/);
const card = z.number().int().min(0).max(51);
const version = z.number().int().min(0).max(1_000_000);

export const ClientMessage = z.discriminatedUnion("t", [
  /** The authorize code the SDK gave, and the instance's channel (a channel or a thread). */
  z.strictObject({ t: z.literal("auth"), code: z.string().min(1).max(200), channel: snowflake }),
  /** A reconnect: the signed session the server gave at sign-in, for the same channel. */
  z.strictObject({ t: z.literal("resume"), session: z.string().min(1).max(600), channel: snowflake }),
  z.strictObject({ t: z.literal("play"), card, version }),
  z.strictObject({ t: z.literal("pass"), cards: z.array(card).length(3), version }),
  z.strictObject({ t: z.literal("moon"), choice: z.enum(["add", "subtract"]), version }),
  z.strictObject({ t: z.literal("hint") }),
  z.strictObject({ t: z.literal("undo"), card }),
  /** The lobby, as the chat's buttons: sit down, get up, a computer player of a level and Start (the host's: the table service decides). */
  z.strictObject({ t: z.literal("join") }),
  z.strictObject({ t: z.literal("leave") }),
  z.strictObject({ t: z.literal("addBot"), level: z.enum(BOT_LEVELS as readonly BotLevel[] as [BotLevel, ...BotLevel[]]) }),
  z.strictObject({ t: z.literal("start") }),
  /** At game over: a new table in the same channel with the same players and rules (the page then shows it). */
  z.strictObject({ t: z.literal("rematch") }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export type Dir = "left" | "right" | "across" | "hold";

/** One seat as everyone sees it. */
export interface SeatInfo {
  seat: number;
  /** The person's Discord id (the page finds its own seat in the lobby by it); null for a computer player. */
  id: string | null;
  name: string;
  bot: boolean;
  total: number;
  handPoints: number;
  handSize: number;
  passed: boolean;
  /** When this seat's time runs out (ms since the epoch); null when the game does not wait for it. */
  deadline: number | null;
  /**
   * The seat's person's Discord avatar as "{user id}/{hash}" (the page loads it through the
   * Activity's URL mapping to Discord's CDN), while they have the table open in the Activity; null
   * otherwise (a computer player, someone on the chat's buttons): the page draws their initial.
   */
  avatar: string | null;
}

/** The game as anyone watching may see it. */
export interface PublicGame {
  phase: "passing" | "playing" | "moon-choice" | "game-over";
  /** The action count: the version an action from this picture must carry. */
  version: number;
  handIndex: number;
  passDirection: Dir;
  turn: number;
  leader: number;
  trick: number[];
  /** The last completed trick of this hand (leader first), and who took it. */
  lastTrick: { leader: number; cards: number[]; winner: number } | null;
  /**
   * The trick the action behind this frame completed, whole (leader first) with who took it and its
   * number (0-based): the page holds it on the table a moment before it goes to its taker, the
   * 13th too (by then `trick` and `lastTrick` already belong to the next hand). When the rest of the
   * hand was claimed (no points left, or a tram), `claimed` tricks went to `winner` unplayed: the
   * trick whose taking ended the hand is shown with them (no cards only if none was). Null otherwise.
   */
  taken: { leader: number; cards: number[]; winner: number; trickNumber: number; claimed: number } | null;
  trickNumber: number;
  heartsBroken: boolean;
  awaiting: number[];
  pendingMoon: number | null;
  /** Every hand so far: each seat's change and totals after it. */
  history: { handIndex: number; change: number[]; totals: number[] }[];
  winners: number[] | null;
  placements: number[] | null;
  target: number;
}

/** The connection's own hand: only ever sent to whoever holds the seat (its `seat` is the connection's own). */
export interface HandInfo {
  seat: number;
  cards: number[];
  legal: number[];
  /**
   * Why the cards of the hand that may not be played now are refused, worded for the person: each
   * reason once, with its cards (while it is someone else's turn, one sentence for the whole hand).
   */
  refusals: { text: string; cards: number[] }[];
  passed: number[] | null;
  received: number[] | null;
  /** The card Undo would take back now, if the table offers undo. */
  undoCard: number | null;
  /**
   * The played-cards list, worded as the chat's hand menu words it ("Still out: ♣ A K 9 · …"):
   * during play at a table that shows played cards; null otherwise (src/table/played-cards.ts).
   */
  stillOut: string | null;
}

/**
 * The table's rules in words, as /hearts rules says them (src/table/rules-words.ts): sent when a
 * connection is shown a table, and again only if its rules or settings change (in the lobby).
 */
export interface RulesInfo {
  /** The preset's title, with its code when the rules are exactly that preset: "Omnibus (omnibus)". */
  title: string;
  /** The preset's description, or that it is a preset with changes. */
  about: string;
  /** The options that differ from the classic defaults, then the table's settings. */
  lines: string[];
}

export interface TableFrame {
  id: string;
  status: "lobby" | "passing" | "playing" | "finished" | "abandoned" | "broken";
  /** The host's Discord id: the page offers the host's buttons (Add bot, Start) to them only. */
  host: string;
  /** The table's computer players' level (the lobby's Add bot offers it first). */
  botLevel: BotLevel;
  seats: SeatInfo[];
  game: PublicGame | null;
  hand: HandInfo | null;
  hintsAllowed: boolean;
  /** Undo is offered (a table of one person and computer players). */
  undo: boolean;
  fourColour: boolean;
  /** Its players may ask for a rematch at game over (a tournament's table may not: the tournament seats its next round). */
  rematch: boolean;
}

/**
 * The tournament a table plays for (issue 32), beside it on the page: the standings over the
 * closed rounds (the top few, then you if you are further down) and the round clock.
 */
export interface TournamentInfo {
  id: string;
  name: string;
  status: "signup" | "playing" | "finished" | "cancelled";
  round: number;
  rounds: number;
  /** The round being played or last played (ms since the epoch); null before the start. */
  clock: { startedAt: number; deadline: number; closedAt: number | null; tables: number; finishedTables: number } | null;
  /** Over the closed rounds, best first; `you` marks the reader's row. Empty before round 1 closes. */
  standings: { place: number; name: string; percent: number | null; you: boolean }[];
}

export type ServerMessage =
  | { t: "welcome"; session: string; you: { id: string; name: string }; locale: Locale; resumed: boolean }
  | { t: "table"; table: TableFrame | null }
  /** A sentence for this person: an action refused, a note from the table. */
  | { t: "say"; text: string; tone: "refusal" | "note" }
  | { t: "hint"; cards: number[] }
  | { t: "rules"; rules: RulesInfo }
  /** The shown table's tournament (null: it plays for none), sent when it is shown and when a round starts or closes. */
  | { t: "tournament"; tournament: TournamentInfo | null };

/** WebSocket close codes (4000-4999 are the application's). */
export const CLOSE = {
  signInFailed: 4001,
  signInFirst: 4002,
  expired: 4003,
  badMessage: 4004,
  notHere: 4005,
  mayNotWatch: 4006,
  otherMachine: 4007,
  /** The same person opened the table on another connection (they may have a few at once). */
  replaced: 4008,
  /** The person's right to the table ended: they left or were kicked, Forget me, a server purge. */
  ended: 4009,
  /** The page sent faster than it is allowed, again and again, or stopped reading what it was sent. */
  tooFast: 4010,
  /** Discord was slow or failing to confirm the sign-in's code (it may be spent): the page asks Discord for a fresh one and tries again. */
  signInAgain: 4011,
  /** Nothing from the page and no table news for the door's idle time (door.ts). */
  idle: 4012,
} as const;
