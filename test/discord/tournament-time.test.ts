/** The start of a tournament as organisers type it. */
import { describe, expect, it } from "vitest";
import { parseStart } from "../../src/discord/handlers/tournament-time.js";

const now = new Date("2026-11-28T19:30:00Z");
const iso = (typed: string) => parseStart(typed, now)?.toISOString() ?? null;

describe("a tournament's start, as typed", () => {
  it("a clock time is the next one to come, in UTC", () => {
    expect(iso("21:00")).toBe("2026-11-28T21:00:00.000Z");
    expect(iso("9h15")).toBe("2026-11-29T09:15:00.000Z");
    expect(iso("19:30")).toBe("2026-11-29T19:30:00.000Z");
  });
  it("'in 30 min' and 'dans 2 h' count from now", () => {
    expect(iso("in 30 min")).toBe("2026-11-28T20:00:00.000Z");
    expect(iso("dans 2 h")).toBe("2026-11-28T21:30:00.000Z");
    expect(iso("In 90 minutes")).toBe("2026-11-28T21:00:00.000Z");
  });
  it("a date is UTC unless it names its zone", () => {
    expect(iso("2026-12-01 20:00")).toBe("2026-12-01T20:00:00.000Z");
    expect(iso("2026-12-01T20:00+01:00")).toBe("2026-12-01T19:00:00.000Z");
    expect(iso("2026-12-01")).toBe("2026-12-01T00:00:00.000Z");
  });
  it("anything else is not read as a time", () => {
    for (const typed of ["tonight", "25:00", "21:75", "in a while", "2026-13-40 20:00", ""]) expect(iso(typed), typed).toBeNull();
  });
});
