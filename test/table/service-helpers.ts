/** Shared setup for the table service tests: players, a service on a manual clock, a play-out loop. */
import { messages, words, type Sentence } from "../../src/i18n/index.js";
import { expect } from "vitest";
import { awaiting, presetRules, viewFor, type GameState, type Seat, type SeatView } from "../../src/game/index.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { silentLogger, type Logger } from "../../src/log.js";
import { firstLegalPlayer, type BotPlayer } from "../../src/table/players.js";
import { stateBehind } from "../../src/table/live.js";
import { TableService } from "../../src/table/service.js";
import type { FairUse } from "../../src/table/fair-use.js";
import { GuildSettingsCache } from "../../src/table/guild-settings.js";
import type { Asker, TableView, TableUpdate } from "../../src/table/types.js";
import type { Store } from "../../src/table/store.js";
import type { TableSettings } from "../../src/table/records.js";
import { ManualClock } from "./manual-clock.js";
import { MemoryStore } from "./memory-store.js";

/** The server and channel the tests' tables open in, and where their people ask from. */
export const where = { guildId: "900000000000000001", channelId: "800000000000000001" };
/** A person asking at the tests' channel, as a front end names them (the service's acts take nothing less). */
export const asker = (userId: string, name: string, extra: Partial<Asker> = {}): Asker => ({ userId, name, where, ...extra });
export const alice = asker("100000000000000001", "Alice");
export const bob = asker("100000000000000002", "Bob");
export const carol = asker("100000000000000003", "Carol");

export function setup<S extends Store = MemoryStore>(
  opts: {
    settings?: Partial<TableSettings>;
    store?: S;
    clock?: ManualClock;
    seed?: number;
    bots?: BotPlayer;
    log?: Logger;
    /** The server's settings read from the store (/hearts settings: allowed channels, the cap); default: none. */
    guilds?: boolean;
    fairUse?: FairUse;
    maxTablesPerGuild?: number;
  } = {},
) {
  const store = (opts.store ?? new MemoryStore()) as S;
  const clock = opts.clock ?? new ManualClock();
  const service = new TableService({
    store,
    ...(opts.guilds && { guilds: new GuildSettingsCache(store, { ttlMs: 0 }) }),
    ...(opts.fairUse && { fairUse: opts.fairUse }),
    bots: opts.bots ?? firstLegalPlayer,
    log: opts.log ?? silentLogger(),
    config: { botDelayMs: 500, lobbyTimeoutMs: 30 * 60_000, maxTimeouts: 2, maxTablesPerGuild: opts.maxTablesPerGuild },
    clock,
    // A fixed seed: a format 1 deal, so a test knows the cards; none: the service's own secret.
    deals: opts.seed === undefined ? undefined : () => ({ format: 1, seed: opts.seed! }),
  });
  const updates: { table: TableView; update: TableUpdate }[] = [];
  service.onUpdate((table, update) => updates.push({ table, update }));
  const settings = { ...DEFAULT_SETTINGS, ...opts.settings };
  return { store, clock, service, updates, settings };
}

export async function openTable(s: Setup, players: Asker[] = [alice]) {
  const r = await s.service.open(where, players[0], { rules: presetRules("classic")!, settings: s.settings });
  if (!r.ok) throw new Error(english(r.say));
  const id = r.table.record.id;
  for (const p of players.slice(1)) expect((await s.service.join(id, p)).ok).toBe(true);
  return id;
}

/** Lets every human act with their first legal choice until the game ends or `until` says stop. */
export async function playOut(s: Setup, id: string, humans: Asker[], until?: () => boolean) {
  for (let guard = 0; guard < 5000; guard++) {
    const t = await s.service.get(id);
    const state = t && stateBehind(t);
    if (!t || !state || t.record.status === "finished" || until?.()) return;
    let acted = false;
    for (const seat of awaiting(state)) {
      const rec = t.record.seats[seat];
      const human = humans.find((h) => h.userId === rec.userId);
      if (!human || rec.botControlled) continue;
      const view = viewFor(state, seat as Seat);
      const r =
        state.phase === "passing"
          ? await s.service.pass(id, human, view.hand.slice(0, 3), state.actionCount)
          : state.phase === "moon-choice"
            ? await s.service.moon(id, human, "add", state.actionCount)
            : await s.service.play(id, human, view.legal[0], state.actionCount);
      expect(r.ok, r.ok ? "" : english(r.say)).toBe(true);
      acted = true;
      break;
    }
    if (!acted) await s.clock.advance(500);
  }
  throw new Error("game did not finish");
}

export type Setup = ReturnType<typeof setup<Store>>;

/** The table's game as it is now, hidden cards included (only the table domain and its tests read it). */
export async function stateNow(s: Pick<Setup, "service">, id: string): Promise<GameState> {
  const t = await s.service.get(id);
  const state = t && stateBehind(t);
  if (!state) throw new Error(`table ${id} has no game`);
  return state;
}

/** The open table's game in memory now, or null (for a `playOut` stop condition, which cannot wait). */
export function stateInMemory(s: Pick<Setup, "service">, id: string): GameState | null {
  const t = s.service.system.openTable(id);
  return t && stateBehind(t);
}

/**
 * Any seat's view of a table the service handed out (the table domain's tests read every seat; a
 * front end reads only its person's, through handOf).
 */
export function seatView(t: TableView, seat: number): SeatView {
  const state = stateBehind(t);
  if (!state) throw new Error(`table ${t.record.id} has no game`);
  return viewFor(state, seat as Seat);
}

/** A service sentence as an English reader gets it. */
export function english(s: Sentence): string {
  return words(messages("en"), s);
}

/** An outcome with its sentence worded in English as `message`, for assertions on the words. */
export function en<T extends object>(r: T): T & { message?: string } {
  const say = (r as { say?: Sentence }).say;
  return say ? { ...r, message: english(say) } : r;
}
