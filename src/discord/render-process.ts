/**
 * Pictures drawn in a child process. Drawing and PNG encoding take 10–25 ms of CPU per picture;
 * on the main thread every gateway event and every acknowledgement waits behind them (at 200
 * tables they were 30 % of the bot's main-thread time and most of its acknowledgement tail).
 * Requests are served by lane (pacer.ts: the person who clicked first, then menus, then table
 * pictures, then posts), one at a time so a later urgent picture never waits behind a queue.
 *
 * A process, not a worker thread: node-canvas keeps per-process state, and in a worker thread an
 * exception thrown by canvas (a bad input) aborts the whole process instead of reaching our catch.
 * A crashed child is replaced; after repeated failures pictures are drawn inline again.
 */
import { fork, type ChildProcess } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import type { Logger } from "../log.js";
import type { Renderer } from "./images.js";

export type RenderMethod = keyof Renderer;
export interface RenderRequest {
  id: number;
  method: RenderMethod;
  args: unknown[];
}
export type RenderReply = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; error: string };

interface Job extends RenderRequest {
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
}

/** A child that fails this many times in a row is given up: pictures go back to the main thread. */
const MAX_FAILURES = 3;
/** How much lower the picture process's scheduling priority is than the bot's (nice steps). */
const NICER = 5;

function spawn(): ChildProcess {
  const entry = new URL(import.meta.url.endsWith(".ts") ? "./render-child.ts" : "./render-child.js", import.meta.url);
  const execArgv = process.execArgv.filter((a) => !a.startsWith("--cpu-prof") && !a.startsWith("--inspect"));
  // Under vitest (or plain node) a .ts entry needs tsx's loader; under `tsx` it is inherited already.
  if (entry.pathname.endsWith(".ts") && !execArgv.some((a) => a.includes("tsx"))) execArgv.push("--import", import.meta.resolve("tsx"));
  const child = fork(entry, [], { execArgv, serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
  // Below the bot in the scheduler: when the cores are busy, gateway events and acknowledgements
  // win over drawing (a picture follows an acknowledgement, it never precedes it).
  try {
    if (child.pid) setPriority(child.pid, Math.min(19, getPriority() + NICER));
  } catch {
    // Not allowed here: the child keeps the bot's priority.
  }
  return child;
}

export class RenderProcess {
  private worker: ChildProcess | null = null;
  private ready = false;
  private readonly lanes: Job[][] = [[], [], [], []];
  private current: Job | null = null;
  private nextId = 1;
  private failures = 0;
  private closed = false;

  constructor(private readonly log: Logger) {}

  /** False once the child failed repeatedly or was closed: draw on the main thread instead. */
  get available(): boolean {
    return !this.closed && this.failures < MAX_FAILURES;
  }

  /** Pictures queued or being drawn. */
  get backlog(): number {
    return this.lanes.reduce((n, l) => n + l.length, this.current ? 1 : 0);
  }

  /** Starts the child now, so the first picture does not wait for it. */
  warm(): void {
    if (this.available && !this.worker) this.worker = this.start();
  }

  render(method: RenderMethod, args: unknown[], lane: number): Promise<Buffer> {
    if (!this.available) return Promise.reject(new Error("The picture process is not available."));
    return new Promise<Buffer>((resolve, reject) => {
      this.lanes[Math.min(Math.max(lane, 0), this.lanes.length - 1)].push({ id: this.nextId++, method, args, resolve, reject });
      this.pump();
    });
  }

  private start(): ChildProcess {
    const w = spawn();
    this.idle(w);
    w.on("message", (m: RenderReply | { ready: true }) => {
      if (!("id" in m)) {
        this.ready = true;
        this.pump();
        return;
      }
      const job = this.current;
      if (!job || job.id !== m.id) return;
      this.current = null;
      this.failures = 0;
      this.idle(w);
      if (m.ok) job.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      else job.reject(new Error(m.error));
      this.pump();
    });
    w.on("error", (err) => this.lost(w, err));
    w.on("exit", (code, signal) => this.lost(w, new Error(signal ? `killed by ${signal}` : `exit code ${code}`)));
    return w;
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

  private lost(w: ChildProcess, err: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    this.ready = false;
    const job = this.current;
    this.current = null;
    if (this.closed) return;
    this.failures++;
    job?.reject(new Error(`The picture process stopped: ${err.message}`));
    if (this.available) {
      this.log.error({ err: err.message }, "the picture process stopped; starting a new one");
      this.pump();
    } else {
      this.log.error({ err: err.message }, "the picture process keeps stopping; drawing pictures on the main thread from now on");
      for (const lane of this.lanes) for (const j of lane.splice(0)) j.reject(new Error("The picture process is not available."));
    }
  }

  private pump(): void {
    if (this.closed || this.current) return;
    const lane = this.lanes.find((l) => l.length);
    if (!lane) return;
    if (!this.worker) this.worker = this.start();
    // Pictures waiting keep the bot's process alive, also while the child is starting.
    this.busy(this.worker);
    if (!this.ready) return;
    const job = lane.shift()!;
    this.current = job;
    const req: RenderRequest = { id: job.id, method: job.method, args: job.args };
    this.worker.send(req);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const gone = new Error("The bot is stopping.");
    for (const lane of this.lanes) for (const j of lane.splice(0)) j.reject(gone);
    this.current?.reject(gone);
    this.current = null;
    const w = this.worker;
    this.worker = null;
    if (w && w.exitCode === null && w.signalCode === null) {
      const gone = new Promise((r) => w.once("exit", r));
      w.kill();
      await gone;
    }
  }
}
