/** Duplicate scoring: matchpoints seat against seat, the moon as the table's rules score it, standings and their ties. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRng, masksOf, parseCard, presetRules, scoreHand, type Card, type Rules } from "../../../src/game/index.js";
import { roundLayout } from "../../../src/table/tournament/layout.js";
import { dealScores, standings, type RoundResult } from "../../../src/table/tournament/scoring.js";
import { seatRound, type RoundSeating } from "../../../src/table/tournament/seating.js";

const cards = (text: string): Card[] => text.split(" ").map((t) => parseCard(t)!);
const HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH";

/**
 * The test's own matchpoints, written the long way from a flat list of results: for each person's
 * result, every other table's result at the same round, deal and seat held by a person.
 */
function expected(rounds: readonly RoundResult[], entrants: readonly string[]) {
  const flat = rounds.flatMap((r, round) =>
    r.tables.flatMap((t, table) =>
      t.deals.flatMap((scores, deal) => scores.map((score, seat) => ({ round, table, deal, seat, score, id: t.seats[seat] }))),
    ),
  );
  return entrants.map((id) => {
    let mp = 0;
    let top = 0;
    for (const mine of flat.filter((r) => r.id === id)) {
      const others = flat.filter(
        (o) => o.round === mine.round && o.deal === mine.deal && o.seat === mine.seat && o.table !== mine.table && o.id !== null,
      );
      for (const o of others) {
        if (mine.score < o.score) mp += 2;
        else if (mine.score === o.score) mp += 1;
        top += 2;
      }
    }
    return { id, mp, top, percent: top ? (100 * mp) / top : null };
  });
}

/** A whole tournament's results with seeded scores: seated by the real seating, each deal's seat scores drawn from Hearts-like values. */
function randomTournament(n: number, roundsCount: number, seed: number) {
  const present = Array.from({ length: n }, (_, i) => `u${i}`);
  const rng = createRng(seed);
  const secret = createHash("sha256").update(`scoring-${seed}`).digest("hex");
  const values = [0, 0, 0, 1, 2, 3, 4, 5, 13, 14, 16, 26];
  const seatings: RoundSeating[] = [];
  const results: RoundResult[] = [];
  for (let round = 1; round <= roundsCount; round++) {
    const standing = standings(results, present).map((s) => s.id);
    const seating = seatRound({ secret, round, present, previous: seatings, standing });
    seatings.push(seating);
    results.push({
      tables: seating.tables.map((t) => ({
        seats: t.seats,
        deals: Array.from({ length: 4 }, () => [0, 1, 2, 3].map(() => values[Math.floor(rng.next() * values.length)])),
      })),
    });
  }
  return { present, results };
}

describe("matchpoints", () => {
  it("agree with the test's own count for 16 people (4 tables, 3 rounds) and 13 (one sits out each round)", () => {
    for (const [n, seed] of [
      [16, 1],
      [13, 2],
      [23, 3],
    ]) {
      expect(roundLayout(n).tables).toBeGreaterThan(2);
      const { present, results } = randomTournament(n, 3, seed);
      const got = standings(results, present);
      const want = expected(results, present);
      for (const w of want) {
        const g = got.find((s) => s.id === w.id)!;
        expect({ id: g.id, mp: g.matchpoints, top: g.top }).toEqual({ id: w.id, mp: w.mp, top: w.top });
        expect(g.percent).toBeCloseTo(w.percent!, 9);
      }
      // Best percentage first; places only go down.
      for (let i = 1; i < got.length; i++) {
        expect(got[i - 1].percent!).toBeGreaterThanOrEqual(got[i].percent!);
        expect(got[i].place).toBeGreaterThanOrEqual(got[i - 1].place);
      }
    }
  });

  it("score the moon as the table's rules do: old moon level with a clean hand, new moon the whole top (the README's example)", () => {
    // Deal 2 (hand index 1) at three tables; what each seat took.
    const taken = {
      A: ["2C 3C", `QS 2H 3H 4H 5H 6H`, "7H 8H 9H TH", "JH QH KH AH"], // North clean, East Q♠ and 5 hearts
      B: ["QS 2H 3H 4H", "5H 6H 7H 8H", "9H TH JH", "QH KH AH"], // North Q♠ and 3 hearts: 16
      C: [`QS ${HEARTS}`, "2C", "3C", "4C"], // North shoots the moon
    };
    const changes = (rules: Rules, t: string[]) =>
      scoreHand(
        rules,
        1,
        [0, 0, 0, 0],
        t.map((x) => masksOf(cards(x))),
        [4, 3, 3, 3],
        null,
      ).change;
    const result = (moon: Rules["moon"]): RoundResult => {
      const rules = { ...presetRules("classic")!, moon };
      return {
        tables: (["A", "B", "C"] as const).map((name) => ({
          seats: ["North", "East", "South", "West"].map((seat) => `${seat} at ${name}`),
          deals: [[0, 0, 0, 0], changes(rules, taken[name])],
        })),
      };
    };
    const north = (r: RoundResult) =>
      dealScores([r])
        .filter((d) => d.deal === 1 && d.seat === 0)
        .map((d) => `${d.id}: ${d.score} → ${d.matchpoints}/${d.top}`);
    expect(north(result("old"))).toEqual(["North at A: 0 → 3/4", "North at B: 16 → 0/4", "North at C: 0 → 3/4"]);
    expect(north(result("new"))).toEqual(["North at A: 0 → 2/4", "North at B: 16 → 0/4", "North at C: -26 → 4/4"]);
    const eastAtC = dealScores([result("old")]).find((d) => d.deal === 1 && d.id === "East at C")!;
    expect([eastAtC.score, eastAtC.matchpoints, eastAtC.field]).toEqual([26, 0, 26 - (18 + 4) / 2]);
  });

  it("leave the computer players' seats out and compare only the tables that played the deal", () => {
    const rounds: RoundResult[] = [
      {
        tables: [
          {
            seats: ["a", "b", "c", null],
            deals: [
              [1, 2, 3, 20],
              [5, 5, 5, 11],
            ],
          },
          { seats: ["d", "e", "f", null], deals: [[2, 2, 2, 20]] },
          {
            seats: ["g", "h", "i", null],
            deals: [
              [3, 1, 1, 21],
              [6, 4, 5, 11],
            ],
          },
        ],
      },
    ];
    const scores = dealScores(rounds);
    expect(scores.filter((d) => d.seat === 3)).toEqual([]);
    const a = scores.filter((d) => d.id === "a").map((d) => [d.matchpoints, d.top]);
    expect(a).toEqual([
      [4, 4],
      [2, 2],
    ]);
  });
});

describe("standings", () => {
  // Two tables, two deals: a and c share seat 0, b and d seat 1, e and g seat 2, f and h seat 3.
  const rounds: RoundResult[] = [
    {
      tables: [
        {
          seats: ["a", "b", "e", "f"],
          deals: [
            [0, 10, 3, 13],
            [4, 0, 3, 19],
          ],
        },
        {
          seats: ["c", "d", "g", "h"],
          deals: [
            [5, 20, 3, 0],
            [4, 0, 3, 19],
          ],
        },
      ],
    },
  ];
  const entrants = ["a", "b", "c", "d", "e", "f", "g", "h", "late"];

  it("break ties by points against the field, then share the place when nothing tells people apart", () => {
    const table = standings(rounds, entrants).map(
      (s) => `${s.place} ${s.id} ${s.percent === null ? "-" : `${s.percent}%`} ${s.fieldPerDeal}`,
    );
    expect(table).toEqual([
      // h, b and a each won one deal at their seat and tied the other (75%): h by 13 points, b by 10, a by 5.
      "1 h 75% -6.5",
      "2 b 75% -5",
      "3 a 75% -2.5",
      // e and g tied both deals: nothing tells them apart; e signed up first.
      "4 e 50% 0",
      "4 g 50% 0",
      // c, d and f lost one deal and tied the other: by 5, 10 and 13 points.
      "6 c 25% 2.5",
      "7 d 25% 5",
      "8 f 25% 6.5",
      // Signed up, never played: last.
      "9 late - 0",
    ]);
  });

  it("keep everyone's results when a person is forgotten: the seat still counts for the others", () => {
    const before = standings(rounds, entrants).filter((s) => s.id !== "c");
    const forgotten: RoundResult[] = rounds.map((r) => ({
      tables: r.tables.map((t) => ({ ...t, seats: t.seats.map((id) => (id === "c" ? "forgotten-1" : id)) })),
    }));
    const after = standings(
      forgotten,
      entrants.filter((id) => id !== "c"),
    );
    expect(after.map(({ place: _p, ...s }) => s)).toEqual(before.map(({ place: _p, ...s }) => s));
  });

  it("fall back on the points at a single table, where nobody holds the same cards", () => {
    const one: RoundResult[] = [
      {
        tables: [
          {
            seats: ["w", "x", "y", null],
            deals: [
              [13, 0, 13, 0],
              [0, 26, 0, 0],
              [1, 0, 4, 21],
            ],
          },
        ],
      },
    ];
    // w took 14 points in 3 deals, y 17, x 26 (the moon shot at x's expense… by the computer player).
    expect(standings(one, ["w", "x", "y"]).map((s) => `${s.place} ${s.id} ${s.percent} ${s.pointsPerDeal * 3}`)).toEqual([
      "1 w null 14",
      "2 y null 17",
      "3 x null 26",
    ]);
  });
});
