/**
 * A round's shape: how many tables, how many people at each, where the computer players sit and
 * how many people sit the round out. Pure: a number in, a layout out.
 *
 * Why it is fair. Duplicate scoring compares a person with the people who held the same cards, in
 * the same seat, at the other tables of the round (scoring.ts). That comparison is fair only if
 * those people faced the same kind of table: so every table of a round has the same number of
 * people and the same number of computer players, and the computer players sit in the same seats
 * everywhere: the last ones (people in seats 0.., computer players after them, so with 3 people
 * the computer player is always seat 3, to the left of seat 2 and to the right of seat 0). A seat
 * held by a computer player is compared with nobody; a person's seat is compared only with
 * people's seats.
 *
 * Equal tables cannot always seat everyone: 13 people fill no number of equal tables of 4, 3 or 2
 * people. Then some people sit the round out (a "sit-out", as at a bridge club with an odd number
 * of pairs). Sitting out neither helps nor hurts: standings are a percentage of the matchpoints a
 * person could have won on the deals they played, so a round not played is simply not counted,
 * and the sit-out goes round (seating.ts: whoever has sat out least sits out next).
 *
 * Which shape, for n ≥ 5 people: tables of p = 4, 3 or 2 people, as many tables as fill (at
 * least 2, or no one would have anyone to be compared with), the rest sitting out; the shape
 * with the lowest cost wins, where a computer player costs 1 (a seat a person could have had)
 * and a person sitting out costs 4 (a whole table's worth of play lost: their hands and their
 * three opponents); a tie goes to more people per table. So 13 people play at 3 tables of 4 and
 * one sits out (cost 4) rather than 4 tables of 3 with a computer player each and one out (cost
 * 8); 14 play at 3 tables of 4, two out (cost 8), rather than 7 tables of 2 (14 computer
 * players); 10 play at 3 tables of 3, one out (cost 7). At most 3 people ever sit out.
 *
 * With 4 people or fewer there is one table (1–3 people fill it with computer players): there is
 * nobody else to compare with, so it is an ordinary game and standings fall back on the points
 * (scoring.ts).
 */
import type { Seat } from "../../game/index.js";

export interface RoundLayout {
  /** Tables in the round (≥ 1; ≥ 2 from 5 people on). */
  tables: number;
  /** People at every table (1–4): seats 0 … people − 1. */
  people: number;
  /** The computer players' seats, the same at every table: the last 4 − people. */
  botSeats: Seat[];
  /** How many people sit this round out (0 … people − 1). */
  sittingOut: number;
}

/** What a person sitting a round out costs, counted in seats given to computer players (see above). */
export const SIT_OUT_COST = 4;

const SEATS: readonly Seat[] = [0, 1, 2, 3];

const layoutOf = (people: number, tables: number, sittingOut: number): RoundLayout => ({
  tables,
  people,
  botSeats: SEATS.slice(people),
  sittingOut,
});

/** The round's layout for `present` people (≥ 1). */
export function roundLayout(present: number): RoundLayout {
  if (!Number.isInteger(present) || present < 1) throw new Error(`A round needs at least one person (got ${present}).`);
  if (present <= 4) return layoutOf(present, 1, 0);
  let best: { layout: RoundLayout; cost: number } | null = null;
  // Largest tables first, so a tie keeps more people per table.
  for (const people of [4, 3, 2]) {
    const tables = Math.floor(present / people);
    if (tables < 2) continue;
    const out = present - tables * people;
    const cost = SIT_OUT_COST * out + tables * (4 - people);
    if (!best || cost < best.cost) best = { layout: layoutOf(people, tables, out), cost };
  }
  // present ≥ 5 always allows two tables of 2.
  return best!.layout;
}
