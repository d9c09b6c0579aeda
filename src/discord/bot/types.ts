/** What the bot is built from (BotDeps) and what it hands its caller (HeartsBot). */
import type { Client, REST } from "discord.js";
import type { ActivityServer } from "../../activity/server.js";
import type { Logger } from "../../log.js";
import type { Images, Renderer } from "../../render/runtime/images.js";
import type { LoadGauge } from "../../render/runtime/load.js";
import type { ShardInfo } from "../../shard-of.js";
import type { HeartsStore } from "../../store/types.js";
import type { Clock } from "../../table/clock.js";
import type { Housekeeping } from "../../table/housekeeping.js";
import type { BotPlayer } from "../../table/players.js";
import type { TableService } from "../../table/service.js";
import type { DoorLimits } from "../../activity/door.js";
import type { FairUse, FairUseLimits } from "../../table/fair-use.js";
import type { Presenter } from "../presenting/presenter.js";

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
  /** Budgets per person and per server (default: the configured rate limits). */
  fairUse?: FairUseLimits;
  /** This process runs one shard: only its guilds' events arrive and only their tables resume. */
  shard?: ShardInfo | null;
  /** Every frame the Activity's web server sends, with its connection's user (the secrecy tests). */
  onActivityFrame?: (userId: string | null, frame: string) => void;
  /** The Activity door's bounds (src/activity/door.ts), for tests whose simulated people act faster than anyone clicks. */
  activityLimits?: Partial<DoorLimits>;
}

export interface HeartsBot {
  client: Client;
  load: LoadGauge;
  service: TableService;
  presenter: Presenter;
  /** The retention and departed-server purge job (null when this process does not run it). */
  housekeeping: Housekeeping | null;
  /** Read by the metrics (src/ops): pictures, fair-use refusals, the interaction webhooks' REST client. */
  images: Images;
  fairUse: FairUse;
  webhook: REST;
  /** The Activity's web server, when the Activity is configured (config.activity); null otherwise. */
  activity: ActivityServer | null;
  /** Logs in, then resumes every open table. Rejects if Discord refuses the token. */
  start(): Promise<void>;
  /** Stops timers, lets posts in progress finish, logs out. The store stays open (the caller's). */
  stop(): Promise<void>;
}
