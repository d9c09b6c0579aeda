/**
 * Decisions on worker threads, so a 200–300 ms hard decision never blocks the Discord gateway.
 * Under tsx (the project runs TypeScript directly) a worker cannot load a .ts entry by itself, so
 * it starts from a one-line bootstrap that registers tsx's loader first; this works on Node 20.6+
 * under both `tsx` and vitest.
 */
import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import type { Action, SeatView } from "../game/index.js";
import type { BotLevel, DecideOptions } from "./decide.js";

export interface PoolRequest {
  id: number;
  view: SeatView;
  level: BotLevel;
  opts?: DecideOptions;
}
export type PoolReply = { id: number; ok: true; action: Action; ms: number } | { id: number; ok: false; error: string };

interface Task extends PoolRequest {
  resolve: (a: Action) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

function spawn(): Worker {
  const entry = new URL(import.meta.url.endsWith(".ts") ? "./worker.ts" : "./worker.js", import.meta.url);
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry);
  const api = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true });
}

export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  /** `size`: worker threads (default: one per spare core, at least 1, at most 4). */
  constructor(opts: { size?: number } = {}) {
    const size = Math.max(1, Math.floor(opts.size ?? Math.min(4, Math.max(1, availableParallelism() - 1))));
    for (let i = 0; i < size; i++) this.slots.push(this.start());
  }

  get size(): number {
    return this.slots.length;
  }

  private start(): Slot {
    const slot: Slot = { worker: spawn(), task: null };
    const w = slot.worker;
    w.unref();
    w.on("message", (msg: PoolReply | { ready: true }) => {
      if (!("id" in msg)) return;
      const task = slot.task;
      if (!task || task.id !== msg.id) return;
      slot.task = null;
      w.unref();
      if (msg.ok) task.resolve(msg.action);
      else task.reject(new Error(msg.error));
      this.pump();
    });
    const fail = (err: Error) => {
      const task = slot.task;
      slot.task = null;
      task?.reject(new Error(`The computer player's worker stopped: ${err.message}`));
      if (this.closed) return;
      // Replace the broken worker so the table keeps going.
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots[i] = this.start();
      this.pump();
    };
    w.on("error", fail);
    w.on("exit", (code) => {
      if (!this.closed && this.slots.includes(slot)) fail(new Error(`exit code ${code}`));
    });
    return slot;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.task || !this.queue.length) continue;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      const req: PoolRequest = { id: task.id, view: task.view, level: task.level, opts: task.opts };
      slot.worker.postMessage(req);
    }
  }

  /** Same as decide() from index.ts, on a worker thread. */
  decide(view: SeatView, level: BotLevel, opts?: DecideOptions): Promise<Action> {
    if (this.closed) return Promise.reject(new Error("The bot pool is closed."));
    return new Promise<Action>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, view, level, opts, resolve, reject });
      this.pump();
    });
  }

  /** Stops the workers; decisions still queued or running are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error("The bot pool is closed."));
    await Promise.all(
      this.slots.map(async (slot) => {
        slot.task?.reject(new Error("The bot pool is closed."));
        slot.task = null;
        await slot.worker.terminate();
      }),
    );
  }
}
