/**
 * An in-memory Store obeying the same contract as the Prisma one (appendAction conflicts on a
 * duplicate seq; patches apply in the same step), for fast unit tests of the table service.
 */
import type { Action } from "../../src/game/index.js";
import type {
  PlayerPrefs,
  AppendResult,
  GuildSettings,
  NewTable,
  SavedMenu,
  StoredAction,
  Store,
  TablePatch,
} from "../../src/table/store.js";
import type { FinishedGame, StoredTable } from "../../src/table/records.js";

const clone = <T>(x: T): T => structuredClone(x);

export class MemoryStore implements Store {
  readonly tables = new Map<string, StoredTable>();
  readonly actions = new Map<string, StoredAction[]>();
  readonly finished: FinishedGame[] = [];
  private readonly guilds = new Map<string, GuildSettings>();
  private nextId = 1;
  /** Makes the next appendAction fail as if another process had written first (tests). */
  failNextAppend: "conflict" | null = null;

  async createTable(input: NewTable): Promise<StoredTable> {
    await this.probeWrite();
    const now = new Date();
    const id = input.id ?? `t${this.nextId++}`;
    const record: StoredTable = {
      id,
      guildId: input.guildId,
      channelId: input.channelId,
      threadId: input.threadId ?? null,
      messageId: input.messageId ?? null,
      hostId: input.hostId,
      rules: clone(input.rules),
      settings: clone(input.settings),
      deal: input.deal ?? { format: 1, seed: 0 },
      status: "lobby",
      seats: clone(input.seats),
      actionCount: 0,
      turnDeadline: null,
      timeBank: input.seats.map(() => input.settings.timeBankSeconds),
      brokenReason: null,
      hintsUsed: false,
      undos: 0,
      threadFrom: 0,
      threadTo: 0,
      createdAt: now,
      updatedAt: now,
    };
    this.tables.set(id, record);
    this.actions.set(id, []);
    return clone(record);
  }

  async getTable(id: string): Promise<StoredTable | null> {
    const t = this.tables.get(id);
    return t ? clone(t) : null;
  }

  async findOpenTable(channelId: string): Promise<StoredTable | null> {
    for (const t of this.tables.values()) {
      if ((t.channelId === channelId || t.threadId === channelId) && ["lobby", "passing", "playing"].includes(t.status)) return clone(t);
    }
    return null;
  }

  async updateTable(id: string, patch: TablePatch): Promise<StoredTable> {
    await this.probeWrite();
    const t = this.tables.get(id);
    if (!t) throw new Error(`no table ${id}`);
    Object.assign(t, clone(patch), { updatedAt: new Date() });
    return clone(t);
  }

  async appendAction(tableId: string, seq: number, seat: number, action: Action, patch?: TablePatch): Promise<AppendResult> {
    await this.probeWrite();
    const t = this.tables.get(tableId);
    if (!t) return { ok: false, reason: "missing-table" };
    if (this.failNextAppend) {
      this.failNextAppend = null;
      return { ok: false, reason: "conflict" };
    }
    if (seq !== t.actionCount) return { ok: false, reason: "conflict" };
    this.actions.get(tableId)!.push({ seq, seat, action: clone(action), at: new Date() });
    Object.assign(t, clone(patch ?? {}), { actionCount: seq + 1, updatedAt: new Date() });
    return { ok: true };
  }

  private readonly prefs = new Map<string, PlayerPrefs>();

  async getPlayerPrefs(userId: string): Promise<PlayerPrefs> {
    return clone(this.prefs.get(userId) ?? { userId, fourColour: null, largeIndex: false });
  }

  async setPlayerPrefs(userId: string, patch: Partial<Omit<PlayerPrefs, "userId">>): Promise<PlayerPrefs> {
    await this.probeWrite();
    const next = { ...(await this.getPlayerPrefs(userId)), ...clone(patch) };
    this.prefs.set(userId, next);
    return clone(next);
  }

  async truncateActions(tableId: string, fromSeq: number, expectedCount: number, patch?: TablePatch): Promise<AppendResult> {
    await this.probeWrite();
    const t = this.tables.get(tableId);
    if (!t) return { ok: false, reason: "missing-table" };
    if (t.actionCount !== expectedCount || fromSeq < 0 || fromSeq > expectedCount) return { ok: false, reason: "conflict" };
    this.actions.set(tableId, this.actions.get(tableId)!.slice(0, fromSeq));
    // What the thread told of the actions taken back is told again when they are played again.
    const lower = (place: number | null) => (place === null ? null : Math.min(place, 2 * fromSeq));
    Object.assign(t, clone(patch ?? {}), {
      actionCount: fromSeq,
      threadFrom: lower(t.threadFrom),
      threadTo: lower(t.threadTo),
      updatedAt: new Date(),
    });
    return { ok: true };
  }

  async loadActions(tableId: string): Promise<StoredAction[]> {
    return clone(this.actions.get(tableId) ?? []);
  }

  async listOpenTables(): Promise<StoredTable[]> {
    return [...this.tables.values()].filter((t) => ["lobby", "passing", "playing"].includes(t.status)).map(clone);
  }

  async listUntoldTables(since: Date, limit: number): Promise<StoredTable[]> {
    return [...this.tables.values()]
      .filter((t) => t.status === "finished" && t.threadFrom !== null && t.updatedAt >= since)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, limit)
      .map(clone);
  }

  async recordFinishedGame(game: FinishedGame): Promise<void> {
    await this.probeWrite();
    const t = this.tables.get(game.tableId);
    if (t) t.status = "finished";
    this.finished.push(clone(game));
  }

  async getGuildSettings(guildId: string): Promise<GuildSettings> {
    return clone(
      this.guilds.get(guildId) ?? {
        guildId,
        defaultRules: "classic",
        turnSeconds: null,
        botLevel: null,
        trickImages: null,
        hintsAllowed: null,
        tableCap: null,
        locale: null,
        retentionDays: null,
        allowedChannels: [],
        leftAt: null,
        dailyEnabled: true,
        dailyRules: "classic",
        dailyMemberDays: 0,
        tournamentRole: null,
      },
    );
  }

  async updateGuildSettings(guildId: string, patch: Partial<Omit<GuildSettings, "guildId">>): Promise<GuildSettings> {
    await this.probeWrite();
    const next = { ...(await this.getGuildSettings(guildId)), ...patch };
    this.guilds.set(guildId, next);
    return clone(next);
  }

  /** While set, every write fails with this error, as a full disk or a stopped server would (tests). */
  failWrites: Error | null = null;

  async probeWrite(): Promise<void> {
    if (this.failWrites) throw this.failWrites;
  }

  readonly menus = new Map<string, SavedMenu>();

  async saveMenus(menus: SavedMenu[]): Promise<void> {
    await this.probeWrite();
    for (const m of menus) this.menus.set(`${m.tableId}:${m.userId}`, clone(m));
  }

  async takeMenus(tableIds: string[]): Promise<SavedMenu[]> {
    const taken = [...this.menus.values()].filter((m) => tableIds.includes(m.tableId));
    for (const m of taken) this.menus.delete(`${m.tableId}:${m.userId}`);
    return taken;
  }

  async close(): Promise<void> {}
}
