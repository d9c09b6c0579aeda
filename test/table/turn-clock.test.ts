import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { createGame, presetRules } from "../../src/game/index.js";
import { bankUsed, deadlineOf, hasExpired, TIMER_SLACK_MS, turnKey } from "../../src/table/turn-clock.js";

const passing = createGame(presetRules("classic")!, 1);
const playing = { ...passing, phase: "playing" as const };
const settings = { ...DEFAULT_SETTINGS, turnSeconds: 30, timeBankSeconds: 60 };
const turn = { key: "0:pass", startedAt: 1_000_000 };

describe("the turn clock", () => {
  it("gives a card its seconds, a pass one and a half times as many, then the seat's bank", () => {
    expect(deadlineOf(turn, settings, playing, 20) - turn.startedAt).toBe((30 + 20) * 1000);
    expect(deadlineOf(turn, settings, passing, 20) - turn.startedAt).toBe((45 + 20) * 1000);
  });

  it("has no bank without a timer (and then an hour per turn)", () => {
    const none = { ...settings, turnSeconds: 0 };
    expect(deadlineOf(turn, none, playing, 60) - turn.startedAt).toBe(3600 * 1000);
  });

  it("charges the bank by whole seconds past the allowance, nothing within it", () => {
    expect(bankUsed(turn, settings, playing, turn.startedAt + 29_999)).toBe(0);
    expect(bankUsed(turn, settings, playing, turn.startedAt + 30_001)).toBe(1);
    expect(bankUsed(turn, settings, playing, turn.startedAt + 42_500)).toBe(13);
  });

  it("counts a timer that fires a hair early as run out, not earlier", () => {
    const deadline = deadlineOf(turn, settings, playing, 0);
    expect(hasExpired(turn, settings, playing, 0, deadline - TIMER_SLACK_MS)).toBe(true);
    expect(hasExpired(turn, settings, playing, 0, deadline - TIMER_SLACK_MS - 1)).toBe(false);
  });

  it("names the whole passing phase as one turn, and every card as its own", () => {
    expect(turnKey(passing)).toBe("0:pass");
    expect(turnKey({ ...playing, actionCount: 5 })).not.toBe(turnKey({ ...playing, actionCount: 6 }));
  });
});
