/**
 * The tournament panel beside a table that plays for a tournament (issue 32 item 6): the
 * standings (the top few, and you) and the round clock, built here from the tournament service's
 * views and drawn by the page (web/draw/tournament.ts). A connection is sent its panel when it is
 * shown a table, and again when a round of that tournament starts or closes, or it ends.
 */
import type { Standing, Tournaments, TournamentUpdate, TournamentView } from "../table/tournament/api.js";
import type { ServerMessage, TournamentInfo } from "./protocol.js";

/** The standings' rows every page shows (then the reader's own, if further down). */
export const TOP_STANDINGS = 3;
/** Tables remembered as a tournament's or not (asked once each): the oldest go first. */
const MAX_TABLES = 5000;

export function tournamentInfo(t: TournamentView, userId: string | null): TournamentInfo {
  const names = new Map(t.players.map((p) => [p.userId, p.name]));
  const row = (x: Standing) => ({ place: x.place, name: names.get(x.id) ?? "?", percent: x.percent, you: x.id === userId });
  // Before a round has closed, nobody has a deal compared: no standings yet.
  // Someone absent (no move of their own, scoring.ts) is not ranked either.
  const ranked = t.standings.filter((x) => x.deals > 0 && !x.absent);
  const top = ranked.slice(0, TOP_STANDINGS);
  const mine = ranked.find((x) => x.id === userId);
  const round = t.played.at(-1);
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    round: t.round,
    rounds: t.rounds,
    clock: round
      ? {
          startedAt: round.startedAt.getTime(),
          deadline: round.deadline.getTime(),
          closedAt: round.closedAt?.getTime() ?? null,
          tables: round.tables.length,
          finishedTables: round.finishedTables,
        }
      : null,
    standings: [...top.map(row), ...(mine && !top.includes(mine) ? [row(mine)] : [])],
  };
}

/** What the panels need of a connection. */
export interface PanelReader {
  tableId: string | null;
  who: { userId: string } | null;
}

export class TournamentPanels<C extends PanelReader> {
  /** Table id → the tournament it plays for (null: none). */
  private readonly of = new Map<string, string | null>();
  /** The tournament each connection was last sent (null: told it has none). */
  private readonly sent = new WeakMap<C, string | null>();

  constructor(
    private readonly tournaments: Pick<Tournaments, "tournamentOf" | "get" | "onUpdate">,
    private readonly connections: () => Iterable<C>,
    private readonly send: (c: C, m: ServerMessage) => void,
  ) {
    tournaments.onUpdate((t, u) => this.updated(t, u));
  }

  /** `c` is shown its table now: its tournament's panel, or none (once, if it had one). */
  async shown(c: C): Promise<void> {
    const tableId = c.tableId;
    const id = tableId ? await this.tournamentOf(tableId) : null;
    const t = id ? await this.tournaments.get(id) : null;
    if (c.tableId !== tableId) return; // shown another table meanwhile: that one's panel goes instead
    if (!t) {
      if (this.sent.get(c)) this.send(c, { t: "tournament", tournament: null });
      this.sent.set(c, null);
      return;
    }
    this.sent.set(c, t.id);
    this.send(c, { t: "tournament", tournament: tournamentInfo(t, c.who?.userId ?? null) });
  }

  private async tournamentOf(tableId: string): Promise<string | null> {
    if (this.of.has(tableId)) return this.of.get(tableId)!;
    const id = (await this.tournaments.tournamentOf(tableId))?.tournamentId ?? null;
    this.remember(tableId, id);
    return id;
  }

  private remember(tableId: string, id: string | null): void {
    this.of.delete(tableId);
    this.of.set(tableId, id);
    if (this.of.size > MAX_TABLES) this.of.delete(this.of.keys().next().value!);
  }

  /** A round started or closed, or the tournament ended: every page at one of its tables hears it. */
  private updated(t: TournamentView, u: TournamentUpdate): void {
    if (u.type === "signup-changed" || u.type === "reminder-due") return;
    for (const round of t.played) for (const tableId of round.tables) if (!this.of.has(tableId)) this.remember(tableId, t.id);
    for (const c of this.connections())
      if (c.who && c.tableId && this.of.get(c.tableId) === t.id) {
        this.sent.set(c, t.id);
        this.send(c, { t: "tournament", tournament: tournamentInfo(t, c.who.userId) });
      }
  }
}
