import { PermissionFlagsBits, type Client } from "discord.js";
import { announceToManager, forwardKey } from "../../activity/front.js";
import { ActivityServer } from "../../activity/server.js";
import type { Config } from "../../config.js";
import type { Logger } from "../../log.js";
import type { TableService } from "../../table/service.js";
import type { FairUse } from "../interactions/fair-use.js";
import type { BotDeps } from "./types.js";

/**
 * The Activity's web server (src/activity) on this bot's table service and fair-use budgets. Whether
 * a person may see the Activity's channel is read from discord.js's cache (the channel, its server's
 * roles) and one member fetch at sign-in, never per update. With SHARDS the machine's port is the
 * ShardingManager's (src/activity/front.ts): this shard's server listens on 127.0.0.1 at a free port,
 * tells the manager, and takes only the connections the manager forwards to it.
 */
export function createActivity(
  config: Config,
  client: Client,
  service: TableService,
  fairUse: FairUse,
  log: Logger,
  deps: BotDeps,
): ActivityServer {
  const activity = config.activity!;
  const behindManager = !!deps.shard && !!process.send;
  const key = behindManager ? forwardKey() : undefined;
  return new ActivityServer({
    service,
    fairUse,
    log: log.child({ part: "activity" }),
    clientId: config.clientId!,
    clientSecret: activity.clientSecret,
    apiBase: config.apiBase,
    host: behindManager ? "127.0.0.1" : activity.host,
    port: behindManager ? 0 : activity.port,
    ...(key ? { forwardKey: key, onListening: (port: number) => announceToManager(port, key) } : {}),
    onSend: deps.onActivityFrame,
    guildOf: (channelId) => {
      const channel = client.channels.cache.get(channelId);
      return channel && "guildId" in channel ? channel.guildId : null;
    },
    async mayWatch(userId, channelId) {
      const channel = client.channels.cache.get(channelId);
      if (!channel || channel.isDMBased() || !("permissionsFor" in channel)) return "unknown-channel";
      const member = await channel.guild.members.fetch(userId).catch(() => null);
      if (!member) return "no";
      return channel.permissionsFor(member)?.has(PermissionFlagsBits.ViewChannel) ? "yes" : "no";
    },
  });
}
