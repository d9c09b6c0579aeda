/** Scoring variants, moons, bonuses, auto-claim and the end of the game. */
import { describe, expect, it } from "vitest";
import { apply, gameEnd, masksOf, placements, scoreHand, type GameState, type Rules } from "../../src/game/index.js";
import { cards, midHand, playAll, rules } from "./helpers.js";

const ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH";
/** Score a hand where each seat took the listed cards (tricks won default to 1 for seats with cards). */
function score(r: Rules, taken: string[], opts: { before?: number[]; tricks?: number[]; choice?: "add" | "subtract" } = {}) {
  const masks = taken.map((t) => masksOf(cards(t)));
  const tricks = opts.tricks ?? taken.map((t) => (t.trim() ? 1 : 0));
  const before = opts.before ?? [r.countdown ?? 0, r.countdown ?? 0, r.countdown ?? 0, r.countdown ?? 0];
  return scoreHand(r, 0, before, masks, tricks, opts.choice ?? null);
}

describe("card values", () => {
  it("classic: each heart 1, Q♠ 13", () => {
    const h = score(rules(), ["QS 2H 3H 4H", "5H 6H", "7H 8H 9H TH JH QH KH AH", ""]);
    expect(h.handPoints).toEqual([16, 2, 8, 0]);
    expect(h.totals).toEqual([16, 2, 8, 0]);
    expect(h.queenTakenBy).toBe(0);
  });

  it("spot hearts: face value, 104 for all hearts", () => {
    const h = score(rules({ heartValues: "spot" }), ["2H 3H TH", "JH QH KH AH", "4H 5H 6H 7H 8H 9H QS", ""]);
    expect(h.handPoints).toEqual([2 + 3 + 10, 11 + 12 + 13 + 14, 4 + 5 + 6 + 7 + 8 + 9 + 13, 0]);
    expect(h.handPoints.reduce((a, b) => a + b)).toBe(104 + 13);
  });

  it("high spades: K♠ 10 and A♠ 7 besides Q♠ 13", () => {
    const h = score(rules({ highSpades: true }), ["KS", "AS", "QS", ALL_HEARTS]);
    expect(h.handPoints).toEqual([10, 7, 13, 13]);
  });
});

describe("shooting the moon", () => {
  const moonTaken = [`QS ${ALL_HEARTS}`, "2C", "3C", "4C"];
  it("old: the shooter scores 0 and the others +26", () => {
    const h = score(rules(), moonTaken);
    expect(h.moon).toEqual({ shooter: 0, choice: "add" });
    expect(h.change).toEqual([0, 26, 26, 26]);
  });
  it("new: the shooter scores −26", () => {
    expect(score(rules({ moon: "new" }), moonTaken).change).toEqual([-26, 0, 0, 0]);
  });
  it("disabled: the cards score normally", () => {
    const h = score(rules({ moon: "disabled" }), moonTaken);
    expect(h.moon).toBeNull();
    expect(h.change).toEqual([26, 0, 0, 0]);
  });
  it("spot hearts: the moon is worth 117", () => {
    expect(score(rules({ heartValues: "spot" }), moonTaken).change).toEqual([0, 117, 117, 117]);
  });
  it("with high spades, K♠ and A♠ stay with whoever took them", () => {
    const h = score(rules({ highSpades: true }), [`QS ${ALL_HEARTS}`, "KS", "AS", ""]);
    expect(h.change).toEqual([0, 36, 33, 26]);
  });
  it("Omnibus with J♦ required: no moon without the J♦", () => {
    const r = rules({ jackOfDiamonds: -10, jackRequiredForMoon: true });
    expect(score(r, [`QS ${ALL_HEARTS}`, "JD", "", ""]).moon).toBeNull();
    expect(score(r, [`QS JD ${ALL_HEARTS}`, "", "", ""]).change).toEqual([-10, 26, 26, 26]);
  });

  it("choice: the shooter is asked, and only the shooter may answer", () => {
    const s = moonPosition(rules({ moon: "choice" }));
    const { state, events } = playAll(s, "AC 2C 3C 2H");
    expect(state.phase).toBe("moon-choice");
    expect(events.map((e) => e.type)).toContain("moon-choice-pending");
    expect(apply(state, { type: "play", seat: 1, card: 5 })).toMatchObject({ ok: false, reason: "hand-over" });
    expect(apply(state, { type: "moon", seat: 1, choice: "add" })).toMatchObject({ ok: false, reason: "not-the-shooter" });
    const r = apply(state, { type: "moon", seat: 0, choice: "subtract" });
    expect(r.ok && r.state.totals).toEqual([-26, 0, 0, 0]);
    expect(r.ok && r.events.map((e) => e.type)).toEqual(expect.arrayContaining(["moon-shot", "hand-scored", "hand-dealt"]));
  });

  it("choice with a minimum total: below it, the old moon applies without asking", () => {
    const s = moonPosition(rules({ moon: "choice", moonChoiceMinTotal: 26 }), [10, 0, 0, 0]);
    const { state } = playAll(s, "AC 2C 3C 2H");
    expect(state.phase).not.toBe("moon-choice");
    expect(state.totals).toEqual([10, 26, 26, 26]);
    const asked = playAll(moonPosition(rules({ moon: "choice", moonChoiceMinTotal: 26 }), [30, 0, 0, 0]), "AC 2C 3C 2H").state;
    expect(asked.phase).toBe("moon-choice");
  });

  it("no moon choice to make outside a moon hand", () => {
    const s = moonPosition(rules({ moon: "choice" }));
    expect(apply(s, { type: "moon", seat: 0, choice: "add" })).toMatchObject({ ok: false, reason: "no-moon-choice" });
  });
});

/** Seat 0 has taken every heart but 2♥ and Q♠; the last trick brings it 2♥. */
function moonPosition(r: Rules, totals = [0, 0, 0, 0]): GameState {
  const s = midHand(r, ["AC", "2C", "3C", "2H"], { trickNumber: 12, leader: 0, heartsBroken: true });
  s.taken[0] = masksOf(cards("QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 4C 5C 6C"));
  s.tricksWon = [12, 0, 0, 0];
  s.totals = totals.slice();
  return s;
}

describe("bonuses", () => {
  it("Omnibus (hand mode): J♦ −10 to its taker, also in a moon hand", () => {
    const r = rules({ jackOfDiamonds: -10 });
    expect(score(r, ["JD 2H", "QS", "", ""]).change).toEqual([-9, 13, 0, 0]);
    expect(score(r, [`QS JD ${ALL_HEARTS}`, "", "", ""]).change).toEqual([-10, 26, 26, 26]);
  });

  it("No Tricks (no-points): −5 to each seat that took no point card; J♦ alone still qualifies", () => {
    const r = rules({ noTricksBonus: -5, jackOfDiamonds: -10 });
    expect(score(r, ["QS", ALL_HEARTS, "JD", "2C"]).change).toEqual([13, 13, -15, -5]);
  });

  it("No Tricks (no-tricks): only seats that won no trick", () => {
    const r = rules({ noTricksBonus: -5, noTricksCondition: "no-tricks" });
    expect(score(r, ["QS", ALL_HEARTS, "2C", ""], { tricks: [3, 5, 5, 0] }).change).toEqual([13, 13, 0, -5]);
  });

  it("No Tricks is never given in a moon hand", () => {
    const r = rules({ noTricksBonus: -5 });
    expect(score(r, [`QS ${ALL_HEARTS}`, "", "", ""]).change).toEqual([0, 26, 26, 26]);
  });

  it("total-clamped (Hearts 2.0): bonuses come off the total, never below 0, and not in a moon hand", () => {
    const r = rules({ jackOfDiamonds: -10, noTricksBonus: -5, bonusMode: "total-clamped" });
    const h = score(r, ["JD", "QS", ALL_HEARTS, ""], { before: [4, 20, 20, 3] });
    // Seat 0: 4 → No Tricks 0 (clamped) → J♦ 0. Seat 3: 3 → 0.
    expect(h.totals).toEqual([0, 33, 33, 0]);
    const moon = score(r, [`QS JD ${ALL_HEARTS}`, "", "", ""], { before: [40, 0, 0, 0] });
    expect(moon.totals).toEqual([40, 26, 26, 26]);
  });

  it("Shooting the Sun (Skelly): −24 on top of the new moon and J♦: −60 in all", () => {
    const r = rules({ jackOfDiamonds: -10, moon: "choice", shootTheSun: -24 });
    const h = score(r, [`QS JD ${ALL_HEARTS} 2C`, "", "", ""], { tricks: [13, 0, 0, 0], choice: "subtract" });
    expect(h.sun).toBe(0);
    expect(h.change).toEqual([-60, 0, 0, 0]);
  });

  it("Perfect 100: exactly 100 after a hand becomes 50, in moon hands too", () => {
    const r = rules({ perfect100: true });
    expect(score(r, ["QS", "2H", "", ""], { before: [87, 0, 0, 0] }).totals).toEqual([50, 1, 0, 0]);
    const moon = score(r, [`QS ${ALL_HEARTS}`, "", "", ""], { before: [0, 74, 0, 0] });
    expect(moon.totals).toEqual([0, 50, 26, 26]);
    expect(moon.perfect100).toEqual([1]);
  });
});

describe("countdown (BGA)", () => {
  const r = rules({ countdown: 50, jackOfDiamonds: -10 });
  it("points are subtracted from the starting total; J♦ adds 10", () => {
    expect(score(r, ["QS", "2H 3H", "JD", ""]).totals).toEqual([37, 48, 60, 50]);
  });
  it("old moon takes 26 from the others; positive moon gives the shooter 26", () => {
    expect(score(r, [`QS ${ALL_HEARTS}`, "", "", ""]).totals).toEqual([50, 24, 24, 24]);
    expect(score({ ...r, moon: "new" }, [`QS ${ALL_HEARTS}`, "", "", ""]).totals).toEqual([76, 50, 50, 50]);
  });
  it("the game ends at 0 or below, and the highest total wins", () => {
    expect(gameEnd(r, [1, 5, 30, 40])).toBeNull();
    expect(gameEnd(r, [0, 5, 30, 40])).toEqual({ winners: [3] });
    expect(placements(r, [0, 5, 30, 40], [3])).toEqual([4, 3, 2, 1]);
  });
});

describe("end of game", () => {
  it("ends when a total reaches the target; lowest wins; ties share", () => {
    const r = rules();
    expect(gameEnd(r, [99, 20, 30, 40])).toBeNull();
    expect(gameEnd(r, [100, 20, 30, 40])).toEqual({ winners: [1] });
    expect(gameEnd(r, [100, 20, 20, 40])).toEqual({ winners: [1, 2] });
    expect(placements(r, [100, 20, 20, 40], [1, 2])).toEqual([4, 1, 1, 3]);
  });
  it("exceed: exactly the target does not end the game", () => {
    const r = rules({ endWhen: "exceed" });
    expect(gameEnd(r, [100, 20, 30, 40])).toBeNull();
    expect(gameEnd(r, [101, 20, 30, 40])).toEqual({ winners: [1] });
  });
  it("a custom target", () => {
    expect(gameEnd(rules({ target: 50 }), [50, 1, 2, 3])).toEqual({ winners: [1] });
  });
  it("exactly the target wins at once (Skelly)", () => {
    const r = rules({ exactTargetWins: true, endWhen: "exceed" });
    expect(gameEnd(r, [100, 20, 30, 40])).toEqual({ winners: [0] });
    expect(placements(r, [100, 20, 30, 40], [0])).toEqual([1, 2, 3, 4]);
  });
  it("No Draw: a tie for the win plays another hand", () => {
    const r = rules({ noDraw: true });
    expect(gameEnd(r, [100, 20, 20, 40])).toBeNull();
    expect(gameEnd(r, [100, 20, 21, 40])).toEqual({ winners: [1] });
  });
  it("the engine ends the game after the hand that reaches the target", () => {
    const s = midHand(rules(), ["AC", "2C", "3C", "QS"], { trickNumber: 12, leader: 0 });
    s.totals = [90, 10, 20, 30];
    const { state, events } = playAll(s, "AC 2C 3C QS");
    expect(state.phase).toBe("game-over");
    expect(state.winners).toEqual([1]);
    expect(state.placements).toEqual([4, 1, 2, 3]);
    expect(events.at(-1)).toMatchObject({ type: "game-over", winners: [1], totals: [103, 10, 20, 30] });
    expect(apply(state, { type: "play", seat: 0, card: 0 })).toMatchObject({ ok: false, reason: "game-over" });
  });
});

describe("auto-claim", () => {
  const noPoints = ["AC 2D 3D 4D", "2C 5D 6D 7D", "3C 8D 9D TD", "4C JD QD KD"];
  it("no-points-left: once no scoring card is left, the trick winner takes the rest", () => {
    const s = midHand(rules({ autoClaim: "no-points-left" }), noPoints, { trickNumber: 9, leader: 0 });
    const { events } = playAll(s, "AC 2C 3C 4C");
    const claim = events.find((e) => e.type === "tricks-claimed");
    expect(claim).toMatchObject({ seat: 0, tricks: 3, reason: "no-points-left" });
    expect(events.some((e) => e.type === "hand-scored")).toBe(true);
  });

  it("J♦ counts as scoring in Omnibus, so no claim while it is out", () => {
    const s = midHand(rules({ autoClaim: "no-points-left", jackOfDiamonds: -10 }), noPoints, { trickNumber: 9, leader: 0 });
    expect(playAll(s, "AC 2C 3C 4C").events.some((e) => e.type === "tricks-claimed")).toBe(false);
  });

  const tram = ["AC AD KD QD", "2C 2H 3D 4D", "3C 3H 5D 6D", "4C 4H 7D 8D"];
  it("tram: the leader holds only top cards, so he takes every remaining card", () => {
    const s = midHand(rules({ autoClaim: "tram" }), tram, { trickNumber: 9, leader: 0, heartsBroken: true });
    const { state, events } = playAll(s, "AC 2C 3C 4C");
    expect(events.find((e) => e.type === "tricks-claimed")).toMatchObject({ seat: 0, tricks: 3, reason: "tram" });
    const scored = events.find((e) => e.type === "hand-scored");
    expect(scored && scored.type === "hand-scored" && scored.result.handPoints[0]).toBe(3);
    expect(state.handIndex).toBe(1);
  });

  it("off, or no-points-left with points out: the hand is played to the end", () => {
    for (const mode of ["off", "no-points-left"] as const) {
      const s = midHand(rules({ autoClaim: mode }), tram, { trickNumber: 9, leader: 0, heartsBroken: true });
      expect(playAll(s, "AC 2C 3C 4C").events.some((e) => e.type === "tricks-claimed")).toBe(false);
    }
  });

  it("with Shooting the Sun, tricks score, so only a true tram may end the hand early", () => {
    const sun = rules({ autoClaim: "no-points-left", shootTheSun: -24 });
    const s = midHand(sun, noPoints, { trickNumber: 9, leader: 0 });
    expect(playAll(s, "AC 2C 3C 4C").events.some((e) => e.type === "tricks-claimed")).toBe(false);
    const tops = midHand(sun, ["AC AD KD QD", "2C 2D 3D 4D", "3C 5D 6D 7D", "4C 8D 9D TD"], { trickNumber: 9, leader: 0 });
    expect(playAll(tops, "AC 2C 3C 4C").events.find((e) => e.type === "tricks-claimed")).toMatchObject({ seat: 0, tricks: 3 });
  });

  it("not checked when only one trick remains", () => {
    const s = midHand(rules({ autoClaim: "no-points-left" }), ["AC 2D", "2C 5D", "3C 8D", "4C JD"], { trickNumber: 11, leader: 0 });
    expect(playAll(s, "AC 2C 3C 4C").events.some((e) => e.type === "tricks-claimed")).toBe(false);
  });
});
