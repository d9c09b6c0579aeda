/**
 * Duplicate scoring: matchpoints. Pure: the tables' scores in, each person's matchpoints and the
 * standings out.
 *
 * A deal's score for a seat is what the table's scoreboard shows for that hand: the change of the
 * seat's total, by the table's rules (penalty points, so lower is better; the moon as the rules
 * say: old moon 0 for the shooter and 26 for the others, new moon −26 for the shooter and 0 for
 * the others; J♦ and bonuses included). Every table of a round plays the same deals from the same
 * seats (deals.ts), so each person's score on a deal is compared with the score of the same seat
 * at each other table of the round (the people's seats only: a computer player's seat, the same
 * at every table, is compared with nobody): 2 matchpoints for each table where that seat did worse
 * (more points), 1 for each where it did the same, 0 where it did better. The most a deal can give
 * (its top) is 2 × (tables − 1).
 *
 * Worked example, three tables, seat 0 (North) of deal 2, where the old moon is played:
 *   table A: North takes 0 points (Q♠ went to East);
 *   table B: North takes Q♠ and 3 hearts: 16;
 *   table C: North shoots the moon: 0 (and East, South and West at C get 26 each).
 * North at A: better than B (2), same as C (1): 3 of 4. North at B: 0 of 4. North at C: 3 of 4,
 * level with A: under the old moon a shot moon scores what a clean hand does; under the new moon
 * C's North has −26 and takes the whole top (4 of 4), A 2 of 4. East at C, with 26, gets 0 of 4
 * unless East did as badly elsewhere. The moon never counts more than one deal lost or won: that
 * is why matchpoints, rather than points against the field's average, where one moon (26 points
 * to three seats) can outweigh a whole round of careful play.
 *
 * Standings: a person's matchpoints over the tops of the deals they played, as a percentage (a
 * round sat out, a deal not played, or a deal with nobody to compare with counts for nothing
 * either way). Ties are broken by, in turn: the fewer points against the field per deal played
 * (the sum over their deals of own score minus the average of the same seat at the other tables,
 * divided by the deals they played: an average, so one who sat a round out is not favoured), then
 * the fewer points per deal played; people equal on all three share the place (listed in sign-up
 * order). Someone with no deal compared comes after everyone who has one, and someone with no deal
 * played after them. With one table (4 people or fewer) there is nothing to compare: the points
 * decide, as in an ordinary game.
 *
 * Only people who played are ranked: someone who made no move of their deals themselves (the turn
 * clock and a computer player made them all: they never came) is absent, listed after everyone,
 * never ranked nor on the podium. Their seat's results still count for the others' comparisons:
 * the deal was played at that table. Someone a computer player stood in for on some deals is
 * ranked on all of them, and `computerDeals` says on how many.
 */

/** One table's round, as played. */
export interface TableResult {
  /**
   * Per seat 0–3: whose result it is (a person's id, also when a computer player stood in for
   * them), or null for a computer player's seat of the layout. A seat whose id is not among the
   * entrants (say, someone forgotten) still counts for the others' comparisons.
   */
  seats: readonly (string | null)[];
  /** Per deal played, in order: each seat's score (the change of its total that hand). A deal not played is absent. */
  deals: readonly (readonly number[])[];
  /** Per deal played, per seat: who made the seat's moves (PLAYED_BY). Missing (tables stored before it): the people did. */
  playedBy?: readonly (readonly number[])[];
}

/** Who made a person's moves on a deal: themselves, partly the turn clock or a computer player, or only those. */
export const PLAYED_BY = { person: 0, both: 1, computer: 2 } as const;

export interface RoundResult {
  tables: readonly TableResult[];
}

/** One person's deal: their score, its matchpoints out of the top, and their points against the field. */
export interface DealScore {
  id: string;
  /** Index in the rounds given (0-based), the table's index in the round and the deal's. */
  round: number;
  table: number;
  deal: number;
  seat: number;
  score: number;
  matchpoints: number;
  /** 2 × (tables compared − 1); 0 when no other table has this seat's result. */
  top: number;
  /** Score minus the average score of the same seat at the other tables (0 with none). */
  field: number;
  /** Who made the seat's moves (PLAYED_BY). */
  by: number;
}

export interface Standing {
  id: string;
  /** 1-based; equal people share it. */
  place: number;
  matchpoints: number;
  top: number;
  /** 100 × matchpoints / top, or null with no deal compared. */
  percent: number | null;
  /** Points against the field per deal played (lower is better). */
  fieldPerDeal: number;
  /** Points per deal played. */
  pointsPerDeal: number;
  /** Deals played. */
  deals: number;
  /** Deals on which the turn clock or a computer player made some or all of the person's moves. */
  computerDeals: number;
  /** Made no move of their deals themselves: listed after everyone, never ranked (`place` is only their line's). */
  absent: boolean;
}

/** Every person's deals in these rounds: each seat's score against the same seat at the round's other tables. */
export function dealScores(rounds: readonly RoundResult[]): DealScore[] {
  const out: DealScore[] = [];
  rounds.forEach((r, round) => {
    const deals = Math.max(0, ...r.tables.map((t) => t.deals.length));
    for (let deal = 0; deal < deals; deal++)
      for (let seat = 0; seat < 4; seat++) {
        // The people's results at this seat, at every table that played the deal.
        const field = r.tables.flatMap((t, table) => {
          const id = t.seats[seat];
          const by = t.playedBy?.[deal]?.[seat] ?? PLAYED_BY.person;
          return id !== null && id !== undefined && t.deals[deal] ? [{ id, table, score: t.deals[deal][seat], by }] : [];
        });
        for (const me of field) {
          let matchpoints = 0;
          let others = 0;
          for (const o of field) {
            if (o === me) continue;
            matchpoints += me.score < o.score ? 2 : me.score === o.score ? 1 : 0;
            others += o.score;
          }
          const n = field.length - 1;
          out.push({ ...me, round, deal, seat, matchpoints, top: 2 * n, field: n ? me.score - others / n : 0 });
        }
      }
  });
  return out;
}

/** Two sums of fractions computed in different orders are equal within this. */
const EPSILON = 1e-9;
const close = (a: number, b: number) => Math.abs(a - b) < EPSILON;

/** Standings after these rounds, best first. `entrants` in sign-up order: only they get a row (everyone's results count). */
export function standings(rounds: readonly RoundResult[], entrants: readonly string[]): Standing[] {
  const rows = new Map(entrants.map((id) => [id, { id, matchpoints: 0, top: 0, field: 0, points: 0, deals: 0, computer: 0, own: 0 }]));
  for (const d of dealScores(rounds)) {
    const row = rows.get(d.id);
    if (!row) continue;
    row.matchpoints += d.matchpoints;
    row.top += d.top;
    row.field += d.field;
    row.points += d.score;
    row.deals++;
    if (d.by !== PLAYED_BY.person) row.computer++;
    if (d.by !== PLAYED_BY.computer) row.own++;
  }
  const signUp = new Map(entrants.map((id, i) => [id, i]));
  const list = [...rows.values()].map((r) => ({
    id: r.id,
    place: 0,
    matchpoints: r.matchpoints,
    top: r.top,
    percent: r.top ? (100 * r.matchpoints) / r.top : null,
    fieldPerDeal: r.deals ? r.field / r.deals : 0,
    pointsPerDeal: r.deals ? r.points / r.deals : 0,
    deals: r.deals,
    computerDeals: r.computer,
    absent: r.deals > 0 && r.own === 0,
  }));
  /** < 0 when a ranks before b; 0 when they are equal on every measure. */
  const better = (a: Standing, b: Standing): number => {
    if (a.absent || b.absent) return Number(a.absent) - Number(b.absent);
    if (!a.deals || !b.deals) return (b.deals ? 1 : 0) - (a.deals ? 1 : 0);
    if (a.top && b.top) {
      // Exact: a.mp / a.top against b.mp / b.top, in whole numbers.
      const byPercent = b.matchpoints * a.top - a.matchpoints * b.top;
      if (byPercent) return byPercent;
    } else if (a.top || b.top) return a.top ? -1 : 1;
    if (!close(a.fieldPerDeal, b.fieldPerDeal)) return a.fieldPerDeal - b.fieldPerDeal;
    if (!close(a.pointsPerDeal, b.pointsPerDeal)) return a.pointsPerDeal - b.pointsPerDeal;
    return 0;
  };
  list.sort((a, b) => better(a, b) || signUp.get(a.id)! - signUp.get(b.id)!);
  list.forEach((s, i) => (s.place = i > 0 && better(list[i - 1], s) === 0 ? list[i - 1].place : i + 1));
  return list;
}
