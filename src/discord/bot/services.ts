/**
 * The bot's own services, built once from the configuration and the domain's services the
 * composition root hands in (src/app/house.ts: the tables, tournaments, the daily, reviews, fair
 * use, server settings): pictures and their pacing, menus, the presenter, the requests that reach
 * every shard, and housekeeping.
 */
import type { Client, REST } from "discord.js";
import type { Config } from "../../config.js";
import type { Logger } from "../../log.js";
import { Images, canvasRenderer } from "../../render/runtime/images.js";
import { LoadGauge } from "../../render/runtime/load.js";
import { Pacer } from "../../render/runtime/pacer.js";
import { RenderProcess } from "../../render/runtime/render-process.js";
import { Housekeeping } from "../../table/housekeeping.js";
import type { Services } from "../interactions/context.js";
import { DeckStyles } from "../presenting/deck-styles.js";
import { Menus } from "../presenting/menus.js";
import { Presenter } from "../presenting/presenter.js";
import { CrossMachine } from "../shards/cross-machine.js";
import { everyShard } from "../shards/every-shard.js";
import type { BotDeps, House } from "./types.js";

/** Everything a handler may use, and what only the bot's lifecycle holds. */
export interface BotServices extends Services {
  load: LoadGauge;
  renderProcess: RenderProcess | null;
  cross: CrossMachine | null;
  housekeeping: Housekeeping | null;
  /** Tournaments (src/table/tournament), on the table service. */
  tournaments: House["tournaments"];
}

export function createServices(config: Config, deps: BotDeps, house: House, client: Client, webhook: REST, log: Logger): BotServices {
  const shard = deps.shard ?? null;
  const { service, tournaments, daily, review, fairUse, guilds, seasons } = house;
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
    roundOf: async (tableId) => {
      const r = await tournaments.tournamentOf(tableId);
      const t = r && (await tournaments.get(r.tournamentId));
      return r && t ? { round: r.round, rounds: t.rounds, channelId: t.channelId, breakMs: config.tournamentBreakMs } : null;
    },
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
