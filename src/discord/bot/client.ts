/**
 * The bot's two Discord clients: the gateway client (its REST budget, its caches, no mentions by
 * default) and the interaction webhooks' REST client.
 */
import { Client, GatewayIntentBits, Options, REST } from "discord.js";
import type { Config } from "../../config.js";
import type { ShardInfo } from "../../shard-of.js";
import { PROXY_SECRET_HEADER } from "../../ops/rest-proxy.js";

/**
 * This process's share of Discord's global 50 requests per second. Through a REST proxy
 * (DISCORD_REST_PROXY) the proxy keeps the one budget of every process, so no share is set aside.
 */
export function globalRequestsPerSecond(shard: ShardInfo | null, proxied = false): number {
  return shard && !proxied ? Math.max(1, Math.floor(50 / shard.count)) : 50;
}

export function createClient(config: Config, shard: ShardInfo | null): Client {
  return new Client({
    // GuildModeration (not privileged): a ban ends the person's Activity sessions at that server.
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildModeration],
    ...(shard ? { shards: [shard.id], shardCount: shard.count } : {}),
    // @discordjs/rest keeps a handler per route and interaction token; sweep idle ones each
    // minute (not hourly) so memory does not grow with every interaction answered.
    // Discord's global limit (50 requests/s) is per bot, not per process: shards split it, or
    // send everything through the one REST proxy that keeps it for all of them.
    rest: {
      ...((config.restProxy ?? config.apiBase) ? { api: config.restProxy ?? config.apiBase! } : {}),
      handlerSweepInterval: 60_000,
      globalRequestsPerSecond: globalRequestsPerSecond(shard, !!config.restProxy),
      ...(config.restProxy && config.restProxySecret ? { headers: { [PROXY_SECRET_HEADER]: config.restProxySecret } } : {}),
    },
    // Only what the bot reads is cached: it never looks at messages, reactions or presences.
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      ReactionManager: 0,
      PresenceManager: 0,
      GuildMemberManager: { maxSize: 200, keepOverLimit: (m) => m.id === m.client.user.id },
    }),
    allowedMentions: { parse: [] },
  });
}

/**
 * Interaction webhooks are outside Discord's global rate limit: their own client, no global cap,
 * straight to Discord even with a REST proxy (they would wait in the proxy's global queue).
 */
export function createWebhookRest(config: Config): REST {
  return new REST({
    ...(config.apiBase ? { api: config.apiBase } : {}),
    globalRequestsPerSecond: 10_000,
    handlerSweepInterval: 60_000,
  });
}
