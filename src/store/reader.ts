/**
 * Heavy reads off the hot path. Two parts, each for one cost:
 * - `ReadCache`: leaderboards and player cards are kept a few seconds and concurrent asks share one
 *   query (single flight), so a flood of /hearts stats costs one query per player, not one each;
 *   a server's entries are dropped as soon as its standings change in this process.
 * - `StandingsReader` (SQLite): runs those queries, the full standings recomputation and what
 *   /hearts privacy shows, in a
 *   worker thread with its own connection (see reader-worker.ts), so the synchronous driver never
 *   holds the main event loop; if the worker cannot run, the same query runs here instead.
 */
import { DbThread, sibling, ThreadGone } from "./db-thread.js";
import type { Leaderboard, LeaderboardQuery, PersonalData, PlayerCard } from "../table/store.js";

type Standings = Awaited<ReturnType<typeof import("./standings.js").computeStandings>>;
export interface StandingsSnapshot {
  standings: Standings;
  /** The guild's newest game when the standings were computed: the caller checks it is still the newest. */
  maxId: number;
}

export type ReadRequest =
  | { id: number; op: "leaderboard"; query: LeaderboardQuery }
  | { id: number; op: "playerCard"; guildId: string; playerKey: string }
  | { id: number; op: "standings"; guildId: string }
  | { id: number; op: "personalData"; userId: string }
  | { id: number; op: "storedGuilds" };

type Op = ReadRequest["op"];
type Args<O extends Op> = Omit<Extract<ReadRequest, { op: O }>, "id" | "op">;

/** In-process versions of the same reads (the fallback, and for databases a worker cannot open). */
export interface LocalReads {
  leaderboard(query: LeaderboardQuery): Promise<Leaderboard>;
  playerCard(guildId: string, playerKey: string): Promise<PlayerCard>;
  standings(guildId: string): Promise<StandingsSnapshot>;
  personalData(userId: string): Promise<PersonalData>;
  storedGuilds(): Promise<string[]>;
}

export class StandingsReader {
  private readonly thread: DbThread<Omit<ReadRequest, "id">> | null;
  /** Reads answered by the worker and by the in-process fallback (benchmarks, logs). */
  readonly counts = { worker: 0, local: 0 };

  constructor(
    file: string | null,
    private readonly local: LocalReads,
  ) {
    this.thread = file ? new DbThread(sibling("reader-worker"), { file }) : null;
  }

  leaderboard(query: LeaderboardQuery): Promise<Leaderboard> {
    return this.read("leaderboard", { query }, () => this.local.leaderboard(query)) as Promise<Leaderboard>;
  }

  playerCard(guildId: string, playerKey: string): Promise<PlayerCard> {
    return this.read("playerCard", { guildId, playerKey }, () => this.local.playerCard(guildId, playerKey)) as Promise<PlayerCard>;
  }

  standings(guildId: string): Promise<StandingsSnapshot> {
    return this.read("standings", { guildId }, () => this.local.standings(guildId)) as Promise<StandingsSnapshot>;
  }

  /** What is stored about a person (/hearts privacy). */
  personalData(userId: string): Promise<PersonalData> {
    return this.read("personalData", { userId }, () => this.local.personalData(userId)) as Promise<PersonalData>;
  }

  /** Every server with something stored (the check at start for servers left meanwhile). */
  storedGuilds(): Promise<string[]> {
    return this.read("storedGuilds", {}, () => this.local.storedGuilds()) as Promise<string[]>;
  }

  async close(): Promise<void> {
    await this.thread?.close();
  }

  private async read<O extends Op>(op: O, args: Args<O>, fallback: () => Promise<unknown>): Promise<unknown> {
    if (this.thread) {
      try {
        const value = await this.thread.call({ op, ...args } as Omit<ReadRequest, "id">);
        this.counts.worker++;
        return value;
      } catch (err) {
        if (!(err instanceof ThreadGone)) throw err;
      }
    }
    this.counts.local++;
    return fallback();
  }
}

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
