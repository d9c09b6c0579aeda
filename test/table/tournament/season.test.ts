/**
 * The season table (src/table/tournament/season.ts seasonStandings): each person's average of
 * their nights' percentages, ranked from the season's minimum of nights, ties sharing a place:
 * docs/admins.md's worked example, literally.
 */
import { expect, it } from "vitest";
import { seasonStandings } from "../../../src/table/tournament/season.js";

const night = (n: number, userId: string, percent: number) => ({
  tournamentId: `t${n}`,
  userId,
  name: userId,
  percent,
  playedAt: new Date(Date.UTC(2026, 0, n * 7)),
});

it("averages each person's nights (Ann 55.3 %, Bob 50.5 %) and lists Cleo, with 2 nights of 3, apart and unranked", () => {
  const scores = [
    night(1, "Ann", 62.5),
    night(2, "Ann", 48),
    night(4, "Ann", 55.5),
    ...[50, 60, 40, 52].map((p, i) => night(i + 1, "Bob", p)),
    night(3, "Cleo", 70),
    night(4, "Cleo", 65),
  ];
  const lines = seasonStandings(scores, 3);
  expect(lines.map((l) => [l.name, l.place, Math.round(l.percent * 10) / 10, l.nights])).toEqual([
    ["Ann", 1, 55.3, 3],
    ["Bob", 2, 50.5, 4],
    ["Cleo", null, 67.5, 2],
  ]);
});

it("gives people with the same average the same place, the one after them the next place but one", () => {
  const scores = [night(1, "A", 60), night(2, "A", 40), night(1, "B", 50), night(2, "B", 50), night(1, "C", 10), night(2, "C", 20)];
  expect(seasonStandings(scores, 2).map((l) => [l.name, l.place])).toEqual([
    ["A", 1],
    ["B", 1],
    ["C", 3],
  ]);
});
