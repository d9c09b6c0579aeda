/**
 * bench:abuse's bot, alone in a child process: the real bot (fair use on, the computer-player
 * worker pool, the SQLite store with its reader thread) against the fake Discord. The people at
 * the other tables are played here, through the table service (first legal choice after a short
 * think), so the parent's only traffic is the abuser's and a few others' clicks. Reports, per
 * phase, the hard computer players' move latency (asking the pool until its answer), this process's
 * event-loop delay measured twice (perf_hooks' histogram, and a 1 ms ticker's lateness, which
 * bench:leaderboard found more truthful: the histogram under-reported blocks) and the pool's counts.
 *
 * BENCH_ABUSE_CPU_PROF=<dir> starts this process with --cpu-prof (see bench/abuse.ts).
 */
import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from "node:perf_hooks";
import { BotPool, type PoolStats } from "../src/ai/pool.js";
import { decide } from "../src/ai/index.js";
import { readConfig } from "../src/config.js";
import { createHearts } from "../src/app/hearts.js";
import { createRng } from "../src/game/index.js";
import { silentLogger } from "../src/log.js";
import { openStore } from "../src/store/index.js";
import type { BotPlayer } from "../src/table/players.js";

interface Input {
  apiBase: string;
  token: string;
  applicationId: string;
  dbUrl: string;
  /** The people whose seats this process plays (the other tables' hosts). */
  people: string[];
  thinkMs: number;
  /** The Activity's web server on a free port (the fake Discord's OAuth2 client secret), for the activity phases. */
  activityClientSecret?: string;
}

const input = JSON.parse(process.env.BENCH_BOT_INPUT ?? "{}") as Input;
const send = (m: object) => process.send!(m);
const base = readConfig({}, { requireToken: false });
if (!base.ok) throw new Error(base.problems.join("\n"));
const store = await openStore(input.dbUrl);
const pool = new BotPool({});
const µs = (ms: number) => Math.max(1, Math.round(ms * 1000));
/**
 * The store's table writes this phase, from the call to the stored record (SQLite runs its
 * operations one at a time: the queue's wait counts). A lobby's join or leave waits for one
 * before its answer leaves, so a slow one shows here beside botAckP99MsByKind.
 */
let tableWrites = createHistogram();
const updateTable = store.updateTable.bind(store);
store.updateTable = (id, patch) => {
  const t = performance.now();
  return updateTable(id, patch).finally(() => tableWrites.record(µs(performance.now() - t)));
};
let moves = createHistogram();
/** The bot's own part of each acknowledgement this phase: its handler getting the interaction → the answer leaving (as bench:tournament's botAckP99Ms). */
let acks = createHistogram();
/** The same, by the command or button acknowledged (a lobby's join beside the others' scores). */
let acksByKind = new Map<string, RecordableHistogram>();
const onAck = (ms: number, kind: string) => {
  acks.record(µs(ms));
  if (!acksByKind.has(kind)) acksByKind.set(kind, createHistogram());
  acksByKind.get(kind)!.record(µs(ms));
};
const bots: BotPlayer = {
  // Only the hard players': the other tables' (the abuser's table has easy ones, out of the measure).
  decide: (view, level, opts) => {
    const t = performance.now();
    return pool.decide(view, level, opts).finally(() => level === "hard" && moves.record(µs(performance.now() - t)));
  },
  hint: (view, opts) => pool.hint(view, opts),
};
const bot = createHearts(
  {
    ...base.config,
    token: input.token,
    clientId: input.applicationId,
    apiBase: input.apiBase,
    botDelayMs: 300,
    maxTablesPerGuild: 1000,
    ...(input.activityClientSecret
      ? { activity: { clientSecret: input.activityClientSecret, publicUrl: "http://127.0.0.1", host: "127.0.0.1", port: 0 } }
      : {}),
  },
  { store, bots, renderer: null, log: silentLogger(), onAck },
);
await bot.start();
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
/** The 1 ms ticker: how late each tick came (the gap beyond 1 ms), in µs. */
let ticks = createHistogram();
let lastTick = performance.now();
/**
 * Every tick's gap (ms) this phase. The ticker's p99 counts ticks, so one 200 ms block a second
 * (one late tick among ~800) stays out of it, while a fifth of the requests arriving that second
 * wait behind it: the gaps give the wait of a request arriving at a random moment instead.
 */
let gaps: number[] = [];
/** The wait 1% of requests arriving at random moments exceed: P(wait > x) = Σ over gaps g > x of (g − x) / the phase's time. */
function arrivalWaitP99(): number {
  const total = gaps.reduce((a, g) => a + g, 0);
  const over = (x: number) => gaps.reduce((a, g) => a + Math.max(0, g - x), 0) / total;
  let lo = 0;
  let hi = gaps.reduce((a, g) => Math.max(a, g), 0);
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2;
    if (over(mid) > 0.01) lo = mid;
    else hi = mid;
  }
  return Math.round(hi * 10) / 10;
}
const ticker = setInterval(() => {
  const now = performance.now();
  ticks.record(µs(Math.max(0.001, now - lastTick - 1)));
  gaps.push(now - lastTick);
  lastTick = now;
}, 1);

/**
 * The other tables' people: each plays their first legal choice after a think of half to one and
 * a half times thinkMs (seeded), so the tables drift apart instead of passing all at once each hand.
 */
const thinkRng = createRng(7);
const people = new Set(input.people);
const thinking = new Set<string>();
let playing = true;
const autoPlay = setInterval(() => {
  if (!playing) return;
  for (const id of bot.service.openTableIds) {
    const t = bot.service.system.openTable(id);
    if (!t?.game) continue;
    for (const s of t.awaiting) {
      const seat = t.record.seats.find((x) => x.seat === s);
      const userId = seat?.userId;
      if (!userId || !people.has(userId) || seat.botControlled || thinking.has(`${id}:${s}`)) continue;
      thinking.add(`${id}:${s}`);
      const actor = { userId, name: seat.name, where: { guildId: t.record.guildId, channelId: t.record.channelId } };
      setTimeout(
        () => {
          void (async () => {
            const now = bot.service.system.openTable(id);
            const view = now?.awaiting.includes(s) ? now.handOf(userId) : null;
            if (!view) return;
            const a = decide(view, "easy");
            if (a.type === "pass") await bot.service.pass(id, actor, a.cards, view.actionCount);
            else if (a.type === "play") await bot.service.play(id, actor, a.card, view.actionCount);
            else await bot.service.moon(id, actor, a.choice, view.actionCount);
          })()
            .catch(() => undefined)
            .finally(() => thinking.delete(`${id}:${s}`));
        },
        input.thinkMs * (0.5 + thinkRng.next()),
      );
    }
  }
}, 50);

/** The store's appends and their commits (one synchronous write, with SQLite's fsync, on this thread each). */
const appends = () => ({
  ...((store as { appendStats?: { appends: number; commits: number } }).appendStats ?? { appends: NaN, commits: NaN }),
});
let appendsAtPhase = appends();
let poolAtPhase = pool.stats;
let cpuAtPhase = process.cpuUsage();
let phaseStart = performance.now();
/** This process's resident memory at the phase's start and its highest since (sampled every 100 ms), in MB. */
const rssMb = () => Math.round(process.memoryUsage().rss / 1e5) / 10;
let rssStart = rssMb();
let rssMax = rssStart;
setInterval(() => (rssMax = Math.max(rssMax, rssMb())), 100).unref();
const ms = (h: RecordableHistogram, p: number) => (h.count ? Math.round(h.percentile(p) / 100) / 10 : NaN);

process.on("message", (msg: { type: string }) => {
  void (async () => {
    if (msg.type === "phase") {
      moves = createHistogram();
      acks = createHistogram();
      acksByKind = new Map();
      tableWrites = createHistogram();
      ticks = createHistogram();
      gaps = [];
      loop.reset();
      poolAtPhase = pool.stats;
      appendsAtPhase = appends();
      cpuAtPhase = process.cpuUsage();
      phaseStart = performance.now();
      rssStart = rssMax = rssMb();
    } else if (msg.type === "report") {
      const now = pool.stats;
      const cpu = process.cpuUsage(cpuAtPhase);
      send({
        type: "report",
        moves: moves.count,
        moveP50Ms: ms(moves, 50),
        moveP99Ms: ms(moves, 99),
        moveMaxMs: moves.count ? Math.round(moves.max / 100) / 10 : NaN,
        botAcks: acks.count,
        botAckP99Ms: ms(acks, 99),
        botAckP99MsByKind: Object.fromEntries([...acksByKind].map(([kind, h]) => [kind, ms(h, 99)])),
        loopDelayP99Ms: ms(ticks, 99),
        loopDelayMaxMs: ticks.count ? Math.round(ticks.max / 100) / 10 : NaN,
        /** The loop's wait for a request arriving at a random moment, p99 (time-weighted; see gaps). */
        arrivalWaitP99Ms: arrivalWaitP99(),
        /** The share of the phase the loop spent in blocks over 10 ms. */
        blockedOver10msShare: +(gaps.filter((g) => g > 10).reduce((a, g) => a + g, 0) / gaps.reduce((a, g) => a + g, 0)).toFixed(3),
        histogramP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
        histogramMaxMs: Math.round(loop.max / 1e5) / 10,
        // This process's main thread and its worker threads, as a share of one core over the phase.
        cpuCores: +((cpu.user + cpu.system) / 1000 / (performance.now() - phaseStart)).toFixed(2),
        store: {
          appends: appends().appends - appendsAtPhase.appends,
          commits: appends().commits - appendsAtPhase.commits,
          tableWrites: tableWrites.count,
          tableWriteP99Ms: ms(tableWrites, 99),
        },
        rssStartMb: rssStart,
        rssMaxMb: rssMax,
        pool: Object.fromEntries((Object.keys(now) as Array<keyof PoolStats>).map((k) => [k, now[k] - poolAtPhase[k]])),
      });
    } else if (msg.type === "stop") {
      playing = false;
      clearInterval(autoPlay);
      clearInterval(ticker);
      await bot.stop();
      await pool.close();
      await store.close();
      send({ type: "stopped" });
      process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error("bench:abuse bot:", err);
    process.exit(1);
  });
});
send({ type: "ready", activityPort: bot.activity?.port ?? null });
