/**
 * What an operator watches, in Prometheus' text format through prom-client (the reference client
 * for Node: its registry, histogram buckets and exposition are what Prometheus expects, and its
 * AggregatorRegistry merges the shards' registries). One BotMetrics per bot process; the bot's
 * parts are observed at their existing seams (the table service's updates, the responder's
 * acknowledgement callback, discord.js's REST events, undici's diagnostics channel for the
 * acknowledgements leaving, a timing wrapper around the store and the
 * computer players) or read when Prometheus scrapes (open tables, queues, refusals).
 */
import diagnostics from "node:diagnostics_channel";
import { SnowflakeUtil, Status, type REST } from "discord.js";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { HeartsBot } from "../discord/bot/types.js";
import type { BotLevel } from "../ai/levels.js";
import type { BotPlayer } from "../table/players.js";
import type { HeartsStore } from "../table/store.js";
import type { OpsSource } from "./server.js";

/**
 * Seconds. Fine where the figures are (the target of 100 ms, a loaded machine's few hundred, Discord's
 * deadline of 3 s), so a p99 worked out from the buckets is within a few percent of the exact one.
 */
const steps = (fromMs: number, toMs: number, stepMs: number): number[] =>
  Array.from({ length: Math.round((toMs - fromMs) / stepMs) + 1 }, (_, i) => (fromMs + i * stepMs) / 1000);
const ACK_BUCKETS = [...steps(5, 100, 5), ...steps(120, 300, 20), ...steps(350, 650, 50), 0.75, 0.9, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5];
/** The bot's own share is usually under a millisecond: coarser, as it is kept per kind of interaction. */
const HANDLING_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const STORE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const DECISION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5];

/** Store calls that write (the rest only read): their latency is what a move waits for. */
const STORE_WRITES = new Set([
  "createTable",
  "updateTable",
  "appendAction",
  "truncateActions",
  "recordFinishedGame",
  "updateGuildSettings",
  "saveMenus",
  "takeMenus",
  "setPlayerPrefs",
  "probeWrite",
]);

/**
 * A REST path without ids or tokens, so the route label stays a handful of values:
 * /channels/123/messages/456 → /channels/:id/messages/:id, /interactions/1/<token>/callback →
 * /interactions/:id/:token/callback (a token must never reach a label either).
 */
export function routeLabel(path: string): string {
  return (
    path
      .split("?")[0]
      // discord.js sends @original encoded; the label says it as Discord's documentation does.
      .replaceAll("%40", "@")
      .replace(/\/(webhooks|interactions)\/(\d+|:id)\/[^/]+/, "/$1/:id/:token")
      .replace(/\/\d{5,}/g, "/:id")
      .replace(/\/reactions\/[^/]+/, "/reactions/:emoji")
  );
}

/** An interaction's acknowledgement: POST [/api/v10]/interactions/<id>/<token>/callback. */
const INTERACTION_CALLBACK = /\/interactions\/(\d+)\/[^/]+\/callback/;

/** Gauges read when scraped need something to read: the bot of this process, once attached. */
interface Attached {
  bot: HeartsBot;
  store: Pick<HeartsStore, "probeWrite">;
  queued: () => { moves: number; hints: number; reviews: number };
}

export class BotMetrics {
  readonly registry = new Registry();
  private attached: Attached | null = null;
  /** Set once the bot has logged in and resumed its tables (main's start finished). */
  private started = false;

  /**
   * Discord's view of an acknowledgement: from the interaction's creation (the time in its snowflake
   * id, Discord's clock) to Discord's answer to the bot's callback (its response headers, from
   * undici's diagnostics channel). It includes the gateway, the bot's event loop, its REST queue
   * and both legs of the callback: what the 3-second deadline counts, and the answer's way back
   * (and clock skew, which NTP keeps to milliseconds). Counted when the callback left, it missed
   * the leg to Discord and Discord's own queue: at 200 tables it read 0.69× the latency Discord
   * (the fake) measured; counted at the answer, within 10% of it (bench:bot).
   */
  readonly ack = new Histogram({
    name: "hearts_interaction_ack_seconds",
    help: "From an interaction's creation by Discord (the time in its id) to Discord's answer to the bot's acknowledgement",
    buckets: ACK_BUCKETS,
    registers: [this.registry],
  });
  /** The bot's own share: its event loop from receiving the interaction to sending the acknowledgement, by kind. */
  readonly handling = new Histogram({
    name: "hearts_interaction_handling_seconds",
    help: "From an interaction's arrival in the bot to its acknowledgement leaving (reply, update or deferral), by command or button",
    labelNames: ["kind"],
    buckets: HANDLING_BUCKETS,
    registers: [this.registry],
  });
  readonly actions = new Counter({
    name: "hearts_actions_committed_total",
    help: "Game actions committed to the store (passes, cards, moon choices), by who made them",
    labelNames: ["source"],
    registers: [this.registry],
  });
  readonly rest = new Counter({
    name: "hearts_discord_rest_responses_total",
    help: "Discord REST responses by route and status (a 429 counts here and in hearts_discord_rest_429_total)",
    labelNames: ["method", "route", "status"],
    registers: [this.registry],
  });
  readonly rest429 = new Counter({
    name: "hearts_discord_rest_429_total",
    help: "Discord REST answers 429 Too Many Requests, by route",
    labelNames: ["method", "route"],
    registers: [this.registry],
  });
  readonly restWaits = new Counter({
    name: "hearts_discord_rest_rate_limit_waits_total",
    help: "Requests discord.js held back to stay within a rate limit (global or a route's), before Discord said 429",
    labelNames: ["global"],
    registers: [this.registry],
  });
  readonly storeWrite = new Histogram({
    name: "hearts_store_write_seconds",
    help: "Store writes (commits of moves, table changes, menu tokens) by call",
    labelNames: ["op", "outcome"],
    buckets: STORE_BUCKETS,
    registers: [this.registry],
  });
  readonly decision = new Histogram({
    name: "hearts_ai_decision_seconds",
    help: "Computer players' decisions from asking to the answer (queue and thinking), by level",
    labelNames: ["level"],
    buckets: DECISION_BUCKETS,
    registers: [this.registry],
  });

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    const read = <T>(f: (a: Attached) => T): T | null => (this.attached ? f(this.attached) : null);
    new Gauge({
      name: "hearts_open_tables",
      help: "Open tables in this process's memory, by phase (lobby, passing, playing, moon-choice, game-over)",
      labelNames: ["phase"],
      registers: [this.registry],
      collect() {
        this.reset();
        read(({ bot }) => {
          for (const id of bot.service.openTableIds) {
            const t = bot.service.system.openTable(id);
            if (t) this.inc({ phase: t.game?.phase ?? t.record.status });
          }
        });
      },
    });
    new Gauge({
      name: "hearts_store_up",
      help: "1 while the store saves games; 0 while the tables wait for it (a full disk, a database gone)",
      registers: [this.registry],
      collect() {
        read(({ bot }) => this.set(bot.service.storeUp ? 1 : 0));
      },
    });
    new Gauge({
      name: "hearts_ai_queue_depth",
      help: "Computer-player tasks waiting for a worker, by lane",
      labelNames: ["lane"],
      registers: [this.registry],
      collect() {
        read(({ queued }) => {
          const q = queued();
          this.set({ lane: "moves" }, q.moves);
          this.set({ lane: "hints" }, q.hints);
          this.set({ lane: "reviews" }, q.reviews);
        });
      },
    });
    new Gauge({
      name: "hearts_pictures_queue",
      help: "Pictures queued or being drawn by the picture process",
      registers: [this.registry],
      collect() {
        read(({ bot }) => this.set(bot.images.backlog));
      },
    });
    const totals = (name: string, help: string, labelName: string, values: (a: Attached) => Record<string, number>) => {
      const last = new Map<string, number>();
      new Counter({
        name,
        help,
        labelNames: [labelName],
        registers: [this.registry],
        collect() {
          read((a) => {
            for (const [label, value] of Object.entries(values(a))) {
              const grew = value - (last.get(label) ?? 0);
              if (grew > 0) this.inc({ [labelName]: label }, grew);
              last.set(label, value);
            }
          });
        },
      });
    };
    totals(
      "hearts_pictures_text_only_total",
      "Pictures left out (skipped under load) or that failed to draw: the message went out as text",
      "why",
      ({ bot }) => ({ skipped: bot.load.skipped, failed: bot.images.failed }),
    );
    totals(
      "hearts_fair_use_refusals_total",
      "Interactions refused by the fair-use budgets: too fast (user), server busy (guild), table cooldown (open)",
      "kind",
      ({ bot }) => ({ ...bot.fairUse.refused }),
    );
    // Node's own under their usual names (process_*, nodejs_*), as every Node dashboard expects them.
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** The responder's callback: one acknowledgement and how long it took. */
  readonly onAck = (ms: number, kind: string): void => this.handling.observe({ kind }, ms / 1000);

  /** Reads the bot when scraped, and counts what it does from now on. */
  attach(bot: HeartsBot, store: Pick<HeartsStore, "probeWrite">, queued?: Attached["queued"]): void {
    this.attached = { bot, store, queued: queued ?? (() => ({ moves: 0, hints: 0, reviews: 0 })) };
    bot.service.onUpdate((_table, update) => {
      if (update.type === "action") this.actions.inc({ source: update.source });
    });
    for (const rest of [bot.client.rest, bot.webhook]) this.watchRest(rest);
    diagnostics.subscribe("undici:request:headers", this.answered);
  }

  /** An HTTP response's headers: for an acknowledgement, Discord has it. */
  private readonly answered = (message: unknown): void => {
    const path = (message as { request?: { path?: unknown } }).request?.path;
    const callback = typeof path === "string" ? INTERACTION_CALLBACK.exec(path) : null;
    if (callback) this.ack.observe(Math.max(0, Date.now() - SnowflakeUtil.timestampFrom(callback[1])) / 1000);
  };

  /** Stops listening to undici (the registry stays readable). */
  close(): void {
    diagnostics.unsubscribe("undici:request:headers", this.answered);
  }

  private watchRest(rest: REST): void {
    rest.on("response", (request, response) => {
      const labels = { method: request.method.toUpperCase(), route: routeLabel(request.path) };
      this.rest.inc({ ...labels, status: String(response.status) });
      if (response.status === 429) this.rest429.inc(labels);
    });
    rest.on("rateLimited", (info) => this.restWaits.inc({ global: String(info.global) }));
  }

  /** The store with each write timed (the same object otherwise). */
  timedStore<S extends object>(store: S): S {
    const hist = this.storeWrite;
    return new Proxy(store, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof prop !== "string" || !STORE_WRITES.has(prop) || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const end = hist.startTimer({ op: prop });
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).then(
            (r) => {
              end({ outcome: "ok" });
              return r;
            },
            (err: unknown) => {
              end({ outcome: "failed" });
              throw err;
            },
          );
        };
      },
    });
  }

  /** The bot has logged in and resumed its open tables: ready, if connected and the store writes. */
  markStarted(): void {
    this.started = true;
  }

  /** The computer players with each table decision timed by level (hints and reviews go through as they are). */
  timedBots<B extends BotPlayer>(bots: B): BotPlayer {
    const hist = this.decision;
    return {
      decide: (view, level: BotLevel, opts) => {
        const end = hist.startTimer({ level });
        return bots.decide(view, level, opts).finally(() => end());
      },
      ...(bots.hint ? { hint: bots.hint.bind(bots) } : {}),
      ...(bots.review ? { review: bots.review.bind(bots) } : {}),
      ...(bots.close ? { close: bots.close.bind(bots) } : {}),
    };
  }

  /**
   * Why this process is not ready, or null when it is: connected to the gateway, and the store
   * saving games (the tables' own view) and answering a write now (a probe, at most once a second).
   */
  async notReady(): Promise<string | null> {
    const a = this.attached;
    if (!a || !this.started) return "the bot is starting (logging in, resuming its tables)";
    if (a.bot.client.ws.status !== Status.Ready) return `not connected to the Discord gateway (status ${Status[a.bot.client.ws.status]})`;
    if (!a.bot.service.storeUp) return "the store cannot save games (the tables are waiting for it)";
    const probe = await this.probe(a);
    return probe ? `the store cannot be written: ${probe}` : null;
  }

  /** What the metrics port serves for this process alone. */
  source(): OpsSource {
    return {
      notReady: () => this.notReady(),
      metrics: async () => ({ contentType: this.registry.contentType, body: await this.registry.metrics() }),
    };
  }

  private probing: { at: number; result: Promise<string | null> } | null = null;

  private probe(a: Attached): Promise<string | null> {
    if (this.probing && performance.now() - this.probing.at < 1000) return this.probing.result;
    const timeout = new Promise<string>((r) => setTimeout(() => r("no answer within 2 s"), 2000).unref());
    const write = a.store.probeWrite().then(
      () => null,
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
    this.probing = { at: performance.now(), result: Promise.race([write, timeout]) };
    return this.probing.result;
  }
}
