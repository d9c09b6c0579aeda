/**
 * Seasons: a tournament that recurs (weekly at its start's day and time, or on a list of dates),
 * one tournament a night, and the server's season table over its nights, as clubs keep one.
 *
 * - Planning: plan() creates the first night as any tournament (the tournament service's rules and
 *   refusals), then the season; each night's end (finished, or cancelled) plans the next night's
 *   tournament at its date, whose sign-up message and Discord scheduled event the front end posts
 *   as for any new tournament. A date already past (the bot was down) is skipped. After the last
 *   date, the season is over; its table stays shown until the server's next season.
 * - The table (seasonStandings below): each night counts, for each person ranked that night (a
 *   percentage over at least one compared deal), that night's matchpoint percentage. A person's
 *   season percentage is the average of their nights' percentages (every night weighs the same,
 *   however many deals or people it had). People with fewer than `minNights` nights are listed
 *   apart, not ranked yet. Ties (the same average) share the place.
 * - Reset: someone with Manage Server empties the table; the nights still planned count afresh.
 * - Privacy: a person's nights are listed by /hearts privacy and deleted by Forget me; a server's
 *   purge deletes its seasons; retention deletes nights older than the server's retention.
 */
import { sentence, type Sentence } from "../../i18n/index.js";
import type { Logger } from "../../log.js";
import { systemClock, type Clock } from "../clock.js";
import { FORMER_KEY } from "../store.js";
import type { NewTournament, Standing, TournamentActor, TournamentOutcome, Tournaments, TournamentView } from "./api.js";
import type { SeasonScoreRow, SeasonStore, StoredSeason } from "./season-port.js";

/** Nights a person needs to be ranked, unless the organiser says otherwise (as clubs do). */
export const DEFAULT_MIN_NIGHTS = 3;
/** Nights a season may have: half a year of weekly nights. */
export const MIN_NIGHTS = 2;
export const MAX_NIGHTS = 26;
/** Nights of a weekly season when the organiser gives no number. */
export const DEFAULT_NIGHTS = 8;
export const WEEK_MS = 7 * 24 * 3_600_000;
/** Two nights of a date list are at most this far apart (a tournament is planned at most 30 days ahead). */
export const MAX_GAP_MS = 30 * 24 * 3_600_000;

/** How a tournament recurs: weekly (`nights` in all), or on these dates after the first night. */
export type Recurrence = { weekly: true; nights: number } | { weekly: false; dates: Date[] };

/** A person's line of the season table. */
export interface SeasonLine {
  userId: string;
  name: string;
  /** The average of their nights' percentages. */
  percent: number;
  nights: number;
  /** 1-based among the ranked (equal averages share it); null: fewer nights than the minimum. */
  place: number | null;
}

/** The season as a front end shows it. */
export interface SeasonView {
  guildId: string;
  number: number;
  name: string;
  /** Nights in all, nights done so far (their results counted, or cancelled). */
  nights: number;
  nightsDone: number;
  minNights: number;
  /** The next night's start, or null when the season is over. */
  next: Date | null;
  ended: boolean;
  /** Ranked first (best first), then the people not ranked yet (most nights first). */
  lines: SeasonLine[];
}

export type SeasonOutcome<T extends object> = ({ ok: true } & T) | { ok: false; say: Sentence };

/**
 * The season table from its nights' scores. Pure. Each person's percentage is the plain average
 * of their nights' percentages; the ranked (nights ≥ minNights) come first by it (best first; the
 * more nights, then the name, order a tie, which shares its place), then the others.
 */
export function seasonStandings(scores: readonly SeasonScoreRow[], minNights: number): SeasonLine[] {
  const by = new Map<string, { name: string; sum: number; nights: number }>();
  for (const s of scores) {
    const p = by.get(s.userId) ?? { name: s.name, sum: 0, nights: 0 };
    p.sum += s.percent;
    p.nights++;
    p.name = s.name;
    by.set(s.userId, p);
  }
  const lines = [...by].map(([userId, p]) => ({
    userId,
    name: p.name,
    percent: p.sum / p.nights,
    nights: p.nights,
    place: null as number | null,
  }));
  const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const order = (a: SeasonLine, b: SeasonLine) =>
    same(a.percent, b.percent) ? b.nights - a.nights || a.name.localeCompare(b.name) : b.percent - a.percent;
  const ranked = lines.filter((l) => l.nights >= minNights).sort(order);
  ranked.forEach((l, i) => (l.place = i > 0 && same(ranked[i - 1].percent, l.percent) ? ranked[i - 1].place : i + 1));
  const waiting = lines.filter((l) => l.nights < minNights).sort((a, b) => b.nights - a.nights || order(a, b));
  return [...ranked, ...waiting];
}

/** Whose night counts: ranked that night (a percentage over compared deals), never a forgotten stand-in. */
const counts = (s: Standing) => s.percent !== null && s.deals > 0 && !s.id.startsWith(FORMER_KEY) && !s.absent;

export interface SeasonServiceDeps {
  store: SeasonStore;
  tournaments: Tournaments;
  log: Logger;
  clock?: Clock;
}

export class SeasonService {
  private readonly clock: Clock;

  constructor(private readonly deps: SeasonServiceDeps) {
    this.clock = deps.clock ?? systemClock;
    deps.tournaments.onUpdate((t, u) => {
      if (u.type !== "finished" && u.type !== "cancelled") return;
      this.nightOver(t, u.type === "finished" ? u.standings : []).catch((err: unknown) =>
        deps.log.error({ tournament: t.id, err }, "could not add a night to its season"),
      );
    });
  }

  /** Plans a recurring tournament: its first night (as /hearts tournament create would), then the season. */
  async plan(
    actor: TournamentActor,
    first: NewTournament,
    recurrence: Recurrence,
    minNights = DEFAULT_MIN_NIGHTS,
  ): Promise<TournamentOutcome<{ tournament: TournamentView; season: StoredSeason }> | { ok: false; say: Sentence; code: "bad-options" }> {
    const dates = recurrence.weekly
      ? Array.from({ length: recurrence.nights }, (_, k) => new Date(first.startsAt.getTime() + k * WEEK_MS))
      : [first.startsAt, ...recurrence.dates];
    const bad = { ok: false as const, code: "bad-options" as const };
    if (dates.length < MIN_NIGHTS || dates.length > MAX_NIGHTS)
      return { ...bad, say: sentence("season", "badNights", { min: MIN_NIGHTS, max: MAX_NIGHTS }) };
    if (dates.some((d, i) => i > 0 && !(d.getTime() > dates[i - 1].getTime() && d.getTime() - dates[i - 1].getTime() <= MAX_GAP_MS)))
      return { ...bad, say: sentence("season", "badDates") };
    if (!Number.isInteger(minNights) || minNights < 1 || minNights > dates.length)
      return { ...bad, say: sentence("season", "badMinNights", { max: dates.length }) };
    const r = await this.deps.tournaments.create(actor, first);
    if (!r.ok) return r;
    const t = r.tournament;
    const season = await this.deps.store.create(
      {
        id: `${t.id}s`,
        guildId: t.guildId,
        name: t.name,
        channelId: t.channelId,
        organiserId: t.organiserId,
        options: { rounds: t.rounds, handsPerRound: t.handsPerRound, rulesSpec: t.rulesSpec, botLevel: t.botLevel },
        dates,
        minNights,
      },
      t.id,
    );
    this.deps.log.info({ guild: t.guildId, season: season.number, nights: dates.length }, "season planned");
    return { ok: true, tournament: t, season };
  }

  /** The server's season (the running one, else its last), or null when it never had one. */
  async view(guildId: string): Promise<SeasonView | null> {
    const s = await this.deps.store.latest(guildId);
    if (!s) return null;
    const scores = await this.deps.store.scores(s.id);
    const last = s.nights.at(-1);
    const ended = s.endedAt !== null;
    return {
      guildId,
      number: s.number,
      name: s.name,
      nights: s.dates.length,
      nightsDone: s.nights.filter((n) => n.doneAt).length,
      minNights: s.minNights,
      next: !ended && last && !last.doneAt ? (s.dates[last.night - 1] ?? null) : null,
      ended,
      lines: seasonStandings(scores, s.minNights),
    };
  }

  /** Manage Server: the season's table starts again from nothing (the nights still planned count afresh). */
  async reset(guildId: string, actor: TournamentActor): Promise<SeasonOutcome<{ name: string; number: number; cleared: number }>> {
    if (!actor.manageGuild) return { ok: false, say: sentence("season", "notAdmin") };
    const s = await this.deps.store.latest(guildId);
    if (!s) return { ok: false, say: sentence("season", "none") };
    const cleared = await this.deps.store.clear(s.id);
    this.deps.log.info({ guild: guildId, season: s.number, cleared }, "season reset");
    return { ok: true, name: s.name, number: s.number, cleared };
  }

  /** After a restart: nights whose tournament ended while the bot was down are counted now. */
  async resume(owns: (guildId: string) => boolean = () => true): Promise<number> {
    let n = 0;
    for (const p of await this.deps.store.pending()) {
      const t = await this.deps.tournaments.get(p.tournamentId);
      if (!t || !owns(t.guildId) || (t.status !== "finished" && t.status !== "cancelled")) continue;
      await this.nightOver(t, t.status === "finished" ? t.standings : []);
      n++;
    }
    return n;
  }

  /** A night ended: its ranked people's percentages join the table (once), and the next night is planned. */
  private async nightOver(t: TournamentView, standings: readonly Standing[]): Promise<void> {
    const season = await this.deps.store.ofNight(t.id);
    if (!season) return;
    const now = new Date(this.clock.now());
    const names = new Map(t.players.map((p) => [p.userId, p.name]));
    const scores = standings
      .filter(counts)
      .map((s) => ({ tournamentId: t.id, userId: s.id, name: names.get(s.id) ?? s.id, percent: s.percent!, playedAt: now }));
    if (!(await this.deps.store.nightDone(t.id, scores, now))) return;
    await this.planNext(season, now);
  }

  private async planNext(season: StoredSeason, now: Date): Promise<void> {
    const from = Math.max(...season.nights.map((n) => n.night));
    // The next date still to come (one missed while the bot was down is skipped).
    const index = season.dates.findIndex((d, i) => i >= from && d.getTime() > now.getTime() + 60_000);
    if (index < 0) {
      await this.deps.store.end(season.id, now);
      this.deps.log.info({ guild: season.guildId, season: season.number }, "season over");
      return;
    }
    const organiser: TournamentActor = { userId: season.organiserId, name: "", manageGuild: true, guildId: season.guildId };
    const r = await this.deps.tournaments.create(organiser, {
      guildId: season.guildId,
      channelId: season.channelId,
      name: season.name,
      startsAt: season.dates[index],
      rounds: season.options.rounds,
      handsPerRound: season.options.handsPerRound,
      rulesSpec: season.options.rulesSpec,
      botLevel: season.options.botLevel as NewTournament["botLevel"],
    });
    if (!r.ok) {
      // The server has too many tournaments open, say: the season ends here rather than stall.
      this.deps.log.warn({ guild: season.guildId, season: season.number, code: r.code }, "could not plan a season's next night");
      await this.deps.store.end(season.id, now);
      return;
    }
    await this.deps.store.addNight(season.id, r.tournament.id, index + 1);
  }
}
