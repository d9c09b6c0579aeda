/**
 * `npm run bench:bot -- --tables N [--humans 1-4] [--seconds S | --minutes M] [--interval S] [--think MS]
 *    [--arrive S] [--bot-delay MS] [--shed on|off] [--metrics on|off] [--images on|off] [--render-process on|off] [--check [--max-p99 MS] [--max-kb-table KB] [--max-heap-slope KB]]`
 *
 * Drives N tables at once through the fake Discord: in each channel a person opens a table, starts
 * it with three computer players (or with `--humans H` people in all, who join first), and each
 * person passes and plays through their private menu after a think time, the host starting a
 * rematch when a game ends. The bot runs in a child process (its own heap). Prints the
 * interaction-to-acknowledgement latency (p50/p95/p99, measured by the fake Discord) and the bot's
 * heap per open table; the last line is JSON.
 *
 * A time series for soak runs: every `--interval` seconds (default 10, or 30 for runs over two
 * minutes) the ack p99 of that interval and the bot's heap after a GC; the JSON's `flatness` gives
 * the heap slope in KB per minute after the first minute (least squares) and the first and last
 * intervals' p99. `--check` exits 1 when a target is missed: p99 (overall and last interval) over
 * `--max-p99` (100 ms), heap per table over `--max-kb-table` (64 KB), heap slope over
 * `--max-heap-slope` (200 KB/min: 1 KB a table a minute at 200 tables), or an interaction not
 * acknowledged within 3 s. Exit 2: the run itself failed (the bot process died).
 *
 * Discord's budget: `channelRequestsPerTrick` counts every REST call of the bot outside the
 * /interactions/ and /webhooks/ routes (posts, edits and deletions of channel messages, threads:
 * what Discord's global limit of 50 a second counts) per trick played; `uploadBytesPerPlayerHand`
 * the bytes of files uploaded to private answers and menus per person per hand (13 tricks).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadavg } from "node:os";
import { fork, type ChildProcess } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { SnowflakeUtil } from "discord.js";
import { decodeId } from "../src/discord/interactions/ids.js";
import { bucketQuantile, histogramBuckets, parsePrometheusText } from "../test/ops/prom-text.js";
import {
  startFakeDiscord,
  type FakeDiscord,
  type FakeMessage,
  type FakeUser,
  type InteractionHandle,
} from "../test/fake-discord/server.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const TABLES = Math.max(1, parseInt(arg("tables", "20"), 10));
/** People per table (the others are computer players): 1 to 4. */
const HUMANS = Math.min(4, Math.max(1, parseInt(arg("humans", "1"), 10)));
const SECONDS = Math.max(
  5,
  process.argv.includes("--minutes") ? Math.round(parseFloat(arg("minutes", "1")) * 60) : parseInt(arg("seconds", "60"), 10),
);
const INTERVAL_S = Math.max(2, parseInt(arg("interval", SECONDS > 120 ? "30" : "10"), 10));
const CHECK = process.argv.includes("--check");
const MAX_P99 = parseFloat(arg("max-p99", "100"));
const MAX_KB_TABLE = parseFloat(arg("max-kb-table", "64"));
const MAX_HEAP_SLOPE = parseFloat(arg("max-heap-slope", "200"));
const THINK_MS = Math.max(0, parseInt(arg("think", "800"), 10));
const BOT_DELAY_MS = Math.max(0, parseInt(arg("bot-delay", "900"), 10));
const IMAGES = arg("images", "on") !== "off";
/** The people open their tables within this many seconds (2: a thundering herd, as after an outage). */
const ARRIVE_MS = Math.max(0, parseFloat(arg("arrive", "2"))) * 1000;
/** Diagnostic: `--render-process off` draws pictures on the bot's main thread, as before the picture process. */
const RENDER_PROCESS = arg("render-process", "on") !== "off";
/** `--metrics off`: without the metrics port (on by default, scraped every 10 s as Prometheus would). */
const METRICS = arg("metrics", "on") !== "off";
/** `--shed off`: optional pictures are never left out under load (to measure uploads on a busy machine). */
const SHED = arg("shed", "on") !== "off";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const verb = (c: { custom_id?: string }) => (c.custom_id ? decodeId(c.custom_id)?.verb : undefined);
const buttons = (m: FakeMessage | undefined) =>
  (m?.components ?? []).flatMap(
    (r: { components?: unknown[] }) =>
      (r.components ?? []) as Array<{ custom_id?: string; disabled?: boolean; options?: Array<{ value: string }> }>,
  );

function startBot(input: object): ChildProcess {
  return fork(new URL("./bot-worker.ts", import.meta.url).pathname, [], {
    execArgv: [
      "--import",
      "tsx",
      "--expose-gc",
      ...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    ],
    env: { ...process.env, BENCH_BOT_INPUT: JSON.stringify(input) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string }) => {
      if (m.type === type) {
        child.off("message", on);
        child.off("exit", gone);
        resolve(m as T);
      }
    };
    const gone = (code: number | null) => reject(new Error(`the bot process exited (${code})`));
    child.on("message", on);
    child.once("exit", gone);
  });
}

const latencies: number[] = [];
/** This interval's latencies (the time series). */
let intervalLatencies: number[] = [];
let intervalLate = 0;
/**
 * Where an acknowledgement's time went, per interaction: the fake's times (created, ack recorded)
 * joined with the bot's (handler started). "To the bot" is the fake's dispatch, the socket and the
 * bot's event loop; "back" is the bot answering (~0), its REST client and the fake's own loop.
 */
const settledAt = new Map<string, [number, number]>();
const handlerAt = new Map<string, number>();
let toBot: number[] = [];
let back: number[] = [];
const toBotAll: number[] = [];
const backAll: number[] = [];
function joinSplit(handled: [string, number][]): void {
  for (const [id, t] of handled) handlerAt.set(id, t);
  const old = Date.now() - 60_000;
  for (const [id, t] of handlerAt) {
    const s = settledAt.get(id);
    if (s) {
      toBot.push(t - s[0]);
      back.push(s[1] - t);
      settledAt.delete(id);
      handlerAt.delete(id);
    } else if (t < old) handlerAt.delete(id);
  }
  for (const [id, s] of settledAt) if (s[0] < old) settledAt.delete(id);
  toBotAll.push(...toBot);
  backAll.push(...back);
}
const slow: string[] = [];
let late = 0;
let actions = 0;
let games = 0;
let reopened = 0;

function track(h: InteractionHandle, what = "?"): InteractionHandle {
  h.ack
    .then((a) => {
      latencies.push(a.latencyMs);
      intervalLatencies.push(a.latencyMs);
      const created = SnowflakeUtil.timestampFrom(h.id);
      settledAt.set(h.id, [created, created + a.latencyMs]);
      if (a.latencyMs > 100 && process.env.BENCH_SLOW) slow.push(`${what} ${a.latencyMs}ms at ${new Date().toISOString().slice(17, 23)}`);
    })
    .catch(() => {
      late++;
      intervalLate++;
    });
  return h;
}

async function waitFor<T>(probe: () => T | null | undefined | false, ms: number): Promise<T | null> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) return null;
    await sleep(50);
  }
}

/** When the run ends; set once the warm-up table is going. */
const end = { at: Number.POSITIVE_INFINITY };

/** The people at one table, for the whole run: the first is the host. */
async function runTable(fake: FakeDiscord, i: number, channelId: string): Promise<void> {
  const people = Array.from({ length: HUMANS }, (_, k) => fake.users[i * HUMANS + k]);
  const host = people[0];
  await sleep(Math.random() * ARRIVE_MS); // people do not all arrive in the same millisecond
  const opened = track(fake.slashCommand(host, "hearts", { subcommand: "new", options: { level: "easy" } }, channelId), "new");
  await opened.ack.catch(() => undefined);
  const findTable = () =>
    fake
      .channelMessages(channelId)
      .filter((m) => m.embeds?.[0]?.title === "♥ Hearts" && buttons(m).some((c) => verb(c) === "start"))
      .at(-1);
  let table = await waitFor(findTable, 10_000);
  // The others sit down (a rematch keeps everyone seated).
  if (table)
    for (const u of people.slice(1))
      await track(fake.clickButton(u, table.id, buttons(table).find((c) => verb(c) === "join")!.custom_id!), "join").ack.catch(
        () => undefined,
      );
  while (table && Date.now() < end.at) {
    const start = track(fake.clickButton(host, table.id, buttons(table).find((c) => verb(c) === "start")!.custom_id!), "start");
    await start.ack.catch(() => undefined);
    const first = await waitFor(() => start.reply(), 5000);
    const tableId = table.id;
    const menus = [first?.id ?? null];
    for (const u of people.slice(1)) menus.push(await openMenu(fake, u, tableId));
    await Promise.all(people.map((u, k) => playSeat(fake, u, menus[k], tableId)));
    if (Date.now() >= end.at) return;
    games++;
    // Rematch from the finished table message, then start the new table.
    const finished = await waitFor(() => buttons(fake.messages.get(tableId)).find((c) => verb(c) === "rematch"), 10_000);
    if (!finished) return;
    await track(fake.clickButton(host, tableId, finished.custom_id!)).ack.catch(() => undefined);
    table = await waitFor(() => {
      const t = findTable();
      return t && t.id !== tableId ? t : null;
    }, 10_000);
  }
}

/** Presses My hand on the table message: the menu it opens. */
async function openMenu(fake: FakeDiscord, user: FakeUser, tableId: string): Promise<string | null> {
  const hand = await waitFor(() => buttons(fake.messages.get(tableId)).find((c) => verb(c) === "hand"), 5000);
  if (!hand) return null;
  const h = track(fake.clickButton(user, tableId, hand.custom_id!), "hand");
  await h.ack.catch(() => undefined);
  return (await waitFor(() => h.reply(), 3000))?.id ?? null;
}

/** One person plays their seat through their private menu until the game ends (or the run). */
async function playSeat(fake: FakeDiscord, user: FakeUser, menuId: string | null, tableId: string): Promise<void> {
  const think = () => sleep(THINK_MS * (0.5 + Math.random()));
  let idleSince = Date.now();
  while (Date.now() < end.at && menuId) {
    const menu = fake.messages.get(menuId);
    const text = JSON.stringify(menu?.embeds ?? "");
    if (text.includes("Game over")) break;
    const pick = buttons(menu).find((c) => verb(c) === "pick");
    const card = buttons(menu).find((c) => (verb(c) === "play" || verb(c) === "moon") && !c.disabled);
    if (pick || card) {
      await think();
      if (pick) {
        const sel = track(
          fake.selectMenu(
            user,
            menuId,
            pick.custom_id!,
            pick.options!.slice(0, 3).map((o) => o.value),
          ),
          "pick",
        );
        await sel.ack.catch(() => undefined);
        const pass = await waitFor(() => buttons(fake.messages.get(menuId!)).find((c) => verb(c) === "pass" && !c.disabled), 3000);
        if (pass) await track(fake.clickButton(user, menuId, pass.custom_id!), "pass").ack.catch(() => undefined);
      } else await track(fake.clickButton(user, menuId, card!.custom_id!), "play").ack.catch(() => undefined);
      actions++;
      idleSince = Date.now();
      await sleep(50);
      continue;
    }
    // A menu that stays asleep long after the others must have moved: reopen it.
    if (Date.now() - idleSince > 4 * BOT_DELAY_MS + (HUMANS - 1) * 2 * THINK_MS + 5000) {
      menuId = (await openMenu(fake, user, tableId)) ?? menuId;
      reopened++;
      idleSince = Date.now();
    }
    await sleep(100);
  }
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  // Nothing accumulates in the fake during a soak run: it only answers and checks.
  const fake = await startFakeDiscord({ users: TABLES * HUMANS, recordCalls: false, history: false });
  // Discord's budget: channel requests (the global limit) and uploads to private messages.
  const budget = { channelRequests: 0, channelUploadBytes: 0, privateUploadBytes: 0 };
  /** With BENCH_UPLOADS set: private requests by route, with and without an upload. */
  const byRoute: Record<string, { n: number; bytes: number }> = {};
  fake.onCall((c) => {
    const bytes = c.files.reduce((a, f) => a + f.size, 0);
    if (c.path.startsWith("/interactions/") || c.path.startsWith("/webhooks/")) {
      budget.privateUploadBytes += bytes;
      if (process.env.BENCH_UPLOADS) {
        const k = `${c.route} ${c.files.length ? "upload" : "no-upload"}`;
        const r = (byRoute[k] ??= { n: 0, bytes: 0 });
        r.n++;
        r.bytes += bytes;
      }
    } else {
      budget.channelRequests++;
      budget.channelUploadBytes += bytes;
    }
  });
  const channels: string[] = [];
  for (let i = 0; i < TABLES; i++) channels.push(fake.addChannel(`hearts-${i}`));
  const dir = mkdtempSync(join(tmpdir(), "hearts-bench-bot-"));
  const worker = startBot({
    apiBase: fake.apiBase,
    token: fake.token,
    applicationId: fake.applicationId,
    dbUrl: `file:${join(dir, "hearts.db")}`,
    images: IMAGES,
    renderProcess: RENDER_PROCESS,
    botDelayMs: BOT_DELAY_MS,
    shed: SHED,
    metrics: METRICS,
  });
  // The bot dying at any moment is a failed run (exit 2), not a figure.
  let stopping = false;
  worker.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`bench:bot: the bot process died (${signal ?? `exit code ${code}`})`);
    fake
      .close()
      .catch(() => undefined)
      .finally(() => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(2);
      });
  });
  const ready = await next<{ heapUsed: number; metricsPort: number | null }>(worker, "ready");
  console.log(
    `bench:bot  ${TABLES} tables of ${HUMANS} ${HUMANS === 1 ? "person" : "people"} arriving within ${ARRIVE_MS / 1000} s, ${SECONDS} s, think ~${THINK_MS} ms, computer players ${BOT_DELAY_MS} ms, images ${IMAGES ? "on" : "off"}${RENDER_PROCESS ? "" : " (drawn on the main thread)"}${SHED ? "" : ", never shed"}, samples every ${INTERVAL_S} s`,
  );

  // One table first, so code compiled once (rendering, the store, discord.js paths) is not
  // counted as per-table memory; then every other table.
  const fail = (i: number) => (err: unknown) => console.error(`table ${i}: ${err instanceof Error ? err.message : err}`);
  const runs = [runTable(fake, 0, channels[0]).catch(fail(0))];
  await waitFor(() => actions >= 6, 30_000);
  worker.send({ type: "memory" });
  const warm = await next<{ heapUsed: number; tables: number }>(worker, "memory");
  latencies.length = 0;
  // The metrics' ack histogram from here on (as the bench's own figure): the warm-up's buckets are taken off.
  const ackAtWarm = ready.metricsPort ? await scrapeAcks(ready.metricsPort) : null;
  const scrapes: number[] = [];
  const scraper = ready.metricsPort
    ? setInterval(() => {
        const t = performance.now();
        scrapeAcks(ready.metricsPort!).then(
          () => scrapes.push(performance.now() - t),
          (err: unknown) => console.error(`bench:bot: a scrape of /metrics failed: ${String(err)}`),
        );
      }, 10_000)
    : null;
  settledAt.clear();
  intervalLatencies = [];
  intervalLate = 0;
  const loadStart = loadavg()[0];
  // The fake Discord and the players share this process: its lag is part of what the fake measures.
  const parentLoop = monitorEventLoopDelay({ resolution: 10 });
  parentLoop.enable();
  const t0 = Date.now();
  end.at = t0 + SECONDS * 1000;
  runs.push(...channels.slice(1).map((c, i) => runTable(fake, i + 1, c).catch(fail(i + 1))));

  // The time series: one sample per interval, taken in turn (never two GCs requested at once).
  const series: Sample[] = [];
  let sampling = Promise.resolve();
  const sampler = setInterval(() => {
    sampling = sampling
      .then(async () => {
        const lat = intervalLatencies.sort((x, y) => x - y);
        const lateHere = intervalLate;
        intervalLatencies = [];
        intervalLate = 0;
        worker.send({ type: "sample" });
        const m = await next<WorkerSample>(worker, "sample");
        joinSplit(m.handled);
        const tb = toBot.sort((x, y) => x - y);
        const bk = back.sort((x, y) => x - y);
        toBot = [];
        back = [];
        const row: Sample = {
          t: Math.round((Date.now() - t0) / 1000),
          interactions: lat.length,
          lateOver3s: lateHere,
          ackP99: pct(lat, 99),
          botAckP99: m.botAckP99,
          toBotP99: pct(tb, 99),
          backP99: pct(bk, 99),
          heapMB: Math.round((m.heapUsed / 1048576) * 10) / 10,
          rssMB: Math.round(m.rss / 1048576),
          loopP99: Math.round(m.loopP99 * 10) / 10,
          tables: m.tables,
          hands: m.hands,
          games: m.games,
          picturesSkipped: m.skippedPictures,
          restGlobalWaits: m.globalWaits,
        };
        series.push(row);
        console.log(
          `  ${String(row.t).padStart(4)} s: ${row.interactions} acks, p99 ${row.ackP99} ms (to the bot ${row.toBotP99}, in it ${row.botAckP99}, back ${row.backP99}), bot heap ${row.heapMB} MB, rss ${row.rssMB} MB, loop p99 ${row.loopP99} ms, ${row.hands} hands, ${row.games} games, ${row.picturesSkipped} pictures skipped, ${row.restGlobalWaits} REST waits for the global limit`,
        );
      })
      .catch((err) => console.error(`sample failed: ${err instanceof Error ? err.message : err}`));
  }, INTERVAL_S * 1000);
  const failed = await Promise.race([
    Promise.all(runs.map((r) => Promise.race([r, sleep(SECONDS * 1000 + 15_000)]))).then(() => false),
    new Promise<boolean>((r) => worker.once("exit", () => r(true))),
  ]);
  clearInterval(sampler);
  await sampling;
  if (failed) {
    console.error("bench:bot: the bot process died during the run");
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(2);
  }

  if (scraper) clearInterval(scraper);
  const metricsAck = ready.metricsPort && ackAtWarm ? metricsFigure(ackAtWarm, await scrapeAcks(ready.metricsPort), scrapes) : null;
  // Measured while every table is still open (mid-game): the bot's heap above its empty start.
  console.log("measuring memory…");
  worker.send({ type: "memory" });
  const mem = await next<{
    botAckMs: { p50: number; p95: number; p99: number };
    gatewayMs: { p50: number; p95: number; p99: number };
    heapUsed: number;
    rss: number;
    tables: number;
    loopP99: number;
    loopMax: number;
    skippedPictures: number;
    hands: number;
    tricks: number;
    games: number;
    globalWaits: number;
    ackWayOutMs: Record<"prepare" | "queue" | "fake", { p50: number; p95: number; p99: number }>;
    connects: { count: number; p50: number; p99: number };
  }>(worker, "memory");
  stopping = true;
  worker.send({ type: "stop" });
  const exited = new Promise((r) => worker.once("exit", r));
  await Promise.race([exited, sleep(15_000)]);
  worker.kill();
  try {
    await fake.close(); // throws when a request did not match Discord's API: a failed run
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (process.env.BENCH_SLOW) console.log(slow.join("\n"));
  const sorted = latencies.sort((a, b) => a - b);
  const perTableKB = mem.tables ? (mem.heapUsed - ready.heapUsed) / mem.tables / 1024 : NaN;
  const marginalKB = mem.tables > warm.tables ? (mem.heapUsed - warm.heapUsed) / (mem.tables - warm.tables) / 1024 : NaN;
  // Flatness: after the first minute (tables opening, first deals, code warming up).
  const settled = series.filter((x) => x.t > Math.min(60, SECONDS / 4));
  const flatness = {
    heapSlopeKBPerMin: round1(slope(settled.map((x) => [x.t / 60, x.heapMB * 1024]))),
    rssSlopeMBPerMin: round1(slope(settled.map((x) => [x.t / 60, x.rssMB]))),
    firstIntervalP99: series[0]?.ackP99 ?? NaN,
    lastIntervalP99: series.at(-1)?.ackP99 ?? NaN,
    worstIntervalP99: Math.max(...series.map((x) => x.ackP99)),
    samples: settled.length,
  };
  const result = {
    tables: TABLES,
    humansPerTable: HUMANS,
    tricksPlayed: mem.tricks,
    channelRequests: budget.channelRequests,
    /** Channel requests (everything but interaction responses and interaction webhooks) per trick. */
    channelRequestsPerTrick: round2(budget.channelRequests / mem.tricks),
    /** Bytes uploaded to private answers and menus per person per hand (13 tricks). */
    uploadBytesPerPlayerHand: Math.round(budget.privateUploadBytes / ((mem.tricks / 13) * HUMANS)),
    privateUploadBytes: budget.privateUploadBytes,
    channelUploadBytes: budget.channelUploadBytes,
    seconds: SECONDS,
    arriveSeconds: ARRIVE_MS / 1000,
    images: IMAGES,
    renderProcess: RENDER_PROCESS,
    interactions: sorted.length,
    lateOver3s: late,
    ackMs: { p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99), max: sorted.at(-1) ?? NaN },
    /** The bot's own share: from receiving an interaction to sending its acknowledgement. */
    botAckMs: mem.botAckMs,
    /** Of which the gateway: from the fake creating the interaction to the bot's handler starting. */
    gatewayMs: mem.gatewayMs,
    /** The same split per interaction (joined by id): there, and back from the handler to the fake recording the ack. */
    /** The way back, inside the bot's process: handler → callback request created → written to the socket → the fake's response. */
    ackWayOutMs: mem.ackWayOutMs,
    /** Sockets the bot opened to the fake during the run, and how long connecting took. */
    restConnects: mem.connects,
    splitMs: { toBot: pcts(toBotAll.sort((x, y) => x - y)), back: pcts(backAll.sort((x, y) => x - y)), joined: toBotAll.length },
    actions,
    handsScored: mem.hands,
    gamesFinished: mem.games,
    rematches: games,
    reopenedMenus: reopened,
    openTablesAtEnd: mem.tables,
    /** Bot heap per open table once warm: (heap with all tables − heap with the first) / the others. */
    heapPerTableKB: round1(marginalKB),
    /** The same from the bot's empty start (includes code compiled on first use). */
    heapPerTableFromStartKB: round1(perTableKB),
    botHeapMB: round1(mem.heapUsed / 1048576),
    /** The bot process (heap, canvas surfaces, SQLite; not its picture process), for reference. */
    botRssMB: Math.round(mem.rss / 1048576),
    eventLoopP99Ms: round1(mem.loopP99),
    picturesSkippedUnderLoad: mem.skippedPictures,
    /** Requests that waited for discord.js's own global limit (50 a second by default). */
    restGlobalWaits: mem.globalWaits,
    violations: fake.violations.length,
    /**
     * The metrics port's own figure: p99 of hearts_interaction_ack_seconds (the interaction's snowflake
     * time to its callback leaving the bot: the span the fake measures, ackMs, but the fake's receiving)
     * over the same interactions, by histogram_quantile over its buckets; its ratio to ackMs.p99 and botAckMs.p99.
     */
    metrics: metricsAck && {
      ...metricsAck,
      vsBotAckP99: round2(metricsAck.ackP99Ms / mem.botAckMs.p99),
      vsAckP99: round2(metricsAck.ackP99Ms / pct(sorted, 99)),
    },
    /** Event-loop lag of this process (the fake Discord and the simulated players). */
    fakeLoopP99Ms: round1(parentLoop.percentile(99) / 1e6),
    /** 1-minute load average of the machine at the start and end (other work shares the cores). */
    loadAvg: { start: round1(loadStart), end: round1(loadavg()[0]) },
    intervalSeconds: INTERVAL_S,
    flatness,
    series,
    check: undefined as undefined | { passed: boolean; failures: string[] },
  };
  console.log(
    `ack latency: p50 ${result.ackMs.p50} ms, p95 ${result.ackMs.p95} ms, p99 ${result.ackMs.p99} ms, max ${result.ackMs.max} ms over ${result.interactions} interactions (${late} later than 3 s)`,
  );
  console.log(
    `  of which in the bot (received → acknowledgement sent): p50 ${mem.botAckMs.p50} ms, p95 ${mem.botAckMs.p95} ms, p99 ${mem.botAckMs.p99} ms`,
  );
  console.log(
    `  gateway (fake dispatch → bot handler): p50 ${mem.gatewayMs.p50} ms, p95 ${mem.gatewayMs.p95} ms, p99 ${mem.gatewayMs.p99} ms`,
  );
  console.log(
    `  per interaction: to the bot p50 ${result.splitMs.toBot.p50} / p99 ${result.splitMs.toBot.p99} ms, back to the fake p50 ${result.splitMs.back.p50} / p99 ${result.splitMs.back.p99} ms (${result.splitMs.joined} joined)`,
  );
  const w = mem.ackWayOutMs;
  console.log(
    `  the way back: preparing the callback p99 ${w.prepare.p99} ms, undici's queue/connection p99 ${w.queue.p99} ms, the fake answering p50 ${w.fake.p50} / p99 ${w.fake.p99} ms; ${mem.connects.count} sockets opened (connect p99 ${mem.connects.p99} ms)`,
  );
  console.log(`  the fake Discord's own event loop (same process as the players): p99 ${result.fakeLoopP99Ms} ms`);
  console.log(
    `Discord's budget: ${budget.channelRequests} channel requests for ${mem.tricks} tricks = ${result.channelRequestsPerTrick} a trick; ${Math.round(budget.privateUploadBytes / 1024)} KB uploaded to private messages = ${Math.round(result.uploadBytesPerPlayerHand / 1024)} KB per person per hand`,
  );
  if (process.env.BENCH_UPLOADS) console.log(byRoute);
  console.log(`pictures left out under load: ${mem.skippedPictures}; ${mem.hands} hands scored, ${mem.games} games finished`);
  console.log(
    `memory: ${result.heapPerTableKB} KB of bot heap per open table once warm (${result.heapPerTableFromStartKB} KB counting from the empty start; ${mem.tables} open, bot heap ${result.botHeapMB} MB, rss ${result.botRssMB} MB); event loop p99 ${result.eventLoopP99Ms} ms`,
  );
  console.log(
    `flatness: heap ${flatness.heapSlopeKBPerMin} KB/min after the first minute (${flatness.samples} samples), p99 first interval ${flatness.firstIntervalP99} ms, last ${flatness.lastIntervalP99} ms, worst ${flatness.worstIntervalP99} ms; load average ${result.loadAvg.start} → ${result.loadAvg.end}`,
  );
  let code = 0;
  if (CHECK) {
    const failures: string[] = [];
    if (!(result.ackMs.p99 <= MAX_P99)) failures.push(`ack p99 ${result.ackMs.p99} ms > ${MAX_P99} ms`);
    if (!(flatness.lastIntervalP99 <= MAX_P99)) failures.push(`last interval's ack p99 ${flatness.lastIntervalP99} ms > ${MAX_P99} ms`);
    if (!(result.heapPerTableKB <= MAX_KB_TABLE)) failures.push(`${result.heapPerTableKB} KB of heap per table > ${MAX_KB_TABLE} KB`);
    if (flatness.samples >= 3 && !(flatness.heapSlopeKBPerMin <= MAX_HEAP_SLOPE))
      failures.push(`heap grows ${flatness.heapSlopeKBPerMin} KB/min > ${MAX_HEAP_SLOPE} KB/min`);
    if (flatness.samples < 3)
      failures.push(
        `only ${flatness.samples} samples after the first minute: run longer (or a shorter --interval) to judge the heap's slope`,
      );
    if (late) failures.push(`${late} interactions not acknowledged within 3 s`);
    if (result.violations) failures.push(`${result.violations} violations recorded by the fake Discord`);
    result.check = { passed: !failures.length, failures };
    console.log(
      failures.length
        ? `check: FAILED — ${failures.join("; ")}`
        : `check: passed (p99 ≤ ${MAX_P99} ms, ≤ ${MAX_KB_TABLE} KB/table, heap slope ≤ ${MAX_HEAP_SLOPE} KB/min)`,
    );
    code = failures.length ? 1 : 0;
  }
  if (result.metrics)
    console.log(
      `metrics port: ack p99 ${result.metrics.ackP99Ms} ms from hearts_interaction_ack_seconds over ${result.metrics.interactions} interactions (${result.metrics.vsAckP99}× the benchmark's p99 as the fake Discord measured it, ${result.metrics.vsBotAckP99}× the bot's own share); ${result.metrics.scrapes} scrapes, p99 ${result.metrics.scrapeP99Ms} ms`,
    );
  console.log(JSON.stringify(result));
  process.exit(code);
}

/** The ack histogram's buckets (summed over kinds) from the metrics port. */
async function scrapeAcks(port: number): Promise<[number, number][]> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!r.ok) throw new Error(`/metrics answered ${r.status}`);
  return histogramBuckets(parsePrometheusText(await r.text()), "hearts_interaction_ack_seconds");
}

function metricsFigure(before: [number, number][], after: [number, number][], scrapes: number[]) {
  const at = new Map(before);
  const delta = after.map(([le, c]): [number, number] => [le, c - (at.get(le) ?? 0)]);
  const s = scrapes.sort((a, b) => a - b);
  return {
    ackP99Ms: round1(bucketQuantile(delta, 0.99) * 1000),
    ackP50Ms: round1(bucketQuantile(delta, 0.5) * 1000),
    interactions: delta.at(-1)?.[1] ?? 0,
    scrapes: s.length,
    scrapeP99Ms: round1(pct(s, 99)),
  };
}

interface WorkerSample {
  botAckP99: number;
  handled: [string, number][];
  heapUsed: number;
  rss: number;
  loopP99: number;
  tables: number;
  skippedPictures: number;
  hands: number;
  games: number;
  globalWaits: number;
}

interface Sample {
  /** Seconds since the measured run began (end of the interval). */
  t: number;
  interactions: number;
  lateOver3s: number;
  ackP99: number;
  botAckP99: number;
  /** p99 from the fake creating an interaction to the bot's handler starting (fake dispatch + bot loop). */
  toBotP99: number;
  /** p99 from the bot's handler to the fake recording the acknowledgement (bot REST + fake loop). */
  backP99: number;
  heapMB: number;
  rssMB: number;
  loopP99: number;
  tables: number;
  /** Hands scored and games finished so far (cumulative). */
  hands: number;
  games: number;
  picturesSkipped: number;
  /** Requests so far that waited for discord.js's global limit of 50 a second (cumulative). */
  restGlobalWaits: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const pcts = (sorted: number[]) => ({ p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99) });

/** Least-squares slope of y over x (NaN with fewer than two points). */
function slope(points: number[][]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den ? num / den : NaN;
}

await main();
