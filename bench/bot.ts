/**
 * `npm run bench:bot -- --tables N [--seconds S] [--think MS] [--bot-delay MS] [--images on|off]`
 *
 * Drives N tables at once through the fake Discord: in each channel a person opens a table, starts
 * it with three computer players, and passes and plays through the private menu after a think time,
 * starting a rematch when a game ends. The bot runs in a child process (its own heap). Prints the
 * interaction-to-acknowledgement latency (p50/p95/p99, measured by the fake Discord) and the bot's
 * heap per open table; the last line is JSON.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fork, type ChildProcess } from "node:child_process";
import { decodeId } from "../src/discord/ids.js";
import { startFakeDiscord, type FakeDiscord, type FakeMessage, type InteractionHandle } from "../test/fake-discord/server.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const TABLES = Math.max(1, parseInt(arg("tables", "20"), 10));
const SECONDS = Math.max(5, parseInt(arg("seconds", "60"), 10));
const THINK_MS = Math.max(0, parseInt(arg("think", "800"), 10));
const BOT_DELAY_MS = Math.max(0, parseInt(arg("bot-delay", "900"), 10));
const IMAGES = arg("images", "on") !== "off";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const verb = (c: { custom_id?: string }) => (c.custom_id ? decodeId(c.custom_id)?.verb : undefined);
const buttons = (m: FakeMessage | undefined) => (m?.components ?? []).flatMap((r: { components?: unknown[] }) => (r.components ?? []) as Array<{ custom_id?: string; disabled?: boolean; options?: Array<{ value: string }> }>);

function startBot(input: object): ChildProcess {
  return fork(new URL("./bot-worker.ts", import.meta.url).pathname, [], {
    execArgv: ["--import", "tsx", "--expose-gc", ...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [])],
    env: { ...process.env, BENCH_BOT_INPUT: JSON.stringify(input) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string }) => {
      if (m.type === type) {
        child.off("message", on);
        resolve(m as T);
      }
    };
    child.on("message", on);
    child.once("exit", (code) => reject(new Error(`the bot process exited (${code})`)));
  });
}

const latencies: number[] = [];
const slow: string[] = [];
let late = 0;
let interactions = 0;
let actions = 0;
let games = 0;
let reopened = 0;

function track(h: InteractionHandle, what = "?"): InteractionHandle {
  interactions++;
  h.ack
    .then((a) => {
      latencies.push(a.latencyMs);
      if (a.latencyMs > 100 && process.env.BENCH_SLOW) slow.push(`${what} ${a.latencyMs}ms at ${new Date().toISOString().slice(17, 23)}`);
    })
    .catch(() => late++);
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

/** One person at one table, for the whole run. */
/** When the run ends; set once the warm-up table is going. */
const end = { at: Number.POSITIVE_INFINITY };

async function runTable(fake: FakeDiscord, i: number, channelId: string): Promise<void> {
  const user = fake.users[i];
  const think = () => sleep(THINK_MS * (0.5 + Math.random()));
  await sleep(Math.random() * 2000); // people do not all arrive in the same millisecond
  const opened = track(fake.slashCommand(user, "hearts", { subcommand: "new", options: { level: "easy" } }, channelId), "new");
  await opened.ack.catch(() => undefined);
  const findTable = () => fake.channelMessages(channelId).filter((m) => m.embeds?.[0]?.title === "♥ Hearts" && buttons(m).some((c) => verb(c) === "start")).at(-1);
  let table = await waitFor(findTable, 10_000);
  while (table && Date.now() < end.at) {
    const start = track(fake.clickButton(user, table.id, buttons(table).find((c) => verb(c) === "start")!.custom_id!), "start");
    await start.ack.catch(() => undefined);
    const first = await waitFor(() => start.reply(), 5000);
    let menuId = first?.id ?? null;
    let idleSince = Date.now();
    const tableId = table.id;
    while (Date.now() < end.at && menuId) {
      const menu = fake.messages.get(menuId);
      const text = JSON.stringify(menu?.embeds ?? "");
      if (text.includes("Game over")) break;
      const pick = buttons(menu).find((c) => verb(c) === "pick");
      const card = buttons(menu).find((c) => (verb(c) === "play" || verb(c) === "moon") && !c.disabled);
      if (pick || card) {
        await think();
        if (pick) {
          const sel = track(fake.selectMenu(user, menuId, pick.custom_id!, pick.options!.slice(0, 3).map((o) => o.value)), "pick");
          await sel.ack.catch(() => undefined);
          const pass = await waitFor(() => buttons(fake.messages.get(menuId!)).find((c) => verb(c) === "pass" && !c.disabled), 3000);
          if (pass) await track(fake.clickButton(user, menuId, pass.custom_id!), "pass").ack.catch(() => undefined);
        } else await track(fake.clickButton(user, menuId, card!.custom_id!), "play").ack.catch(() => undefined);
        actions++;
        idleSince = Date.now();
        await sleep(50);
        continue;
      }
      // A menu that stays asleep long after the computer players must have moved: reopen it.
      if (Date.now() - idleSince > 4 * BOT_DELAY_MS + 5000) {
        const t = fake.messages.get(tableId);
        const hand = buttons(t).find((c) => verb(c) === "hand");
        if (hand) {
          const h = track(fake.clickButton(user, tableId, hand.custom_id!));
          await h.ack.catch(() => undefined);
          menuId = (await waitFor(() => h.reply(), 3000))?.id ?? menuId;
          reopened++;
        }
        idleSince = Date.now();
      }
      await sleep(100);
    }
    if (Date.now() >= end.at) return;
    games++;
    // Rematch from the finished table message, then start the new table.
    const finished = await waitFor(() => buttons(fake.messages.get(tableId)).find((c) => verb(c) === "rematch"), 10_000);
    if (!finished) return;
    await track(fake.clickButton(user, tableId, finished.custom_id!)).ack.catch(() => undefined);
    table = await waitFor(() => {
      const t = findTable();
      return t && t.id !== tableId ? t : null;
    }, 10_000);
  }
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  // Nothing accumulates in the fake during a soak run: it only answers and checks.
  const fake = await startFakeDiscord({ users: TABLES, recordCalls: false, history: false });
  const channels: string[] = [];
  for (let i = 0; i < TABLES; i++) channels.push(fake.addChannel(`hearts-${i}`));
  const dir = mkdtempSync(join(tmpdir(), "hearts-bench-bot-"));
  const worker = startBot({ apiBase: fake.apiBase, token: fake.token, applicationId: fake.applicationId, dbUrl: `file:${join(dir, "hearts.db")}`, images: IMAGES, botDelayMs: BOT_DELAY_MS });
  const ready = await next<{ heapUsed: number }>(worker, "ready");
  console.log(`bench:bot  ${TABLES} tables, ${SECONDS} s, think ~${THINK_MS} ms, computer players ${BOT_DELAY_MS} ms, images ${IMAGES ? "on" : "off"}`);

  // One table first, so code compiled once (rendering, the store, discord.js paths) is not
  // counted as per-table memory; then every other table.
  const fail = (i: number) => (err: unknown) => console.error(`table ${i}: ${err instanceof Error ? err.message : err}`);
  const runs = [runTable(fake, 0, channels[0]).catch(fail(0))];
  await waitFor(() => actions >= 6, 30_000);
  worker.send({ type: "memory" });
  const warm = await next<{ heapUsed: number; tables: number }>(worker, "memory");
  latencies.length = 0;
  end.at = Date.now() + SECONDS * 1000;
  const until = end.at;
  runs.push(...channels.slice(1).map((c, i) => runTable(fake, i + 1, c).catch(fail(i + 1))));
  const ticker = setInterval(() => {
    const s = latencies.slice().sort((a, b) => a - b);
    console.log(`  ${Math.round((SECONDS * 1000 - (until - Date.now())) / 1000)} s: ${interactions} interactions, ${actions} actions, ack p99 ${pct(s, 99).toFixed(0)} ms`);
  }, 10_000);
  await Promise.all(runs.map((r) => Promise.race([r, sleep(SECONDS * 1000 + 15_000)])));
  clearInterval(ticker);

  // Measured while every table is still open (mid-game): the bot's heap above its empty start.
  console.log("measuring memory…");
  worker.send({ type: "memory" });
  const mem = await next<{ botAckMs: { p50: number; p95: number; p99: number }; gatewayMs: { p50: number; p95: number; p99: number }; heapUsed: number; tables: number; loopP99: number; loopMax: number; skippedPictures: number }>(worker, "memory");
  worker.send({ type: "stop" });
  const exited = new Promise((r) => worker.once("exit", r));
  await Promise.race([exited, sleep(15_000)]);
  worker.kill();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });

  if (process.env.BENCH_SLOW) console.log(slow.join("\n"));
  const sorted = latencies.sort((a, b) => a - b);
  const perTableKB = mem.tables ? (mem.heapUsed - ready.heapUsed) / mem.tables / 1024 : NaN;
  const marginalKB = mem.tables > warm.tables ? (mem.heapUsed - warm.heapUsed) / (mem.tables - warm.tables) / 1024 : NaN;
  const result = {
    tables: TABLES,
    seconds: SECONDS,
    images: IMAGES,
    interactions: sorted.length,
    lateOver3s: late,
    ackMs: { p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99), max: sorted.at(-1) ?? NaN },
    /** The bot's own share: from receiving an interaction to sending its acknowledgement. */
    botAckMs: mem.botAckMs,
    /** Of which the gateway: from the fake creating the interaction to the bot's handler starting. */
    gatewayMs: mem.gatewayMs,
    actions,
    gamesFinished: games,
    reopenedMenus: reopened,
    openTablesAtEnd: mem.tables,
    /** Bot heap per open table once warm: (heap with all tables − heap with the first) / the others. */
    heapPerTableKB: Math.round(marginalKB * 10) / 10,
    /** The same from the bot's empty start (includes code compiled on first use). */
    heapPerTableFromStartKB: Math.round(perTableKB * 10) / 10,
    botHeapMB: Math.round((mem.heapUsed / 1048576) * 10) / 10,
    eventLoopP99Ms: Math.round(mem.loopP99 * 10) / 10,
    picturesSkippedUnderLoad: mem.skippedPictures,
    violations: fake.violations.length,
  };
  console.log(`ack latency: p50 ${result.ackMs.p50} ms, p95 ${result.ackMs.p95} ms, p99 ${result.ackMs.p99} ms, max ${result.ackMs.max} ms over ${result.interactions} interactions (${late} later than 3 s)`);
  console.log(`  of which in the bot (received → acknowledgement sent): p50 ${mem.botAckMs.p50} ms, p95 ${mem.botAckMs.p95} ms, p99 ${mem.botAckMs.p99} ms`);
  console.log(`  gateway (fake dispatch → bot handler): p50 ${mem.gatewayMs.p50} ms, p95 ${mem.gatewayMs.p95} ms, p99 ${mem.gatewayMs.p99} ms`);
  console.log(`pictures left out under load: ${mem.skippedPictures}`);
  console.log(`memory: ${result.heapPerTableKB} KB of bot heap per open table once warm (${result.heapPerTableFromStartKB} KB counting from the empty start; ${mem.tables} open, bot heap ${result.botHeapMB} MB); event loop p99 ${result.eventLoopP99Ms} ms`);
  console.log(JSON.stringify(result));
  process.exit(0);
}

await main();
