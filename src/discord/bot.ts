/**
 * The composition root of the Discord bot: everything is wired here, explicitly, so a test builds
 * the same bot with a temporary database, fast computer players and the fake Discord's API base.
 * Each concern has its module in ./bot/: the clients, the services, the gateway events, and
 * starting and stopping.
 */
import type { Config } from "../config.js";
import { silentLogger } from "../log.js";
import { createClient, createWebhookRest } from "./bot/client.js";
import { wireEvents } from "./bot/events.js";
import { start, stop } from "./bot/lifecycle.js";
import { channelAccess } from "./bot/members.js";
import { createServices } from "./bot/services.js";
import type { BotDeps, HeartsBot } from "./bot/types.js";
import { createRouter } from "./interactions/router.js";

export type { BotDeps, HeartsBot };

export function createBot(config: Config, deps: BotDeps): HeartsBot {
  const log = deps.log ?? silentLogger();
  const client = createClient(config, deps.shard ?? null);
  const webhook = createWebhookRest(config);
  const services = createServices(config, deps, client, webhook, log);
  const route = createRouter(services, {
    autoDeferMs: deps.autoDeferMs ?? 1200,
    onAck: deps.onAck,
    webhook,
  });
  const { service, presenter, guilds, everyShard, load, housekeeping, images, fairUse, tournaments } = services;
  const admin = { service, guilds, log, everyShard };
  wireEvents(client, { route, presenter, admin, log });
  const running = { config, deps, client, webhook, services, admin, log };
  return {
    client,
    load,
    service,
    tournaments,
    presenter,
    housekeeping,
    images,
    fairUse,
    webhook,
    channels: channelAccess(client),
    guilds,
    start: () => start(running),
    stop: () => stop(running),
  };
}
