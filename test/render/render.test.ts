/**
 * Every image, for typical and edge states, compared with a committed reference PNG.
 * A failing comparison writes <name>.actual.png and <name>.diff.png next to the reference;
 * UPDATE_REFERENCES=1 rewrites the references (look at them before committing).
 */
import { describe, it } from "vitest";
import { checkPng, compare } from "./reference.js";
import { renderGameOver, renderHand, renderHandSummary, renderLeaderboard, renderTable, renderTrick } from "../../src/render/index.js";
import { gameOverFixtures, handFixtures, leaderboardFixtures, summaryFixtures, tableFixtures, trickFixtures } from "./fixtures.js";

describe("trick images", () => {
  for (const [name, f] of Object.entries(trickFixtures())) {
    it(name, () => {
      const png = renderTrick(f.input, { fourColour: f.fourColour });
      checkPng(png);
      compare(name, png);
    });
  }
});

describe("table images", () => {
  for (const [name, f] of Object.entries(tableFixtures())) {
    it(name, () => {
      const png = renderTable(f.input, { fourColour: f.fourColour });
      checkPng(png);
      compare(name, png);
    });
  }
});

describe("hand images", () => {
  for (const [name, f] of Object.entries(handFixtures())) {
    it(name, () => {
      const png = renderHand(f.input, { fourColour: f.fourColour });
      checkPng(png);
      compare(name, png);
    });
  }
});

describe("end of hand", () => {
  for (const [name, f] of Object.entries(summaryFixtures())) {
    it(name, () => {
      const png = renderHandSummary(f.input);
      checkPng(png);
      compare(name, png);
    });
  }
});

describe("end of game", () => {
  for (const [name, f] of Object.entries(gameOverFixtures())) {
    it(name, () => {
      const png = renderGameOver(f.input);
      checkPng(png);
      compare(name, png);
    });
  }
});

describe("leaderboard", () => {
  for (const [name, f] of Object.entries(leaderboardFixtures())) {
    it(name, () => {
      const png = renderLeaderboard(f.input);
      checkPng(png);
      compare(name, png);
    });
  }
});
