/**
 * Running a tournament's rounds on the table service: seating a round (seating.ts), opening its
 * tables together, already started, on the round's deal key (deals.ts), and reading a table's
 * deals when it has played them. The tables are ordinary tables (src/table/started.ts): the turn
 * clock, closing and restarts are the table service's.
 */
import { parseRules } from "../../game/index.js";
import type { Locale } from "../../i18n/index.js";
import { FORMER_KEY, FORMER_PLAYER, type StoredTournament } from "../store.js";
import { MOVED_BY, type SeatRecord, type TableSettings } from "../records.js";
import { botSeat, humanSeat } from "../seats.js";
import { tournamentSettings } from "../settings-table.js";
import type { TableView } from "../types.js";
import { roundDealKey, tournamentRules } from "./deals.js";
import { seatRound, type RoundSeating } from "./seating.js";
import type { StartedTable } from "../started.js";
import { levelOf, standingsOf } from "./views.js";
import { PLAYED_BY } from "./scoring.js";

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

/**
 * A round's tables' settings: each setting's tournament value (src/table/settings-table.ts), the
 * round's hands, and the server's language (its posts, buttons and pictures, as its other tables).
 */
export function tableSettings(t: StoredTournament, timing: TournamentTiming, locale?: Locale): TableSettings {
  return { ...tournamentSettings({ ...timing, botLevel: levelOf(t.botLevel) }), handLimit: t.handsPerRound, ...(locale && { locale }) };
}

/** The table `index` of a stored round, as the table service opens it. */
export function startedTable(t: StoredTournament, round: number, index: number, timing: TournamentTiming, locale?: Locale): StartedTable {
  const r = t.played.find((p) => p.round === round)!;
  const row = r.tables.find((x) => x.tableIndex === index)!;
  const level = levelOf(t.botLevel);
  const names = new Map(t.entries.map((e) => [e.userId, e]));
  const seats: SeatRecord[] = [];
  r.seating.tables[index].seats.forEach((id, seat) => {
    const entry = id === null ? undefined : names.get(id);
    if (id === null || !entry) seats.push(botSeat(seats, seat, level));
    // Someone who asked to be forgotten has a stand-in id, never a Discord id: a computer player holds
    // their place to the end, shown as a former player (their line in the standings goes on).
    else if (id.startsWith(FORMER_KEY)) seats.push({ ...botSeat(seats, seat, level), name: FORMER_PLAYER });
    // A person who left is still seated as themself: a computer player plays their seat to the end.
    else
      seats.push({
        ...humanSeat(seat, id, entry.name),
        botLevel: level,
        botControlled: entry.leftAt !== null,
        ...(entry.leftAt ? { out: true } : {}),
      });
  });
  const parsed = parseRules(t.rulesSpec);
  const base = parsed.ok ? parsed.rules : (parseRules("classic") as { ok: true; rules: StartedTable["rules"] }).rules;
  return {
    id: row.tableId,
    guildId: t.guildId,
    channelId: t.channelId,
    hostId: t.organiserId,
    rules: tournamentRules(base),
    settings: tableSettings(t, timing, locale),
    seats,
    deal: roundDealKey(t.secret, round),
    tournament: { id: t.id, round, table: index },
  };
}

/**
 * What a closed table played: each deal's scores by seat, the people a computer player played for
 * (holding their seat at the end), and per deal who made each seat's moves (TableResult.playedBy).
 */
export function tableResult(view: TableView): { deals: number[][]; standIns: string[]; playedBy: number[][] } {
  const deals = (view.game?.history ?? []).slice(0, view.record.settings.handLimit ?? Infinity).map((h) => h.change.slice());
  const standIns = view.record.seats.filter((s) => s.userId !== null && s.botControlled).map((s) => s.userId!);
  const seats = [0, 1, 2, 3].map((n) => view.record.seats.find((s) => s.seat === n));
  const playedBy = deals.map((_, d) =>
    seats.map((s) => {
      const by = s?.userId ? (s.handsBy?.[d] ?? 0) : 0;
      if (!(by & MOVED_BY.computer)) return PLAYED_BY.person;
      return by & MOVED_BY.person ? PLAYED_BY.both : PLAYED_BY.computer;
    }),
  );
  return { deals, standIns, playedBy };
}
