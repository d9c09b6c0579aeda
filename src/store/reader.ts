/**
 * Heavy reads off the hot path. Two parts, each for one cost:
 * - `ReadCache`: leaderboards and player cards are kept a few seconds and concurrent asks share one
 *   query (single flight), so a flood of /hearts stats costs one query per player, not one each;
 *   a server's entries are dropped as soon as its standings change in this process.
 * - `StandingsReader` (SQLite): runs those queries, and the full standings recomputation, in a
 *   worker thread with its own connection (see reader-worker.ts), so the synchronous driver never
 *   holds the main event loop; if the worker cannot run, the same query runs here instead.
 */
import { Worker } from "node:worker_threads";
import type { Leaderboard, LeaderboardQuery, PlayerCard } from "./standings.js";

type Standings = Awaited<ReturnType<typeof import("./standings.js").computeStandings>>;
export interface StandingsSnapshot {
  standings: Standings;
  /** The guild's newest game when the standings were computed: the caller checks it is still the newest. */
  maxId: number;
}

export type ReadRequest =
  | { id: number; op: "leaderboard"; query: LeaderboardQuery }
  | { id: number; op: "playerCard"; guildId: string; playerKey: string }
  | { id: number; op: "standings"; guildId: string };
export type ReadResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

type Op = ReadRequest extends infer R ? (R extends { op: infer O } ? O : never) : never;
type Args<O extends Op> = Omit<Extract<ReadRequest, { op: O }>, "id" | "op">;

/** In-process versions of the same reads (the fallback, and for databases a worker cannot open). */
export interface LocalReads {
  leaderboard(query: LeaderboardQuery): Promise<Leaderboard>;
  playerCard(guildId: string, playerKey: string): Promise<PlayerCard>;
  standings(guildId: string): Promise<StandingsSnapshot>;
}

class WorkerGone extends Error {}

export class StandingsReader {
  private worker: Worker | null = null;
  private started: Promise<Worker> | null = null;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  private closed = false;
  /** Reads answered by the worker and by the in-process fallback (benchmarks, logs). */
  readonly counts = { worker: 0, local: 0 };

  constructor(
    private readonly file: string | null,
    private readonly local: LocalReads,
  ) {}

  leaderboard(query: LeaderboardQuery): Promise<Leaderboard> {
    return this.read("leaderboard", { query }, () => this.local.leaderboard(query)) as Promise<Leaderboard>;
  }

  playerCard(guildId: string, playerKey: string): Promise<PlayerCard> {
    return this.read("playerCard", { guildId, playerKey }, () => this.local.playerCard(guildId, playerKey)) as Promise<PlayerCard>;
  }

  standings(guildId: string): Promise<StandingsSnapshot> {
    return this.read("standings", { guildId }, () => this.local.standings(guildId)) as Promise<StandingsSnapshot>;
  }

  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker ?? (await this.started?.catch(() => null)) ?? null;
    this.worker = null;
    this.started = null;
    await w?.terminate();
  }

  private async read<O extends Op>(op: O, args: Args<O>, fallback: () => Promise<unknown>): Promise<unknown> {
    if (!this.file || this.closed) return this.viaLocal(fallback);
    let worker: Worker;
    try {
      worker = await this.start();
    } catch {
      return this.viaLocal(fallback);
    }
    const id = this.nextId++;
    try {
      const value = await new Promise<unknown>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, ...args });
      });
      this.counts.worker++;
      return value;
    } catch (err) {
      if (err instanceof WorkerGone) return this.viaLocal(fallback);
      throw err;
    }
  }

  private viaLocal(fallback: () => Promise<unknown>): Promise<unknown> {
    this.counts.local++;
    return fallback();
  }

  private start(): Promise<Worker> {
    this.started ??= new Promise<Worker>((resolve, reject) => {
      const w = spawn(entry(), { file: this.file });
      w.unref(); // a reader never keeps the process alive
      const fail = (err: unknown) => {
        this.worker = null;
        this.started = null;
        for (const p of this.pending.values()) p.reject(new WorkerGone(String(err)));
        this.pending.clear();
        reject(err instanceof Error ? err : new Error(String(err)));
      };
      w.on("error", fail);
      w.on("exit", (code) => fail(new Error(`standings reader exited (${code})`)));
      w.on("message", (msg: ReadResponse | { ready: true }) => {
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

function spawn(file: URL, workerData: unknown): Worker {
  if (!file.pathname.endsWith(".ts")) return new Worker(file, { workerData });
  const api = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

const entry = () => new URL(import.meta.url.endsWith(".ts") ? "./reader-worker.ts" : "./reader-worker.js", import.meta.url);

/** A few seconds of memory for reads, with one query in flight per key; bounded in size. */
export class ReadCache {
  private readonly entries = new Map<string, { guildId: string; at: number; value: Promise<unknown> }>();
  /** Answers served from memory, and queries run (benchmarks). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs = 10_000,
    private readonly max = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(guildId: string, key: string, load: () => Promise<T>): Promise<T> {
    const k = `${guildId}\u0000${key}`;
    const hit = this.entries.get(k);
    if (hit && this.now() - hit.at < this.ttlMs) {
      this.counts.hits++;
      return hit.value as Promise<T>;
    }
    this.counts.misses++;
    const value = load();
    this.entries.delete(k);
    this.entries.set(k, { guildId, at: this.now(), value });
    value.catch(() => {
      if (this.entries.get(k)?.value === value) this.entries.delete(k);
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** The server's standings changed: its cached reads go. */
  invalidate(guildId: string): void {
    for (const [k, e] of this.entries) if (e.guildId === guildId) this.entries.delete(k);
  }

  clear(): void {
    this.entries.clear();
  }
}
