/**
 * The house: every domain service, built once per process from the configuration, the store and
 * the computer players, then handed to both front ends (the Discord bot and the Activity), which
 * build nothing of the domain and lend nothing to each other. The tables (with the server's
 * settings and fair use's cooldown inside their opening), the tournaments on the same tables, the
 * daily challenge, game reviews, fair use and the servers' settings.
 */
import type { Config } from "../config.js";
import { DailyService } from "../daily/service.js";
import type { House } from "../discord/bot/types.js";
import type { Logger } from "../log.js";
import type { Clock } from "../table/clock.js";
import { DEFAULT_FAIR_USE, FairUse, type FairUseLimits } from "../table/fair-use.js";
import { GuildSettingsCache, serverLocale } from "../table/guild-settings.js";
import type { BotPlayer } from "../table/players.js";
import { ReviewService } from "../table/review.js";
import { TableService } from "../table/service.js";
import type { HeartsStore } from "../table/store.js";
import { SeasonService } from "../table/tournament/season.js";
import { TournamentService } from "../table/tournament/service.js";

export interface HouseDeps {
  store: HeartsStore;
  bots: BotPlayer;
  log: Logger;
  clock?: Clock;
  /** Budgets per person and per server (default: the configured rate limits). */
  fairUse?: FairUseLimits;
  /** The platform's own language for a server (Discord's preferred locale), used when the server set none. */
  platformLocale?(guildId: string): string | null | undefined;
}

export function createHouse(config: Config, deps: HouseDeps): House {
  const { store, bots, log, clock } = deps;
  const guilds = new GuildSettingsCache(store);
  const fairUse = new FairUse(deps.fairUse ?? { ...DEFAULT_FAIR_USE, ...config.rateLimits });
  const service = new TableService({
    guilds,
    fairUse,
    store,
    bots,
    log: log.child({ part: "table" }),
    clock,
    config: {
      botDelayMs: config.botDelayMs,
      lobbyTimeoutMs: config.lobbyTimeoutMs,
      maxTimeouts: config.maxTimeouts,
      maxTablesPerGuild: config.maxTablesPerGuild,
    },
  });
  const tournaments = new TournamentService({
    store: store.tournaments,
    tables: service,
    guilds,
    // Its round tables speak the server's language, as the tournament's own posts do.
    localeOf: async (guildId) => serverLocale(await guilds.get(guildId), deps.platformLocale?.(guildId)),
    log: log.child({ part: "tournament" }),
    clock,
    timing: { turnSeconds: config.defaults.turnSeconds, timeBankSeconds: config.defaults.timeBankSeconds },
    betweenRoundsMs: config.tournamentBreakMs,
  });
  const seasons = new SeasonService({ store: store.seasons, tournaments, log: log.child({ part: "season" }), clock });
  const daily = new DailyService({
    store,
    bots,
    salt: config.dailySalt,
    samples: config.dailyBotSamples,
    now: clock ? () => clock.now() : undefined,
    log: log.child({ part: "daily" }),
  });
  const review = new ReviewService({ store, bots, samples: config.reviewSamples, tournaments: store.tournaments });
  return { service, tournaments, seasons, daily, review, fairUse, guilds };
}
