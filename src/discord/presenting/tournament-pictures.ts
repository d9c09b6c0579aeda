/**
 * What a tournament's pictures show, from the service's view, in the reader's language: the rows
 * of the standings (with the rounds each person played and the mark of a computer stand-in) and
 * the podium's. Pure, so the pictures and their text version read the same numbers.
 */
import { messages, type Locale } from "../../i18n/index.js";
import type { Standing, TournamentView } from "../../table/tournament/api.js";
import type { TournamentPodiumInput, TournamentRow, TournamentStandingsInput } from "../../render/index.js";
import { MAX_ROWS } from "../../render/ranked.js";

export { percentText as percentWords } from "../../render/ranked.js";

/** Each standing with its person's name, rounds played and whether a computer stood in for them. */
export function tournamentRows(t: TournamentView, standings: readonly Standing[]): TournamentRow[] {
  const players = new Map(t.players.map((p) => [p.userId, p]));
  const rounds = new Map<string, number>();
  for (const r of t.played)
    for (const table of r.seating.tables) for (const id of table.seats) if (id !== null) rounds.set(id, (rounds.get(id) ?? 0) + 1);
  return standings.map((s) => {
    const p = players.get(s.id);
    return {
      place: s.place,
      name: p?.name ?? s.id,
      percent: s.percent,
      matchpoints: s.matchpoints,
      top: s.top,
      rounds: rounds.get(s.id) ?? 0,
      stoodIn: !!p && (p.left || p.stoodIn),
    };
  });
}

export function standingsPicture(
  t: TournamentView,
  round: number,
  standings: readonly Standing[],
  locale: Locale,
): TournamentStandingsInput {
  const w = messages(locale).tournamentChat;
  const rows = tournamentRows(t, standings);
  return {
    title: t.name,
    subtitle: w.afterRound({ round, rounds: t.rounds }),
    columns: { player: w.colPlayer, percent: w.colPercent, matchpoints: w.colMatchpoints, rounds: w.colRounds },
    stoodIn: { tag: w.stoodInTag, legend: w.stoodInLegend },
    rows,
    more: rows.length > MAX_ROWS ? w.more({ n: rows.length - MAX_ROWS }) : null,
    locale,
  };
}

export function podiumPicture(t: TournamentView, podium: readonly Standing[], locale: Locale): TournamentPodiumInput {
  const w = messages(locale).tournamentChat;
  return {
    title: t.name,
    subtitle: w.podium,
    rows: tournamentRows(t, podium).filter((r) => r.place <= 3),
    stoodIn: { tag: w.stoodInTag, legend: w.stoodInLegend },
    locale,
  };
}
