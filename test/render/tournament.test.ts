/**
 * A tournament's pictures: the standings after a round and the podium, in English and French,
 * drawn from the real scoring of played rounds (src/table/tournament/scoring.ts) and compared with
 * reference PNGs. The time they take after a round of 64 people is bench:tournament's standingsMs.
 */
import { describe, expect, it } from "vitest";
import { checkPng, compare } from "./reference.js";
import { renderTournamentPodium, renderTournamentStandings } from "../../src/render/index.js";
import { podiumPicture, standingsPicture, tournamentRows } from "../../src/discord/presenting/tournament-pictures.js";
import { playedTournament } from "./tournament-fixtures.js";

describe("the standings after a round", () => {
  const { view } = playedTournament(16, 2, 4, ["p6"]);

  it("list everyone best first with their percentage, matchpoints and rounds, and mark whom a computer stood in for", () => {
    const rows = tournamentRows(view, view.standings);
    expect(rows).toHaveLength(16);
    expect(rows.map((r) => r.place)).toEqual([...rows.map((r) => r.place)].sort((a, b) => a - b));
    for (const r of rows) expect(r.rounds).toBe(2);
    expect(rows.filter((r) => r.stoodIn).map((r) => r.name)).toEqual(["Fatima al-Hassan the Magnificent"]);
    const best = view.standings[0];
    expect(rows[0]).toMatchObject({ matchpoints: best.matchpoints, top: best.top, percent: best.percent });
  });

  for (const locale of ["en", "fr"] as const)
    it(`are drawn in ${locale === "en" ? "English" : "French"}`, () => {
      const png = renderTournamentStandings(standingsPicture(view, 2, view.standings, locale));
      checkPng(png);
      compare(`tournament-standings-${locale}`, png);
    });

  it("cut a long list and say how many more there are", () => {
    const big = playedTournament(64, 1, 4);
    const input = standingsPicture(big.view, 1, big.view.standings, "en");
    expect(input.more).toBe("and 40 more");
    const png = renderTournamentStandings(input);
    const img = checkPng(png);
    expect(img.height).toBeLessThan(1500);
    compare("tournament-standings-64", png);
  });
});

describe("the podium", () => {
  it("shows the first three places, second left and third right", () => {
    const { view } = playedTournament(16, 3, 4, ["p3"]);
    const input = podiumPicture(view, view.standings.slice(0, 5), "en");
    expect(input.rows.every((r) => r.place <= 3)).toBe(true);
    const png = renderTournamentPodium(input);
    checkPng(png);
    compare("tournament-podium-en", png);
  });

  it("stacks people who share a place on one step (French)", () => {
    const { view } = playedTournament(16, 1, 4);
    // Two level at the top, two level third (scoring gives equal people one place and skips the next).
    const level = view.standings.slice(0, 4).map((s, i) => ({ ...s, place: i < 2 ? 1 : 3, percent: i < 2 ? 62.5 : 50 }));
    const input = podiumPicture(view, level, "fr");
    expect(input.rows.map((r) => r.place)).toEqual([1, 1, 3, 3]);
    const png = renderTournamentPodium(input);
    checkPng(png);
    compare("tournament-podium-tie-fr", png);
  });
});
