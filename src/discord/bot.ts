/**
 * The Discord bot, wired here explicitly on the domain's services its caller built (`house`:
 * src/app/house.ts, the composition root, which hands the same ones to the Activity). Each concern
 * has its module in ./bot/: the clients, the bot's own services, the gateway events, and starting
 * and stopping.
 */
import type { Config } from "../config.js";
import { silentLogger } from "../log.js";
import { createClient, createWebhookRest } from "./bot/client.js";
import { wireEvents } from "./bot/events.js";
import { start, stop } from "./bot/lifecycle.js";
import { channelAccess } from "./bot/members.js";
import { createServices } from "./bot/services.js";
import type { BotDeps, HeartsBot, House } from "./bot/types.js";
import { createRouter } from "./interactions/router.js";
import { serverLocale } from "../table/guild-settings.js";
import { TournamentPresenter } from "./presenting/tournament.js";

export type { BotDeps, HeartsBot, House };

export function createBot(config: Config, deps: BotDeps, house: House): HeartsBot {
  const log = deps.log ?? silentLogger();
  const client = createClient(config, deps.shard ?? null);
  const webhook = createWebhookRest(config);
  const services = createServices(config, deps, house, client, webhook, log);
  const route = createRouter(services, {
    autoDeferMs: deps.autoDeferMs ?? 1200,
    onAck: deps.onAck,
    webhook,
  });
  const { service, presenter, guilds, everyShard, load, housekeeping, images, fairUse, tournaments } = services;
  const admin = { service, guilds, log, everyShard };
  // A tournament's posts, from its service's updates (the round's tables are the table presenter's).
  const tournamentPosts = new TournamentPresenter({
    rest: client.rest,
    tournaments,
    images,
    log: log.child({ part: "tournament" }),
    localeOf: async (guildId) => serverLocale(await guilds.get(guildId), client.guilds.cache.get(guildId)?.preferredLocale),
    channelName: (channelId) => {
      const c = client.channels.cache.get(channelId);
      return c && "name" in c && typeof c.name === "string" ? c.name : null;
    },
    now: deps.clock ? () => deps.clock!.now() : undefined,
    betweenRoundsMs: config.tournamentBreakMs,
  });
  wireEvents(client, { route, presenter, admin, log });
  const running = { config, deps, client, webhook, services, admin, log };
  return {
    client,
    load,
    service,
    tournaments,
    presenter,
    tournamentPosts,
    housekeeping,
    images,
    fairUse,
    webhook,
    channels: channelAccess(client),
    guilds,
    start: () => start(running),
    stop: async () => {
      // Posts already under way go out; edits still waiting for their interval are dropped (the next start's updates redo them).
      await tournamentPosts.idle();
      tournamentPosts.stop();
      await stop(running);
    },
  };
}
