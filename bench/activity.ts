/**
 * `npm run bench:activity`: the Activity's web server under load. 50 tables, four people each, all
 * four in the Activity (WebSocket connections signed in through the fake Discord's OAuth2, in a
 * process of their own: activity-clients.ts); every table plays a hand card by card at full speed.
 * updateP99Ms: from a card sent by one connection to the update reaching each of the table's other
 * three connections. At full speed every table always has a card on its way, so the server is the
 * queue: the latency is about the tables times the server's CPU time per card (serverCpuMsPerMove,
 * the server's process only), and on a shared machine the load average (in the JSON) moves it
 * too. bundleBytesGzip: the page's script and HTML, gzipped. Last line: JSON.
 */
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import { ActivityServer } from "../src/activity/server.js";
import { buildApp } from "../src/activity/bundle.js";
import { DEFAULT_SETTINGS } from "../src/config.js";
import { FairUse } from "../src/discord/fair-use.js";
import { DEFAULT_RULES } from "../src/game/rules.js";
import { silentLogger } from "../src/log.js";
import { TableService } from "../src/table/service.js";
import { fastBots } from "../test/bot/harness.js";
import { MemoryStore } from "../test/bot/memory-store.js";
import { startFakeDiscord, type FakeUser } from "../test/fake-discord/server.js";
import type { ClientsInput, ClientsMessage } from "./activity-clients.js";

const TABLES = Number(process.env.TABLES ?? 50);
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
});
const port = await server.start();
const app = await buildApp(fake.applicationId);
const bundleBytesGzip = gzipSync(app.js).length + gzipSync(app.html).length;

const settings = { ...DEFAULT_SETTINGS, turnSeconds: 0 };
const actor = (u: FakeUser) => ({ userId: u.id, name: u.globalName });
const tables: { id: string; host: FakeUser; channelId: string; codes: string[] }[] = [];
for (let k = 0; k < TABLES; k++) {
  const channelId = String(710000000000000000n + BigInt(k));
  const people = fake.users.slice(k * 4, k * 4 + 4);
  const opened = await service.open({ guildId: fake.guildId, channelId }, actor(people[0]), {
    rules: { ...DEFAULT_RULES, target: 200 },
    settings,
  });
  if (!opened.ok) throw new Error(opened.code);
  const id = opened.table.record.id;
  for (const u of people.slice(1)) await service.join(id, actor(u));
  tables.push({ id, host: people[0], channelId, codes: people.map((u) => fake.oauthCode(u)) });
}

// The pages in a process of their own: every connection signs in, then every table starts.
const clients = fork(new URL("./activity-clients.ts", import.meta.url).pathname, [], {
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const next = <T extends ClientsMessage["type"]>(type: T) =>
  new Promise<Extract<ClientsMessage, { type: T }>>((resolve, reject) => {
    clients.on("message", (m: ClientsMessage) => {
      if (m.type === type) resolve(m as Extract<ClientsMessage, { type: T }>);
      else if (m.type === "failed") reject(new Error(m.error));
    });
    clients.once("exit", (code) => reject(new Error(`the pages' process exited (${code})`)));
  });
const input: ClientsInput = { port, tables: tables.map(({ channelId, codes }) => ({ channelId, codes })) };
clients.send(input);
await next("ready");
const cpu = process.cpuUsage();
const elu = performance.eventLoopUtilization();
for (const t of tables) await service.start(t.id, actor(t.host));
const done = await next("done");
const cpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu));
const busy = performance.eventLoopUtilization(elu).utilization;
clients.kill();
const latencies = done.latencies.sort((a, b) => a - b);
const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] * 10) / 10;
const serverCpuMsPerMove = Math.round((cpuMs / done.moves) * 1000) / 1000;
console.log(
  `${TABLES} tables × 4 connections: ${done.moves} moves, ${latencies.length} deliveries in ${done.seconds.toFixed(1)} s; ` +
    `p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms; the server's process: ${serverCpuMsPerMove} ms of CPU a move, its event loop busy ${Math.round(busy * 100)}% (load average ${loadavg()[0].toFixed(1)})`,
);
await server.stop();
await service.stop();
await fake.close().catch(() => undefined);
console.log(
  JSON.stringify({
    tables: TABLES,
    connections: TABLES * 4,
    updateP50Ms: pct(0.5),
    updateP99Ms: pct(0.99),
    serverCpuMsPerMove,
    bundleBytesGzip,
    loadAverage: Math.round(loadavg()[0] * 10) / 10,
  }),
);
process.exit(0);
