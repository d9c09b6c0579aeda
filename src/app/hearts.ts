/**
 * The composition root of the whole bot: the domain's services built once (./house.ts: tables,
 * tournaments, the daily, reviews, fair use, server settings), then the Discord front end
 * (src/discord/bot.ts) and, when it is configured, the Activity's web server (src/activity), both
 * handed the same services; the Activity also gets Discord's word on who may see a channel. Neither
 * front end knows the other, builds a domain service or lends one; they meet here. Tests and
 * benchmarks build the same thing with a temporary database and the fake Discord.
 */
import { announceToManager, forwardKey } from "../activity/front.js";
import { ActivityServer } from "../activity/server.js";
import type { DoorLimits } from "../activity/door.js";
import type { Config } from "../config.js";
import { createBot, type BotDeps, type HeartsBot, type House } from "../discord/bot.js";
import { silentLogger, type Logger } from "../log.js";
import { createHouse } from "./house.js";

export interface HeartsDeps extends Omit<BotDeps, "watching"> {
  /** Every frame the Activity's web server sends, with its connection's user (the secrecy tests). */
  onActivityFrame?: (userId: string | null, frame: string) => void;
  /** The Activity door's bounds (src/activity/door.ts), for tests whose simulated people act faster than anyone clicks. */
  activityLimits?: Partial<DoorLimits>;
}

export interface Hearts extends HeartsBot {
  /** The Activity's web server, when the Activity is configured (config.activity); null otherwise. */
  activity: ActivityServer | null;
  /** Logs in, resumes every open table, then opens the Activity's door. Rejects if Discord refuses the token. */
  start(): Promise<number>;
}

export function createHearts(config: Config, deps: HeartsDeps): Hearts {
  const log = deps.log ?? silentLogger();
  let activity: ActivityServer | null = null;
  let bot: HeartsBot | null = null;
  const house = createHouse(config, {
    store: deps.store,
    bots: deps.bots,
    log,
    clock: deps.clock,
    fairUse: deps.fairUse,
    platformLocale: (guildId) => bot?.client.guilds.cache.get(guildId)?.preferredLocale,
  });
  const theBot = createBot(config, { ...deps, watching: (tableId, userId) => activity?.watching(tableId, userId) ?? false }, house);
  bot = theBot;
  activity = config.activity && config.clientId ? createActivity(config, house, theBot, deps, log) : null;
  return {
    ...theBot,
    activity,
    async start() {
      const tables = await theBot.start();
      // After the tables resumed: a page that reconnects finds its table where it is.
      await activity?.start();
      // Said last, when the bot is ready (its /readyz answers 200 from here on).
      log.info({ tables }, "resumed open tables");
      return tables;
    },
    async stop() {
      await activity?.stop();
      await theBot.stop();
    },
  };
}

/**
 * The Activity's web server on the house's table service, fair-use budgets and tournaments; who may
 * sit at a table is Discord's word, read fresh (bot.channels). With SHARDS the machine's port is the
 * ShardingManager's (src/activity/front.ts): this shard's server listens on 127.0.0.1 at a free port,
 * tells the manager, and takes only the connections the manager forwards to it.
 */
function createActivity(config: Config, house: House, bot: HeartsBot, deps: HeartsDeps, log: Logger): ActivityServer {
  const activity = config.activity!;
  const behindManager = !!deps.shard && !!process.send;
  const key = behindManager ? forwardKey() : undefined;
  return new ActivityServer({
    service: house.service,
    fairUse: house.fairUse,
    log: log.child({ part: "activity" }),
    clientId: config.clientId!,
    clientSecret: activity.clientSecret,
    apiBase: config.apiBase,
    host: behindManager ? "127.0.0.1" : activity.host,
    port: behindManager ? 0 : activity.port,
    ...(key ? { forwardKey: key, onListening: (port: number) => announceToManager(port, key) } : {}),
    onSend: deps.onActivityFrame,
    stoppedWatching: (tableId) => bot.presenter.turnUnseen(tableId),
    limits: deps.activityLimits,
    mayWatch: (userId, channelId, member, own) => bot.channels.mayWatch(userId, channelId, member, own),
    onChanged: (listener) => bot.channels.onChanged?.(listener),
    guildOf: (channelId) => bot.channels.guildOf(channelId),
    parentOf: (channelId) => bot.channels.parentOf(channelId),
    tournaments: house.tournaments,
  });
}
