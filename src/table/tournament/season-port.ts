/**
 * The seasons' store port (src/store/seasons.ts implements it for both databases): a season is a
 * tournament that recurs, one tournament a night, and the server's table over its nights
 * (./season.ts). Beside the tournaments' port (../store.ts), which HeartsStore holds with it.
 */
/** Each night's tournament options, as the season's first night was created with. */
export interface SeasonNightOptions {
  rounds: number;
  handsPerRound: number;
  rulesSpec: string;
  botLevel: string;
}

/** A season as stored (src/table/tournament/season.ts): its nights' dates and the nights planned so far. */
export interface StoredSeason {
  id: string;
  guildId: string;
  /** The server's seasons are numbered 1, 2, … */
  number: number;
  name: string;
  channelId: string;
  organiserId: string;
  options: SeasonNightOptions;
  /** Every night's start, in order. */
  dates: Date[];
  minNights: number;
  createdAt: Date;
  endedAt: Date | null;
  /** The nights planned so far (a tournament each), in order. */
  nights: Array<{ tournamentId: string; night: number; doneAt: Date | null }>;
}

/** A person's night in a season: that night's matchpoint percentage. */
export interface SeasonScoreRow {
  tournamentId: string;
  userId: string;
  name: string;
  percent: number;
  playedAt: Date;
}

export interface SeasonStore {
  /** A new season, numbered after the server's last one, with its first night's tournament. */
  create(s: Omit<StoredSeason, "number" | "createdAt" | "endedAt" | "nights">, firstNight: string): Promise<StoredSeason>;
  /** The server's latest season, or null. */
  latest(guildId: string): Promise<StoredSeason | null>;
  /** The season a tournament is a night of, or null. */
  ofNight(tournamentId: string): Promise<StoredSeason | null>;
  /** Marks the night done with its scores, in one transaction, once: false when it was already done (nothing written). */
  nightDone(tournamentId: string, scores: readonly SeasonScoreRow[], at: Date): Promise<boolean>;
  /** The next night's tournament. */
  addNight(seasonId: string, tournamentId: string, night: number): Promise<void>;
  /** The season is over (its last night done, or no more night could be planned). */
  end(seasonId: string, at: Date): Promise<void>;
  scores(seasonId: string): Promise<SeasonScoreRow[]>;
  /** An admin's reset: the season's table starts again from nothing. Returns the rows deleted. */
  clear(seasonId: string): Promise<number>;
  /** Nights not done yet, of seasons still running (a restart checks whether their tournament ended meanwhile). */
  pending(): Promise<Array<{ seasonId: string; tournamentId: string }>>;
  /** Privacy: a person's season nights, per season. */
  personal(userId: string): Promise<Array<{ guildId: string; number: number; name: string; nights: number }>>;
  /** Forget me: the person's season nights go (the others' season percentages do not depend on them). */
  forget(userId: string): Promise<number>;
  /** Retention: season nights played before `before` in these servers (or all but these) go. */
  prune(opts: { before: Date; guildIds?: string[]; exceptGuildIds?: string[] }): Promise<number>;
  /** A server's purge: its seasons go, with their nights and scores. */
  purge(guildId: string): Promise<number>;
}
