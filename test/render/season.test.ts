/**
 * The season's picture (src/render/season.ts): the ranked with their medals, the people not ranked
 * yet dimmed with a tag, in English and French, a long season cut with how many more.
 */
import { expect, it } from "vitest";
import { checkPng } from "./reference.js";
import { renderSeason } from "../../src/render/index.js";
import { seasonPicture } from "../../src/discord/views/season.js";
import type { SeasonView } from "../../src/table/tournament/season.js";

const view = (people: number): SeasonView => ({
  guildId: "1",
  number: 2,
  name: "Club night",
  nights: 8,
  nightsDone: 8,
  minNights: 3,
  next: null,
  ended: true,
  lines: Array.from({ length: people }, (_, i) => ({
    userId: String(i),
    name: `Player ${i}`,
    percent: 70 - i * 0.5,
    nights: i % 4 === 3 ? 2 : 8,
    place: i % 4 === 3 ? null : i + 1,
  })),
});

for (const locale of ["en", "fr"] as const)
  it(`is drawn in ${locale === "en" ? "English" : "French"}`, () => {
    const input = seasonPicture(view(8), locale);
    expect(input.title).toBe(locale === "en" ? "🏆 Club night, season 2" : "🏆 Club night, saison 2");
    expect(input.waiting.legend).toBe(locale === "en" ? "fewer than 3 nights played" : "moins de 3 soirées jouées");
    checkPng(renderSeason(input));
  });

it("cuts a season of 64 people and says how many more", () => {
  const input = seasonPicture(view(64), "en");
  expect(input.more).toBe("and 40 more");
  expect(checkPng(renderSeason(input)).height).toBeLessThan(1500);
});
