/**
 * The store's port: the only way the rest of the bot reaches the database. It lives with the
 * domain it serves: the table service, the daily challenge and the front ends depend on these
 * types, never on Prisma; src/store's adapters (sqlite.ts, postgres.ts and the modules they share)
 * implement it, so the tie between the folders runs one way, store → table. This module imports
 * nothing of the adapters, so importing it, or its constants, never loads the Prisma runtime
 * (test/store/port.test.ts).
 */
import type { RoundSeating } from "./tournament/seating.js";
import type { ServerDefaults } from "./settings-table.js";
import type { SeatRecord, TableSettings, StoredTable, FinishedGame } from "./records.js";
import type { Action, DealFormat, DealKey, Rules } from "../game/index.js";

export interface NewTable {
  /** Usually none (a new id is drawn); a tournament round stores its tables' ids before opening them. */
  id?: string;
  guildId: string;
  channelId: string;
  threadId?: string | null;
  messageId?: string | null;
  hostId: string;
  rules: Rules;
  settings: TableSettings;
  /** Usually none: a lobby's key is drawn when its game starts (TablePatch `deal`). */
  deal?: DealKey;
  seats: SeatRecord[];
}

export type TablePatch = Partial<
  Pick<
    StoredTable,
    | "threadId"
    | "messageId"
    | "hostId"
    | "rules"
    | "settings"
    | "deal"
    | "status"
    | "seats"
    | "turnDeadline"
    | "timeBank"
    | "brokenReason"
    | "hintsUsed"
    | "undos"
    | "threadFrom"
    | "threadTo"
  >
>;

export interface StoredAction {
  seq: number;
  seat: number;
  action: Action;
  at: Date;
}

/** A server's settings; its defaults for new tables are the settings table's (ServerDefaults: null = the bot's). */
export interface GuildSettings extends ServerDefaults {
  guildId: string;
  /** Default rules preset spec for /hearts new, e.g. "classic" or "omnibus,target=50". */
  defaultRules: string;
  /** Open tables the server may have; null = the configured ceiling (which always applies). */
  tableCap: number | null;
  /** Language of the server's public posts; null = Discord's server locale. */
  locale: string | null;
  /** Days closed tables' move logs are kept; null = the default retention. */
  retentionDays: number | null;
  /** Channels allowed to host tables; empty = any channel. */
  allowedChannels: string[];
  /** When the bot was removed from the server (its data is purged after a grace period); null = present. */
  leftAt: Date | null;
  /** Whether the daily challenge is offered on this server (admins may turn it off). */
  dailyEnabled: boolean;
  /** The daily challenge's rules preset spec on this server (default "classic"). */
  dailyRules: string;
  /** Days someone must have been a member for their daily attempt to be ranked here (0: everyone). */
  dailyMemberDays: number;
  /** A role whose members may run tournaments, besides Manage Server (src/table/tournament/api.ts mayOrganise); null: none. */
  tournamentRole: string | null;
}

export type GuildSettingsPatch = Partial<Omit<GuildSettings, "guildId">>;

/** One person's attempt at one day's challenge: its actions (to resume) and, once over, its result. */
export interface DailySession {
  guildId: string;
  day: number;
  userId: string;
  name: string;
  /** The rules preset spec the day was played with on this server. */
  rulesSpec: string;
  actions: Action[];
  startedAt: Date;
  /** How its deals are keyed (src/daily/challenge.ts dailyDeal): 2 since deal formats, 1 before. */
  dealFormat: DealFormat;
  /** False: started by someone who had not been a member for the server's dailyMemberDays (not on its board). */
  ranked: boolean;
  /** Set once every hand is played. */
  result: { points: number; perHand: number[]; queens: number; moons: boolean[]; finishedAt: Date } | null;
}

export type NewDailySession = Omit<DailySession, "actions" | "result" | "startedAt" | "dealFormat" | "ranked"> & {
  startedAt?: Date;
  ranked?: boolean;
};

/** A player's private menu left open when the bot stopped: the next start brings it up to date. */
export interface SavedMenu {
  tableId: string;
  userId: string;
  /** The application id and interaction token that can edit it (for 15 minutes after `shownAt`). */
  appId: string;
  token: string;
  shownAt: Date;
}

/** A player's own choices, the same at every table (deck style of their hand picture). */
export interface PlayerPrefs {
  userId: string;
  /** Four-colour suits in their hand picture; null: the table's deck (its fourColourDeck). */
  fourColour: boolean | null;
  largeIndex: boolean;
}

export type AppendResult = { ok: true } | { ok: false; reason: "conflict" | "missing-table" };

export interface Store {
  createTable(input: NewTable): Promise<StoredTable>;
  getTable(id: string): Promise<StoredTable | null>;
  /** The open (lobby / passing / playing) table in a channel or thread, if any. */
  findOpenTable(channelId: string): Promise<StoredTable | null>;
  updateTable(id: string, patch: TablePatch): Promise<StoredTable>;
  /**
   * Appends an action at sequence number `seq` (must equal the table's actionCount), durably,
   * before returning. Two appends at the same seq: exactly one succeeds, the other gets "conflict".
   * `patch` is written in the same transaction (e.g. the new status and turn deadline).
   */
  appendAction(tableId: string, seq: number, seat: number, action: Action, patch?: TablePatch): Promise<AppendResult>;
  loadActions(tableId: string): Promise<StoredAction[]>;
  /**
   * Takes back the actions from `fromSeq` on (an undo): removes them from the log and sets the
   * table's actionCount to `fromSeq`, with `patch`, in one transaction. Only while the table's
   * count is still `expectedCount` (else "conflict", and nothing changes); the log stays gap-free.
   */
  truncateActions(tableId: string, fromSeq: number, expectedCount: number, patch?: TablePatch): Promise<AppendResult>;
  /** Every table not finished, abandoned or broken: what a restarted bot resumes. */
  listOpenTables(): Promise<StoredTable[]>;
  /**
   * Finished tables changed since `since` whose thread had not said it told everything (threadFrom
   * set: see TableRecord): a restarted bot tells their end. Newest first, at most `limit`.
   */
  listUntoldTables(since: Date, limit: number): Promise<StoredTable[]>;
  /** Marks the table finished and records the result, in one transaction. */
  recordFinishedGame(game: FinishedGame): Promise<void>;
  getGuildSettings(guildId: string): Promise<GuildSettings>;
  /**
   * A real write that changes nothing: it fails as a table's next action would (read-only file,
   * full disk, database server down), so the bot learns when it can save games again.
   */
  probeWrite(): Promise<void>;
  /** Keeps the players' open menus over a restart (written as the bot stops). */
  saveMenus(menus: SavedMenu[]): Promise<void>;
  /** The menus saved for these tables, removed from the store as they are read. */
  takeMenus(tableIds: string[]): Promise<SavedMenu[]>;
  updateGuildSettings(guildId: string, patch: GuildSettingsPatch): Promise<GuildSettings>;
  /** A player's choices; the defaults for someone who never chose. */
  getPlayerPrefs(userId: string): Promise<PlayerPrefs>;
  setPlayerPrefs(userId: string, patch: Partial<Omit<PlayerPrefs, "userId">>): Promise<PlayerPrefs>;
  close(): Promise<void>;
}

/** The daily challenge's attempts, the installation's secrets and the computed-values cache. */
export interface DailyStore {
  /**
   * The installation's secret named `name`: the stored one, or `candidate` stored now if there is
   * none yet (the first caller's candidate wins, so every process agrees).
   */
  secret(name: string, candidate: string): Promise<string>;
  /** The person's attempt at the day, if any. */
  getDailySession(guildId: string, day: number, userId: string): Promise<DailySession | null>;
  /** Starts the attempt, or returns the one already there (one attempt per person per day). */
  startDailySession(input: NewDailySession): Promise<DailySession>;
  /**
   * Replaces the attempt's actions (and records its result) if it still has `expectedCount`
   * actions: false when another write got there first.
   */
  saveDailyProgress(
    guildId: string,
    day: number,
    userId: string,
    expectedCount: number,
    actions: Action[],
    result?: DailySession["result"],
  ): Promise<boolean>;
  /** The person's attempt at the day on any server (the first started), if any. */
  findDailySession(day: number, userId: string): Promise<DailySession | null>;
  /** The server's daily rules of the day: stored at the day's first start (`candidate`), then fixed. */
  fixDailyRules(guildId: string, day: number, candidate: string): Promise<string>;
  /** Marks the finished attempt shared: true the first time only. */
  markDailyShared(guildId: string, day: number, userId: string, at: Date): Promise<boolean>;
  /** Whether the person's attempt at the day was deleted (Forget me, purge): it cannot start again. */
  isDailyTombstoned(userId: string, day: number): Promise<boolean>;
  /** The configured daily salt (DAILY_SALT), which keys the tombstones; null: the generated one. */
  useDailySalt(salt: string | null): void;
  /** The day's finished attempts on the server (unordered). */
  listDailyResults(guildId: string, day: number): Promise<DailySession[]>;
  /**
   * The days the person finished, on whichever server each was played (one attempt a day), with
   * their points and server, latest first (at most `limit`).
   */
  listPlayerDailies(userId: string, limit: number): Promise<Array<{ day: number; points: number; guildId: string }>>;
  /** A cached computed value (the hard player's daily scores, a game review), or null. */
  getCached(kind: string, key: string): Promise<string | null>;
  putCached(kind: string, key: string, value: string): Promise<void>;
}

// ---- requests every shard applies (cross.ts) ------------------------------------

export type CrossKind = "forget" | "purge" | "left";

export interface CrossRequest {
  id: number;
  kind: CrossKind;
  /** The user id (forget) or the server id (purge, left). */
  subject: string;
  createdAt: Date;
}

export interface CrossStore {
  /** Records a request for every shard; its id. */
  addCrossRequest(kind: CrossKind, subject: string): Promise<number>;
  /** Up to `limit` requests the shard `shard` has not applied yet, oldest first (none the first time it asks). */
  pendingCrossRequests(shard: string, limit: number): Promise<CrossRequest[]>;
  /** The shard has applied every request up to `lastId`. */
  markCrossRequests(shard: string, lastId: number): Promise<void>;
  /**
   * Deletes the requests every one of `shards` has applied, and any made before `before` (a shard
   * down that long resumes its tables from the store as they are). Returns how many.
   */
  pruneCrossRequests(shards: string[], before: Date): Promise<number>;
}

// ---- privacy (privacy.ts) ---------------------------------------------------------

/** The name an anonymised player has in stored games and results. */
export const FORMER_PLAYER = "Former player";
/** Prefix of an anonymised player's key or stand-in id (results, tournaments): never a Discord id. */
export const FORMER_KEY = "former:";

export interface PersonalData {
  /** Tables (open or closed) where the person sits or sat, or that they host. */
  tables: number;
  /** Finished games with the person's result, and the servers they were played on. */
  games: number;
  servers: number;
  /** Rows of standings (one per server). */
  standings: number;
  /** Saved private menus (interaction tokens kept over a restart, at most 15 minutes old). */
  menus: number;
  /** Daily challenge attempts (one per server and day), and saved reviews of their games. */
  dailies: number;
  reviews: number;
  /** 1 if they chose a deck style (/hearts deck), else 0. */
  prefs: number;
  /** Tournaments they entered (their entry, seats and scores in each). */
  tournaments: number;
  /** The names stored with their results and standings (up to 10). */
  names: string[];
}

export interface ForgetResult {
  results: number;
  tables: number;
  /** Daily challenge attempts and game reviews deleted. */
  dailies: number;
  reviews: number;
  /** Tournaments they had entered: their entry and seats there now hold a stand-in id. */
  tournaments: number;
  /** Servers whose standings must be rebuilt without the person. */
  guilds: string[];
}

export interface PrivacyStore {
  personalData(userId: string): Promise<PersonalData>;
  /** Removes the person's id and name from closed tables, results and standings (rebuilt), everywhere. */
  forgetUser(userId: string): Promise<ForgetResult>;
  /** Deletes a server's tables, games, results and standings; with `settings`, its settings too. */
  purgeGuild(guildId: string, opts?: { settings?: boolean }): Promise<{ tables: number; games: number }>;
  /**
   * Deletes at most `limit` closed tables (with their move logs and saved menus) last changed
   * before `before`, of these servers (`guildIds`) or of every server but these (`exceptGuildIds`).
   * Results and standings stay. Returns how many were deleted.
   */
  pruneClosedTables(opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number }): Promise<number>;
  /** Servers with a retention of their own. */
  retentionOverrides(): Promise<Array<{ guildId: string; retentionDays: number }>>;
  /** Servers the bot left before `before` (their grace period is over). */
  departedGuilds(before: Date, limit: number): Promise<string[]>;
  /**
   * Clears the move logs of daily challenge attempts started before `before` (finished ones keep
   * their result; unfinished ones go), at most `limit`, of these servers or of every server but
   * these, as pruneClosedTables. Returns how many.
   */
  pruneDailyLogs(opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[]; limit: number }): Promise<number>;
  /** Deletes every saved menu token shown before `before`, whatever its table. Returns how many. */
  dropStaleMenus(before: Date): Promise<number>;
  /** Servers with anything stored (tables, games, standings, daily attempts, settings) and no departure recorded. */
  storedGuilds(): Promise<string[]>;
}

// ---- standings (standings.ts) -----------------------------------------------------

export const LEADERBOARD_SORTS = ["rating", "games", "wins", "points", "moons", "queens"] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

export interface LeaderboardQuery {
  guildId: string;
  sort?: LeaderboardSort;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  bots?: boolean;
}

export interface LeaderboardRow {
  rank: number;
  playerKey: string;
  name: string;
  isBot: boolean;
  rating: number;
  games: number;
  wins: number;
  places: [number, number, number, number];
  avgPointsPerHand: number;
  moons: number;
  queens: number;
}

export interface Leaderboard {
  rows: LeaderboardRow[];
  /** Ranked players in all (humans, or bots with `bots`). */
  total: number;
  page: number;
  pages: number;
}

export interface PlayerCard {
  stats: LeaderboardRow | null;
  /** Ranked among the guild's humans by rating, or null below the minimum of games. */
  rank: number | null;
  /** Ratings after each counted game, oldest first (up to 20). */
  trend: number[];
  best: { total: number; place: number; finishedAt: Date } | null;
  worst: { total: number; place: number; finishedAt: Date } | null;
  favouriteOpponents: Array<{ name: string; games: number }>;
}

// ---- tournaments (tournaments.ts) ---------------------------------------------------

/** A tournament as stored, read whole: its entries (sign-up order), rounds and their tables. Its secret never leaves the table domain. */
export interface StoredTournament {
  id: string;
  guildId: string;
  channelId: string;
  organiserId: string;
  name: string;
  startsAt: Date;
  rounds: number;
  handsPerRound: number;
  rulesSpec: string;
  botLevel: string;
  /** signup | playing | finished | cancelled */
  status: string;
  round: number;
  secret: string;
  messageId: string | null;
  eventId: string | null;
  remindedAt: Date | null;
  createdAt: Date;
  entries: Array<{ userId: string; name: string; joinedAt: Date; leftAt: Date | null }>;
  played: Array<{
    round: number;
    seating: RoundSeating;
    startedAt: Date;
    closedAt: Date | null;
    /** By table index. `deals`: per deal, each seat's score; `standIns`: people a computer player played for. */
    tables: Array<{ tableId: string; tableIndex: number; deals: number[][]; standIns: string[]; finishedAt: Date | null }>;
  }>;
}

export type NewTournamentRow = Pick<
  StoredTournament,
  "id" | "guildId" | "channelId" | "organiserId" | "name" | "startsAt" | "rounds" | "handsPerRound" | "rulesSpec" | "botLevel" | "secret"
>;

export type TournamentPatch = Partial<Pick<StoredTournament, "status" | "messageId" | "eventId" | "remindedAt">>;

export interface TournamentStore {
  create(t: NewTournamentRow): Promise<StoredTournament>;
  get(id: string): Promise<StoredTournament | null>;
  /** Soonest start first (`latest`: the latest first); `take`: at most that many. */
  list(q: { guildId?: string; statuses: string[]; latest?: boolean; take?: number }): Promise<StoredTournament[]>;
  update(id: string, patch: TournamentPatch): Promise<void>;
  /** One entry per person (the key); "full" at `max` entries. */
  join(id: string, entry: { userId: string; name: string; joinedAt: Date }, max: number): Promise<"joined" | "already" | "full">;
  /** `leftAt` null: the entry goes (before the start); a date: it is marked left. False if there was none (or already left). */
  leave(id: string, userId: string, leftAt: Date | null): Promise<boolean>;
  /** A round seated: its seating and tables' ids, the tournament playing at that round, in one transaction. */
  startRound(
    id: string,
    r: { round: number; seating: RoundSeating; startedAt: Date; tables: Array<{ tableId: string; tableIndex: number }> },
  ): Promise<void>;
  /** A table played its hands: its deals and stand-ins, once (a second call changes nothing). */
  finishTable(tableId: string, deals: number[][], standIns: string[], at: Date): Promise<void>;
  /** Every table of the round finished; `status`: the tournament's too (finished after the last). */
  closeRound(id: string, round: number, at: Date, status?: string): Promise<void>;
  /** The tournament round a table plays for, or null for an ordinary table. */
  tableRound(tableId: string): Promise<{ tournamentId: string; round: number; tableIndex: number; closedAt: Date | null } | null>;
  /** A person's entries (privacy). */
  personal(
    userId: string,
  ): Promise<Array<{ tournamentId: string; guildId: string; name: string; status: string; joinedAt: Date; left: boolean }>>;
  /** Forget me in the tournaments (also part of forgetUser's sequence): how many they had entered. */
  forget(userId: string): Promise<number>;
}

/**
 * What openStore() returns, on SQLite or PostgreSQL alike: the Store plus the standings read side
 * (leaderboards, player cards), privacy, the daily challenge, the finished games and the
 * group-commit counters. The bot (src/discord) is typed by it, so it calls each part directly,
 * never by testing for a method or casting.
 */
export interface HeartsStore extends Store, PrivacyStore, DailyStore, CrossStore {
  /** Which database runs: for logs and benchmarks only; nothing above the store branches on it. */
  readonly kind: "sqlite" | "postgres";
  leaderboard(query: LeaderboardQuery): Promise<Leaderboard>;
  playerCard(guildId: string, playerKey: string): Promise<PlayerCard>;
  /** Recomputes a guild's standings from its finished games (safe while the bot runs). */
  rebuildStandings(guildId: string): Promise<void>;
  listFinishedGames(guildId: string, limit?: number): Promise<FinishedGame[]>;
  /** Appends stored, and commits they took (their ratio is the mean batch size). */
  readonly appendStats: { appends: number; commits: number };
  /** The tournaments' rows (tournaments.ts). */
  readonly tournaments: TournamentStore;
}
