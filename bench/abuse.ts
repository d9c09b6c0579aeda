/**
 * `npm run bench:abuse [-- --tables N] [--games G] [--seconds S]`
 *
 * One abusive person against the bot on the fake Discord (127.0.0.1 only), while N other tables
 * (default 20; one person and three hard computer players each) play. The bot runs in a child
 * process (bench/abuse-bot.ts) on a server with G finished games (default 100,000). Two phases of
 * S seconds each (default 15): the tables alone (baseline), then the tables while the abuser sends
 * 10 hints a second (/hearts hint at their own table, in the passing phase), 20 stats and
 * leaderboards a second, and 50 clicks a second on their table's buttons.
 *
 * Reports the other tables' computer-move latency (asking the worker pool until the answer) p50/p99
 * in both phases and their ratio, the bot's event-loop delay, and every abusive request's fate:
 * refused politely (the fair-use or busy sentence), answered, or silently dropped (no
 * acknowledgement or no answer: must be 0). The last line is JSON.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "../src/game/index.js";
import { SqliteStore } from "../src/store/index.js";
import { startFakeDiscord, type FakeDiscord, type FakeMessage, type InteractionHandle } from "../test/fake-discord/server.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const TABLES = Math.max(1, parseInt(arg("tables", "20"), 10));
const GAMES = Math.max(0, parseInt(arg("games", "100000"), 10));
const SECONDS = Math.max(3, parseInt(arg("seconds", "15"), 10));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server's finished games, written in bulk (as bench:leaderboard does), with standings rows. */
async function fill(dbUrl: string, guildId: string, games: number): Promise<void> {
  const store = await SqliteStore.open(dbUrl);
  const p = store.prisma;
  const rng = createRng(3);
  const humans = Array.from({ length: 40 }, (_, k) => String(300000000000000000n + BigInt(k)));
  for (let start = 0; start < games; start += 2000) {
    const gameRows: string[] = [];
    const resultRows: string[] = [];
    for (let g = start; g < Math.min(games, start + 2000); g++) {
      const when = new Date(Date.UTC(2026, 0, 1) + g * 60_000).toISOString().replace("Z", "+00:00");
      gameRows.push(`(${g + 1}, 't${g}', '${guildId}', '{}', 1, '[]', 8, '${when}')`);
      const seated = [...humans].sort(() => rng.next() - 0.5).slice(0, 2 + rng.int(3));
      while (seated.length < 4) seated.push("bot:hard");
      const order = [0, 1, 2, 3].sort(() => rng.next() - 0.5);
      seated.forEach((key, seat) => {
        const place = order.indexOf(seat) + 1;
        const user = key.startsWith("bot:") ? "NULL" : `'${key}'`;
        resultRows.push(`(${g + 1}, '${guildId}', ${seat}, '${key}', ${user}, ${user === "NULL" ? "'hard'" : "NULL"}, 'p${key.slice(-2)}', ${40 + place * 15}, ${place}, ${20 + place * 12}, 0, ${rng.int(2)}, 1000, 1000, '${when}')`);
      });
    }
    await p.$transaction([
      p.$executeRawUnsafe(`INSERT INTO "FinishedGame" ("id", "tableId", "guildId", "rules", "rated", "hands", "handCount", "finishedAt") VALUES ${gameRows.join(",")}`),
      p.$executeRawUnsafe(`INSERT INTO "GameResult" ("gameId", "guildId", "seat", "playerKey", "userId", "botLevel", "name", "total", "place", "points", "moons", "queens", "ratingBefore", "ratingAfter", "finishedAt") VALUES ${resultRows.join(",")}`),
    ]);
  }
  // Standings rows as the games would have left them (their numbers do not matter here).
  for (const [k, key] of humans.entries()) {
    await p.playerStats.create({ data: { guildId, playerKey: key, name: `p${key.slice(-2)}`, isBot: false, mu: 25, sigma: 3, rating: 1000 + k, games: games / 10, wins: games / 40, points: games, hands: games * 8 } });
  }
  await store.close();
}

function startBot(input: object): ChildProcess {
  return fork(new URL("./abuse-bot.ts", import.meta.url).pathname, [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_BOT_INPUT: JSON.stringify(input) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off("message", on);
      resolve(m as T);
    };
    child.on("message", on);
    child.once("exit", (code) => reject(new Error(`the bot process exited (${code})`)));
  });
}

const buttons = (m: FakeMessage | null | undefined) => (m?.components ?? []).flatMap((r: { components?: unknown[] }) => (r.components ?? []) as Array<{ custom_id?: string }>);
const byVerb = (m: FakeMessage | null | undefined, verb: string) => buttons(m).find((c) => c.custom_id?.split(":")[1] === verb);

async function waitFor<T>(probe: () => T | null | undefined | false, ms: number): Promise<T | null> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) return null;
    await sleep(50);
  }
}

/** Everything the bot said in answer to one interaction. */
function said(fake: FakeDiscord, h: InteractionHandle): string {
  return [h.reply(), ...h.followUps()]
    .filter(Boolean)
    .map((m) => [m!.content ?? "", ...(m!.embeds ?? []).map((e: { title?: string; description?: string }) => `${e.title ?? ""} ${e.description ?? ""}`)].join(" "))
    .join(" ")
    .trim();
}

const POLITE = [/You're going faster than I can keep up with: nothing was done\. Try again in \d+ s\./, /This server is keeping me very busy right now/, /computer players are busy right now; try the hint again/, /Your previous hint is still being worked out/];

async function main(): Promise<void> {
  const fake = await startFakeDiscord({ users: TABLES + 1, history: false });
  const dir = mkdtempSync(join(tmpdir(), "hearts-bench-abuse-"));
  const dbUrl = `file:${join(dir, "hearts.db")}`;
  const fillStart = performance.now();
  await fill(dbUrl, fake.guildId, GAMES);
  const fillS = (performance.now() - fillStart) / 1000;
  const abuser = fake.users[TABLES];
  const people = fake.users.slice(0, TABLES);
  const bot = startBot({ apiBase: fake.apiBase, token: fake.token, applicationId: fake.applicationId, dbUrl, people: people.map((u) => u.id), thinkMs: 300 });
  try {
    await next(bot, "ready");
    await fake.ready();

    // The other tables: open (a target no game reaches in the run), start with three hard players.
    const channels = people.map((_, i) => fake.addChannel(`table-${i}`));
    const abuserChannel = fake.addChannel("abuser");
    await sleep(300);
    await Promise.all(
      people.map(async (u, i) => {
        const opened = fake.slashCommand(u, "hearts", { subcommand: "new", options: { level: "hard", target: 1000 } }, channels[i]);
        await opened.ack;
        const table = await waitFor(() => fake.channelMessages(channels[i]).find((m) => byVerb(m, "start")), 10_000);
        if (!table) throw new Error(`table ${i} did not open`);
        await fake.clickButton(u, table.id, byVerb(table, "start")!.custom_id!).ack;
      }),
    );
    // The abuser's own table, in its passing phase (they never pass: a hint is always due).
    await fake.slashCommand(abuser, "hearts", { subcommand: "new", options: { level: "easy" } }, abuserChannel).ack;
    const mine = await waitFor(() => fake.channelMessages(abuserChannel).find((m) => byVerb(m, "start")), 10_000);
    await fake.clickButton(abuser, mine!.id, byVerb(mine, "start")!.custom_id!).ack;
    await sleep(4000); // warm-up: the pool's workers start and the budget spent on setting up refills

    bot.send({ type: "phase" });
    await sleep(SECONDS * 1000);
    bot.send({ type: "report" });
    const baseline = await next<Report>(bot, "report");

    bot.send({ type: "phase" });
    const sent: Array<{ kind: string; h: InteractionHandle }> = [];
    const every = (ms: number, fn: () => void) => setInterval(fn, ms);
    let clicks = 0;
    const timers = [
      every(100, () => sent.push({ kind: "hint", h: fake.slashCommand(abuser, "hearts", { subcommand: "hint" }, abuserChannel) })),
      every(50, () => sent.push({ kind: "stats", h: fake.slashCommand(abuser, "hearts", { subcommand: sent.length % 2 ? "stats" : "leaderboard" }, abuserChannel) })),
      every(20, () => {
        const table = fake.channelMessages(abuserChannel).find((m) => byVerb(m, "rules"));
        const target = table && (byVerb(table, clicks++ % 2 ? "scores" : "rules") ?? byVerb(table, "rules"));
        if (table && target) sent.push({ kind: "click", h: fake.clickButton(abuser, table.id, target.custom_id!) });
      }),
    ];
    await sleep(SECONDS * 1000);
    for (const t of timers) clearInterval(t);
    bot.send({ type: "report" });
    const abused = await next<Report>(bot, "report");

    // Every abusive request: acknowledged and answered (politely refused or served), or dropped.
    await Promise.all(sent.map((s) => s.h.ack.catch(() => undefined)));
    await waitFor(() => sent.every((s) => said(fake, s.h)), 10_000);
    const acks = await Promise.all(sent.map((s) => s.h.ack.then((a) => a.latencyMs, () => null)));
    const fate = { sent: sent.length, refusedPolitely: 0, answered: 0, silentlyDropped: 0 };
    const byKind: Record<string, { sent: number; refused: number }> = {};
    sent.forEach((s, i) => {
      const text = said(fake, s.h);
      const k = (byKind[s.kind] ??= { sent: 0, refused: 0 });
      k.sent++;
      if (acks[i] === null || !text) fate.silentlyDropped++;
      else if (POLITE.some((re) => re.test(text))) {
        fate.refusedPolitely++;
        k.refused++;
      } else fate.answered++;
    });
    const ackMs = acks.filter((a): a is number => a !== null).sort((a, b) => a - b);
    const pct = (p: number) => (ackMs.length ? ackMs[Math.min(ackMs.length - 1, Math.floor((p / 100) * ackMs.length))] : NaN);

    const out = {
      tables: TABLES,
      games: GAMES,
      seconds: SECONDS,
      botMoveP50MsBaseline: baseline.moveP50Ms,
      botMoveP99MsBaseline: baseline.moveP99Ms,
      botMoveP50Ms: abused.moveP50Ms,
      botMoveP99Ms: abused.moveP99Ms,
      botMoveP99Ratio: +(abused.moveP99Ms / baseline.moveP99Ms).toFixed(2),
      botMoves: { baseline: baseline.moves, abused: abused.moves },
      loopDelayP99Ms: { baseline: baseline.loopDelayP99Ms, abused: abused.loopDelayP99Ms },
      loopDelayMaxMs: { baseline: baseline.loopDelayMaxMs, abused: abused.loopDelayMaxMs },
      abuserAckMs: { p50: pct(50), p99: pct(99) },
      abusive: { ...fate, byKind },
      pool: abused.pool,
      fillSeconds: +fillS.toFixed(1),
    };
    console.log(
      `${TABLES} tables, ${GAMES} games on the server. Computer moves p50/p99: ${out.botMoveP50MsBaseline}/${out.botMoveP99MsBaseline} ms alone, ${out.botMoveP50Ms}/${out.botMoveP99Ms} ms with the abuser (×${out.botMoveP99Ratio}). ` +
        `Abuser: ${fate.sent} requests, ${fate.refusedPolitely} refused politely, ${fate.answered} answered, ${fate.silentlyDropped} silently dropped; their acks p99 ${out.abuserAckMs.p99} ms. Bot event loop p99 ${out.loopDelayP99Ms.baseline} → ${out.loopDelayP99Ms.abused} ms.`,
    );
    console.log(JSON.stringify(out));
    if (fate.silentlyDropped) process.exitCode = 1;
  } finally {
    bot.send({ type: "stop" });
    await next(bot, "stopped").catch(() => undefined);
    await fake.close().catch((err: unknown) => console.error(err instanceof Error ? err.message : err));
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Report {
  moves: number;
  moveP50Ms: number;
  moveP99Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  pool: object;
}

await main();
