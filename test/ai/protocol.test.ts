/** The ai:serve line protocol: partial views from other programs, card codes, clear errors. */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { answerLine, normalizeView } from "../../src/ai/protocol.js";
import { viewFor } from "../../src/game/index.js";
import { position, rulesOf } from "./helpers.js";

const TRICK_1 = { leader: 0, cards: ["2C", "KC", "5C", "7C"] };
const MY_HAND = ["9C", "TC", "JC", "QC", "AC", "QS", "8S", "9S", "7H", "8H", "9H", "TH"];

describe("ai:serve protocol", () => {
  it("derives a full view from a partial one (codes for cards, leader, voids, legal cards)", () => {
    const view = normalizeView({ seat: 2, rules: "classic", hand: MY_HAND, tricks: [TRICK_1], trick: ["4D"] });
    const real = viewFor(
      position({
        rules: rulesOf("classic", { autoClaim: "tram", passCycle: "left-right-across-hold" }),
        tricks: [[0, "2C KC 5C 7C"]],
        trick: "4D",
        hands: ["3C 4C 2D 3D 5D 6D 2S 3S 4S 2H 3H 4H", "6C 8C 7D 8D 9D TD JD 5S 6S 7S 5H", MY_HAND.join(" "), "*"],
      }),
      2,
    );
    for (const key of [
      "hand",
      "legal",
      "leader",
      "turn",
      "trickNumber",
      "heartsBroken",
      "handSizes",
      "voids",
      "handPoints",
      "tricksWon",
    ] as const) {
      expect(view[key], key).toEqual(real[key]);
    }
  });

  it("answers a play with the action and the card's code, and honours the legal list it is given", () => {
    const line = JSON.stringify({ id: 7, level: "medium", view: { seat: 2, hand: MY_HAND, tricks: [TRICK_1], trick: ["AS"] } });
    expect(answerLine(line, { level: "hard" })).toMatchObject({ id: 7, card: "QS", action: { type: "play", seat: 2, card: 36 } });
    const only = JSON.stringify({
      id: 8,
      level: "medium",
      legal: ["8S"],
      view: { seat: 2, hand: MY_HAND, tricks: [TRICK_1], trick: ["AS"] },
    });
    expect(answerLine(only, { level: "hard" })).toMatchObject({ id: 8, card: "8S" });
  });

  it("answers a pass with three card codes from the hand", () => {
    const hand = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "QS", "KS", "AS", "AH", "KH"];
    const a = answerLine(JSON.stringify({ id: "p", level: "medium", view: { seat: 0, phase: "passing", hand } }), { level: "hard" });
    expect(a?.cards).toHaveLength(3);
    for (const c of a!.cards!) expect(hand).toContain(c);
  });

  it("explains what is wrong with a bad request instead of failing", () => {
    expect(answerLine("{oops", { level: "hard" })?.error).toMatch(/not JSON/);
    expect(answerLine(JSON.stringify({ id: 1, view: { seat: 1, hand: ["2C"] } }), { level: "hard" })).toMatchObject({
      id: 1,
      error: expect.stringMatching(/should hold 13/),
    });
    expect(answerLine(JSON.stringify({ id: 2, view: { seat: 0, hand: ["ZZ"] } }), { level: "hard" })?.error).toMatch(/not a card/);
    expect(answerLine(JSON.stringify({ id: 3, level: "expert", view: {} }), { level: "hard" })?.error).toMatch(/level must be/);
    expect(answerLine("", { level: "hard" })).toBeNull();
  });

  it("npm run ai:serve speaks it over stdin/stdout, one answer per line, in order", () => {
    const input = [
      JSON.stringify({ cmd: "ping", id: 0 }),
      JSON.stringify({ id: 1, level: "medium", view: { seat: 2, hand: MY_HAND, tricks: [TRICK_1], trick: ["4D"] } }),
      "not json",
    ].join("\n");
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/ai-serve.ts", "--level", "easy"], {
      input,
      encoding: "utf8",
      timeout: 20_000,
    });
    const answers = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(answers).toHaveLength(3);
    expect(answers[0]).toEqual({ id: 0, pong: true });
    expect(answers[1]).toMatchObject({ id: 1, card: "QS" });
    expect(answers[2].error).toMatch(/not JSON/);
  });
});
