/**
 * Running a tournament's rounds on the table service: seating a round (seating.ts), opening its
 * tables together, already started, on the round's deal key (deals.ts), and reading a table's
 * deals when it has played them. The tables are ordinary tables (src/table/started.ts): the turn
 * clock, closing and restarts are the table service's.
 */
import { parseRules } from "../../game/index.js";
import type { StoredTournament } from "../store.js";
import type { SeatRecord, TableSettings } from "../records.js";
import { botSeat, humanSeat } from "../seats.js";
import { tournamentSettings } from "../settings-table.js";
import type { TableView } from "../types.js";
import { roundDealKey, tournamentRules } from "./deals.js";
import { seatRound, type RoundSeating } from "./seating.js";
import type { StartedTable } from "../started.js";
import { levelOf, standingsOf } from "./views.js";

/** How a tournament's tables are timed (the bot's configured turn clock). */
export interface TournamentTiming {
  turnSeconds: number;
  timeBankSeconds: number;
}

/** The seating of round `round`: everyone who signed up (a computer player holds the seat of someone who left). */
export function seatNext(t: StoredTournament, round: number): RoundSeating {
  return seatRound({
    secret: t.secret,
    round,
    present: t.entries.map((e) => e.userId),
    previous: t.played.map((r) => r.seating),
    standing: standingsOf(t).map((s) => s.id),
  });
}

/** A round's tables' settings: each setting's tournament value (src/table/settings-table.ts), and the round's hands. */
export function tableSettings(t: StoredTournament, timing: TournamentTiming): TableSettings {
  return { ...tournamentSettings({ ...timing, botLevel: levelOf(t.botLevel) }), handLimit: t.handsPerRound };
}

/** The table `index` of a stored round, as the table service opens it. */
export function startedTable(t: StoredTournament, round: number, index: number, timing: TournamentTiming): StartedTable {
  const r = t.played.find((p) => p.round === round)!;
  const row = r.tables.find((x) => x.tableIndex === index)!;
  const level = levelOf(t.botLevel);
  const names = new Map(t.entries.map((e) => [e.userId, e]));
  const seats: SeatRecord[] = [];
  r.seating.tables[index].seats.forEach((id, seat) => {
    const entry = id === null ? undefined : names.get(id);
    seats.push(
      id === null || !entry
        ? botSeat(seats, seat, level)
        : // A person who left is still seated as themself: a computer player plays their seat to the end.
          {
            ...humanSeat(seat, id, entry.name),
            botLevel: level,
            botControlled: entry.leftAt !== null,
            ...(entry.leftAt ? { out: true } : {}),
          },
    );
  });
  const parsed = parseRules(t.rulesSpec);
  const base = parsed.ok ? parsed.rules : (parseRules("classic") as { ok: true; rules: StartedTable["rules"] }).rules;
  return {
    id: row.tableId,
    guildId: t.guildId,
    channelId: t.channelId,
    hostId: t.organiserId,
    rules: tournamentRules(base),
    settings: tableSettings(t, timing),
    seats,
    deal: roundDealKey(t.secret, round),
    tournament: { id: t.id, round, table: index },
  };
}

/** What a closed table played: each deal's scores by seat, and the people a computer player played for. */
export function tableResult(view: TableView): { deals: number[][]; standIns: string[] } {
  const deals = (view.game?.history ?? []).slice(0, view.record.settings.handLimit ?? Infinity).map((h) => h.change.slice());
  const standIns = view.record.seats.filter((s) => s.userId !== null && s.botControlled).map((s) => s.userId!);
  return { deals, standIns };
}
