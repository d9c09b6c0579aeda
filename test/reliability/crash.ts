/**
 * Crash and restart of the whole bot: the real bot in its own process (dist/, as `npm start` runs it),
 * logged in to the fake Discord, on a temporary SQLite file, with LOG_FORMAT=json. People play
 * several tables through the fake; the bot is killed with SIGKILL at random moments and started
 * again. After each kill, every action the bot had confirmed to a person (its answer said ✅) must
 * be in the store and every table's log must replay; at the end every table has played to its end.
 *
 * Its JSON log (every start) is kept for the log checks: every line parses, table events carry the
 * table id, and neither the bot token nor any interaction token appears anywhere in it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRng } from "../../src/game/index.js";
import { decodeId } from "../../src/discord/interactions/ids.js";
import { loadGame, openStore, type StoredAction } from "../../src/store/index.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { TableDriver } from "./driver.js";
import { compiled } from "../ops/compiled.js";
import { checkLogLines, type LogReport } from "./logs.js";
import { SecrecyChecker, type SecrecyReport } from "./secrecy.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface CrashOptions {
  seed: number;
  kills: number;
  tables?: number;
  /** Give up (and report) after this long. */
  timeLimitMs: number;
  /** Longest random run between two kills (ms after the bot is ready). */
  maxUpMs?: number;
  progress?: (line: string) => void;
}

export interface CrashFigures {
  kills: number;
  /** Of those, kills while the bot was still starting (loading, migrating, logging in, resuming). */
  earlyKills: number;
  /** Kills after which every confirmed action was found and every log replayed. */
  killsSurvived: number;
  confirmed: number;
  /** Confirmed actions missing from the store after a kill. */
  lost: string[];
  /** Tables whose log does not replay. */
  broken: string[];
  tables: number;
  gamesFinished: number;
  /** Tables still open at the end (they should all have played to their end). */
  unfinished: string[];
  /** A start that did not log in, or exited by itself. */
  startFailures: string[];
  /** What the bot said when a new table did not open (after a kill mid-open, say). */
  openFailures: string[];
  interactions: number;
  notAcknowledged: number;
  violations: string[];
  logs: LogReport;
  /** Log lines cut short by a SIGKILL (not judged). */
  cutLogLines: number;
  secrecy: SecrecyReport;
  seconds: number;
}

interface Running {
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runCrash(opts: CrashOptions): Promise<CrashFigures> {
  const started = Date.now();
  const rng = createRng(opts.seed);
  const nTables = opts.tables ?? 3;
  const fake: FakeDiscord = await startFakeDiscord({ users: nTables * 2, recordCalls: false, history: false });
  const channels = Array.from({ length: nTables }, (_, i) => fake.addChannel(`crash-${i}`));
  const dir = mkdtempSync(join(tmpdir(), "hearts-crash-"));
  const dbUrl = `file:${join(dir, "hearts.db")}`;
  const secrecy = new SecrecyChecker(fake);
  const logLines: string[] = [];
  const stderr: string[] = [];
  const tokens = new Set<string>();
  let interactions = 0;
  let notAck = 0;
  const onSend = (h: { token: string; ack: Promise<unknown> }) => {
    interactions++;
    tokens.add(h.token);
    h.ack.catch(() => notAck++);
  };
  // Over when its Game over post is seen, or (a game finished just before a kill) the store says so.
  let reader: Awaited<ReturnType<typeof openStore>> | null = null;
  const lastLook = new Map<string, number>();
  const isOver = async (tableId: string, d: TableDriver): Promise<boolean> => {
    if (await d.postedOver()) return true;
    if (Date.now() - (lastLook.get(tableId) ?? 0) < 2000) return false;
    lastLook.set(tableId, Date.now());
    if (!reader) return false;
    const t = await reader.getTable(tableId);
    return !!t && !["lobby", "passing", "playing"].includes(t.status);
  };
  const drivers: TableDriver[] = channels.map(
    (ch, i) =>
      new TableDriver(fake, ch, [fake.users[2 * i], fake.users[2 * i + 1]], createRng(opts.seed * 17 + i), {
        target: 40,
        onSend,
        isOver: (id) => isOver(id, drivers[i]),
      }),
  );

  let running: Running | null = null;
  let up = false;
  const startFailures: string[] = [];
  /** Starts the bot and waits until it has logged in (and resumed its tables). */
  let cutLines = 0;
  /** Keeps the process's log lines; a last line cut by SIGKILL is counted, not judged. */
  const collect = (proc: ChildProcess, onLine: (line: string) => void) => {
    let buf = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      buf += chunk.toString();
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        logLines.push(line);
        onLine(line);
      }
    });
    proc.on("exit", () => {
      if (buf) cutLines++;
    });
  };
  /**
   * A start killed early (`killAfterMs` after the spawn, while it loads, migrates, logs in or
   * resumes): returns once it is dead. Counts as a kill.
   */
  const startAndKill = async (killAfterMs: number): Promise<void> => {
    const proc = spawn(process.execPath, compiled("src/app/main.ts"), {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: botEnv(),
    });
    collect(proc, () => undefined);
    const exited = new Promise((r) => proc.on("exit", r));
    const t = setTimeout(() => proc.kill("SIGKILL"), killAfterMs);
    await exited;
    clearTimeout(t);
  };
  const botEnv = (): NodeJS.ProcessEnv => ({
    ...process.env,
    DISCORD_TOKEN: fake.token,
    DISCORD_API_BASE: fake.apiBase,
    DISCORD_CLIENT_ID: fake.applicationId,
    DATABASE_URL: dbUrl,
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    NODE_ENV: "production",
    BOT_DELAY_MS: "0",
    // Simulated people act faster than anyone can click, at more tables than one server may open.
    RATE_LIMIT_PER_USER: "0",
    RATE_LIMIT_PER_SERVER: "0",
    TABLE_COOLDOWN_SECONDS: "0",
    MAX_TABLES_PER_SERVER: "1000",
    TABLE_EDIT_INTERVAL_MS: "30",
    DEFAULT_BOT_LEVEL: "easy",
    // One process (no sharding manager): SIGKILL then takes the whole bot down.
    SHARDS: undefined,
    SHARD_COUNT: undefined,
  });
  const start = async (): Promise<boolean> => {
    const proc = spawn(process.execPath, compiled("src/app/main.ts"), {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: botEnv(),
    });
    let ready!: () => void;
    const isReady = new Promise<void>((r) => (ready = r));
    collect(proc, (line) => {
      if (line.includes('"logged in to Discord"')) setTimeout(ready, 0);
    });
    proc.stderr!.on("data", (c: Buffer) => stderr.push(c.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
      proc.on("exit", (code, signal) => r({ code, signal })),
    );
    running = { proc, exited };
    const outcome = await Promise.race([isReady.then(() => "ready"), exited.then(() => "exited"), sleep(30_000).then(() => "timeout")]);
    if (outcome !== "ready") {
      startFailures.push(`start ${outcome}: ${stderr.join("").slice(-500)}`);
      proc.kill("SIGKILL");
      await exited;
      running = null;
      return false;
    }
    // Tables resume right after the login line; give the resume a moment before people click.
    await sleep(150);
    up = true;
    return true;
  };

  const confirmedChecked = new Set<string>();
  const lost: string[] = [];
  const broken: string[] = [];
  const allTables = new Set<string>();
  let killsSurvived = 0;
  /** With the bot dead: every confirmed action is stored, every log replays. */
  const verify = async (): Promise<boolean> => {
    const store = await openStore(dbUrl);
    let ok = true;
    try {
      const logs = new Map<string, StoredAction[]>();
      for (const d of drivers) if (d.tableId) allTables.add(d.tableId);
      for (const id of allTables) {
        const g = await loadGame(store, id);
        if (!g.ok && g.reason !== "missing-table") {
          broken.push(`${id}: ${g.message}`);
          ok = false;
        }
        logs.set(id, await store.loadActions(id));
      }
      for (const d of drivers) {
        for (const c of d.confirmed) {
          const key = `${c.tableId}/${c.version}/${c.userId}/${c.customId}`;
          if (confirmedChecked.has(key)) continue;
          const table = await store.getTable(c.tableId);
          const seat = table?.seats.find((s) => s.userId === c.userId)?.seat;
          const id = decodeId(c.customId);
          const actions = logs.get(c.tableId) ?? (await store.loadActions(c.tableId));
          const found = actions.some((a) => {
            if (a.seat !== seat || !id) return false;
            if (id.verb === "play") return a.seq === c.version && a.action.type === "play" && a.action.card === id.card;
            if (id.verb === "moon") return a.seq === c.version && a.action.type === "moon";
            if (id.verb === "pass")
              return (
                a.seq >= c.version && a.action.type === "pass" && id.cards.every((x) => (a.action as { cards: number[] }).cards.includes(x))
              );
            return false;
          });
          if (!found) {
            lost.push(`${c.text} (table ${c.tableId}, version ${c.version})`);
            ok = false;
          }
          confirmedChecked.add(key);
        }
      }
    } finally {
      await store.close();
    }
    return ok;
  };

  let kills = 0;
  let earlyKills = 0;
  let gamesFinished = 0;
  const deadline = started + opts.timeLimitMs;
  const maxUp = opts.maxUpMs ?? 2500;
  try {
    if (!(await start())) throw new Error(`the bot did not start: ${startFailures.join("; ")}`);
    // Opened once the bot has migrated the database (two processes migrating at once is the
    // store's own test; here it would only add noise).
    reader = await openStore(dbUrl);
    await fake.waitFor(() => channels.every(Boolean) || null, 1000, "channels");
    for (const d of drivers) await d.open();
    let killAt = Date.now() + 200 + rng.int(maxUp);
    let lastReport = Date.now();
    // Phase 1: kills at random moments while the tables play (finished games are followed by new ones).
    // Phase 2: no more kills; every open table plays to its end.
    for (;;) {
      const killing = kills < opts.kills;
      if (Date.now() > deadline) break;
      if (!killing && (await Promise.all(drivers.map((d) => d.over()))).every(Boolean)) break;
      if (up && killing && Date.now() >= killAt) {
        const r = running!;
        r.proc.kill("SIGKILL");
        up = false;
        await r.exited;
        running = null;
        kills++;
        if (await verify()) killsSurvived++;
        // One kill in five lands while the next start is still on its way up.
        if (kills < opts.kills && rng.int(5) === 0) {
          await startAndKill(200 + rng.int(2500));
          kills++;
          earlyKills++;
          if (await verify()) killsSurvived++;
        }
        // A start that fails is reported; a few more tries so one bad moment does not end the run.
        let upAgain = await start();
        for (let retry = 0; !upAgain && retry < 3; retry++) {
          await sleep(2000);
          upAgain = await start();
        }
        if (!upAgain) break;
        killAt = Date.now() + rng.int(maxUp);
        if (opts.progress && Date.now() - lastReport > 10_000) {
          lastReport = Date.now();
          opts.progress(
            `crash: ${kills} kills, ${confirmedChecked.size} confirmed actions checked, ${lost.length} lost, ${Math.round((Date.now() - started) / 1000)} s`,
          );
        }
        continue;
      }
      await Promise.all(
        drivers.map(async (d) => {
          if (!d.tableId || !(await d.over())) return d.step();
          if (killing) {
            allTables.add(d.tableId);
            await d.open();
          }
        }),
      );
      await sleep(10);
    }
  } finally {
    const r = running as Running | null;
    if (r) {
      // A clean stop at the end (SIGTERM), so the last log lines are the shutdown's.
      r.proc.kill("SIGTERM");
      const t = setTimeout(() => r.proc.kill("SIGKILL"), 5000);
      await r.exited;
      clearTimeout(t);
    }
  }
  await verify();
  await (reader as { close(): Promise<void> } | null)?.close();
  const unfinished: string[] = [];
  const store = await openStore(dbUrl);
  for (const d of drivers) if (d.tableId) allTables.add(d.tableId);
  for (const id of allTables) {
    const g = await loadGame(store, id);
    if (g.ok && g.table.status === "finished") gamesFinished++;
    else if (drivers.some((d) => d.tableId === id))
      unfinished.push(`${id}: ${g.ok ? `${g.table.status} after ${g.table.actionCount} actions` : g.message}`);
  }
  for (const d of drivers) d.stop();
  secrecy.stop();
  const secrecyReport = await secrecy.check(store, { logLines });
  await store.close();
  const logs = checkLogLines(logLines, { secrets: [fake.token, ...tokens] });
  const figures: CrashFigures = {
    kills,
    earlyKills,
    killsSurvived,
    confirmed: confirmedChecked.size,
    lost,
    broken,
    tables: allTables.size,
    gamesFinished,
    unfinished,
    startFailures,
    openFailures: drivers.flatMap((d) => d.openFailures).slice(0, 20),
    interactions,
    notAcknowledged: notAck,
    violations: fake.violations.filter((v) => v.kind !== "not-acknowledged").map((v) => `${v.kind}: ${v.detail}`),
    logs,
    cutLogLines: cutLines,
    secrecy: secrecyReport,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  try {
    await fake.close(); // throws when a request did not match Discord's API
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
