/**
 * `npm run bench:activity`: the Activity's web server under load. 50 tables, four people each, all
 * four in the Activity (WebSocket connections signed in through the fake Discord's OAuth2, in a
 * process of their own: activity-clients.ts). An update's latency: from a move (a pass, a card)
 * sent by one connection to the frame showing it at each of the table's other three connections.
 * Three phases, each timed on its own:
 * - cold: the first hand after the server started, all tables dealt at once; V8 has not optimised
 *   the server's code yet (coldUpdateP99Ms, coldServerCpuMsPerMove: a restart's first minute).
 * - full speed, the headline (updateP50Ms, updateP99Ms, serverCpuMsPerMove): the next three hands,
 *   each connection acting as soon as its picture says it is its turn, so every table always has a
 *   move on its way and the server's event loop is always busy (serverBusy). That is a queue: the
 *   latency is about the 50 tables times the CPU time a move costs the server and the pages'
 *   process (clientsCpuMsPerMove; both processes share the machine's cores), plus whatever else
 *   the machine runs (the load average, in the JSON).
 * - paced (pacedUpdateP50Ms, pacedUpdateP99Ms): then each table plays one move every
 *   pacedMsPerMove (250 ms, the tables spread over it): 200 moves a second, already faster than
 *   50 tables of people (a person takes a second or more a card; the turn clock gives 60 s), so
 *   the latency of a server that is not a queue: its own time a move, and the machine's noise.
 * Issue 25's "≤ 50 ms p99 at 50 tables" is judged on updateP99Ms, the full-speed hands: the
 * heaviest load these tables can offer, measured once the server's code is warm as it is all day
 * (a restart's first hand is coldUpdateP99Ms, beside it). On this 2-core machine, quiet (load
 * average 1.3): full speed p50 7.6 / p99 17 ms at 0.173 ms of the server's CPU a move, the cold
 * hand p99 36.6 ms, paced p99 1.7 ms. With two other helpers' suites running (load average 10-15)
 * the full-speed p99 ranged 52-185 ms before and after the savings alike: the machine's other work.
 * bundleBytesGzip: the page's script and HTML, gzipped (card art included: the faces are drawn
 * from src/render/card-art.ts; avatars come from Discord's CDN through the URL mapping, not the
 * bundle). animationLongTasks: tasks over 50 ms in the page while tricks are held and swept to
 * their takers, with chromium's CPU throttled 4× (a phone): must be 0. LOAD_ONLY=1: the load's figures only (no
 * chat side, no browser). Last line: JSON.
 */
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, type Frame, type Page } from "playwright-core";
import { ActivityServer } from "../src/activity/server.js";
import { buildApp } from "../src/activity/bundle.js";
import { DEFAULT_SETTINGS } from "../src/config.js";
import { FairUse } from "../src/table/fair-use.js";
import { DEFAULT_RULES } from "../src/game/rules-read.js";
import { silentLogger } from "../src/log.js";
import { TableService } from "../src/table/service.js";
import { fastBots, Player, byVerb, findButton, playUntil, startHarness, tableMessage, type Harness } from "../test/bot/harness.js";
import { hostActivity } from "../test/activity/host.js";
import { ActivityClient, signIn, simpleMove } from "../test/activity/ws-client.js";
import { MemoryStore } from "../test/table/memory-store.js";
import { startFakeDiscord, type FakeUser } from "../test/fake-discord/server.js";
import type { ClientsInput, ClientsMessage, ClientsPlay } from "./activity-clients.js";

const TABLES = Number(process.env.TABLES ?? 50);
/** The first hand after the server starts (a pass, 52 cards and the next pass at most tables): V8 has not optimised the server's code yet. */
const COLD_MOVES = 56;
/** Then three hands at full speed: the headline figures. */
const FULL_MOVES = 3 * 56;
/** Then one move a table every PACE_MS, for PACED_MOVES moves a table. */
const PACE_MS = 250;
const PACED_MOVES = 24;
const fake = await startFakeDiscord({ users: TABLES * 4 });
const service = new TableService({
  store: new MemoryStore(),
  bots: fastBots,
  log: silentLogger(),
  config: { botDelayMs: 0, lobbyTimeoutMs: 3_600_000, maxTimeouts: 100 },
});
const server = new ActivityServer({
  service,
  fairUse: new FairUse({ perUser: 0, perGuild: 0, windowS: 5, openCooldownS: 0 }),
  log: silentLogger(),
  clientId: fake.applicationId,
  clientSecret: fake.clientSecret,
  apiBase: fake.apiBase,
  host: "127.0.0.1",
  port: 0,
  // Every page signs in before the timed phases, four people signing in 50 times each, and at full
  // speed a page plays faster than anyone clicks (a dozen moves a second, over a person's 8): the
  // door's bounds (door.ts) are not what is measured here.
  limits: {
    exchanges: TABLES * 4,
    exchangeQueue: TABLES * 4,
    signInsPerPerson: TABLES * 4,
    maxUnsigned: TABLES * 4,
    messagesPerSecond: 1000,
    messageBurst: 1000,
    framesPerSecond: 1000,
    frameBurst: 1000,
    personFramesPerSecond: TABLES * 4000,
    personFrameBurst: TABLES * 4000,
    perPerson: TABLES * 4,
  },
});
const port = await server.start();
const app = await buildApp(fake.applicationId);
const bundleBytesGzip = gzipSync(app.js).length + gzipSync(app.html).length;

const settings = { ...DEFAULT_SETTINGS, turnSeconds: 0 };
const actor = (u: FakeUser, channelId: string) => ({ userId: u.id, name: u.globalName, where: { guildId: fake.guildId, channelId } });
const tables: { id: string; host: FakeUser; channelId: string; codes: string[] }[] = [];
for (let k = 0; k < TABLES; k++) {
  const channelId = String(710000000000000000n + BigInt(k));
  const people = fake.users.slice(k * 4, k * 4 + 4);
  const opened = await service.open({ guildId: fake.guildId, channelId }, actor(people[0], channelId), {
    rules: { ...DEFAULT_RULES, target: 1000 },
    settings,
  });
  if (!opened.ok) throw new Error(opened.code);
  const id = opened.table.record.id;
  for (const u of people.slice(1)) await service.join(id, actor(u, channelId));
  tables.push({ id, host: people[0], channelId, codes: people.map((u) => fake.oauthCode(u)) });
}

// The pages in a process of their own: every connection signs in, then every table starts.
const clients = fork(new URL("./activity-clients.ts", import.meta.url).pathname, [], {
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const inbox: ClientsMessage[] = [];
let heard: (() => void) | null = null;
let exited: number | null = null;
clients.on("message", (m: ClientsMessage) => {
  inbox.push(m);
  heard?.();
});
clients.once("exit", (code) => {
  exited = code ?? -1;
  heard?.();
});
async function next<T extends ClientsMessage["type"]>(type: T): Promise<Extract<ClientsMessage, { type: T }>> {
  for (;;) {
    const m = inbox.shift();
    if (m?.type === "failed") throw new Error(m.error);
    if (m?.type === type) return m as Extract<ClientsMessage, { type: T }>;
    if (m) continue;
    if (exited !== null) throw new Error(`the pages' process exited (${exited})`);
    await new Promise<void>((resolve) => (heard = resolve));
  }
}
const input: ClientsInput = { port, tables: tables.map(({ channelId, codes }) => ({ channelId, codes })) };
clients.send(input);
await next("ready");

interface Phase {
  moves: number;
  deliveries: number;
  seconds: number;
  p50: number;
  p99: number;
  serverCpuMsPerMove: number;
  clientsCpuMsPerMove: number;
  busy: number;
}

/** Every table plays `moves` moves (paceMs: 0 at full speed); `before`: what starts them (the deal). */
async function phase(moves: number, paceMs: number, before?: () => Promise<void>): Promise<Phase> {
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  const order: ClientsPlay = { type: "play", moves, paceMs };
  clients.send(order);
  await before?.();
  const done = await next("played");
  const cpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu));
  const busy = performance.eventLoopUtilization(elu).utilization;
  const latencies = done.latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] * 10) / 10;
  const perMove = (ms: number) => Math.round((ms / done.moves) * 1000) / 1000;
  return {
    moves: done.moves,
    deliveries: latencies.length,
    seconds: done.seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    serverCpuMsPerMove: perMove(cpuMs),
    clientsCpuMsPerMove: perMove(done.cpuMs),
    busy: Math.round(busy * 100) / 100,
  };
}

const describe = (name: string, p: Phase) =>
  `${name}: ${p.moves} moves, ${p.deliveries} deliveries in ${p.seconds.toFixed(1)} s; p50 ${p.p50} ms, p99 ${p.p99} ms; ` +
  `CPU a move: the server's process ${p.serverCpuMsPerMove} ms (its event loop busy ${Math.round(p.busy * 100)}%), the pages' ${p.clientsCpuMsPerMove} ms`;
const cold = await phase(COLD_MOVES, 0, async () => {
  for (const t of tables) await service.start(t.id, actor(t.host, t.channelId));
});
const full = await phase(FULL_MOVES, 0);
const paced = await phase(PACED_MOVES, PACE_MS);
clients.kill();
console.log(
  `${TABLES} tables × 4 connections (load average ${loadavg()[0].toFixed(1)}). ${describe("The first hand, cold", cold)}. ` +
    `${describe(`Then at full speed, ${FULL_MOVES} moves a table`, full)}. ${describe(`Then one move a table every ${PACE_MS} ms`, paced)}`,
);
await server.stop();
await service.stop();
await fake.close().catch(() => undefined);
const load = {
  tables: TABLES,
  connections: TABLES * 4,
  updateP50Ms: full.p50,
  updateP99Ms: full.p99,
  serverCpuMsPerMove: full.serverCpuMsPerMove,
  serverBusy: full.busy,
  clientsCpuMsPerMove: full.clientsCpuMsPerMove,
  coldUpdateP50Ms: cold.p50,
  coldUpdateP99Ms: cold.p99,
  coldServerCpuMsPerMove: cold.serverCpuMsPerMove,
  pacedMsPerMove: PACE_MS,
  pacedUpdateP50Ms: paced.p50,
  pacedUpdateP99Ms: paced.p99,
};
if (process.env.LOAD_ONLY) {
  // The load's figures alone (no chat side, no browser): for work on the server's speed.
  console.log(JSON.stringify({ ...load, loadAverage: Math.round(loadavg()[0] * 10) / 10 }));
  process.exit(0);
}

const chat = await restPerTrick();
const render = await firstRender();
const animation = await animationLongTasks();
console.log(
  `tricks watched at 4× CPU throttling: ${animation ? `${animation.tricks}, long tasks during their moments ${animation.longTasks} (longest task ${animation.longestMs} ms)` : "skipped (no chromium)"}; ` +
    `the chat side's channel requests per trick: ${chat.buttons} with everyone on the buttons, ${chat.activity} with everyone in the Activity; ` +
    `first render in chromium: ${render ? `${render.median} ms median of ${render.runs.length} (${render.runs.join(", ")}); ${render.phases}` : "skipped (no chromium)"}`,
);
console.log(
  JSON.stringify({
    ...load,
    bundleBytesGzip,
    firstRenderMs: render?.median ?? null,
    animationLongTasks: animation?.longTasks ?? null,
    animationTricks: animation?.tricks ?? null,
    animationLongestTaskMs: animation?.longestMs ?? null,
    restRequestsPerTrickButtons: chat.buttons,
    restRequestsPerTrickWithActivity: chat.activity,
    loadAverage: Math.round(loadavg()[0] * 10) / 10,
  }),
);
process.exit(0);

// ---- the real bot against the fake Discord -------------------------------------------------------

/** A table of three people and a computer player, started, the three signed in to the Activity and someone watching. */
async function startedTable(h: Harness): Promise<{ people: Player[]; watcher: ActivityClient; conns: ActivityClient[] }> {
  const people = h.fake.users.slice(0, 3).map((u) => new Player(h, u));
  const [ann, bob, carl] = people;
  // Every trick played out (no auto-claim): the requests per trick do not depend on the deal.
  await ann.answer(ann.slash("new", { target: 100, level: "easy", rules: "classic,autoClaim=off" }));
  const table = tableMessage(h.fake);
  await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
  await carl.answer(carl.click(table.id, findButton(table, byVerb("join")).custom_id));
  const port = h.bot.activity!.port;
  const conns = [];
  for (const u of h.fake.users.slice(0, 3)) conns.push(await signIn(port, h.fake.oauthCode(u), h.fake.channelId));
  // Someone watching, to see where the game is (a spectator costs no request).
  const watcher = await signIn(port, h.fake.oauthCode(h.fake.users[3]), h.fake.channelId);
  await ann.answer(ann.click(table.id, findButton(tableMessage(h.fake), byVerb("start")).custom_id));
  return { people, watcher, conns };
}

function channelCalls(h: Harness): number {
  return h.fake.calls.filter((c) => c.path.startsWith("/channels/")).length;
}

function firstHandOver(watcher: ActivityClient): boolean {
  return (watcher.table?.game?.history.length ?? 0) >= 1;
}

/**
 * The chat side's requests to the table's channel and thread (the table message, the thread's
 * posts) per trick over a game's first hand: everyone on the buttons, then everyone in the
 * Activity. Playing from the Activity must not cost the chat side more.
 */
async function restPerTrick(): Promise<{ buttons: number; activity: number }> {
  const out = { buttons: 0, activity: 0 };
  for (const mode of ["buttons", "activity"] as const) {
    const h = await startHarness({ activity: true, renderer: null });
    try {
      const { people, watcher, conns } = await startedTable(h);
      const before = channelCalls(h);
      if (mode === "buttons") {
        for (const p of people) await p.openHand();
        await playUntil(h, people, () => firstHandOver(watcher));
      } else {
        const acted = new Map<ActivityClient, number>();
        while (!firstHandOver(watcher)) {
          for (const c of conns) {
            const move = c.table && simpleMove(c.table);
            if (move && acted.get(c) !== c.table!.game!.version) {
              acted.set(c, c.table!.game!.version);
              c.send(move);
            }
          }
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      // The last trick's edits are throttled: wait for them before counting.
      await new Promise((r) => setTimeout(r, 500));
      out[mode] = Math.round(((channelCalls(h) - before) / 13) * 100) / 100;
      for (const c of [...conns, watcher]) c.close();
    } finally {
      await h.close();
    }
  }
  return out;
}

/**
 * firstRenderMs: a person opens the Activity at a table in play, in headless chromium (Debian's
 * package, as the browser tests), hosted as Discord hosts it (test/activity/host.ts): from the
 * Activity frame's navigation to the page's "hearts:table" mark (the table and the hand drawn).
 * Five fresh pages, the median; with each phase's median (the script running, the SDK's
 * handshake, authorize, the server's welcome).
 */
async function firstRender(): Promise<{ median: number; runs: number[]; phases: string } | null> {
  const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(executablePath)) return null;
  const h = await startHarness({ activity: true, renderer: null });
  const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
  try {
    const { conns, watcher } = await startedTable(h);
    await conns[0].until(() => conns[0].table?.hand, 10_000, "the hand");
    const runs: number[] = [];
    const marks: Record<string, number[]> = {};
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const { frame } = await openActivity(h, await context.newPage());
      await frame.waitForSelector(".table .seat", { timeout: 15_000 });
      await frame.waitForSelector(".hand .card", { timeout: 15_000 });
      // From the Activity frame's navigation (its time origin) to each mark. A string: tsx would
      // wrap a function's inner arrows in a helper the page does not have.
      const times = (await frame.evaluate(`Object.fromEntries(["script", "ready", "authorized", "welcome", "table"].map((k) =>
        [k, Math.round(performance.getEntriesByName("hearts:" + k)[0]?.startTime ?? NaN)]))`)) as Record<string, number>;
      runs.push(times.table);
      for (const [k, v] of Object.entries(times)) (marks[k] ??= []).push(v);
      await context.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    const phases = Object.entries(marks)
      .map(([k, v]) => `${k} at ${median(v)} ms`)
      .join(", ");
    for (const c of [...conns, watcher]) c.close();
    return { median: median(runs), runs, phases };
  } finally {
    await browser.close();
    await h.close();
  }
}

/** The Activity opened in `page` (inside Discord's frame, as hostActivity plays it) for the harness's first user; its frame. */
async function openActivity(h: Harness, page: Page): Promise<{ page: Page; frame: Frame }> {
  const port = h.bot.activity!.port;
  await hostActivity(page, {
    activityUrl: `http://127.0.0.1:${port}`,
    guildId: h.fake.guildId,
    channelId: h.fake.channelId,
    code: () => h.fake.oauthCode(h.fake.users[0]),
  });
  let frame = page.frames().find((f) => f.url().includes(`:${port}/`));
  while (!frame) {
    await new Promise((r) => setTimeout(r, 5));
    frame = page.frames().find((f) => f.url().includes(`:${port}/`));
  }
  return { page, frame };
}

/**
 * animationLongTasks: a player's page (1280×800) at a table in play, chromium's CPU throttled 4×
 * through the DevTools protocol (Emulation.setCPUThrottlingRate, as a phone), while the table plays
 * on by itself (the three people's connections play their first legal card, a computer player the
 * fourth seat): every task over 50 ms the page runs (PerformanceObserver "longtask") from the frame
 * that completes a trick to the end of its moment (held HOLD_MS, swept SWEEP_MS, 300 ms to spare),
 * over TRICKS tricks.
 */
async function animationLongTasks(): Promise<{ longTasks: number; tricks: number; longestMs: number } | null> {
  const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(executablePath)) return null;
  const TRICKS = 6;
  const h = await startHarness({ activity: true, renderer: null });
  const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
  try {
    const { conns, watcher } = await startedTable(h);
    const { page, frame } = await openActivity(h, await browser.newPage({ viewport: { width: 1280, height: 800 } }));
    await frame.waitForSelector(".hand .card", { timeout: 15_000 });
    // The Activity's frame may run in a renderer process of its own (another origin): throttle that one.
    const cdp = await page
      .context()
      .newCDPSession(frame)
      .catch(() => page.context().newCDPSession(page));
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await frame.evaluate(`(() => {
      window.longTasks = [];
      window.tricksTaken = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]); })
        .observe({ type: "longtask", buffered: true });
      let last = null;
      new MutationObserver(() => {
        const held = document.querySelector(".trick.taken");
        if (held && held.getAttribute("data-taken") !== last) window.tricksTaken.push(performance.now());
        last = held ? held.getAttribute("data-taken") : null;
      }).observe(document.getElementById("app"), { childList: true, subtree: true });
    })()`);
    const acted = new Map<ActivityClient, number>();
    const takenSeen = () => watcher.frames.filter((f) => f.t === "table" && f.table?.game?.taken).length;
    const before = takenSeen();
    const deadline = Date.now() + 120_000;
    while (takenSeen() - before < TRICKS && Date.now() < deadline) {
      for (const c of conns) {
        const move = c.table && simpleMove(c.table);
        if (move && acted.get(c) !== c.table!.game!.version) {
          acted.set(c, c.table!.game!.version);
          c.send(move);
        }
      }
      // A person's pace, not a machine's: each move a little after the last, so each moment is seen.
      await new Promise((r) => setTimeout(r, 150));
    }
    await new Promise((r) => setTimeout(r, 2500));
    const seen = (await frame.evaluate("({ tasks: window.longTasks, taken: window.tricksTaken })")) as {
      tasks: [number, number][];
      taken: number[];
    };
    const MOMENT = 1000 + 350 + 300;
    const during = seen.tasks.filter(([at]) => seen.taken.some((t) => at >= t - 50 && at <= t + MOMENT));
    for (const c of [...conns, watcher]) c.close();
    return {
      longTasks: during.length,
      tricks: seen.taken.length,
      longestMs: Math.round(Math.max(0, ...seen.tasks.map(([, d]) => d))),
    };
  } finally {
    await browser.close();
    await h.close();
  }
}
