/**
 * `npm run bench:activity`: the Activity's web server under load. 50 tables, four people each, all
 * four in the Activity (Node WebSocket connections signed in through the fake Discord's OAuth2);
 * every table plays a hand card by card. updateP99Ms: from a card sent by one connection to the
 * update reaching each of the table's other three connections. bundleBytesGzip: the page's
 * script and HTML, gzipped. Last line: JSON.
 */
import { gzipSync } from "node:zlib";
import { ActivityServer } from "../src/activity/server.js";
import { buildApp } from "../src/activity/bundle.js";
import { DEFAULT_SETTINGS } from "../src/config.js";
import { FairUse } from "../src/discord/fair-use.js";
import { DEFAULT_RULES } from "../src/game/rules-read.js";
import { silentLogger } from "../src/log.js";
import { TableService } from "../src/table/service.js";
import { fastBots } from "../test/bot/harness.js";
import { MemoryStore } from "../test/bot/memory-store.js";
import { startFakeDiscord, type FakeUser } from "../test/fake-discord/server.js";
import { ActivityClient, signIn, simpleMove } from "../test/activity/ws-client.js";

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

const latencies: number[] = [];
const settings = { ...DEFAULT_SETTINGS, turnSeconds: 0 };
async function table(k: number): Promise<void> {
  const channelId = String(710000000000000000n + BigInt(k));
  const people: FakeUser[] = fake.users.slice(k * 4, k * 4 + 4);
  const actor = (u: FakeUser) => ({ userId: u.id, name: u.globalName });
  const opened = await service.open({ guildId: fake.guildId, channelId }, actor(people[0]), {
    rules: { ...DEFAULT_RULES, target: 200 },
    settings,
  });
  if (!opened.ok) throw new Error(opened.code);
  const id = opened.table.record.id;
  for (const u of people.slice(1)) await service.join(id, actor(u));
  const conns: ActivityClient[] = [];
  for (const u of people) conns.push(await signIn(port, fake.oauthCode(u), channelId));
  const sentAt = new Map<number, number>();
  for (const c of conns)
    c.onTable = (t) => {
      const at = sentAt.get(t.game?.version ?? -1);
      if (at !== undefined) latencies.push(performance.now() - at);
    };
  await service.start(id, actor(people[0]));
  // One hand: every pass and card, each from the connection whose turn it is.
  for (let moves = 0; moves < 60;) {
    const mover = conns.find((c) => c.table && simpleMove(c.table));
    if (!mover) {
      await new Promise((r) => setTimeout(r, 2));
      if (conns[0].table?.game?.trickNumber === 12) break;
      continue;
    }
    const move = simpleMove(mover.table!)!;
    const before = mover.table!.game!.version;
    sentAt.set(before + 1, performance.now());
    mover.send(move);
    await mover.until(() => mover.table!.game!.version > before, 5000, "the move's update");
    moves++;
  }
  for (const c of conns) c.close();
}
const started = performance.now();
await Promise.all(Array.from({ length: TABLES }, (_, k) => table(k)));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] * 10) / 10;
console.log(
  `${TABLES} tables × 4 connections: ${latencies.length} deliveries in ${seconds.toFixed(1)} s; p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`,
);
await server.stop();
await service.stop();
await fake.close().catch(() => undefined);
console.log(JSON.stringify({ tables: TABLES, connections: TABLES * 4, updateP50Ms: pct(0.5), updateP99Ms: pct(0.99), bundleBytesGzip }));
process.exit(0);
