/** What the bot is built from (BotDeps) and what it hands its caller (HeartsBot). */
import type { Client, REST } from "discord.js";
import type { Logger } from "../../log.js";
import type { Images, Renderer } from "../../render/runtime/images.js";
import type { LoadGauge } from "../../render/runtime/load.js";
import type { ShardInfo } from "../../shard-of.js";
import type { HeartsStore } from "../../table/store.js";
import type { ChannelAccess } from "../../table/access.js";
import type { Clock } from "../../table/clock.js";
import type { GuildSettingsCache } from "../../table/guild-settings.js";
import type { Housekeeping } from "../../table/housekeeping.js";
import type { BotPlayer } from "../../table/players.js";
import type { TableService } from "../../table/service.js";
import type { SeasonService } from "../../table/tournament/season.js";
import type { TournamentService } from "../../table/tournament/service.js";
import type { FairUse, FairUseLimits } from "../../table/fair-use.js";
import type { DailyService } from "../../daily/service.js";
import type { ReviewService } from "../../table/review.js";
import type { Presenter } from "../presenting/presenter.js";
import type { TournamentPresenter } from "../presenting/tournament.js";

/**
 * The domain's services, built once by the composition root (src/app/house.ts) and handed to
 * both front ends: the bot builds none of them.
 */
export interface House {
  service: TableService;
  tournaments: TournamentService;
  /** A server's seasons of tournament nights (/hearts season). */
  seasons: SeasonService;
  daily: DailyService;
  review: ReviewService;
  fairUse: FairUse;
  /** The servers' settings (/hearts settings), read through one short-lived cache by both front ends. */
  guilds: GuildSettingsCache;
}

export interface BotDeps {
  /** The whole store (SQLite or PostgreSQL alike): tables, standings, privacy, the daily challenge. */
  store: HeartsStore;
  /** Computer players; the caller owns them (main.ts passes a BotPool). */
  bots: BotPlayer;
  /** null: text only (benchmarks); default: the canvas renderer. */
  renderer?: Renderer | null;
  log?: Logger;
  clock?: Clock;
  /** Defer an interaction not answered after this long (default 1200 ms; Discord allows 3 s). */
  autoDeferMs?: number;
  onAck?: (ms: number, kind: string) => void;
  /** How busy the bot is (optional pictures step aside under load); tests pass idleGauge. */
  load?: LoadGauge;
  /** Clock for the 15-minute life of interaction tokens (tests move it with the fake Discord's). */
  tokenClock?: () => number;
  /** Draw the canvas renderer's pictures in a child process (default true), so they never hold up the gateway. */
  renderProcess?: boolean;
  /** Budgets per person and per server (default: the configured rate limits; src/app/house.ts builds fair use with them). */
  fairUse?: FairUseLimits;
  /** This process runs one shard: only its guilds' events arrive and only their tables resume. */
  shard?: ShardInfo | null;
  /**
   * Whether the person has the table open in the Activity right now (its composition, src/app/hearts.ts,
   * answers; the chat then spares them a menu's refresh). Default: nobody.
   */
  watching?: (tableId: string, userId: string) => boolean;
}

export interface HeartsBot {
  client: Client;
  load: LoadGauge;
  service: TableService;
  /** Tournaments (src/table/tournament/api.ts), on the same table service: the Activity shows their standings and round clock. */
  tournaments: TournamentService;
  presenter: Presenter;
  /** A tournament's posts in the chat. */
  tournamentPosts: TournamentPresenter;
  /** The retention and departed-server purge job (null when this process does not run it). */
  housekeeping: Housekeeping | null;
  /** Read by the metrics (src/ops): pictures, fair-use refusals, the interaction webhooks' REST client. */
  images: Images;
  fairUse: FairUse;
  webhook: REST;
  /** Who may see a channel, as Discord says now (the Activity asks it at sign-in and resume). */
  channels: ChannelAccess;
  /** The servers' settings (/hearts settings), read through one short-lived cache by both front ends. */
  guilds: GuildSettingsCache;
  /** Logs in, then resumes every open table; resolves with how many. Rejects if Discord refuses the token. */
  start(): Promise<number>;
  /** Stops timers, lets posts in progress finish, logs out. The store stays open (the caller's). */
  stop(): Promise<void>;
}
