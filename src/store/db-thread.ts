/**
 * A worker thread with its own connection to the SQLite file, asked one question at a time by id.
 * better-sqlite3 is synchronous: whatever runs on it holds its thread, so the slow work (standings
 * reads, commits with their fsync and checkpoints) runs in one of these instead of the event loop
 * every table shares. The store's reader (reader.ts) and writer (writer.ts) are two of them.
 *
 * The worker posts `{ ready: true }` once its connection is set up; until then, and after it exits,
 * `call` rejects with `ThreadGone` so the caller can do the same work on its own connection. The
 * next call after an exit starts a fresh worker.
 */
import type { Worker } from "node:worker_threads";
import { besideModule, startWorker } from "../paths.js";

export type ThreadRequest = { id: number; op: string };
export type ThreadResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** The thread could not start, or exited: the request was not answered (it may or may not have run). */
export class ThreadGone extends Error {}

export class DbThread<Req extends { op: string }> {
  private worker: Worker | null = null;
  private started: Promise<Worker> | null = null;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  private closed = false;

  /** `entry`: the worker's module (reader-worker, writer-worker), given `workerData`. */
  constructor(
    private readonly entry: URL,
    private readonly workerData: unknown,
  ) {}

  /** True once the worker has said it is ready (and until it exits). */
  get ready(): boolean {
    return this.worker !== null;
  }

  /** Starts the worker if it is not running; resolves when it is ready (never rejects). */
  warm(): Promise<boolean> {
    return this.start().then(
      () => true,
      () => false,
    );
  }

  /** Rejects with ThreadGone if the thread cannot start or exits before answering. */
  async call(req: Req): Promise<unknown> {
    if (this.closed) throw new ThreadGone("closed");
    let worker: Worker;
    try {
      worker = await this.start();
    } catch (err) {
      throw new ThreadGone(String(err));
    }
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...req, id });
    });
  }

  /** Stops the worker as a crash would (the next start makes a new one): for fault tests. */
  async terminate(): Promise<void> {
    const w = this.worker ?? (await this.started?.catch(() => null)) ?? null;
    await w?.terminate();
  }

  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker ?? (await this.started?.catch(() => null)) ?? null;
    this.worker = null;
    this.started = null;
    await w?.terminate();
  }

  private start(): Promise<Worker> {
    this.started ??= new Promise<Worker>((resolve, reject) => {
      const w = startWorker(this.entry, this.workerData);
      w.unref(); // a database thread never keeps the process alive
      const fail = (err: unknown) => {
        if (this.worker === w || this.worker === null) {
          this.worker = null;
          this.started = null;
        }
        for (const p of this.pending.values()) p.reject(new ThreadGone(String(err)));
        this.pending.clear();
        reject(err instanceof Error ? err : new Error(String(err)));
      };
      w.on("error", fail);
      w.on("exit", (code) => fail(new Error(`database thread exited (${code})`)));
      w.on("message", (msg: ThreadResponse | { ready: true }) => {
        if ("ready" in msg) {
          this.worker = w;
          resolve(w);
          return;
        }
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.ok) p.resolve(msg.value);
        else p.reject(new Error(msg.error));
      });
    });
    return this.started;
  }
}

/** The sibling module `name` (e.g. "reader-worker") as this build runs it (../paths.ts). */
export const sibling = (name: string): URL => besideModule(import.meta.url, name);

/** The worker side: answers each request with `handle`, after `ready` (its connection's setup). */
export function serve<Req extends ThreadRequest>(
  port: import("node:worker_threads").MessagePort,
  ready: Promise<unknown>,
  handle: (req: Req) => Promise<unknown>,
): void {
  ready.then(
    () => {
      port.on("message", (req: Req) => {
        handle(req).then(
          (value) => port.postMessage({ id: req.id, ok: true, value } satisfies ThreadResponse),
          (err: unknown) =>
            port.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies ThreadResponse),
        );
      });
      port.postMessage({ ready: true });
    },
    (err: unknown) => {
      // Without its connection the thread is of no use: exit, and the store works on its own.
      console.error(`database thread: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
