/**
 * The bot's services, built once from the configuration and the caller's store and computer
 * players: the table domain, pictures and their pacing, menus, the presenter, fair use, the daily
 * challenge, reviews, server settings, the requests that reach every shard, and housekeeping.
 */
import type { Client, REST } from "discord.js";
import type { Config } from "../../config.js";
import { DailyService } from "../../daily/service.js";
import type { Logger } from "../../log.js";
import { Images, canvasRenderer } from "../../render/runtime/images.js";
import { LoadGauge } from "../../render/runtime/load.js";
import { Pacer } from "../../render/runtime/pacer.js";
import { RenderProcess } from "../../render/runtime/render-process.js";
import { GuildSettingsCache } from "../../table/guild-settings.js";
import { Housekeeping } from "../../table/housekeeping.js";
import { ReviewService } from "../../table/review.js";
import { TableService } from "../../table/service.js";
import { TournamentService } from "../../table/tournament/service.js";
import { SeasonService } from "../../table/tournament/season.js";
import type { Services } from "../interactions/context.js";
import { DEFAULT_FAIR_USE, FairUse } from "../../table/fair-use.js";
import { DeckStyles } from "../presenting/deck-styles.js";
import { Menus } from "../presenting/menus.js";
import { Presenter } from "../presenting/presenter.js";
import { CrossMachine } from "../shards/cross-machine.js";
import { everyShard } from "../shards/every-shard.js";
import type { BotDeps } from "./types.js";

/** Everything a handler may use, and what only the bot's lifecycle holds. */
export interface BotServices extends Services {
  load: LoadGauge;
  renderProcess: RenderProcess | null;
  cross: CrossMachine | null;
  housekeeping: Housekeeping | null;
  /** Tournaments (src/table/tournament), on the table service. */
  tournaments: TournamentService;
}

export function createServices(config: Config, deps: BotDeps, client: Client, webhook: REST, log: Logger): BotServices {
  const shard = deps.shard ?? null;
  const guilds = new GuildSettingsCache(deps.store);
  const service = new TableService({
    guilds,
    store: deps.store,
    bots: deps.bots,
    log: log.child({ part: "table" }),
    clock: deps.clock,
    config: {
      botDelayMs: config.botDelayMs,
      lobbyTimeoutMs: config.lobbyTimeoutMs,
      maxTimeouts: config.maxTimeouts,
      maxTablesPerGuild: config.maxTablesPerGuild,
    },
  });
  const tournaments = new TournamentService({
    store: deps.store.tournaments,
    tables: service,
    guilds,
    log: log.child({ part: "tournament" }),
    clock: deps.clock,
    timing: { turnSeconds: config.defaults.turnSeconds, timeBankSeconds: config.defaults.timeBankSeconds },
    betweenRoundsMs: config.tournamentBreakMs,
  });
  const seasons = new SeasonService({ store: deps.store.seasons, tournaments, log: log.child({ part: "season" }), clock: deps.clock });
  const load = deps.load ?? new LoadGauge();
  const renderer = deps.renderer === undefined ? canvasRenderer : deps.renderer;
  const renderProcess =
    renderer === canvasRenderer && deps.renderProcess !== false ? new RenderProcess(log.child({ part: "pictures" })) : null;
  const images = new Images(renderer, log, load, renderProcess);
  const menus = new Menus(webhook, log, deps.tokenClock);
  const pacer = new Pacer(images);
  const decks = new DeckStyles(deps.store, log);
  const presenter = new Presenter({
    rest: client.rest,
    service,
    images,
    menus,
    pacer,
    decks,
    log: log.child({ part: "discord" }),
    editIntervalMs: config.tableEditIntervalMs,
    activity: !!config.activity,
    watching: (tableId, userId) => deps.watching?.(tableId, userId) ?? false,
  });
  const fairUse = new FairUse(deps.fairUse ?? { ...DEFAULT_FAIR_USE, ...config.rateLimits });
  const daily = new DailyService({
    store: deps.store,
    bots: deps.bots,
    salt: config.dailySalt,
    samples: config.dailyBotSamples,
    now: deps.clock ? () => deps.clock!.now() : undefined,
    log: log.child({ part: "daily" }),
  });
  const review = new ReviewService({
    store: deps.store,
    bots: deps.bots,
    samples: config.reviewSamples,
    tournaments: deps.store.tournaments,
  });
  // Forget me, purges and departures reach every shard on every machine through the database.
  const cross = shard
    ? new CrossMachine({
        store: deps.store,
        service,
        shard,
        inGuild: (guildId) => client.guilds.cache.has(guildId),
        log: log.child({ part: "privacy" }),
      })
    : null;
  // Retention and departed servers' purges: one process does it (the first shard, or the only one).
  const housekeeping = !shard || shard.id === 0 ? new Housekeeping(deps.store, log.child({ part: "privacy" }), deps.clock) : null;
  return {
    service,
    presenter,
    menus,
    images,
    pacer,
    store: deps.store,
    log,
    fairUse,
    decks,
    guilds,
    defaults: config.defaults,
    limits: { maxTablesPerGuild: config.maxTablesPerGuild },
    daily,
    review,
    everyShard: everyShard(client, service, log.child({ part: "privacy" }), cross),
    load,
    renderProcess,
    cross,
    housekeeping,
    tournaments,
    seasons,
  };
}
