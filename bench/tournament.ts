/**
 * `npm run bench:tournament [-- --people 64] [--check]`
 *
 * A tournament's round at scale, measured as the bot: the bot runs in a process of its own
 * (bench/bot-worker.ts, as bench:bot runs it, on a temporary SQLite file, its metrics port on), and
 * this process holds the fake Discord with Discord's rate limits (5 posts per 5 s per channel, 50
 * requests a second per bot token) and the simulated people: someone with Manage Server plans it,
 * `--people` people (64: 16 tables) press Join, the organiser starts it, and everyone opens their
 * hand at once and plays the round's hand on the buttons.
 *
 * - `ackP99Ms`: the 99th percentile of interaction-to-acknowledgement times over every click and
 *   command of the night (measured by the fake Discord: its own event loop and the people's share
 *   this process, so on a loaded machine this is mostly theirs);
 * - `botAckP99Ms`: the bot's own part at the round start (from the organiser's Start to everyone's
 *   hand shown): the 99th percentile of the bot's acknowledgement histogram (from the interaction
 *   reaching its handler to its answer leaving; the same times its metrics port's
 *   hearts_interaction_ack_seconds is fed with); `metricsAckP99Ms`: that port's own histogram over the
 *   same window (from the interaction's creation at the fake, so the gateway's way in counts);
 * - `roundStartMs`: from the organiser's Start to every person's private hand menu shown (every
 *   table's message posted and each person's My hand answered);
 * - `standingsMs`: computing the standings of a round of that many people and drawing their picture
 *   (the scoring and the renderer the bot uses; warm, the median of 5);
 * - `roundMs`: the whole round, Start to the standings post in the channel;
 * - `seasonMs`: /hearts season end to end (the command sent to its answer shown, picture included)
 *   on a season of 8 nights of `--people` people seeded in the store (the median of 5).
 * `--check` exits 1 when ackP99Ms > 100, botAckP99Ms > 10, roundStartMs > 15,000, standingsMs > 500
 * or seasonMs > 500. Last line: JSON.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { renderTournamentStandings } from "../src/render/index.js";
import { standingsPicture } from "../src/discord/presenting/tournament-pictures.js";
import { openStore } from "../src/store/index.js";
import { standings } from "../src/table/tournament/scoring.js";
import { Player, byVerb, findButton, playUntil, tableMessagesAnywhere, textOf, type Harness } from "../test/bot/harness.js";
import { bucketQuantile, histogramBuckets, parsePrometheusText } from "../test/ops/prom-text.js";
import { playedTournament } from "../test/render/tournament-fixtures.js";
import { startFakeDiscord, type FakeMessage } from "../test/fake-discord/server.js";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const PEOPLE = Math.max(8, parseInt(arg("people", "64"), 10));
const CHECK = process.argv.includes("--check");

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};

function command(h: Harness, p: Player, subcommand: string, options?: Record<string, string | number>) {
  const handle = h.fake.slashCommand(p.user, "hearts", { group: "tournament", subcommand, options });
  h.sent.set(handle.token, handle);
  return handle;
}

/** Computing and drawing a round's standings for `people` (warm; the median of 5 runs). */
function standingsTime(people: number): number {
  const { view, results } = playedTournament(people, 1, 1);
  const ids = view.players.map((p) => p.userId);
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    renderTournamentStandings(standingsPicture(view, 1, standings(results, ids), "en"));
    if (i > 0) times.push(performance.now() - t0);
  }
  return quantile(times, 0.5);
}

/** The bot in its own process (bench/bot-worker.ts), as bench:bot starts it. */
function startBot(input: object): ChildProcess {
  return fork(new URL("./bot-worker.ts", import.meta.url).pathname, [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, BENCH_BOT_INPUT: JSON.stringify(input) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off("message", on);
      child.off("exit", gone);
      resolve(m as T);
    };
    const gone = (code: number | null) => reject(new Error(`the bot process exited (${code})`));
    child.on("message", on);
    child.once("exit", gone);
  });
}

/** The metrics port's acknowledgement histogram (summed over kinds). */
async function scrapeAcks(port: number): Promise<[number, number][]> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!r.ok) throw new Error(`/metrics answered ${r.status}`);
  return histogramBuckets(parsePrometheusText(await r.text()), "hearts_interaction_ack_seconds");
}

/** A season of 8 nights of `people` people, as the season service stores it: what /hearts season reads. */
async function seedSeason(dbUrl: string, guildId: string, channelId: string, people: string[]): Promise<void> {
  const store = await openStore(dbUrl);
  try {
    const night = (n: number) => new Date(Date.UTC(2026, 0, 1 + 7 * n, 20));
    const dates = Array.from({ length: 8 }, (_, n) => night(n));
    const options = { rounds: 3, handsPerRound: 4, rulesSpec: "classic", botLevel: "medium" };
    const base = { guildId, name: "Bench season", channelId, organiserId: people[0], options, dates, minNights: 3 };
    await store.seasons.create({ id: "bench-season", ...base }, "bench-night-1");
    for (let n = 1; n <= 8; n++) {
      if (n > 1) await store.seasons.addNight("bench-season", `bench-night-${n}`, n);
      // Everyone but every 5th person each night, at a spread of percentages.
      const scores = people
        .filter((_, i) => (i + n) % 5 !== 0)
        .map((userId, i) => ({
          tournamentId: `bench-night-${n}`,
          userId,
          name: `Player ${i}`,
          percent: (i * 37 + n * 11) % 100,
          playedAt: night(n - 1),
        }));
      await store.seasons.nightDone(`bench-night-${n}`, scores, night(n - 1));
    }
    await store.seasons.end("bench-season", night(7));
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const fake = await startFakeDiscord({ users: PEOPLE, rateLimits: true, globalLimit: 50 });
  const dir = mkdtempSync(join(tmpdir(), "hearts-bench-tournament-"));
  const dbUrl = `file:${join(dir, "hearts.db")}`;
  await seedSeason(
    dbUrl,
    fake.guildId,
    fake.channelId,
    fake.users.map((u) => u.id),
  );
  const worker = startBot({
    apiBase: fake.apiBase,
    token: fake.token,
    applicationId: fake.applicationId,
    dbUrl,
    images: true,
    renderProcess: true,
    botDelayMs: 0,
    metrics: true,
  });
  const load = [loadavg()[0]];
  // The people need only the fake and the interactions they sent (test/bot/harness.ts's Player).
  const h = { fake, sent: new Map() } as unknown as Harness;
  try {
    const ready = await next<{ metricsPort: number | null }>(worker, "ready");
    const people = fake.users.map((u) => new Player(h, u));
    const [organiser] = people;
    fake.grant(organiser.user, "ManageGuild");
    await organiser.answer(command(h, organiser, "create", { name: "Bench night", start: "in 30 min", rounds: 1, hands: 1 }));
    const signup = await fake.waitFor(
      () => fake.channelMessages(fake.channelId).find((m: FakeMessage) => m.embeds?.[0]?.title?.startsWith("🏆")) ?? null,
      10_000,
      "the sign-up message",
    );
    const join = findButton(signup, byVerb("tjoin")).custom_id;
    for (const p of people) await p.answer(p.click(signup.id, join));

    // The round start's window: the bot's own acknowledgement times from here (its interval histogram reset).
    worker.send({ type: "sample" });
    await next(worker, "sample");
    const metricsBefore = ready.metricsPort ? await scrapeAcks(ready.metricsPort) : null;
    const t0 = performance.now();
    await organiser.answer(command(h, organiser, "start"));
    const tables = PEOPLE / 4;
    // Each person presses My hand on their own table's message (each in its table's thread), all at once.
    const seatedAt = (p: Player) => () =>
      tableMessagesAnywhere(fake).find((m) => new RegExp(`\\b${p.user.globalName}\\b(?!\\d)`).test(textOf(m))) ?? null;
    await Promise.all(people.map((p) => p.openHand(seatedAt(p), 60_000)));
    const roundStartMs = performance.now() - t0;
    worker.send({ type: "sample" });
    const atStart = await next<{ botAckP99: number }>(worker, "sample");
    const metricsAfter = ready.metricsPort ? await scrapeAcks(ready.metricsPort) : null;
    let metricsAckP99Ms: number | null = null;
    if (metricsBefore && metricsAfter) {
      const at = new Map(metricsBefore);
      metricsAckP99Ms =
        bucketQuantile(
          metricsAfter.map(([le, c]): [number, number] => [le, c - (at.get(le) ?? 0)]),
          0.99,
        ) * 1000;
    }

    const closed = () => fake.channelMessages(fake.channelId).some((m) => m.content.includes("is over"));
    await playUntil(h, people, closed, 30_000);
    const roundMs = performance.now() - t0;

    const acks: number[] = [];
    for (const handle of h.sent.values()) acks.push((await handle.ack).latencyMs);

    // /hearts season on the seeded season of 8 nights, end to end (warm: the first is not counted).
    const seasonTimes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const s0 = performance.now();
      const handle = fake.slashCommand(people[1].user, "hearts", { subcommand: "season" });
      h.sent.set(handle.token, handle);
      const said = await people[1].answer(handle);
      if (!said.embeds?.[0]?.title?.includes("Bench season"))
        throw new Error(`/hearts season answered ${JSON.stringify(said.embeds?.[0]?.title)}`);
      if (i > 0) seasonTimes.push(performance.now() - s0);
    }
    load.push(loadavg()[0]);
    const figures = {
      people: PEOPLE,
      tables,
      interactions: acks.length,
      ackP50Ms: Math.round(quantile(acks, 0.5)),
      ackP99Ms: Math.round(quantile(acks, 0.99)),
      botAckP99Ms: Math.round(atStart.botAckP99 * 10) / 10,
      metricsAckP99Ms: metricsAckP99Ms === null ? null : Math.round(metricsAckP99Ms * 10) / 10,
      roundStartMs: Math.round(roundStartMs),
      roundMs: Math.round(roundMs),
      standingsMs: Math.round(standingsTime(PEOPLE)),
      seasonMs: Math.round(quantile(seasonTimes, 0.5)),
      seasonMaxMs: Math.round(Math.max(...seasonTimes)),
      rateLimitHits: fake.rateLimitHits,
      /** 1-minute load average at the start and the end: the machine is shared. */
      loadAverage: load.map((x) => Math.round(x * 10) / 10),
    };
    const ok =
      figures.ackP99Ms <= 100 &&
      figures.botAckP99Ms <= 10 &&
      figures.roundStartMs <= 15_000 &&
      figures.standingsMs <= 500 &&
      figures.seasonMs <= 500;
    console.log(JSON.stringify({ ...figures, ok }));
    if (CHECK && !ok) process.exitCode = 1;
  } finally {
    if (worker.connected) {
      worker.send({ type: "stop" });
      await Promise.race([next(worker, "stopped").catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
    }
    worker.kill();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
