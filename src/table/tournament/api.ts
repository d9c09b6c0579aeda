/**
 * The tournament service's public face: what both front ends (src/discord, src/activity) call and
 * hear. The service (./service.ts) runs a duplicate tournament below both doors: sign-up, the
 * start at `startsAt` (or early, by the organiser), each round's tables opened together through
 * the TableService, the rounds' closing, standings (./scoring.ts), reseating (./seating.ts), the
 * end, Forget me and restarts. A front end only translates: every rule, refusal and permission is
 * here, every sentence a person reads is a Sentence of the catalogue (area "tournament").
 *
 * The front ends get it as they get the TableService: built in src/discord/bot/services.ts beside
 * it (`services.tournaments`), and handed to the Activity from src/app/hearts.ts (`bot.tournaments`).
 *
 * What a front end hears, and from whom:
 * - From this service (onUpdate), a TournamentUpdate with the tournament as it left it:
 *   signup-changed, reminder-due, round-started, round-closed, finished, cancelled, paused/resumed.
 * - From the TableService (its ordinary onUpdate), each round's tables, which are ordinary tables:
 *   `{ type: "opened", tournament: { id, round, table } }` once per table when its round starts, the
 *   table already started (no lobby: seats filled, hints and undo off, turn clock on): the chat
 *   posts its table message and thread as it does for a rematch's `opened` (then attach() as
 *   usual); then `started`, `action`, `seat` (a computer player took over someone who stopped
 *   responding, or who left or was removed: change "bot-took-over" / "left") as at any table; and
 *   `closed` with reason "finished" when the table has played the round's hands (its game is then a
 *   finished game like any: stats and ratings see it). A table's record has settings.handLimit
 *   set when it plays for a tournament; `tournamentOf(tableId)` below says which and which round.
 *   The round's tables share the tournament's channel (the table message there, a thread each).
 * Until a round has closed, no review, board or picture of its deals is given (dealsHidden of
 * ./integrity.ts; src/table/review.ts obeys it): a front end shows the refusal's sentence.
 */
import type { Sentence } from "../../i18n/index.js";
import type { BotLevel } from "../records.js";
import type { Standing } from "./scoring.js";
import type { RoundSeating } from "./seating.js";

export type { Standing } from "./scoring.js";
export type { RoundSeating } from "./seating.js";

/** signup: people may join; playing: rounds under way; then finished or cancelled. */
export type TournamentStatus = "signup" | "playing" | "finished" | "cancelled";

/** Rounds a tournament may have. */
export const MIN_ROUNDS = 1;
export const MAX_ROUNDS = 8;
/** Hands per round the organiser may ask for (4 by default: the four pass directions). */
export const MIN_HANDS_PER_ROUND = 1;
export const MAX_HANDS_PER_ROUND = 8;
/**
 * Most people signed up to one tournament. Why: a round of 128 is 32 tables opened at once in one
 * server, each with its table message, thread and private menus: about what Discord's 50 requests
 * a second per bot carry within a round's first minute (bench/tournament measures 64); more would
 * slow every other table of the bot, and a club night is far smaller.
 */
export const MAX_ENTRANTS = 128;
/** A tournament's name, at most this long (the command's own limit); its start, at most 30 days ahead. */
export const MAX_NAME = 60;
export const MAX_AHEAD_MS = 30 * 24 * 3_600_000;
/** Tournaments a server may have in sign-up or playing at once (one person cannot flood a server). */
export const MAX_OPEN_PER_GUILD = 3;
/** The reminder before the start goes out this long before it. */
export const REMINDER_BEFORE_MS = 15 * 60_000;
/** The pause between a round's closing (its standings posted) and the next round's tables. */
export const BETWEEN_ROUNDS_MS = 60_000;
/** The round clock's estimate of a hand: a pass and 52 cards at a brisk table (the turn clock bounds the slowest). */
export const ESTIMATED_HAND_MS = 4 * 60_000;

/**
 * Who acts: the interaction's user, with what Discord says of them in the server (the front end
 * reads it; the rule that uses it, mayOrganise, is here).
 */
export interface TournamentActor {
  userId: string;
  name: string;
  /**
   * The server they ask from (null: a direct message): a tournament's id from elsewhere (a sign-up
   * button of another server, a forged id) is refused as unknown. Every act names it.
   */
  guildId: string | null;
  /** Holds Manage Server there. */
  manageGuild?: boolean;
  /** The member's role ids there (the server's `tournamentRole` may name one). */
  roles?: readonly string[];
}

export interface NewTournament {
  guildId: string;
  /** Where the sign-up message, reminders, standings and the round's tables go. */
  channelId: string;
  name: string;
  startsAt: Date;
  /** 1–8. */
  rounds: number;
  /** 1–8; default 4 (DEFAULT_HANDS_PER_ROUND). */
  handsPerRound?: number;
  /** A rules preset spec as /hearts new takes it ("classic", "omnibus,moon=new"); the tables play tournamentRules of it. */
  rulesSpec: string;
  /** The computer players' level: the layout's seats and whoever a computer player stands in for. */
  botLevel: BotLevel;
}

export type TournamentRefusalCode =
  | "not-organiser"
  | "bad-options"
  | "channel-not-allowed"
  | "too-many"
  | "no-tournament"
  | "not-signup"
  | "not-playing"
  | "already-in"
  | "not-in"
  | "full"
  | "not-enough"
  | "store-down";

export interface TournamentRefusal {
  ok: false;
  code: TournamentRefusalCode;
  /** Worded by the front end in the asker's language. */
  say: Sentence;
}

export type TournamentOutcome<T extends object = object> = ({ ok: true } & T) | TournamentRefusal;

export interface TournamentPlayer {
  userId: string;
  name: string;
  joinedAt: Date;
  /** Left or removed: a computer player holds their seat to the end, and their results say so. */
  left: boolean;
  /** The turn clock or a computer player made some of their moves (a timeout, a takeover, or they left or were removed). */
  stoodIn: boolean;
}

/** A round as a front end shows it: its seating, its tables and its clock. */
export interface TournamentRoundView {
  round: number;
  seating: RoundSeating;
  /** The round's HeartsTable ids, by table index (0: the top table). */
  tables: string[];
  startedAt: Date;
  /** The round clock's estimate of the end: startedAt + handsPerRound × ESTIMATED_HAND_MS. */
  deadline: Date;
  /** When its last table finished (its deals may be shown from then on); null while it is played. */
  closedAt: Date | null;
  /** Tables of the round that have played their hands. */
  finishedTables: number;
  /** The people a computer player played for at some point of the round (the turn clock took over, or they left): their results say so. */
  standIns: string[];
}

/** A tournament as a front end sees it: immutable, taken when the service answers or announces. Never its secret. */
export interface TournamentView {
  id: string;
  guildId: string;
  channelId: string;
  organiserId: string;
  name: string;
  startsAt: Date;
  rounds: number;
  handsPerRound: number;
  rulesSpec: string;
  botLevel: BotLevel;
  status: TournamentStatus;
  /** True while the store cannot save: nothing moves on until it is back. */
  paused: boolean;
  /** The round being played or last played; 0 before the start. */
  round: number;
  /** In sign-up order. */
  players: TournamentPlayer[];
  /** Every round seated so far, oldest first. */
  played: TournamentRoundView[];
  /** Standings over the closed rounds, best first (empty before round 1 closes). */
  standings: Standing[];
  /** The sign-up message and the Discord scheduled event, once the front end posted them. */
  messageId: string | null;
  eventId: string | null;
}

/** What the service tells the front ends, after the change is stored. */
export type TournamentUpdate =
  /** Someone joined, left or was removed before the start (the sign-up message shows `players`), or the tournament was created. */
  | { type: "signup-changed"; created?: boolean }
  /** The reminder before the start: `startsAt` − now is about `minutesLeft` (REMINDER_BEFORE_MS). The start itself is round 1's round-started. */
  | { type: "reminder-due"; minutesLeft: number }
  /** A round's tables are open (each also announced by the TableService as `opened`). */
  | { type: "round-started"; round: number; tables: string[]; sittingOut: string[] }
  /** Every table of the round has played its hands: the standings after it (next round after BETWEEN_ROUNDS_MS). */
  | { type: "round-closed"; round: number; standings: Standing[] }
  /** The last round closed: the podium (places 1–3, ties share) and the whole standings. */
  | { type: "finished"; podium: Standing[]; standings: Standing[] }
  /** The organiser cancelled (or nobody signed up by the start: `reason` says which); open tables are ended. */
  | { type: "cancelled"; reason: "organiser" | "nobody" }
  /** The store failed: the tournament waits (its tables wait too, store-health.ts), and goes on when it is back. */
  | { type: "paused" }
  | { type: "resumed" };

export interface TournamentListener {
  (tournament: TournamentView, update: TournamentUpdate): void;
}

/** A person's tournaments, for /hearts privacy (what is stored about them). */
export interface PersonalTournament {
  tournamentId: string;
  guildId: string;
  name: string;
  status: TournamentStatus;
  joinedAt: Date;
  left: boolean;
}

/**
 * The service's methods as the front ends use them (the class in ./service.ts implements it).
 * Every method answers with an outcome, never throws for a person's mistake or a store fault.
 */
export interface Tournaments {
  onUpdate(listener: TournamentListener): void;
  /** Creates one in sign-up (Manage Server, or the server's `tournamentRole`). */
  create(organiser: TournamentActor, options: NewTournament): Promise<TournamentOutcome<{ tournament: TournamentView }>>;
  /** Records where the front end put the sign-up message and the scheduled event. */
  attach(id: string, where: { messageId?: string | null; eventId?: string | null }): Promise<void>;
  join(id: string, actor: TournamentActor): Promise<TournamentOutcome<{ tournament: TournamentView; say: Sentence }>>;
  /** Before the start: off the list. After: a computer player holds the seat to the end. */
  leave(id: string, actor: TournamentActor): Promise<TournamentOutcome<{ tournament: TournamentView; say: Sentence }>>;
  /** The organiser (or Manage Server) starts it now: round 1 is seated with the people signed up. */
  start(id: string, actor: TournamentActor): Promise<TournamentOutcome<{ tournament: TournamentView }>>;
  cancel(id: string, actor: TournamentActor): Promise<TournamentOutcome<{ tournament: TournamentView }>>;
  /** The organiser removes a player: as if they left. */
  remove(id: string, actor: TournamentActor, userId: string): Promise<TournamentOutcome<{ tournament: TournamentView; say: Sentence }>>;
  /**
   * The server's current tournament (playing), else its next one (sign-up), else its last finished
   * one; with `name`, the one of that name (any case) among those.
   */
  current(guildId: string, name?: string | null): Promise<TournamentView | null>;
  /** The server's tournaments in sign-up or under way (at most MAX_OPEN_PER_GUILD): which one an organiser means. */
  planned(guildId: string): Promise<TournamentView[]>;
  get(id: string): Promise<TournamentView | null>;
  /** The tournament and round a table plays for, or null for an ordinary table. */
  tournamentOf(tableId: string): Promise<{ tournamentId: string; round: number; closed: boolean } | null>;
  /** Privacy: a person's tournaments. */
  personal(userId: string): Promise<PersonalTournament[]>;
  /** Forget me: the person's entries and seats take `pseudonym` (a stand-in id), so the others' standings stay. */
  forget(userId: string, pseudonym: string): Promise<number>;
  /** Loads the tournaments under way and in sign-up, re-arms starts and reminders, closes rounds whose tables ended meanwhile. */
  resume(owns?: (guildId: string) => boolean): Promise<number>;
  stop(): Promise<void>;
}

/** Whether someone may organise a tournament in a server: Manage Server, or the role its settings name. */
export function mayOrganise(actor: TournamentActor, tournamentRole: string | null): boolean {
  if (actor.manageGuild) return true;
  return tournamentRole !== null && (actor.roles ?? []).includes(tournamentRole);
}

/** Whether a tournament is reached from where the actor asks: another server's id (a forged or foreign sign-up button) is no tournament there, as a table elsewhere is none (src/table/gate.ts). */
export const askedHere = (t: { guildId: string }, actor: TournamentActor | null): boolean => actor === null || actor.guildId === t.guildId;
