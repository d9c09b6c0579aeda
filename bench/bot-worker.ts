/**
 * The bot under benchmark, alone in a child process (started with --expose-gc) so its heap is
 * measured apart from the fake Discord and the simulated players. Answers "memory" with its heap
 * after a full GC.
 */
import diagnostics from "node:diagnostics_channel";
import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from "node:perf_hooks";
import { SnowflakeUtil } from "discord.js";
import { decide } from "../src/ai/index.js";
import { readConfig } from "../src/config.js";
import { createHearts } from "../src/app/hearts.js";
import { idleGauge } from "../src/render/runtime/load.js";
import { silentLogger } from "../src/log.js";
import { openStore } from "../src/store/index.js";
import { BotMetrics } from "../src/ops/metrics.js";
import { startOpsServer } from "../src/ops/server.js";
import type { BotPlayer } from "../src/table/players.js";

interface Input {
  apiBase: string;
  token: string;
  applicationId: string;
  dbUrl: string;
  images: boolean;
  renderProcess: boolean;
  botDelayMs: number;
  shed?: boolean;
  /** The metrics port on (as METRICS_PORT does in production): its timing wrappers and its server. */
  metrics?: boolean;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const input = JSON.parse(process.env.BENCH_BOT_INPUT ?? "{}") as Input;
const send = (m: object) => process.send!(m);
const base = readConfig({}, { requireToken: false });
if (!base.ok) throw new Error(base.problems.join("\n"));
const store = await openStore(input.dbUrl);
// Rule-based players on this thread: the benchmark measures the Discord layer, not the AI.
const bots: BotPlayer = { decide: async (view, level) => decide(view, level === "hard" ? "medium" : level) };
// Histograms live outside the JS heap, so a long soak's measurements do not count as the bot's growth.
const µs = (ms: number) => Math.max(1, Math.round(ms * 1000));
const acks = createHistogram();
/** Acknowledgement times since the last "sample" (the per-interval series). */
const intervalAcks = createHistogram();
/** This interval's interactions: id and when the bot's handler got it (joined with the fake's times by the bench). */
let handled: [string, number][] = [];
let hands = 0;
/** Tricks played (taken one by one or claimed), for the requests per trick. */
let tricks = 0;
let games = 0;
const metrics = input.metrics === false ? null : new BotMetrics();
const bot = createHearts(
  // The fake's one guild stands for the many servers 200 tables would be in, and its people click as
  // fast as the bench drives them: no table cap or budgets (test/bot/e2e-fair-use.test.ts covers those).
  {
    ...base.config,
    token: input.token,
    clientId: input.applicationId,
    apiBase: input.apiBase,
    botDelayMs: input.botDelayMs,
    maxTablesPerGuild: 1000,
    rateLimits: { perUser: 0, perGuild: 0, openCooldownS: 0 },
  },
  {
    store: metrics ? metrics.timedStore(store) : store,
    bots: metrics ? metrics.timedBots(bots) : bots,
    renderer: input.images ? undefined : null,
    renderProcess: input.renderProcess !== false,
    load: input.shed === false ? idleGauge : undefined,
    log: silentLogger(),
    onAck: (ms, kind) => {
      acks.record(µs(ms));
      intervalAcks.record(µs(ms));
      metrics?.onAck(ms, kind);
    },
  },
);
// Gateway delay: an interaction id is a snowflake stamped when the fake created it.
const arrivals = createHistogram();
bot.client.on("interactionCreate", (i) => {
  const now = Date.now();
  arrivals.record(µs(now - SnowflakeUtil.timestampFrom(i.id)));
  handled.push([i.id, now]);
});
// Requests that waited for discord.js's own global limit (50 a second by default), not Discord's 429s.
let globalWaits = 0;
bot.client.rest.on("rateLimited", (info) => {
  if (info.global) globalWaits++;
});
bot.service.onUpdate((_t, u) => {
  if (u.type !== "action") return;
  for (const e of u.events) {
    if (e.type === "trick-won") tricks++;
    else if (e.type === "tricks-claimed") tricks += e.tricks;
    else if (e.type === "hand-scored") hands++;
    else if (e.type === "game-over") games++;
  }
});
// The acknowledgement's way out, from undici's diagnostics channels: the handler starting → the
// callback request created (discord.js and @discordjs/rest preparing it) → its headers written to
// the socket (undici's queue, a new connection) → the fake's response (the fake's own loop).
const handlerStarted = new Map<string, number>();
const sent = new WeakMap<object, { id: string; created: number; written?: number }>();
const prep = createHistogram();
const queued = createHistogram();
const served = createHistogram();
const callbackId = (path: string) => /\/interactions\/(\d+)\/[^/]+\/callback/.exec(path)?.[1];
bot.client.on("interactionCreate", (i) => handlerStarted.set(i.id, performance.now()));
diagnostics.subscribe("undici:request:create", (m) => {
  const { request } = m as { request: { path: string } };
  const id = callbackId(request.path);
  const t = id ? handlerStarted.get(id) : undefined;
  if (!id || t === undefined) return;
  handlerStarted.delete(id);
  const now = performance.now();
  prep.record(µs(now - t));
  sent.set(request, { id, created: now });
});
diagnostics.subscribe("undici:client:sendHeaders", (m) => {
  const s = sent.get((m as { request: object }).request);
  if (s) s.written = performance.now();
});
diagnostics.subscribe("undici:request:headers", (m) => {
  const s = sent.get((m as { request: object }).request);
  if (!s?.written) return;
  queued.record(µs(s.written - s.created));
  served.record(µs(performance.now() - s.written));
});
// New sockets to the fake (a request waits for one when every open connection is busy).
// (undici publishes a fresh object for each event: the times are paired in order, roughly.)
const connecting: number[] = [];
const connects = createHistogram();
diagnostics.subscribe("undici:client:beforeConnect", () => connecting.push(performance.now()));
diagnostics.subscribe("undici:client:connected", () => {
  const t = connecting.shift();
  if (t !== undefined) connects.record(µs(performance.now() - t));
});
diagnostics.subscribe("undici:client:connectError", () => connecting.shift());
setInterval(() => {
  // Interactions that never sent a callback (none expected) are not kept for ever.
  const old = performance.now() - 60_000;
  for (const [id, t] of handlerStarted) if (t < old) handlerStarted.delete(id);
}, 30_000).unref();
metrics?.attach(bot, store);
const ops = metrics ? await startOpsServer(metrics.source(), { port: 0, host: "127.0.0.1", log: silentLogger() }) : null;
await bot.start();
metrics?.markStarted();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const intervalLoop = monitorEventLoopDelay({ resolution: 10 });
intervalLoop.enable();
let skippedBefore = 0;

/** A percentile in ms, to 0.1 ms (NaN when nothing was recorded). */
function p(h: RecordableHistogram, pct: number): number {
  return h.count ? Math.round(h.percentile(pct) / 100) / 10 : NaN;
}

function heap(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

process.on("message", (msg: { type: string }) => {
  onMessage(msg).catch((err: unknown) => {
    console.error("bench:bot worker:", err);
    process.exit(1);
  });
});

async function onMessage(msg: { type: string }): Promise<void> {
  if (msg.type === "sample") {
    // One interval of the time series: one full GC (not three: it pauses the bot while tables play).
    const botAckP99 = p(intervalAcks, 99);
    intervalAcks.reset();
    const ids = handled;
    handled = [];
    gc();
    const mem = process.memoryUsage();
    send({
      type: "sample",
      botAckP99,
      handled: ids,
      heapUsed: mem.heapUsed,
      rss: mem.rss,
      loopP99: intervalLoop.percentile(99) / 1e6,
      tables: bot.service.openTables,
      skippedPictures: bot.load.skipped - skippedBefore,
      hands,
      games,
      globalWaits,
    });
    skippedBefore = bot.load.skipped;
    intervalLoop.reset();
  } else if (msg.type === "memory") {
    if (process.env.BENCH_HEAP) (await import("node:v8")).writeHeapSnapshot(process.env.BENCH_HEAP);
    const pcts = (h: RecordableHistogram) => ({ p50: p(h, 50), p95: p(h, 95), p99: p(h, 99) });
    send({
      type: "memory",
      botAckMs: pcts(acks),
      gatewayMs: pcts(arrivals),
      ackWayOutMs: { prepare: pcts(prep), queue: pcts(queued), fake: pcts(served) },
      connects: { count: connects.count, ...pcts(connects) },
      heapUsed: heap(),
      rss: process.memoryUsage().rss,
      tables: bot.service.openTables,
      skippedPictures: bot.load.skipped,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
      hands,
      tricks,
      games,
      globalWaits,
    });
    loop.reset();
  } else if (msg.type === "stop") {
    await bot.stop();
    await store.close();
    await ops?.close();
    metrics?.close();
    send({ type: "stopped" });
    process.exit(0);
  }
}
send({ type: "ready", heapUsed: heap(), metricsPort: ops?.port ?? null });
