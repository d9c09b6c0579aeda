/**
 * `npm run soak [-- --fuzz N] [--kills N] [--tables N] [--bench-seconds S] [--bench-tables N] [--bench-arrive S] [--seed N] [--only fuzz,crash,bench]`
 *
 * The long versions of the reliability suites, each bounded in time, on 127.0.0.1 only:
 * - fuzz: ≥ 10,000 generated interactions against live tables (test/reliability/fuzz.ts);
 * - crash: ≥ 100 SIGKILLs of the whole bot process during games (test/reliability/crash.ts), with
 *   its JSON log checked;
 * - bench: `npm run bench:bot -- --tables 200 --seconds S --arrive 20 --check` (acknowledgement p99 and memory
 *   under load, flat over minutes).
 * The secrecy checker judges every REST payload of the first two. Prints each figure (interactions
 * tried, crashes, kills survived, actions lost, payloads checked, p99 under load), then a JSON line;
 * exits 1 when any of them misses its target.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runCrash, type CrashFigures } from "../test/reliability/crash.js";
import { runFuzz, type FuzzFigures } from "../test/reliability/fuzz.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const FUZZ = Math.max(1, parseInt(arg("fuzz", "10000"), 10));
const KILLS = Math.max(1, parseInt(arg("kills", "100"), 10));
const TABLES = Math.max(1, parseInt(arg("tables", "4"), 10));
const BENCH_SECONDS = Math.max(30, parseInt(arg("bench-seconds", "300"), 10));
const BENCH_TABLES = Math.max(1, parseInt(arg("bench-tables", "200"), 10));
/** The soak is about staying flat for minutes: people arrive over 20 s (bench:bot alone defaults to a 2 s herd). */
const BENCH_ARRIVE = Math.max(0, parseFloat(arg("bench-arrive", "20")));
const SEED = parseInt(arg("seed", String(Date.now() % 100000)), 10);
const ONLY = new Set(arg("only", "fuzz,crash,bench").split(","));
const ROOT = fileURLToPath(new URL("../", import.meta.url));

const say = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);
const failures: string[] = [];
const need = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};
const first = (xs: string[]) => (xs.length ? ` — first: ${xs[0]}` : "");

async function fuzz(): Promise<FuzzFigures> {
  say(`fuzz: ${FUZZ} generated interactions on ${TABLES} tables, seed ${SEED} (at most 20 minutes)`);
  const f = await runFuzz({ seed: SEED, interactions: FUZZ, tables: TABLES, timeLimitMs: 20 * 60_000, progress: say });
  const crashes = f.unhandledRejections + f.handlerErrors.length;
  say(
    `fuzz: interactions tried ${f.tried} (${f.interactions} with the people's own moves) in ${f.seconds} s; crashes ${crashes}; not acknowledged in 3 s ${f.notAcknowledged}; ack p99 ${f.ackP99Ms} ms, max ${f.ackMaxMs} ms`,
  );
  say(`fuzz: by kind ${JSON.stringify(f.byKind)}`);
  say(
    `fuzz: ${f.tables} tables, ${f.gamesFinished} games finished, ${f.actionsStored} actions stored, state ≠ replay ${f.stateMismatches.length}, stuck ${f.stuck.length}, answers seen by others ${f.publicAnswers.length}, unclear answers ${f.unclear.length}, Discord rule violations ${f.violations.length}`,
  );
  for (const [kind, texts] of Object.entries(f.samples))
    say(`fuzz: ${kind} answers, e.g. ${texts.map((t) => JSON.stringify(t)).join(" · ")}`);
  say(`fuzz: payloads checked ${f.secrecy.payloads} (${f.secrecy.withCards} showing cards), leaks ${f.secrecy.leaks.length}`);
  need(f.tried >= FUZZ, `fuzz: only ${f.tried} of ${FUZZ} interactions in the time allowed`);
  need(crashes === 0, `fuzz: ${crashes} crashes${first(f.handlerErrors)}`);
  need(f.notAcknowledged === 0, `fuzz: ${f.notAcknowledged} interactions not acknowledged within 3 s`);
  need(!f.stateMismatches.length, `fuzz: ${f.stateMismatches.length} tables differ from their replay${first(f.stateMismatches)}`);
  need(!f.stuck.length, `fuzz: ${f.stuck.length} stuck tables${first(f.stuck)}`);
  need(!f.publicAnswers.length, `fuzz: ${f.publicAnswers.length} answers seen by others${first(f.publicAnswers)}`);
  need(!f.unclear.length, `fuzz: ${f.unclear.length} answers without a reason${first(f.unclear)}`);
  need(!f.violations.length, `fuzz: ${f.violations.length} Discord rule violations${first(f.violations)}`);
  need(!f.secrecy.leaks.length, `fuzz: ${f.secrecy.leaks.length} leaks${first(f.secrecy.leaks)}`);
  return f;
}

async function crash(): Promise<CrashFigures> {
  say(`crash: ${KILLS} SIGKILLs of the bot process during games on 3 tables, seed ${SEED} (at most 30 minutes)`);
  const c = await runCrash({ seed: SEED, kills: KILLS, tables: 3, timeLimitMs: 30 * 60_000, progress: say });
  say(
    `crash: kills ${c.kills} (${c.earlyKills} while the bot was starting), kills survived ${c.killsSurvived}, confirmed actions checked ${c.confirmed}, actions lost ${c.lost.length}, logs not replaying ${c.broken.length}, in ${c.seconds} s`,
  );
  say(
    `crash: ${c.tables} tables, ${c.gamesFinished} games finished, unfinished ${c.unfinished.length}, failed starts ${c.startFailures.length}, ${c.interactions} interactions (${c.notAcknowledged} sent while the bot was down)`,
  );
  say(
    `crash: log ${c.logs.lines} lines, unparsable ${c.logs.unparsable.length}, table events ${c.logs.tableEvents} (without tableId ${c.logs.withoutTableId.length}), errors ${c.logs.errors}, secrets ${c.logs.secretHits.length}`,
  );
  say(`crash: payloads checked ${c.secrecy.payloads} (${c.secrecy.withCards} showing cards), leaks ${c.secrecy.leaks.length}`);
  need(c.kills >= KILLS, `crash: only ${c.kills} of ${KILLS} kills in the time allowed`);
  need(c.killsSurvived === c.kills, `crash: survived ${c.killsSurvived} of ${c.kills} kills`);
  need(!c.lost.length, `crash: ${c.lost.length} confirmed actions lost${first(c.lost)}`);
  need(!c.broken.length, `crash: ${c.broken.length} logs do not replay${first(c.broken)}`);
  need(!c.unfinished.length, `crash: ${c.unfinished.length} tables did not finish${first(c.unfinished)}`);
  need(!c.startFailures.length, `crash: ${c.startFailures.length} failed starts${first(c.startFailures)}`);
  need(!c.violations.length, `crash: ${c.violations.length} Discord rule violations${first(c.violations)}`);
  need(
    !c.logs.unparsable.length && !c.logs.withoutTableId.length && !c.logs.secretHits.length,
    `crash: log problems (${c.logs.unparsable.length} unparsable, ${c.logs.withoutTableId.length} table events without tableId, ${c.logs.secretHits.length} secrets)`,
  );
  need(!c.secrecy.leaks.length, `crash: ${c.secrecy.leaks.length} leaks${first(c.secrecy.leaks)}`);
  return c;
}

/** npm run bench:bot with --check; resolves to its last JSON line. */
function bench(): Promise<any> {
  say(`bench: npm run bench:bot -- --tables ${BENCH_TABLES} --seconds ${BENCH_SECONDS} --arrive ${BENCH_ARRIVE} --check`);
  return new Promise((resolve) => {
    const proc = spawn(
      "npm",
      [
        "run",
        "--silent",
        "bench:bot",
        "--",
        "--tables",
        String(BENCH_TABLES),
        "--seconds",
        String(BENCH_SECONDS),
        "--arrive",
        String(BENCH_ARRIVE),
        "--check",
      ],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    let last = "";
    let buf = "";
    proc.stdout.on("data", (c: Buffer) => {
      buf += c.toString();
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith("{")) last = line;
        else if (line.trim()) say(`bench: ${line}`);
      }
    });
    // Bounded: the run's own length plus time to start, warm up and measure memory.
    const timer = setTimeout(() => proc.kill("SIGTERM"), (BENCH_SECONDS + 300) * 1000);
    proc.on("exit", (code) => {
      clearTimeout(timer);
      let result: any = null;
      try {
        result = JSON.parse(buf.trim().startsWith("{") ? buf.trim() : last);
      } catch {
        // no JSON line: the run failed
      }
      if (!result) need(false, `bench: bench:bot ended (exit ${code}) without its JSON result`);
      else {
        say(
          `bench: p99 under load ${result.ackMs?.p99} ms (p50 ${result.ackMs?.p50} ms, max ${result.ackMs?.max} ms) over ${result.interactions} interactions; heap ${result.heapPerTableKB} KB per table, slope ${result.flatness?.heapSlopeKBPerMin} KB/min; last interval p99 ${result.flatness?.lastIntervalP99} ms`,
        );
        if (result.check) need(result.check.passed, `bench: ${result.check.failures.join("; ")}`);
        else need(code === 0, `bench: exit ${code}`);
      }
      resolve(result);
    });
  });
}

const started = Date.now();
const summary: Record<string, unknown> = { seed: SEED };
process.on("unhandledRejection", (e) => {
  failures.push(`unhandled rejection in the soak runner: ${String(e)}`);
});
if (ONLY.has("fuzz")) {
  const f = await fuzz();
  summary.fuzz = {
    tried: f.tried,
    interactions: f.interactions,
    crashes: f.unhandledRejections + f.handlerErrors.length,
    notAcknowledged: f.notAcknowledged,
    ackP99Ms: f.ackP99Ms,
    payloadsChecked: f.secrecy.payloads,
    leaks: f.secrecy.leaks.length,
    gamesFinished: f.gamesFinished,
    seconds: f.seconds,
  };
}
if (ONLY.has("crash")) {
  const c = await crash();
  summary.crash = {
    kills: c.kills,
    earlyKills: c.earlyKills,
    killsSurvived: c.killsSurvived,
    confirmed: c.confirmed,
    actionsLost: c.lost.length,
    gamesFinished: c.gamesFinished,
    logLines: c.logs.lines,
    payloadsChecked: c.secrecy.payloads,
    leaks: c.secrecy.leaks.length,
    seconds: c.seconds,
  };
}
if (ONLY.has("bench")) {
  const r = await bench();
  summary.bench = r
    ? {
        tables: BENCH_TABLES,
        seconds: BENCH_SECONDS,
        ackP99Ms: r.ackMs?.p99,
        heapPerTableKB: r.heapPerTableKB,
        heapSlopeKBPerMin: r.flatness?.heapSlopeKBPerMin,
        passed: r.check?.passed,
      }
    : null;
}
summary.failures = failures;
summary.minutes = Math.round((Date.now() - started) / 6000) / 10;
say(failures.length ? `FAILED:\n  ${failures.join("\n  ")}` : `passed in ${summary.minutes} minutes`);
console.log(JSON.stringify(summary));
process.exit(failures.length ? 1 : 0);
