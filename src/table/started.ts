/**
 * Opening a table whose game starts at once, with its seats and deal key given: a tournament
 * round's table (src/table/tournament). No lobby, no host to press Start: the round's seating
 * decided the seats, the round's key the cards (every table of the round is dealt the same). It
 * is then an ordinary table: the turns, the turn clock, closing and restarts as for any other.
 *
 * Idempotent by id, so a restart in the middle of opening a round opens only the tables missing:
 * a table stored already is left as it is (and started, if the stop came between its two writes).
 */
import { createGame, type DealKey, type Rules } from "../game/index.js";
import type { Logger } from "../log.js";
import type { Store } from "./store.js";
import { newLive, viewOf, type LiveTable } from "./live.js";
import type { SeatRecord, TableSettings } from "./records.js";
import type { TableRegistry } from "./registry.js";
import type { TableUpdate, TableView } from "./types.js";

export interface StartedTable {
  id: string;
  guildId: string;
  channelId: string;
  /** Who is named as the table's host (a tournament's organiser). */
  hostId: string;
  rules: Rules;
  settings: TableSettings;
  seats: SeatRecord[];
  deal: DealKey;
  /** The tournament, round and table index it plays for, told in its `opened` update. */
  tournament: { id: string; round: number; table: number };
}

export interface StartedDeps {
  store: Store;
  log: Logger;
  registry: TableRegistry<LiveTable>;
  /** Plans the first turn (the scheduler). */
  plan(live: LiveTable): void;
  emit(live: LiveTable, update: TableUpdate): void;
}

/** Opens (or finds) the table; announces `opened` then `started` when this call started it. */
export async function openStarted(deps: StartedDeps, input: StartedTable): Promise<TableView | null> {
  const { store, registry } = deps;
  const existing = await registry.load(input.id);
  if (existing && existing.record.status !== "lobby") return viewOf(existing);
  const record =
    existing?.record ??
    (await store.createTable({
      id: input.id,
      guildId: input.guildId,
      channelId: input.channelId,
      hostId: input.hostId,
      rules: input.rules,
      settings: input.settings,
      seats: input.seats,
      deal: input.deal,
    }));
  const live = existing ?? newLive(record);
  return live.queue.run(async () => {
    const state = createGame(input.rules, input.deal);
    live.record = await store.updateTable(input.id, {
      seats: input.seats,
      deal: input.deal,
      status: state.phase === "passing" ? "passing" : "playing",
      timeBank: input.seats.map(() => input.settings.timeBankSeconds),
    });
    live.state = state;
    registry.remember(live);
    deps.log.info({ table: input.id, tournament: input.tournament.id, round: input.tournament.round }, "tournament table opened");
    deps.plan(live);
    deps.emit(live, { type: "opened", tournament: input.tournament });
    deps.emit(live, { type: "started" });
    return viewOf(live);
  });
}
