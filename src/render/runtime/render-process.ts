/**
 * Pictures drawn in a child process. Drawing and PNG encoding take 10–25 ms of CPU per picture;
 * on the main thread every gateway event and every acknowledgement waits behind them (at 200
 * tables they were 30 % of the bot's main-thread time and most of its acknowledgement tail).
 * Requests are served by lane (pacer.ts: the person who clicked first, then menus, then table
 * pictures, then posts), one at a time so a later urgent picture never waits behind a queue.
 *
 * A process, not a worker thread: node-canvas keeps per-process state, and in a worker thread an
 * exception thrown by canvas (a bad input) aborts the whole process instead of reaching our catch.
 *
 * A picture never holds a message up for long: one not drawn within its time limit is abandoned
 * and the child killed. A child that stops, hangs or never starts is replaced after a backoff
 * (100 ms doubling up to 30 s, back to 100 ms after a healthy minute), logged; until the new one
 * is up, pictures are refused at once and their messages go out with text (images.ts).
 *
 * The child gets only the environment it needs to run (CHILD_ENV): not the bot token, not the
 * database URL, nothing else of the bot's settings.
 */
import { fork, type ChildProcess } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import type { Logger } from "../../log.js";
import { besideModule } from "../../paths.js";
import type * as render from "../index.js";

/** What draws pictures: the canvas renderer (src/render), or a test's stand-in. */
export type Renderer = Pick<
  typeof render,
  | "renderTrick"
  | "renderTable"
  | "renderHand"
  | "renderHandSummary"
  | "renderGameOver"
  | "renderLeaderboard"
  | "renderDailyBoard"
  | "renderTournamentStandings"
  | "renderTournamentPodium"
  | "renderSeason"
>;

export type RenderMethod = keyof Renderer;
export interface RenderRequest {
  id: number;
  method: RenderMethod;
  args: unknown[];
}
export type RenderReply = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; error: string };

/** The picture process cannot take pictures now (restarting, or the bot is stopping): send text. */
export class PicturesUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PicturesUnavailable";
  }
}

export interface RenderProcessOptions {
  /** A picture not drawn within this long is abandoned and the child killed (default 5 s). */
  timeoutMs?: number;
  /** A child that has not said it is ready after this long is replaced (default 20 s). */
  startTimeoutMs?: number;
  /** Restart backoff: the first delay, its cap, and how long a child must run to reset it. */
  restart?: { initialMs?: number; maxMs?: number; healthyMs?: number };
  /** Another child module (tests inject faults this way); it must load ./render-child. */
  entry?: URL;
}

interface Job extends RenderRequest {
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
}

/** How much lower the picture process's scheduling priority is than the bot's (nice steps). */
const NICER = 5;

/**
 * The variables the child may see: where programs and the home folder are, the locale and time
 * zone (fonts and text shaping), fontconfig's and the dynamic loader's settings (canvas), and
 * Node's and tsx's own options. Nothing else of the bot's environment.
 */
const CHILD_ENV =
  /^(PATH|HOME|USER|LOGNAME|SHELL|TMPDIR|TMP|TEMP|LANG|LANGUAGE|LC_[A-Z]+|TZ|NODE_ENV|NODE_OPTIONS|NODE_PATH|TSX_[A-Z_]+|FONTCONFIG_[A-Z_]+|XDG_[A-Z_]+|LD_LIBRARY_PATH|SYSTEMROOT|WINDIR)$/i;

/** The picture child's environment: only the variables in CHILD_ENV. */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && CHILD_ENV.test(k)) out[k] = v;
  return out;
}

function spawn(entry: URL): ChildProcess {
  const execArgv = process.execArgv.filter((a) => !a.startsWith("--cpu-prof") && !a.startsWith("--inspect"));
  // Under vitest (or plain node) a .ts entry needs tsx's loader; under `tsx` it is inherited already.
  if (entry.pathname.endsWith(".ts") && !execArgv.some((a) => a.includes("tsx"))) execArgv.push("--import", import.meta.resolve("tsx"));
  const child = fork(entry, [], { execArgv, env: childEnv(), serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
  // Below the bot in the scheduler: when the cores are busy, gateway events and acknowledgements
  // win over drawing (a picture follows an acknowledgement, it never precedes it).
  try {
    if (child.pid) setPriority(child.pid, Math.min(19, getPriority() + NICER));
  } catch {
    // Not allowed here: the child keeps the bot's priority.
  }
  return child;
}

const defaultEntry = () => besideModule(import.meta.url, "render-child");

export class RenderProcess {
  private worker: ChildProcess | null = null;
  private ready = false;
  /** Between a failure and the replacement's start: pictures are refused at once. */
  private down = false;
  private readonly lanes: Job[][] = [[], [], [], []];
  private current: Job | null = null;
  /** The current picture's time limit. */
  private jobTimer: NodeJS.Timeout | null = null;
  /** The child's start timeout, or the restart timer while down. */
  private childTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private failures = 0;
  private readyAt = 0;
  private closed = false;
  private readonly entry: URL;
  private readonly limits: { timeoutMs: number; startTimeoutMs: number; initialMs: number; maxMs: number; healthyMs: number };

  constructor(
    private readonly log: Logger,
    opts: RenderProcessOptions = {},
  ) {
    this.entry = opts.entry ?? defaultEntry();
    this.limits = {
      timeoutMs: opts.timeoutMs ?? 5000,
      startTimeoutMs: opts.startTimeoutMs ?? 20_000,
      initialMs: opts.restart?.initialMs ?? 100,
      maxMs: opts.restart?.maxMs ?? 30_000,
      healthyMs: opts.restart?.healthyMs ?? 60_000,
    };
  }

  /** False once closed. While the child restarts it stays true: pictures are refused (text), never drawn on the main thread. */
  get available(): boolean {
    return !this.closed;
  }

  /** Pictures queued or being drawn. */
  get backlog(): number {
    return this.lanes.reduce((n, l) => n + l.length, this.current ? 1 : 0);
  }

  /** The child's process id, while it runs. */
  get pid(): number | undefined {
    return this.worker?.pid;
  }

  /** Starts the child now, so the first picture does not wait for it. */
  warm(): void {
    if (!this.closed && !this.down && !this.worker) this.start();
  }

  render(method: RenderMethod, args: unknown[], lane: number): Promise<Buffer> {
    if (this.closed) return Promise.reject(new PicturesUnavailable("The picture process is closed."));
    if (this.down) return Promise.reject(new PicturesUnavailable("The picture process is restarting."));
    return new Promise<Buffer>((resolve, reject) => {
      this.lanes[Math.min(Math.max(lane, 0), this.lanes.length - 1)].push({ id: this.nextId++, method, args, resolve, reject });
      this.pump();
    });
  }

  private start(): void {
    const w = spawn(this.entry);
    this.worker = w;
    this.ready = false;
    this.readyAt = 0;
    this.idle(w);
    this.childTimer = setTimeout(
      () => this.lost(w, `it did not start within ${this.limits.startTimeoutMs} ms`),
      this.limits.startTimeoutMs,
    );
    this.childTimer.unref();
    w.on("message", (m: RenderReply | { ready: true }) => {
      if (this.worker !== w) return;
      if (!("id" in m)) {
        this.clearChildTimer();
        this.ready = true;
        this.readyAt = Date.now();
        if (this.failures) this.log.info({ failures: this.failures }, "the picture process is back");
        this.pump();
        return;
      }
      const job = this.current;
      if (!job || job.id !== m.id) return;
      this.current = null;
      this.clearJobTimer();
      this.idle(w);
      if (m.ok) job.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      else job.reject(new Error(m.error));
      this.pump();
    });
    w.on("error", (err) => this.lost(w, err.message));
    w.on("exit", (code, signal) => this.lost(w, signal ? `killed by ${signal}` : `exit code ${code}`));
  }

  /** An idle child does not keep the bot's process alive. */
  private idle(w: ChildProcess): void {
    w.unref();
    (w.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  private busy(w: ChildProcess): void {
    w.ref();
    (w.channel as { ref?: () => void } | undefined)?.ref?.();
  }

  private clearJobTimer(): void {
    if (this.jobTimer) clearTimeout(this.jobTimer);
    this.jobTimer = null;
  }

  private clearChildTimer(): void {
    if (this.childTimer) clearTimeout(this.childTimer);
    this.childTimer = null;
  }

  /** The child stopped, hung or never started: what it had is refused (text instead) and a new child follows after a backoff. */
  private lost(w: ChildProcess, why: string, jobError?: string): void {
    if (this.worker !== w || this.closed) return;
    this.worker = null;
    this.ready = false;
    this.clearJobTimer();
    this.clearChildTimer();
    if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
    const job = this.current;
    this.current = null;
    job?.reject(new Error(jobError ?? `The picture process stopped: ${why}.`));
    const waiting = this.lanes.flatMap((l) => l.splice(0));
    for (const j of waiting) j.reject(new PicturesUnavailable("The picture process is restarting."));
    const now = Date.now();
    if (this.readyAt && now - this.readyAt >= this.limits.healthyMs) this.failures = 0;
    this.failures++;
    const delay = Math.min(this.limits.maxMs, this.limits.initialMs * 2 ** (this.failures - 1));
    this.down = true;
    this.log.error(
      { why, failures: this.failures, restartInMs: delay, lost: (job ? 1 : 0) + waiting.length },
      "the picture process stopped; its pictures go out as text until a new one starts",
    );
    this.childTimer = setTimeout(() => {
      this.childTimer = null;
      this.down = false;
      if (!this.closed) this.start();
    }, delay);
    this.childTimer.unref();
  }

  private pump(): void {
    if (this.closed || this.current || this.down) return;
    const lane = this.lanes.find((l) => l.length);
    if (!lane) return;
    if (!this.worker) this.start();
    const w = this.worker!;
    // Pictures waiting keep the bot's process alive, also while the child is starting.
    this.busy(w);
    if (!this.ready) return;
    const job = lane.shift()!;
    this.current = job;
    this.jobTimer = setTimeout(() => {
      this.jobTimer = null;
      if (this.current !== job) return;
      this.lost(
        w,
        `a picture (${job.method}) took over ${this.limits.timeoutMs} ms`,
        `The picture took too long (over ${this.limits.timeoutMs} ms) and was abandoned.`,
      );
    }, this.limits.timeoutMs);
    const req: RenderRequest = { id: job.id, method: job.method, args: job.args };
    w.send(req);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clearJobTimer();
    this.clearChildTimer();
    const gone = new PicturesUnavailable("The bot is stopping.");
    for (const lane of this.lanes) for (const j of lane.splice(0)) j.reject(gone);
    this.current?.reject(gone);
    this.current = null;
    const w = this.worker;
    this.worker = null;
    if (w && w.exitCode === null && w.signalCode === null) {
      const exited = new Promise((r) => w.once("exit", r));
      // The child outlives a SIGTERM on purpose (render-child.ts); closing its channel ends it, and
      // one that does not answer (a picture hung) is killed.
      if (w.connected) w.disconnect();
      else w.kill("SIGKILL");
      const kill = setTimeout(() => w.kill("SIGKILL"), 1000);
      await exited;
      clearTimeout(kill);
    }
  }
}
