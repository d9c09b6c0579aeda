/**
 * Who sits where in a round. Pure and deterministic: the same tournament (secret, people, earlier
 * rounds, standings) always gives the same seating, so a restarted bot seats a round exactly as
 * before.
 *
 * Round 1 is a draw under the tournament's secret (deals.ts drawOrder): nobody can arrange to sit
 * with a friend. From round 2 on it is Swiss: people in standings order are cut into tables (the
 * leaders together, and so on down), then people are swapped between tables while a swap lowers
 * the cost of the seating, where each pair at a table who have already met costs more (per
 * earlier meeting) than any difference of standing could, and otherwise a pair costs the distance
 * between their places. So people meet others of a similar standing they have not met, and meet
 * someone again only when no swap avoids it. Within a table, people take the seats they have held
 * least (duplicate compares seat with seat, so a seat's cards are not always the same person's).
 *
 * The people who sit out (layout.ts) are those who have sat out least, then the lowest placed,
 * then the latest to sign up; in round 1, the last of the draw.
 */
import { drawOrder } from "./deals.js";
import { roundLayout } from "./layout.js";

/** One table of a round: per seat 0–3 the person's id, or null for a computer player (the layout's last seats). */
export interface TableSeating {
  seats: (string | null)[];
}

export interface RoundSeating {
  /** 1-based. */
  round: number;
  /** Top table first (from round 2, the table of the best placed). */
  tables: TableSeating[];
  sittingOut: string[];
}

export interface SeatingInput {
  /** The tournament's secret (64 hex digits): round 1's draw comes from it. */
  secret: string;
  /** The round to seat, 1-based. */
  round: number;
  /**
   * The people of this round, in sign-up order (no one twice). Someone who left is still one of
   * them: a computer player holds their seat to the end (and plays it as theirs), so a departure
   * changes no round's shape.
   */
  present: readonly string[];
  /** The rounds seated before, any order. */
  previous: readonly RoundSeating[];
  /** The standings before this round, best first (scoring.ts standings' order). Unused in round 1. */
  standing: readonly string[];
}

/** Times each pair sat at the same table, keyed "a\u0000b" with a < b. */
function meetings(rounds: readonly RoundSeating[]): Map<string, number> {
  const met = new Map<string, number>();
  for (const r of rounds)
    for (const t of r.tables) {
      const ids = t.seats.filter((x): x is string => x !== null);
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) {
          const k = pairKey(ids[i], ids[j]);
          met.set(k, (met.get(k) ?? 0) + 1);
        }
    }
  return met;
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Times each person held each seat: id → [seat 0, 1, 2, 3]. */
function seatsHeld(rounds: readonly RoundSeating[]): Map<string, number[]> {
  const held = new Map<string, number[]>();
  for (const r of rounds)
    for (const t of r.tables)
      t.seats.forEach((id, seat) => {
        if (id === null) return;
        const row = held.get(id) ?? [0, 0, 0, 0];
        row[seat]++;
        held.set(id, row);
      });
  return held;
}

/** Every ordering of 0 … n − 1, in lexicographic order (n ≤ 4: at most 24). */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/** Seats people (best placed first) at one table: the assignment whose seats they held least, the first such. */
function assignSeats(people: readonly string[], held: Map<string, number[]>): (string | null)[] {
  let best: number[] = [];
  let bestCost = Infinity;
  const orders = permutations(people.length).sort((a, b) => a.join().localeCompare(b.join()));
  for (const order of orders) {
    // order[seat] is the index in `people` of who takes that seat.
    const cost = order.reduce((s, who, seat) => s + (held.get(people[who])?.[seat] ?? 0), 0);
    if (cost < bestCost) {
      bestCost = cost;
      best = order;
    }
  }
  return [0, 1, 2, 3].map((seat) => (seat < people.length ? people[best[seat]] : null));
}

/** Most kicks tried when the swaps end with a pair meeting again (see swissTables). */
const MAX_KICKS = 64;

/**
 * Cuts people (in standings order) into tables of `size`, then swaps pairs between tables while a
 * swap lowers the cost (see the module's comment). Ends: each swap lowers a whole-number cost ≥ 0.
 * Swaps alone can stop with a pair meeting again that another seating avoids (16 people's third
 * round, once in 14 draws): every swap out of it costs a meeting before the one that removes it.
 * So while a pair meets again, someone of that pair is swapped with someone at another table
 * anyway, the swaps run again, and the result is kept if it costs less (at most MAX_KICKS tries,
 * in a fixed order: the same round seats the same).
 * People are their places here (0 = best), and the meetings a matrix, so a swap costs a few
 * additions: 200 people reseat in about 0.1 s.
 */
function swissTables(order: readonly string[], size: number, met: Map<string, number>): string[][] {
  const n = order.length;
  const times = new Int32Array(n * n);
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) times[a * n + b] = times[b * n + a] = met.get(pairKey(order[a], order[b])) ?? 0;
  // A pair's place distance is < n, a table has ≤ 6 pairs and a swap changes two tables: one
  // meeting weighs more than every distance a swap can change.
  const repeat = 12 * n + 1;
  /** The cost of `who` at `row`, beside everyone there but the one at index `except`. */
  const at = (row: readonly number[], except: number, who: number) => {
    let cost = 0;
    for (let i = 0; i < size; i++) if (i !== except) cost += repeat * times[who * n + row[i]] + Math.abs(who - row[i]);
    return cost;
  };
  const descend = (tables: number[][]): number[][] => {
    for (let improved = true; improved;) {
      improved = false;
      for (let t = 0; t < tables.length; t++)
        for (let u = t + 1; u < tables.length; u++)
          for (let i = 0; i < size; i++)
            for (let j = 0; j < size; j++) {
              const a = tables[t][i];
              const b = tables[u][j];
              if (at(tables[t], i, b) + at(tables[u], j, a) < at(tables[t], i, a) + at(tables[u], j, b)) {
                tables[t][i] = b;
                tables[u][j] = a;
                improved = true;
              }
            }
    }
    return tables;
  };
  const total = (tables: number[][]) => tables.reduce((s, row) => s + row.reduce((c, who, i) => c + at(row, i, who), 0), 0);
  /** Someone at a table beside a person they met before: [table, index], or null. */
  const meetingAgain = (tables: number[][]): [number, number][] =>
    tables.flatMap((row, t) =>
      row.flatMap((who, i) => (row.some((o) => o !== who && times[who * n + o] > 0) ? [[t, i] as [number, number]] : [])),
    );
  let best = descend(Array.from({ length: n / size }, (_, t) => Array.from({ length: size }, (_, i) => t * size + i)));
  let bestCost = total(best);
  let kicks = 0;
  search: for (let again = meetingAgain(best); again.length && kicks < MAX_KICKS; again = meetingAgain(best)) {
    for (const [t, i] of again)
      for (let u = 0; u < best.length; u++)
        for (let j = 0; u !== t && j < size; j++) {
          if (kicks++ >= MAX_KICKS) break search;
          const tables = best.map((row) => row.slice());
          [tables[t][i], tables[u][j]] = [tables[u][j], tables[t][i]];
          const cost = total(descend(tables));
          if (cost < bestCost) {
            [best, bestCost] = [tables, cost];
            continue search;
          }
        }
    break;
  }
  return best.map((t) => t.map((i) => order[i]));
}

/** The seating of a round. */
export function seatRound(input: SeatingInput): RoundSeating {
  const { present, round } = input;
  if (new Set(present).size !== present.length) throw new Error("A person is seated once per round.");
  const layout = roundLayout(present.length);
  const held = seatsHeld(input.previous);
  let playing: string[];
  let sittingOut: string[];
  let tables: string[][];
  if (round === 1) {
    const drawn = drawOrder(input.secret, present);
    playing = drawn.slice(0, drawn.length - layout.sittingOut);
    sittingOut = drawn.slice(playing.length);
    tables = Array.from({ length: layout.tables }, (_, t) => playing.slice(t * layout.people, (t + 1) * layout.people));
  } else {
    const signUp = new Map(present.map((id, i) => [id, i]));
    const here = new Set(present);
    // Standings order; anyone the standings do not know yet comes last, in sign-up order.
    const ranked = [...input.standing.filter((id) => here.has(id)), ...present.filter((id) => !input.standing.includes(id))];
    const place = new Map(ranked.map((id, i) => [id, i]));
    const byes = new Map<string, number>();
    for (const r of input.previous) for (const id of r.sittingOut) byes.set(id, (byes.get(id) ?? 0) + 1);
    const outOrder = present
      .slice()
      .sort((a, b) => (byes.get(a) ?? 0) - (byes.get(b) ?? 0) || place.get(b)! - place.get(a)! || signUp.get(b)! - signUp.get(a)!);
    const out = new Set(outOrder.slice(0, layout.sittingOut));
    sittingOut = ranked.filter((id) => out.has(id));
    playing = ranked.filter((id) => !out.has(id));
    tables = swissTables(playing, layout.people, meetings(input.previous));
    // Top table first, and each table's people best placed first.
    for (const t of tables) t.sort((a, b) => place.get(a)! - place.get(b)!);
    tables.sort((a, b) => place.get(a[0])! - place.get(b[0])!);
  }
  return { round, tables: tables.map((people) => ({ seats: assignSeats(people, held) })), sittingOut };
}
