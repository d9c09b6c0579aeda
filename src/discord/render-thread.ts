/**
 * Pictures drawn on a worker thread. Drawing and PNG encoding take 10–25 ms of CPU per picture;
 * on the main thread every gateway event and every acknowledgement waits behind them (at 200
 * tables they were 30 % of the bot's main-thread time and most of its acknowledgement tail).
 * Requests are served by lane (pacer.ts: the person who clicked first, then menus, then table
 * pictures, then posts), one at a time so a later urgent picture never waits behind a queue.
 *
 * node-canvas must also be loaded on the main thread (images.ts imports the renderer): when the
 * last thread holding the addon exits, the addon's teardown crashes the process.
 */
import { Worker } from "node:worker_threads";
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

/** A worker that fails this many times in a row is given up: pictures go back to the main thread. */
const MAX_FAILURES = 3;

function spawn(): Worker {
  const entry = new URL(import.meta.url.endsWith(".ts") ? "./render-worker.ts" : "./render-worker.js", import.meta.url);
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry);
  // Under tsx or vitest a worker cannot load a .ts entry by itself (same bootstrap as src/ai/pool.ts).
  const api = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true });
}

export class RenderThread {
  private worker: Worker | null = null;
  private ready = false;
  private readonly lanes: Job[][] = [[], [], [], []];
  private current: Job | null = null;
  private nextId = 1;
  private failures = 0;
  private closed = false;

  constructor(private readonly log: Logger) {}

  /** False once the worker failed repeatedly or was closed: draw on the main thread instead. */
  get available(): boolean {
    return !this.closed && this.failures < MAX_FAILURES;
  }

  /** Pictures queued or being drawn. */
  get backlog(): number {
    return this.lanes.reduce((n, l) => n + l.length, this.current ? 1 : 0);
  }

  /** Starts the worker now, so the first picture does not wait for it. */
  warm(): void {
    if (this.available && !this.worker) this.worker = this.start();
  }

  render(method: RenderMethod, args: unknown[], lane: number): Promise<Buffer> {
    if (!this.available) return Promise.reject(new Error("The picture worker is not available."));
    return new Promise<Buffer>((resolve, reject) => {
      this.lanes[Math.min(Math.max(lane, 0), this.lanes.length - 1)].push({ id: this.nextId++, method, args, resolve, reject });
      this.pump();
    });
  }

  private start(): Worker {
    const w = spawn();
    w.unref();
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
      w.unref();
      if (m.ok) job.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      else job.reject(new Error(m.error));
      this.pump();
    });
    w.on("error", (err) => this.lost(w, err));
    w.on("exit", (code) => this.lost(w, new Error(`exit code ${code}`)));
    return w;
  }

  private lost(w: Worker, err: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    this.ready = false;
    const job = this.current;
    this.current = null;
    if (this.closed) return;
    this.failures++;
    job?.reject(new Error(`The picture worker stopped: ${err.message}`));
    if (this.available) {
      this.log.error({ err: err.message }, "the picture worker stopped; starting a new one");
      this.pump();
    } else {
      this.log.error({ err: err.message }, "the picture worker keeps stopping; drawing pictures on the main thread from now on");
      for (const lane of this.lanes) for (const j of lane.splice(0)) j.reject(new Error("The picture worker is not available."));
    }
  }

  private pump(): void {
    if (this.closed || this.current) return;
    const lane = this.lanes.find((l) => l.length);
    if (!lane) return;
    if (!this.worker) this.worker = this.start();
    if (!this.ready) return;
    const job = lane.shift()!;
    this.current = job;
    this.worker.ref();
    const req: RenderRequest = { id: job.id, method: job.method, args: job.args };
    this.worker.postMessage(req);
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
    await w?.terminate();
  }
}
