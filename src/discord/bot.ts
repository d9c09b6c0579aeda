/**
 * The composition root of the Discord bot: everything is wired here, explicitly, so a test builds
 * the same bot with a temporary database, fast computer players and the fake Discord's API base.
 */
import { Client, Events, GatewayIntentBits, Options, PermissionFlagsBits, REST } from "discord.js";
import { ActivityServer } from "../activity/server.js";
import type { Config } from "../config.js";
import { silentLogger, type Logger } from "../log.js";
import { shardOf, type ShardInfo } from "../shards.js";
import type { HeartsStore } from "../store/types.js";
import type { Clock } from "../table/clock.js";
import type { BotPlayer } from "../table/players.js";
import { GuildSettingsCache } from "../table/guild-settings.js";
import { Housekeeping } from "../table/housekeeping.js";
import { TableService } from "../table/service.js";
import { DailyService } from "../daily/service.js";
import { ReviewService } from "../table/review.js";
import { Images, canvasRenderer, type Renderer } from "./images.js";
import { LoadGauge } from "./load.js";
import { Menus } from "./menus.js";
import { DeckStyles } from "./deck.js";
import { Pacer } from "./pacer.js";
import { Presenter } from "./presenter.js";
import { RenderProcess } from "./render-process.js";
import { guildPresent, guildRemoved, guildsLeftWhileDown } from "./privacy.js";
import { createRouter } from "./router.js";
import { DEFAULT_FAIR_USE, FairUse, type FairUseLimits } from "./fair-use.js";
import { everyShard } from "./every-shard.js";
import { CrossMachine } from "./cross-machine.js";

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

/**
 * This process's share of Discord's global 50 requests per second. Through a REST proxy
 * (DISCORD_REST_PROXY) the proxy keeps the one budget of every process, so no share is set aside.
 */
export function globalRequestsPerSecond(shard: ShardInfo | null, proxied = false): number {
  return shard && !proxied ? Math.max(1, Math.floor(50 / shard.count)) : 50;
}

export function createBot(config: Config, deps: BotDeps): HeartsBot {
  const log = deps.log ?? silentLogger();
  const shard = deps.shard ?? null;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(shard ? { shards: [shard.id], shardCount: shard.count } : {}),
    // @discordjs/rest keeps a handler per route and interaction token; sweep idle ones each
    // minute (not hourly) so memory does not grow with every interaction answered.
    // Discord's global limit (50 requests/s) is per bot, not per process: shards split it, or
    // send everything through the one REST proxy that keeps it for all of them.
    rest: {
      ...((config.restProxy ?? config.apiBase) ? { api: config.restProxy ?? config.apiBase! } : {}),
      handlerSweepInterval: 60_000,
      globalRequestsPerSecond: globalRequestsPerSecond(shard, !!config.restProxy),
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
  const rest: REST = client.rest;
  const service = new TableService({
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
  const load = deps.load ?? new LoadGauge();
  const renderer = deps.renderer === undefined ? canvasRenderer : deps.renderer;
  const renderProcess =
    renderer === canvasRenderer && deps.renderProcess !== false ? new RenderProcess(log.child({ part: "pictures" })) : null;
  const images = new Images(renderer, log, load, renderProcess);
  // Interaction webhooks are outside Discord's global rate limit: their own client, no global cap,
  // straight to Discord even with a REST proxy (they would wait in the proxy's global queue).
  const webhookRest = new REST({
    ...(config.apiBase ? { api: config.apiBase } : {}),
    globalRequestsPerSecond: 10_000,
    handlerSweepInterval: 60_000,
  });
  const menus = new Menus(webhookRest, log, deps.tokenClock);
  const pacer = new Pacer(images);
  const decks = new DeckStyles(deps.store, log);
  const presenter = new Presenter({
    rest,
    service,
    images,
    menus,
    pacer,
    decks,
    log: log.child({ part: "discord" }),
    editIntervalMs: config.tableEditIntervalMs,
    activity: !!config.activity,
    watching: (tableId, userId) => activity?.watching(tableId, userId) ?? false,
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
  const review = new ReviewService({ store: deps.store, bots: deps.bots, samples: config.reviewSamples });
  const guilds = new GuildSettingsCache(deps.store);
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
  const shards = everyShard(client, service, log.child({ part: "privacy" }), cross);
  const route = createRouter(
    {
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
      everyShard: shards,
    },
    { defaults: config.defaults, autoDeferMs: deps.autoDeferMs ?? 1200, onAck: deps.onAck, webhook: webhookRest },
  );

  // Every handler answers and logs its own failures; these catches are the last line, so a bug
  // there is a log line and never an unhandled rejection.
  const logged = (what: string) => (err: unknown) => log.error({ err }, `${what} failed`);
  client.on(Events.InteractionCreate, (i) => {
    route(i).catch(logged("interaction"));
  });
  client.on(Events.ChannelDelete, (c) => {
    presenter.channelDeleted(c.id).catch(logged("closing a deleted channel's table"));
  });
  client.on(Events.ThreadDelete, (t) => {
    presenter.channelDeleted(t.id).catch(logged("closing a deleted thread's table"));
  });
  const admin = { service, guilds, log, everyShard: shards };
  client.on(Events.GuildDelete, (g) => {
    if (!g.available) return; // an outage on Discord's side, not a removal
    guildRemoved(admin, g.id, new Date()).catch(logged("ending a removed server's tables"));
  });
  client.on(Events.GuildCreate, (g) => {
    guildPresent(admin, g.id).catch(logged("calling off a server's purge"));
  });
  // Retention and departed servers' purges: one process does it (the first shard, or the only one).
  const housekeeping = !shard || shard.id === 0 ? new Housekeeping(deps.store, log.child({ part: "privacy" }), deps.clock) : null;
  const activity = config.activity && config.clientId ? createActivity(config, client, service, fairUse, log, deps) : null;
  client.on(Events.Error, (err) => log.error({ err: err.message }, "Discord client error"));
  client.on(Events.Warn, (msg) => log.warn({ msg }, "Discord client warning"));

  return {
    client,
    load,
    service,
    presenter,
    housekeeping,
    images,
    fairUse,
    webhook: webhookRest,
    activity,
    async start() {
      renderProcess?.warm();
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(config.token);
      await ready;
      log.info(
        { user: client.user?.tag, guilds: client.guilds.cache.size, ...(shard ? { shards: shard.count } : {}) },
        "logged in to Discord",
      );
      // A table belongs to the shard of its guild: the other shards' processes resume theirs.
      const resumed = await service.resume(shard ? (guildId) => shardOf(guildId, shard.count) === shard.id : undefined);
      log.info({ tables: resumed }, "resumed open tables");
      // Interaction tokens at rest: none older than Discord's 15 minutes stays, whatever its table.
      const now = deps.clock?.now() ?? Date.now();
      await deps.store.dropStaleMenus(new Date(now - 15 * 60_000)).catch(logged("deleting expired menu tokens"));
      // The menus players had open when the previous run stopped (saved by stop()).
      const saved = await deps.store.takeMenus(service.openTableIds).catch((err: unknown) => {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, "could not read the menus saved at the last stop");
        return [];
      });
      if (saved.length) log.info({ menus: await presenter.restoreMenus(saved), saved: saved.length }, "brought open menus up to date");
      // What other shards asked while this one was away, now that its tables are back.
      await cross?.start();
      // Added back while the bot was stopped: those servers' purges are called off.
      const departed = await deps.store.departedGuilds(new Date(8.64e15), 10_000).catch(() => []);
      for (const guildId of departed)
        if (client.guilds.cache.has(guildId)) await guildPresent(admin, guildId).catch(logged("calling off a server's purge"));
      // Removed while the bot (or this shard) was down: scheduled for purge as a live removal is.
      const mine = (guildId: string) => !shard || shardOf(guildId, shard.count) === shard.id;
      await guildsLeftWhileDown({ ...admin, store: deps.store }, (id) => client.guilds.cache.has(id), mine, new Date(now)).catch(
        logged("finding servers left while the bot was down"),
      );
      housekeeping?.start();
      // After the tables resumed: a page that reconnects finds its table where it is.
      await activity?.start();
    },
    async stop() {
      await cross?.stop();
      await activity?.stop();
      await housekeeping?.stop();
      await service.stop();
      await presenter.idle();
      // Open menus whose tokens are still valid: the next start brings them up to date.
      await deps.store
        .saveMenus(menus.saved((tableId, userId) => !!service.openTable(tableId)?.record.seats.some((s) => s.userId === userId)))
        .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, "could not save the open menus"));
      await client.destroy();
      await renderProcess?.close();
      webhookRest.clearHashSweeper();
      webhookRest.clearHandlerSweeper();
      if (!deps.load) load.stop();
    },
  };
}

/**
 * The Activity's web server (src/activity) on this bot's table service and fair-use budgets. Whether
 * a person may see the Activity's channel is read from discord.js's cache (the channel, its server's
 * roles) and one member fetch at sign-in, never per update.
 */
function createActivity(
  config: Config,
  client: Client,
  service: TableService,
  fairUse: FairUse,
  log: Logger,
  deps: BotDeps,
): ActivityServer {
  const activity = config.activity!;
  return new ActivityServer({
    service,
    fairUse,
    log: log.child({ part: "activity" }),
    clientId: config.clientId!,
    clientSecret: activity.clientSecret,
    apiBase: config.apiBase,
    host: activity.host,
    port: activity.port,
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
