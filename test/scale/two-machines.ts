/**
 * Two "machines" on this one: two `npm start` processes (ShardingManagers) with SHARDS=4, one
 * running shards 0-1 (SHARD_IDS=0-1) and the other 2-3, on one throwaway PostgreSQL, every shard
 * sending its REST requests through one REST proxy (`npm run rest-proxy`), against the fake Discord
 * made to enforce Discord's global limit of 50 requests a second. People play fast tables in the
 * servers of machine A only. Used by test/scale/proxy.test.ts and bench/proxy.ts.
 *
 * Each machine has its own address, as two hosts would: machine A 127.0.0.2, B 127.0.0.3, the proxy
 * 127.0.0.4 (Linux routes all of 127.0.0.0/8 to loopback). A machine's metrics port listens on its
 * address, and its connections to the fake Discord and the proxy leave from it (machine-address.mjs,
 * preloaded into the machine's processes and inherited by its shards), so the fake and the proxy
 * see each machine apart.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { decodeId } from "../../src/discord/interactions/ids.js";
import { PROXY_USER_AGENT } from "../../src/ops/rest-proxy.js";
import { startFakeDiscord, type FakeDiscord, type FakeMessage, type FakeUser, type InteractionHandle } from "../fake-discord/server.js";
import { compiled } from "../ops/compiled.js";
import { dropDatabases, freshDatabase, startPostgres, type PostgresServer } from "../store/postgres-server.js";

export const SHARDS = 4;
/** Machine A runs these shards, machine B the others. */
export const A_SHARDS = [0, 1];
const MAIN = "src/app/main.ts";
/** The secret the proxy and the two machines' bots share (REST_PROXY_SECRET). */
const PROXY_SECRET = "0f8e3c2a9b7d4e6f1a5c8b3d2e9f7a4c";
const PROXY = "src/app/rest-proxy.ts";
/** The first seconds of a load, left out of the busy machine's share: the people are opening their tables. */
const WARM_UP_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Each machine's own address on this one. */
export const ADDRESSES = { a: "127.0.0.2", b: "127.0.0.3", proxy: "127.0.0.4" } as const;
const MACHINE_ADDRESS = new URL("./machine-address.mjs", import.meta.url).href;

/** A free port on `host` (the metrics port of a machine, which needs one). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, host, () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface LogLine {
  pid: number;
  shard?: number;
  msg: string;
  [k: string]: unknown;
}

interface Proc {
  child: ChildProcess;
  logs: LogLine[];
  stderr: string;
}

function run(file: string, env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, compiled(file), {
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ENV_FILE: "none", LOG_FORMAT: "json", LOG_LEVEL: "info", ...env },
  });
  const p: Proc = { child, logs: [], stderr: "" };
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) {
      try {
        p.logs.push(JSON.parse(line));
      } catch {
        p.stderr += `${line}\n`;
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (p.stderr += chunk.toString()));
  return p;
}

/** What the fake saw of the bot's requests counted by the global limit, during a load. */
export interface LoadFigures {
  seconds: number;
  /** Requests let through in the fake's busiest one-second window of the global limit. */
  requestsPerSecond: number;
  /** Requests sent in the busiest window, refused ones included (above 50 only if someone overshot). */
  attemptsPerSecond: number;
  /** 429s the fake answered to the proxy (waited out there) and straight to a bot process. */
  refusedToProxy: number;
  refusedToBots: number;
  /** 429s the proxy passed on to a bot process. */
  passedOnByProxy: number;
  /** 429s that reached a bot: straight from the fake, or passed on by the proxy. */
  rateLimited429: number;
  /** Requests counted by the global limit that were for machine A's servers, and for B's. */
  busyRequests: number;
  quietRequests: number;
  /**
   * Machine A's requests a second as a share of the 50, after the first 2 s (the people opening their
   * tables); its static share without the proxy would be 2 × floor(50 / 4) = 24 of 50, 0.48.
   */
  busyShareOfBudget: number;
  /**
   * Machine A's requests in its busiest window of the fake's global limit: above 24, what its two
   * shards' fixed shares (12 a second each) let them send in a second.
   */
  busyPeakPerSecond: number;
  /** Machine A's share of all requests. */
  busyShareOfRequests: number;
  /** Requests let through in each one-second window of the fake's global limit during the load. */
  perSecond: number[];
  /** Where the fake saw the requests come from: through the proxy, and straight from a machine (interaction webhooks). */
  fromViaProxy: Record<string, number>;
  fromMachines: Record<string, number>;
  games: number;
  actions: number;
}

export interface TwoMachines {
  fake: FakeDiscord;
  databaseUrl: string;
  a: Proc;
  b: Proc;
  proxy: Proc;
  /** Each machine's metrics port, on its own address (http://127.0.0.x:port). */
  metrics: { a: string; b: string };
  /** Servers of machine A (busy) and B (quiet), one per shard. */
  guildsA: string[];
  guildsB: string[];
  /** People at machine A's tables, and two spare ones (the Forget me test's). */
  players: FakeUser[];
  spare: FakeUser[];
  /**
   * Acknowledgements that missed Discord's 3 s, with what they were: the person clicked again (see
   * answer()), so a loaded machine fails the one test that reads this, not every test after it.
   */
  missedAcks: string[];
  /** People play fast tables in machine A's servers for `seconds`; what the fake counted. */
  load(seconds: number): Promise<LoadFigures>;
  stop(): Promise<void>;
}

export async function startTwoMachines(opts: { tables: number }): Promise<TwoMachines> {
  const fake = await startFakeDiscord({ users: opts.tables + 2, shards: SHARDS, maxConcurrency: SHARDS, globalLimit: 50 });
  let pg: PostgresServer | null = null;
  let databaseUrl = "";
  const procs: Proc[] = [];
  const stop = async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGTERM");
    await Promise.all(
      procs.map(async (p) => {
        if (p.child.exitCode !== null || p.child.signalCode !== null) return;
        const timer = setTimeout(() => p.child.kill("SIGKILL"), 20_000);
        await new Promise((r) => p.child.once("exit", r));
        clearTimeout(timer);
      }),
    );
    if (pg && databaseUrl) await dropDatabases(pg.url, [databaseUrl]).catch(() => undefined);
    await pg?.stop();
    await fake.close();
  };
  try {
    const guildsA: string[] = [];
    const guildsB: string[] = [];
    for (let s = 0; s < SHARDS; s++) (A_SHARDS.includes(s) ? guildsA : guildsB).push(fake.addGuild({ shard: [s, SHARDS] }).id);
    pg = await startPostgres();
    databaseUrl = await freshDatabase(pg.url, "hearts_proxy");

    const fakePort = new URL(fake.apiBase).port;
    /** The environment that gives a process (and its shards) its machine's address (machine-address.mjs). */
    const at = (address: string, peerPorts: string[]) => ({
      NODE_OPTIONS: `--import=${MACHINE_ADDRESS}`,
      MACHINE_ADDRESS: address,
      MACHINE_PEER_PORTS: peerPorts.join(","),
    });
    const proxy = run(PROXY, {
      REST_PROXY_PORT: "0",
      REST_PROXY_SECRET: PROXY_SECRET,
      DISCORD_TOKEN: fake.token,
      REST_PROXY_HOST: ADDRESSES.proxy,
      DISCORD_API_BASE: fake.apiBase,
      ...at(ADDRESSES.proxy, [fakePort]),
    });
    procs.push(proxy);
    const listening = await fake.waitFor(
      () => proxy.logs.find((l) => l.msg.startsWith("REST proxy listening")) ?? (proxy.child.exitCode !== null ? ({} as LogLine) : null),
      20_000,
      "the REST proxy",
    );
    if (!listening.url) throw new Error(`the REST proxy did not start: ${proxy.stderr}`);

    const proxyPort = new URL(String(listening.url)).port;
    const metricsPorts = { a: await freePort(ADDRESSES.a), b: 0 };
    // (Another port than A's, so A's port on B's address is surely closed: the test checks it is.)
    while (!metricsPorts.b || metricsPorts.b === metricsPorts.a) metricsPorts.b = await freePort(ADDRESSES.b);
    const machine = (ids: string, address: string, metricsPort: number) =>
      run(MAIN, {
        ...at(address, [fakePort, proxyPort]),
        METRICS_HOST: address,
        METRICS_PORT: String(metricsPort),
        SHARDS: String(SHARDS),
        SHARD_IDS: ids,
        DISCORD_TOKEN: fake.token,
        DISCORD_API_BASE: fake.apiBase,
        DISCORD_REST_PROXY: String(listening.url),
        REST_PROXY_SECRET: PROXY_SECRET,
        DATABASE_URL: databaseUrl,
        BOT_DELAY_MS: "0",
        RATE_LIMIT_PER_USER: "0",
        RATE_LIMIT_PER_SERVER: "0",
        TABLE_COOLDOWN_SECONDS: "0",
        MAX_TABLES_PER_SERVER: "1000",
        TABLE_EDIT_INTERVAL_MS: "0",
        DEFAULT_BOT_LEVEL: "easy",
      });
    const a = machine(`${A_SHARDS[0]}-${A_SHARDS.at(-1)}`, ADDRESSES.a, metricsPorts.a);
    procs.push(a);
    const b = machine("2-3", ADDRESSES.b, metricsPorts.b);
    procs.push(b);
    for (const [name, p] of [
      ["A", a],
      ["B", b],
    ] as const)
      await fake
        .waitFor(
          () => p.logs.some((l) => l.msg === "every shard is connected") || p.child.exitCode !== null,
          90_000,
          `machine ${name}'s shards connected`,
        )
        .then(() => {
          if (p.child.exitCode !== null) throw new Error(`machine ${name} stopped: ${p.stderr}`);
        });
    // Each shard has read the requests table once (its starting point) before anyone asks anything.
    await fake.waitFor(
      () => [a, b].every((p) => p.logs.filter((l) => l.msg === "resumed open tables").length === 2),
      30_000,
      "every shard resumed",
    );

    const players = fake.users.slice(0, opts.tables);
    const spare = fake.users.slice(opts.tables);
    // Each person plays in a channel of their own, in the servers of machine A.
    const channels = players.map((_, i) =>
      i < guildsA.length
        ? fake.guilds.find((g) => g.id === guildsA[i])!.channelId
        : fake.addChannel(`hearts-${i}`, guildsA[i % guildsA.length]),
    );
    const aGuilds = new Set(guildsA);
    const missedAcks: string[] = [];

    return {
      fake,
      databaseUrl,
      a,
      b,
      proxy,
      metrics: { a: `http://${ADDRESSES.a}:${metricsPorts.a}`, b: `http://${ADDRESSES.b}:${metricsPorts.b}` },
      guildsA,
      guildsB,
      players,
      spare,
      stop,
      missedAcks,
      async load(seconds) {
        const counted: Array<{ at: number; busy: boolean | null; status: number; viaProxy: boolean }> = [];
        const fromViaProxy: Record<string, number> = {};
        const fromMachines: Record<string, number> = {};
        const off = fake.onCall((c) => {
          const from = c.userAgent?.includes(PROXY_USER_AGENT) ? fromViaProxy : fromMachines;
          from[c.remoteAddress ?? "?"] = (from[c.remoteAddress ?? "?"] ?? 0) + 1;
          if (c.path.startsWith("/interactions/") || c.path.startsWith("/webhooks/")) return;
          const channel = /^\/channels\/(\d+)/.exec(c.path)?.[1];
          const guild = channel ? fake.guildOf(channel) : null;
          counted.push({
            at: Date.now(),
            busy: guild ? aGuilds.has(guild) : null,
            status: c.status,
            viaProxy: !!c.userAgent?.includes(PROXY_USER_AGENT),
          });
        });
        const firstWindow = fake.globalWindows.length;
        const started = Date.now();
        const until = started + seconds * 1000;
        const tally = { games: 0, actions: 0 };
        await Promise.all(players.map((user, i) => playUntil(fake, user, channels[i], until, tally, missedAcks)));
        const ended = Date.now();
        off();
        const windows = fake.globalWindows.slice(firstWindow);
        const during = counted.filter((c) => c.at <= ended);
        const ok = during.filter((c) => c.status !== 429);
        const busyRequests = ok.filter((c) => c.busy === true).length;
        const quietRequests = ok.filter((c) => c.busy === false).length;
        const perWindow = windows.map((w) => ok.filter((c) => c.busy === true && c.at >= w.at && c.at < w.at + 1000).length);
        const refusedToProxy = during.filter((c) => c.status === 429 && c.viaProxy).length;
        const refusedToBots = during.filter((c) => c.status === 429 && !c.viaProxy).length;
        const passedOnByProxy = proxy.logs.filter((l) => l.msg === "a rate limit passed on to a bot process").length;
        const secondsRun = (ended - started) / 1000;
        return {
          seconds: Math.round(secondsRun * 10) / 10,
          requestsPerSecond: Math.max(0, ...windows.map((w) => w.requests)),
          attemptsPerSecond: Math.max(0, ...windows.map((w) => w.requests + w.refused)),
          refusedToProxy,
          refusedToBots,
          passedOnByProxy,
          rateLimited429: refusedToBots + passedOnByProxy,
          busyRequests,
          quietRequests,
          busyShareOfBudget:
            Math.round(
              (ok.filter((c) => c.busy === true && c.at >= started + WARM_UP_MS).length / (secondsRun - WARM_UP_MS / 1000) / 50) * 1000,
            ) / 1000,
          busyPeakPerSecond: Math.max(0, ...perWindow),
          busyShareOfRequests: Math.round((busyRequests / Math.max(1, busyRequests + quietRequests)) * 1000) / 1000,
          perSecond: windows.map((w) => w.requests),
          fromViaProxy,
          fromMachines,
          ...tally,
        };
      },
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

// ---- a person at a fast table, through the fake Discord only ------------------------------------

const components = (m: FakeMessage | null | undefined): any[] => (m?.components ?? []).flatMap((r: any) => r.components ?? []);
const verbOf = (c: any): string | undefined => (c.custom_id ? decodeId(c.custom_id)?.verb : undefined);
const find = (m: FakeMessage | null | undefined, pred: (c: any) => boolean) => components(m).find(pred) ?? null;

/** Whether the bot acknowledged the interaction within Discord's 3 s; a miss is added to `missed`. */
export async function acked(h: InteractionHandle, missed: string[]): Promise<boolean> {
  try {
    await h.ack;
    return true;
  } catch (err) {
    missed.push(`${h.kind} of ${h.user.username}: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

/**
 * Sends an interaction and waits for what the person then sees (the reply, or a follow-up). Given
 * as a function with `missed`, it is sent once more if its acknowledgement came too late (counted
 * in `missed`), as a person whose click failed clicks again.
 */
export async function answer(
  fake: FakeDiscord,
  send: InteractionHandle | (() => InteractionHandle),
  opts: { ms?: number; missed?: string[] } = {},
): Promise<FakeMessage> {
  let h = typeof send === "function" ? send() : send;
  if (opts.missed && typeof send === "function") {
    if (!(await acked(h, opts.missed))) await (h = send()).ack;
  } else await h.ack;
  return fake.waitFor(
    () => {
      const r = h.reply();
      return r && (r.content || r.embeds.length || r.components.length) ? r : (h.followUps()[0] ?? null);
    },
    opts.ms ?? 20_000,
    `an answer to ${h.kind} of ${h.user.username}`,
  );
}

/** The newest table message in the channel with a Start button: the lobby just opened. */
export function lobbyIn(fake: FakeDiscord, channelId: string, seen: Set<string>): { message: FakeMessage; tableId: string } | null {
  for (const m of fake.channelMessages(channelId).reverse()) {
    const start = find(m, (c) => verbOf(c) === "start");
    const tableId = start ? decodeId(start.custom_id)!.tableId : null;
    if (tableId && !seen.has(tableId)) return { message: m, tableId };
  }
  return null;
}

/** Plays games with three easy computer players, as fast as the menus allow, until `until`. */
async function playUntil(
  fake: FakeDiscord,
  user: FakeUser,
  channelId: string,
  until: number,
  tally: { games: number; actions: number },
  missed: string[],
) {
  const seen = new Set<string>();
  while (Date.now() < until) {
    await answer(fake, () => fake.slashCommand(user, "hearts", { subcommand: "new", options: { target: 10, level: "easy" } }, channelId), {
      missed,
    });
    const lobby = await fake.waitFor(() => lobbyIn(fake, channelId, seen), 20_000, `${user.username}'s table`);
    seen.add(lobby.tableId);
    const start = find(lobby.message, (c) => verbOf(c) === "start").custom_id;
    let menuId = (await answer(fake, () => fake.clickButton(user, lobby.message.id, start), { missed })).id;
    let idleSince = Date.now();
    for (;;) {
      const table = fake.messages.get(lobby.message.id);
      if (find(table, (c) => verbOf(c) === "rematch")) {
        tally.games++;
        break;
      }
      if (Date.now() > until) return;
      const menu = fake.messages.get(menuId);
      const pass = find(menu, (c) => verbOf(c) === "pass" && !c.disabled);
      const pick = find(menu, (c) => verbOf(c) === "pick" && !c.disabled);
      const card = find(menu, (c) => (verbOf(c) === "play" || verbOf(c) === "moon") && !c.disabled);
      let h: InteractionHandle | null = null;
      if (pass) h = fake.clickButton(user, menu!.id, pass.custom_id);
      else if (pick)
        h = fake.selectMenu(
          user,
          menu!.id,
          pick.custom_id,
          pick.options.slice(0, 3).map((o: any) => o.value),
        );
      else if (card) h = fake.clickButton(user, menu!.id, card.custom_id);
      if (h) {
        const edits = menu!.edits;
        // A click whose acknowledgement came too late: its menu may not update; the loop looks again.
        if (await acked(h, missed)) tally.actions++;
        await fake.waitFor(() => (fake.messages.get(menu!.id)?.edits ?? 0) > edits, 8000, "the menu's update").catch(() => undefined);
        idleSince = Date.now();
        continue;
      }
      if (Date.now() - idleSince > 2500 && table && find(table, (c) => verbOf(c) === "hand")) {
        const open = find(table, (c) => verbOf(c) === "hand").custom_id;
        menuId = (await answer(fake, () => fake.clickButton(user, table.id, open), { missed })).id;
        idleSince = Date.now();
        continue;
      }
      await sleep(20);
    }
  }
}
