/**
 * npm run bench:ai [-- --quick] [--deals N] [--hard-deals N] [--level-hands N] [--workers W]
 *   The suite (bench/ai-suite.ts): playouts per second of the hard player's search against the
 *   frozen players' path, decision times and CPU per hand of every level, duplicate matches of the
 *   new players against the frozen ones. Last line: one JSON object.
 *
 * npm run bench:ai -- --a LEVEL --b LEVEL --deals N [--rules PRESET[,key=value...]]
 *                     [--budget-ms X] [--samples S] [--format 2v2|1v3] [--workers W] [--seed S]
 *                     [--first-deal K] [--pass-direction D] [--max-minutes M] [--out FILE] [--clock cpu|wall]
 *   LEVEL: easy, medium, hard, frozen-easy, frozen-medium, frozen-hard (issue 17's yardstick, hard at
 *   200 ms), frozen42-easy, frozen42-medium, frozen42-hard (issue 42's: the players before it).
 *   --first-deal K plays deals K, K+1, … of the seed's series (to extend an earlier run with new deals);
 *   --pass-direction D plays only those of them whose hand passes that way (across, left, …): to
 *   screen a change that plays differently only in such hands;
 *   --max-minutes M starts no deal after M minutes (the summary counts the deals played);
 *   --out FILE appends each deal's result as one JSON line as it finishes, so a long run that is
 *   stopped keeps what it played, and runs can be pooled deal by deal.
 *   --clock cpu (the default) makes every player's time budget, and the decision times printed,
 *   count the process's CPU time rather than the wall clock: a player then searches about what its
 *   budget buys on an idle core even when the match runs under `nice -n 19` beside other work, so
 *   a match measures the players, not the machine's load (one worker: the clock is the process's).
 *   --clock wall is the players as they run in the bot, at the mercy of the load.
 *
 * npm run bench:ai -- --pool FILE [FILE...]
 *   The deals of earlier runs' --out files (the same match: levels, rules, format, seed), each deal
 *   counted once, summarised as one run. Each --out line names the players' code (codeVersion: a
 *   hash of src/game, src/ai and bench/frozen-ai), so deals of another version are refused.
 *
 * A duplicate tournament between two levels. Each deal (one hand: the same 52 cards, the pass
 * direction of hand i of the cycle, totals at the start) is played four times with the seating
 * rotated, so that each level holds each of the four hands equally often and the luck of the cards
 * cancels. 2v2 seats A A B B (each level holds each hand twice); 1v3 seats one A against three B.
 *
 * Prints each level's mean points per hand (as the scoreboard counts them: moons, J♦ and bonuses
 * included; on countdown scoring, points lost) with a 95% confidence interval over deals, the
 * paired difference A − B with its interval, moons shot and conceded, and decision times
 * p50/p95/p99 per level. The last line is one JSON object.
 */
import { createHash } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import {
  awaiting,
  createGame,
  mix32,
  parseRules,
  passDirectionFor,
  presetNames,
  step,
  TWO_OF_CLUBS,
  hasCard,
  viewFor,
  type Rules,
  type Seat,
} from "../src/game/index.js";
import { decide, type BotLevel } from "../src/ai/index.js";
import { decide as frozenDecide } from "./frozen-ai/decide.js";
import { decide as frozen42Decide } from "./frozen-ai/issue-42/decide.js";
import { runSuite } from "./ai-suite.js";

/**
 * Today's levels, the frozen copy of the players before issue 17 (bench/frozen-ai, `frozen-*`) and
 * the one before issue 42 (bench/frozen-ai/issue-42, `frozen42-*`).
 */
export type Level = BotLevel | `frozen-${BotLevel}` | `frozen42-${BotLevel}`;
export const ALL_LEVELS: Level[] = [
  "easy",
  "medium",
  "hard",
  "frozen-easy",
  "frozen-medium",
  "frozen-hard",
  "frozen42-easy",
  "frozen42-medium",
  "frozen42-hard",
];

export function decideAs(level: Level, view: ReturnType<typeof viewFor>, opts: { seed: number; budgetMs?: number; samples?: number }) {
  if (level.startsWith("frozen-")) return frozenDecide(view, level.slice(7) as BotLevel, opts);
  if (level.startsWith("frozen42-")) return frozen42Decide(view, level.slice(9) as BotLevel, opts);
  return decide(view, level as BotLevel, opts);
}

export interface Args {
  deals: number;
  a: Level;
  b: Level;
  rules: string;
  budgetMs: number | undefined;
  samples: number | undefined;
  format: "2v2" | "1v3";
  workers: number;
  seed: number;
  /** Epoch ms after which no new deal starts (--max-minutes); the result says how many were played. */
  deadline?: number;
  /** The first deal of the seed's series (--first-deal). */
  firstDeal?: number;
  /** Only the deals whose hand passes this way (--pass-direction: left, right, across, hold…), to screen a change to one kind of hand. */
  passDirection?: string;
  /** A file each deal's result is appended to as one JSON line (--out). */
  out?: string;
  /** What the players' budgets count (--clock): the process's CPU time, or the wall clock. */
  clock: "cpu" | "wall";
}

export interface DealResult {
  deal: number;
  /** Points per level, summed over its seat-hands in the four rotations. */
  points: { a: number; b: number };
  hands: { a: number; b: number };
  moons: { a: number; b: number };
  times: { a: number[]; b: number[] };
}

const LEVELS = ALL_LEVELS;

function fail(message: string): never {
  console.error(`bench:ai: ${message}`);
  console.error(
    "usage: npm run bench:ai -- --deals N [--a hard --b medium] [--rules PRESET[,key=value...]] [--budget-ms X] [--samples S] [--format 2v2|1v3] [--workers W] [--seed S] [--first-deal K] [--pass-direction D] [--max-minutes M] [--out FILE] [--clock cpu|wall]\n       npm run bench:ai -- --pool FILE [FILE...]",
  );
  console.error(`presets: ${presetNames().join(", ")}`);
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    deals: 100,
    a: "hard",
    b: "medium",
    rules: "classic",
    budgetMs: undefined,
    samples: undefined,
    format: "2v2",
    workers: 1,
    seed: 1,
    clock: "cpu",
  };
  const whole = (flag: string, v: string, min: number) => {
    if (!/^\d+$/.test(v) || +v < min) fail(`${flag} must be a whole number ≥ ${min}, not “${v}”`);
    return +v;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = inline ?? argv[++i];
    if (value === undefined) fail(`${flag} needs a value`);
    switch (flag) {
      case "--deals":
        args.deals = whole(flag, value, 1);
        break;
      case "--a":
      case "--b":
        if (!LEVELS.includes(value as Level)) fail(`${flag} must be one of ${LEVELS.join(", ")}`);
        args[flag.slice(2) as "a" | "b"] = value as Level;
        break;
      case "--rules":
        args.rules = value;
        break;
      case "--budget-ms":
        args.budgetMs = whole(flag, value, 1);
        break;
      case "--samples":
        args.samples = whole(flag, value, 1);
        break;
      case "--format":
        if (value !== "2v2" && value !== "1v3") fail("--format must be 2v2 or 1v3");
        args.format = value;
        break;
      case "--workers":
        args.workers = whole(flag, value, 1);
        break;
      case "--seed":
        args.seed = whole(flag, value, 0);
        break;
      case "--first-deal":
        args.firstDeal = whole(flag, value, 0);
        break;
      case "--max-minutes":
        args.deadline = Date.now() + whole(flag, value, 1) * 60_000;
        break;
      case "--pass-direction":
        args.passDirection = value;
        break;
      case "--out":
        args.out = value;
        break;
      case "--clock":
        if (value !== "cpu" && value !== "wall") fail("--clock must be cpu or wall");
        args.clock = value;
        break;
      default:
        fail(`unknown argument “${argv[i]}”`);
    }
  }
  if (args.clock === "cpu" && args.workers > 1)
    fail("--clock cpu counts the process's CPU time: one worker (run one process per core instead)");
  return args;
}

/** Hand `handIndex` of a game with this seed's cards, at the start totals: the deal of the tournament. */
function dealState(rules: Rules, seed: number, handIndex: number) {
  const state = createGame(rules, seed);
  state.handIndex = handIndex;
  state.dealer = ((3 + handIndex) & 3) as Seat;
  state.passDirection = passDirectionFor(rules, handIndex);
  if (state.passDirection === "hold") {
    state.phase = "playing";
    let leader = ((state.dealer + 1) & 3) as Seat;
    if (rules.firstLead === "two-clubs") leader = state.hands.findIndex((h) => hasCard(h, TWO_OF_CLUBS)) as Seat;
    state.leader = state.turn = leader;
  }
  return state;
}

function cycleLength(rules: Rules): number {
  let n = 1;
  while (n < 8 && passDirectionFor(rules, n) !== passDirectionFor(rules, 0)) n++;
  return n;
}

export function playDeal(args: Args, rules: Rules, deal: number): DealResult {
  const seed = mix32(args.seed * 0x9e3779b1 + deal);
  const handIndex = deal % cycleLength(rules);
  const pattern: ("a" | "b")[] = args.format === "2v2" ? ["a", "a", "b", "b"] : ["a", "b", "b", "b"];
  const res: DealResult = { deal, points: { a: 0, b: 0 }, hands: { a: 0, b: 0 }, moons: { a: 0, b: 0 }, times: { a: [], b: [] } };
  const sign = rules.countdown === null ? 1 : -1;
  for (let rot = 0; rot < 4; rot++) {
    const side = (seat: number) => pattern[(seat + rot) & 3];
    const state = dealState(rules, seed, handIndex);
    const opts = { budgetMs: args.budgetMs, samples: args.samples };
    let guard = 0;
    while (state.handIndex === handIndex && state.phase !== "game-over") {
      if (++guard > 500) throw new Error(`deal ${deal}: the hand does not end`);
      for (const seat of awaiting(state)) {
        const who = side(seat);
        const level = who === "a" ? args.a : args.b;
        const view = viewFor(state, seat as Seat);
        const t = performance.now();
        const action = decideAs(level, view, { ...opts, seed: mix32(seed ^ Math.imul(state.actionCount + 1, 0x85ebca6b) ^ seat) });
        // 0.1 ms is finer than any budget here, and keeps a deal's --out line about 1 KB.
        res.times[who].push(Math.round((performance.now() - t) * 10) / 10);
        const why = step(state, action);
        if (why) throw new Error(`deal ${deal}: ${level} made an illegal move (${why}): ${JSON.stringify(action)}`);
      }
    }
    const result = state.history[state.history.length - 1];
    for (let s = 0; s < 4; s++) {
      res.points[side(s)] += sign * result.change[s];
      res.hands[side(s)]++;
    }
    if (result.moon) res.moons[side(result.moon.shooter)]++;
  }
  return res;
}

export function runDeals(args: Args, deals: number[]): DealResult[] {
  const parsed = parseRules(args.rules);
  if (!parsed.ok) throw new Error(parsed.error);
  return deals.map((d) => playDeal(args, parsed.rules, d));
}

// ---- worker side ------------------------------------------------------------

if (!isMainThread && workerData?.bench === "ai") {
  const { args, deals } = workerData as { args: Args; deals: number[] };
  for (const d of deals) {
    if (args.deadline && Date.now() > args.deadline) break;
    parentPort!.postMessage(runDeals(args, [d])[0]);
  }
  parentPort!.postMessage("done");
}

// ---- main side ---------------------------------------------------------------

function spawnSelf(data: unknown): Worker {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith(".ts")) return new Worker(self, { workerData: data });
  const api = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(self.href)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** The deals to play: `deals` of them from --first-deal on, only those passing --pass-direction's way if given. */
function dealNumbers(args: Args): number[] {
  const first = args.firstDeal ?? 0;
  if (!args.passDirection) return Array.from({ length: args.deals }, (_, i) => first + i);
  const parsed = parseRules(args.rules);
  if (!parsed.ok) throw new Error(parsed.error);
  const cycle = cycleLength(parsed.rules);
  const out: number[] = [];
  for (let d = first; out.length < args.deals && d < first + args.deals * 8; d++)
    if (passDirectionFor(parsed.rules, d % cycle) === args.passDirection) out.push(d);
  return out;
}

export async function runParallel(args: Args, onResult: (r: DealResult) => void): Promise<void> {
  const all = dealNumbers(args);
  if (args.workers <= 1) {
    for (const d of all) {
      if (args.deadline && Date.now() > args.deadline) break;
      onResult(runDeals(args, [d])[0]);
    }
    return;
  }
  const shares = Array.from({ length: args.workers }, (_, w) => all.filter((d) => d % args.workers === w));
  await Promise.all(
    shares.map(
      (deals) =>
        new Promise<void>((resolve, reject) => {
          const w = spawnSelf({ bench: "ai", args, deals });
          w.on("message", (m: DealResult | "done") => {
            if (m === "done") {
              w.terminate().catch(() => undefined);
              resolve();
            } else onResult(m);
          });
          w.on("error", reject);
        }),
    ),
  );
}

export function meanCi(xs: number[]): { mean: number; ci: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const v = n > 1 ? xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, ci: 1.96 * Math.sqrt(v / n) };
}

export function pct(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const r2 = (x: number) => Math.round(x * 1000) / 1000;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === "--pool") return pool(argv.slice(1));
  // Without --a/--b: issue 17's suite (speed, per-level cost, duplicates against the frozen players).
  if (!argv.some((a) => a.startsWith("--a") || a.startsWith("--b"))) return runSuite(argv);
  const args = parseArgs(argv);
  const parsed = parseRules(args.rules);
  if (!parsed.ok) fail(parsed.error);
  const started = Date.now();
  if (args.clock === "cpu") useCpuClock();
  const results: DealResult[] = [];
  let last = started;
  await runParallel(args, (r) => {
    results.push(r);
    if (args.out) appendFileSync(args.out, JSON.stringify({ ...matchOf(args), ...r }) + "\n");
    if (Date.now() - last > 15_000) {
      last = Date.now();
      console.error(`  … ${results.length}/${args.deals} deals, ${((last - started) / 1000).toFixed(0)} s`);
    }
  });
  const seconds = (Date.now() - started) / 1000;
  summarise(
    matchOf(args),
    results,
    `${results.length} deals × 4 rotations, ${args.format}, rules ${args.rules}` +
      (args.budgetMs !== undefined ? `, budget ${args.budgetMs} ms` : "") +
      (args.samples !== undefined ? `, ≤ ${args.samples} worlds` : "") +
      `, ${args.clock === "cpu" ? "budgets and times in CPU ms" : "budgets and times in wall-clock ms"}` +
      `, ${args.workers} worker(s), ${seconds.toFixed(0)} s`,
    { firstDeal: args.firstDeal ?? 0, seconds: Math.round(seconds) },
  );
}

/**
 * --clock cpu: every player's budget is read from performance.now() (today's and the frozen ones
 * alike, which this bench must not edit), so this process's performance.now() becomes its CPU time:
 * a player descheduled by other work stops its clock too. About 2 µs a reading, once a world.
 */
function useCpuClock(): void {
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  Object.defineProperty(performance, "now", { value: cpuMs, configurable: true, writable: true });
}

/** What makes two runs the same match (written on each --out line; --pool checks it). */
interface Match {
  /** The players' code (codeVersion): deals of different code never pool. */
  code?: string;
  seed: number;
  a: Level;
  b: Level;
  rules: string;
  format?: Args["format"];
  budgetMs?: number | null;
  samples?: number | null;
  /** What the budgets counted (absent in files from before --clock: the wall clock). */
  clock?: Args["clock"];
}

const matchOf = (args: Args): Match => ({
  code: codeVersion(),
  seed: args.seed,
  a: args.a,
  b: args.b,
  rules: args.rules,
  format: args.format,
  budgetMs: args.budgetMs ?? null,
  samples: args.samples ?? null,
  clock: args.clock,
});

let version: string | undefined;

/**
 * A hash of everything the players' decisions depend on: the engine (src/game), today's players
 * (src/ai) and the frozen ones (bench/frozen-ai). A long match is played over several runs, days
 * apart; this lets --pool refuse deals that a different version of the players played.
 */
export function codeVersion(): string {
  if (version) return version;
  const hash = createHash("sha256");
  const root = fileURLToPath(new URL("..", import.meta.url));
  for (const dir of ["src/game", "src/ai", "bench/frozen-ai", "bench/frozen-ai/issue-42"]) {
    for (const name of readdirSync(join(root, dir))
      .filter((f) => f.endsWith(".ts"))
      .sort()) {
      hash
        .update(`${dir}/${name}\0`)
        .update(readFileSync(join(root, dir, name)))
        .update("\0");
    }
  }
  return (version = hash.digest("hex").slice(0, 12));
}

/** Each level's mean points per hand, the paired difference, moons and decision times; the last line JSON. */
function summarise(match: Match, results: DealResult[], header: string, extra: Record<string, unknown>): void {
  results.sort((x, y) => x.deal - y.deal);
  const perDeal = (k: "a" | "b") => results.map((r) => r.points[k] / r.hands[k]);
  const a = meanCi(perDeal("a"));
  const b = meanCi(perDeal("b"));
  const diff = meanCi(results.map((r) => r.points.a / r.hands.a - r.points.b / r.hands.b));
  const moons = { a: 0, b: 0 };
  for (const r of results) {
    moons.a += r.moons.a;
    moons.b += r.moons.b;
  }
  const timing = (k: "a" | "b") => {
    const t = results.flatMap((r) => r.times[k]).sort((x, y) => x - y);
    return { decisions: t.length, p50: r2(pct(t, 0.5)), p95: r2(pct(t, 0.95)), p99: r2(pct(t, 0.99)), max: r2(t[t.length - 1] ?? 0) };
  };
  const ta = timing("a");
  const tb = timing("b");
  const name = (k: "a" | "b") => `${match[k]} (${k.toUpperCase()})`;
  console.log(header);
  console.log(
    `  ${name("a")}: ${a.mean.toFixed(3)} ± ${a.ci.toFixed(3)} points/hand; moons shot ${moons.a}, conceded ${moons.b}; decision ms p50 ${ta.p50} p95 ${ta.p95} p99 ${ta.p99}`,
  );
  console.log(
    `  ${name("b")}: ${b.mean.toFixed(3)} ± ${b.ci.toFixed(3)} points/hand; moons shot ${moons.b}, conceded ${moons.a}; decision ms p50 ${tb.p50} p95 ${tb.p95} p99 ${tb.p99}`,
  );
  const verdict =
    diff.mean + diff.ci < 0 ? `${match.a} better` : diff.mean - diff.ci > 0 ? `${match.b} better` : "no significant difference";
  console.log(`  A − B: ${diff.mean.toFixed(3)} ± ${diff.ci.toFixed(3)} points/hand (lower is better): ${verdict}`);
  console.log(
    JSON.stringify({
      deals: results.length,
      ...extra,
      code: match.code ?? null,
      format: match.format ?? null,
      rules: match.rules,
      budgetMs: match.budgetMs ?? null,
      samples: match.samples ?? null,
      a: { level: match.a, mean: r2(a.mean), ci95: r2(a.ci), moonsShot: moons.a, moonsConceded: moons.b, ms: ta },
      b: { level: match.b, mean: r2(b.mean), ci95: r2(b.ci), moonsShot: moons.b, moonsConceded: moons.a, ms: tb },
      diff: { mean: r2(diff.mean), ci95: r2(diff.ci), lo: r2(diff.mean - diff.ci), hi: r2(diff.mean + diff.ci), verdict },
    }),
  );
}

/** --pool: earlier runs' --out files as one run, each deal once. */
function pool(files: string[]): void {
  if (!files.length) fail("--pool needs the --out files to pool");
  const deals = new Map<number, DealResult>();
  let match: Match | null = null;
  let repeated = 0;
  for (const file of files) {
    const lines = readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim());
    for (const [i, line] of lines.entries()) {
      const { deal, points, hands, moons, times, ...m } = JSON.parse(line) as Match & DealResult;
      match ??= m;
      const same = (Object.keys({ ...match, ...m }) as (keyof Match)[]).every((k) => match![k] === m[k]);
      if (!same) fail(`${file}:${i + 1} is another match (${JSON.stringify(m)}, not ${JSON.stringify(match)})`);
      if (deals.has(deal)) repeated++;
      else deals.set(deal, { deal, points, hands, moons, times });
    }
  }
  if (!match) fail("the files hold no deals");
  const clock = match.clock === "cpu" ? "budgets and times in CPU ms" : "budgets and times in wall-clock ms";
  summarise(
    match,
    [...deals.values()],
    `${deals.size} deals × 4 rotations pooled from ${files.length} file(s), rules ${match.rules}, ${clock}`,
    {
      pooledFrom: files.length,
      repeatedDeals: repeated,
    },
  );
}

if (isMainThread && !process.env.BENCH_AI_NO_MAIN) {
  main().catch((err) => {
    console.error(`bench:ai: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
