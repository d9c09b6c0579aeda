/** A tournament service on a real SQLite file and a table service whose computer players play at once. */
import { awaiting, viewFor, type Seat } from "../../../src/game/index.js";
import { silentLogger } from "../../../src/log.js";
import { openStore, type HeartsStore } from "../../../src/store/index.js";
import type { TournamentStore } from "../../../src/table/store.js";
import type { Clock } from "../../../src/table/clock.js";
import { stateBehind } from "../../../src/table/live.js";
import { firstLegalPlayer } from "../../../src/table/players.js";
import { TableService } from "../../../src/table/service.js";
import type { TournamentActor, TournamentUpdate, TournamentView } from "../../../src/table/tournament/api.js";
import { TournamentService } from "../../../src/table/tournament/service.js";
import type { TableUpdate, TableView } from "../../../src/table/types.js";
import { tempDb } from "../../store/helpers.js";

export const guildId = "900000000000000001";
export const channelId = "800000000000000001";
export const organiser: TournamentActor = { userId: "700000000000000001", name: "Org", manageGuild: true, guildId };
export const person = (i: number): TournamentActor => ({ userId: `1000000000000000${String(i).padStart(2, "0")}`, name: `P${i}`, guildId });

export interface Rig {
  store: HeartsStore;
  tables: TableService;
  service: TournamentService;
  updates: { t: TournamentView; u: TournamentUpdate }[];
  tableUpdates: { table: TableView; update: TableUpdate }[];
  close(): Promise<void>;
}

export async function rig(
  url: string,
  opts: { role?: string | null; allowedChannels?: string[]; clock?: Clock; wrap?: (s: TournamentStore) => TournamentStore } = {},
): Promise<Rig> {
  const store = await openStore(url);
  const tables = new TableService({
    store,
    bots: firstLegalPlayer,
    log: silentLogger(),
    config: { botDelayMs: 0, lobbyTimeoutMs: 30 * 60_000, maxTimeouts: 2 },
    clock: opts.clock,
  });
  const service = new TournamentService({
    store: opts.wrap ? opts.wrap(store.tournaments) : store.tournaments,
    tables,
    guilds: { get: () => Promise.resolve({ tournamentRole: opts.role ?? null, allowedChannels: opts.allowedChannels ?? [] }) },
    log: silentLogger(),
    clock: opts.clock,
    betweenRoundsMs: 20,
    retryMs: 50,
  });
  const updates: Rig["updates"] = [];
  const tableUpdates: Rig["tableUpdates"] = [];
  service.onUpdate((t, u) => updates.push({ t, u }));
  tables.onUpdate((table, update) => tableUpdates.push({ table, update }));
  return {
    store,
    tables,
    service,
    updates,
    tableUpdates,
    async close() {
      await service.stop();
      await tables.stop();
      await store.close();
    },
  };
}

export const newDb = () => tempDb();

/** Every person at the open tables plays their first legal card (pass: the first three) until `until` or the time runs out. */
export async function playPeople(r: Rig, people: TournamentActor[], until: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await until()) return;
    if (!(await playAwaited(r, people))) await new Promise((res) => setTimeout(res, 5));
  }
  throw new Error("the tournament did not get there in time");
}

/** The moves awaited of these people at the open tables (before hand `beforeHand`, if given), once each: whether any was made. */
export async function playAwaited(r: Rig, people: TournamentActor[], beforeHand = Infinity): Promise<boolean> {
  let acted = false;
  for (const id of r.tables.openTableIds) {
    const t = r.tables.system.openTable(id);
    const state = t && stateBehind(t);
    if (!t || !state || state.history.length >= beforeHand) continue;
    for (const seat of awaiting(state)) {
      const rec = t.record.seats[seat];
      const person = people.find((p) => p.userId === rec.userId);
      if (!person || rec.botControlled) continue;
      const view = viewFor(state, seat as Seat);
      // They ask in their table's thread, as the chat's buttons and the Activity's page do.
      const who = { ...person, where: { guildId: t.record.guildId, channelId: t.record.threadId ?? t.record.channelId } };
      const res =
        state.phase === "passing"
          ? await r.tables.pass(id, who, view.hand.slice(0, 3), state.actionCount)
          : state.phase === "moon-choice"
            ? await r.tables.moon(id, who, "add", state.actionCount)
            : await r.tables.play(id, who, view.legal[0], state.actionCount);
      acted ||= res.ok;
    }
  }
  return acted;
}

export const inFuture = (ms = 3_600_000) => new Date(Date.now() + ms);
