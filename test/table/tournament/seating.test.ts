/** A tournament's seating as plain functions: equal tables, one seat a person, sit-outs in turn, Swiss reseating. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { roundLayout } from "../../../src/table/tournament/layout.js";
import { seatRound, type RoundSeating } from "../../../src/table/tournament/seating.js";

const secretOf = (n: number): string => createHash("sha256").update(`tournament-test-${n}`).digest("hex");
const people = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(2, "0")}`);

/** A standings order that changes every round, seeded (not the seating's own order). */
function shuffled(ids: readonly string[], seed: number): string[] {
  const rank = (id: string) => createHash("sha256").update(`${seed}:${id}`).digest("hex");
  return ids.slice().sort((a, b) => (rank(a) < rank(b) ? -1 : 1));
}

/** Seats `rounds` rounds of n people, each with its own standings order. */
function tournament(n: number, rounds: number, secret = secretOf(n)): RoundSeating[] {
  const present = people(n);
  const seated: RoundSeating[] = [];
  for (let round = 1; round <= rounds; round++)
    seated.push(seatRound({ secret, round, present, previous: seated, standing: shuffled(present, round * 1000 + n) }));
  return seated;
}

const pairsAt = (r: RoundSeating): string[][] =>
  r.tables.flatMap((t) => {
    const ids = t.seats.filter((x): x is string => x !== null);
    return ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b].sort()));
  });

/** How many pairs at a round's tables had already sat together in the rounds before it. */
function repeats(rounds: readonly RoundSeating[], index: number): number {
  const met = new Set(
    rounds
      .slice(0, index)
      .flatMap(pairsAt)
      .map((p) => p.join("+")),
  );
  return pairsAt(rounds[index]).filter((p) => met.has(p.join("+"))).length;
}

describe("a round's tables", () => {
  it("from 1 to 40 people: every table has the same people and computer players, in the same seats, and no one is seated twice", () => {
    for (let n = 1; n <= 40; n++)
      for (const r of tournament(n, 3)) {
        const layout = roundLayout(n);
        const label = `${n} people, round ${r.round}`;
        expect(r.tables.length, label).toBe(layout.tables);
        for (const t of r.tables) {
          expect(t.seats.length, label).toBe(4);
          // People in the first seats, computer players in the last ones, at every table alike.
          expect(
            t.seats.map((x) => x === null),
            label,
          ).toEqual([0, 1, 2, 3].map((s) => s >= layout.people));
          expect(layout.botSeats, label).toEqual([0, 1, 2, 3].filter((s) => s >= layout.people));
        }
        const seated = r.tables.flatMap((t) => t.seats.filter((x): x is string => x !== null));
        expect(new Set(seated).size, label).toBe(seated.length);
        expect(r.sittingOut.length, label).toBe(layout.sittingOut);
        expect(
          r.sittingOut.filter((id) => seated.includes(id)),
          label,
        ).toEqual([]);
        expect([...seated, ...r.sittingOut].sort(), label).toEqual(people(n));
        // Fewer sit out than a table holds, and from 5 people on there is someone to be compared with.
        expect(layout.sittingOut, label).toBeLessThan(layout.people);
        if (n >= 5) expect(layout.tables, label).toBeGreaterThanOrEqual(2);
      }
  });

  it("take the shapes the layout's comment promises (tables × people, sitting out)", () => {
    const shape = (n: number) => {
      const l = roundLayout(n);
      return `${l.tables}×${l.people}${l.sittingOut ? ` +${l.sittingOut} out` : ""}`;
    };
    expect(Object.fromEntries([1, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 16, 18, 23, 40].map((n) => [n, shape(n)]))).toEqual({
      1: "1×1",
      3: "1×3",
      4: "1×4",
      5: "2×2 +1 out",
      6: "2×3",
      7: "2×3 +1 out",
      8: "2×4",
      9: "3×3",
      10: "3×3 +1 out",
      12: "3×4",
      13: "3×4 +1 out",
      14: "3×4 +2 out",
      16: "4×4",
      18: "6×3",
      23: "5×4 +3 out",
      40: "10×4",
    });
    expect(() => roundLayout(0)).toThrow();
  });

  it("sit out in turn: whoever has sat out least sits out next", () => {
    const rounds = tournament(13, 8);
    const out = rounds.flatMap((r) => r.sittingOut);
    expect(out.length).toBe(8);
    expect(new Set(out).size).toBe(8);
    // 14 people, two out a round: after 7 rounds everyone has sat out exactly once.
    const fourteen = tournament(14, 7).flatMap((r) => r.sittingOut);
    expect(fourteen.sort()).toEqual(people(14));
  });

  it("draw round 1 from the tournament's secret: not the sign-up order, another secret another draw, the same secret the same", () => {
    const present = people(16);
    const first = (secret: string) => seatRound({ secret, round: 1, present, previous: [], standing: [] });
    const order = (r: RoundSeating) => r.tables.flatMap((t) => t.seats);
    expect(order(first(secretOf(1)))).not.toEqual(present);
    expect(order(first(secretOf(1)))).not.toEqual(order(first(secretOf(2))));
    expect(first(secretOf(1))).toEqual(first(secretOf(1)));
    expect(() => first("tournament-42")).toThrow();
  });

  it("rotate one table's four people through the four seats", () => {
    const rounds = tournament(4, 4);
    for (const id of people(4)) expect(rounds.map((r) => r.tables[0].seats.indexOf(id)).sort()).toEqual([0, 1, 2, 3]);
  });
});

describe("reseating after a round (Swiss)", () => {
  it("seats people of a similar standing together when nobody has met: the leaders at the top table", () => {
    const present = people(16);
    const standing = shuffled(present, 7);
    const r = seatRound({ secret: secretOf(1), round: 2, present, previous: [], standing });
    expect(r.tables.map((t) => t.seats.slice().sort())).toEqual([0, 1, 2, 3].map((t) => standing.slice(4 * t, 4 * t + 4).sort()));
  });

  it("16 people meet nobody twice in rounds 2 and 3, and the same rounds seat the same", () => {
    const rounds = tournament(16, 3);
    expect([repeats(rounds, 1), repeats(rounds, 2)]).toEqual([0, 0]);
    expect(tournament(16, 3)).toEqual(rounds);
  });

  it("16 people meet nobody twice over 3 rounds, whatever the draw (swaps alone stopped with a pair meeting again, once in 14)", () => {
    for (let k = 0; k < 60; k++) {
      const rounds = tournament(16, 3, secretOf(1000 + k));
      expect([repeats(rounds, 1), repeats(rounds, 2)], `draw ${k}`).toEqual([0, 0]);
    }
  });

  it("from 8 to 40 people, round 2 repeats no pair whenever there are as many tables as seats at one", () => {
    for (let n = 8; n <= 40; n++) {
      const layout = roundLayout(n);
      if (layout.tables < layout.people) continue;
      expect(repeats(tournament(n, 2), 1), `${n} people`).toBe(0);
    }
  });

  it("repeats no more earlier meetings than the best seating found by trying every way to cut the players into tables", () => {
    /** Every way to cut `ids` into tables of `size` (the first person's table first). */
    function* cuts(ids: string[], size: number): Generator<string[][]> {
      if (!ids.length) return yield [];
      const [head, ...rest] = ids;
      function* choose(from: string[], k: number, start = 0): Generator<string[]> {
        if (k === 0) return yield [];
        for (let i = start; i <= from.length - k; i++) for (const c of choose(from, k - 1, i + 1)) yield [from[i], ...c];
      }
      for (const mates of choose(rest, size - 1)) {
        const others = rest.filter((x) => !mates.includes(x));
        for (const more of cuts(others, size)) yield [[head, ...mates], ...more];
      }
    }
    /** How often each pair met in the rounds before. */
    const meetings = (before: readonly RoundSeating[]) => {
      const met = new Map<string, number>();
      for (const p of before.flatMap(pairsAt)) met.set(p.join("+"), (met.get(p.join("+")) ?? 0) + 1);
      return met;
    };
    /** Earlier meetings of the pairs at these tables: a pair that met twice counts 2. */
    const remeetings = (tables: string[][], met: Map<string, number>) => {
      let count = 0;
      for (const t of tables)
        for (let j = 0; j < t.length; j++) for (const b of t.slice(j + 1)) count += met.get([t[j], b].sort().join("+")) ?? 0;
      return count;
    };
    for (const n of [8, 9, 12]) {
      const rounds = tournament(n, 4);
      for (let i = 1; i < rounds.length; i++) {
        const tables = rounds[i].tables.map((t) => t.seats.filter((x): x is string => x !== null));
        const met = meetings(rounds.slice(0, i));
        let best = Infinity;
        for (const cut of cuts(tables.flat().sort(), roundLayout(n).people)) best = Math.min(best, remeetings(cut, met));
        expect(remeetings(tables, met), `${n} people, round ${i + 1}`).toBe(best);
      }
    }
  });
});
