/** A tournament round's cards: the same deals from the same seats at every table, from a key nobody can work out. */
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  apply,
  awaiting,
  cardCode,
  createGame,
  isDealSecret,
  presetRules,
  viewFor,
  type Action,
  type GameState,
  type Seat,
  type SeatView,
} from "../../../src/game/index.js";
import { newDealKey } from "../../../src/table/records.js";
import { DEFAULT_HANDS_PER_ROUND, drawOrder, roundDealKey, roundOver, tournamentRules } from "../../../src/table/tournament/deals.js";

const secretOf = (n: number): string => createHash("sha256").update(`tournament-deals-${n}`).digest("hex");

/** Three ways to play, so the tables of a round play differently. */
const STYLES: Array<(v: SeatView) => Action> = [
  (v) =>
    v.phase === "passing"
      ? { type: "pass", seat: v.seat, cards: v.hand.slice(0, 3) }
      : v.phase === "moon-choice"
        ? { type: "moon", seat: v.seat, choice: "add" }
        : { type: "play", seat: v.seat, card: v.legal[0] },
  (v) =>
    v.phase === "passing"
      ? { type: "pass", seat: v.seat, cards: v.hand.slice(-3) }
      : v.phase === "moon-choice"
        ? { type: "moon", seat: v.seat, choice: "add" }
        : { type: "play", seat: v.seat, card: v.legal[v.legal.length - 1] },
  (v) =>
    v.phase === "passing"
      ? { type: "pass", seat: v.seat, cards: v.hand.slice(5, 8) }
      : v.phase === "moon-choice"
        ? { type: "moon", seat: v.seat, choice: "add" }
        : { type: "play", seat: v.seat, card: v.legal[Math.floor(v.legal.length / 2)] },
];

/**
 * Plays a table's round with one style, and records what each seat was dealt at the start of each
 * hand (before any pass) and the hand's pass direction.
 */
function playRound(secret: string, round: number, style: (v: SeatView) => Action) {
  const rules = tournamentRules(presetRules("classic")!);
  let state: GameState = createGame(rules, roundDealKey(secret, round));
  const dealt: string[][] = [];
  const directions: string[] = [];
  for (let steps = 0; !roundOver(state, DEFAULT_HANDS_PER_ROUND) && steps < 1000; steps++) {
    if (dealt.length === state.handIndex) {
      dealt.push(([0, 1, 2, 3] as Seat[]).map((s) => viewFor(state, s).hand.map(cardCode).join(" ")));
      directions.push(state.passDirection);
    }
    const r = apply(state, style(viewFor(state, awaiting(state)[0] as Seat)));
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
  }
  return { dealt, directions, state };
}

describe("a round's deals", () => {
  it("are the same at every table, seat by seat, for each of the round's four hands, however the tables play", () => {
    const secret = secretOf(1);
    const tables = STYLES.map((style) => playRound(secret, 1, style));
    for (const t of tables) {
      expect(t.dealt.length).toBe(DEFAULT_HANDS_PER_ROUND);
      expect(t.directions).toEqual(["left", "right", "across", "hold"]);
      expect(t.dealt).toEqual(tables[0].dealt);
      // A round is four hands, then the table stops (the game itself would have gone on).
      expect(t.state.history.length).toBe(4);
      expect(t.state.phase).not.toBe("game-over");
    }
    // The tables did play differently: their scores differ.
    expect(new Set(tables.map((t) => t.state.totals.join())).size).toBeGreaterThan(1);
    // Each seat was dealt 13 cards, and the four seats the whole deck.
    for (const hand of tables[0].dealt) expect(new Set(hand.join(" ").split(" ")).size).toBe(52);
  });

  it("differ from round to round and from tournament to tournament", () => {
    const a1 = playRound(secretOf(2), 1, STYLES[0]).dealt;
    expect(playRound(secretOf(2), 2, STYLES[0]).dealt[0]).not.toEqual(a1[0]);
    expect(playRound(secretOf(3), 1, STYLES[0]).dealt[0]).not.toEqual(a1[0]);
  });

  it("keep the preset's scoring but play the four pass directions, penalty points and no early end", () => {
    const bga = tournamentRules({ ...presetRules("classic")!, countdown: 50, passCycle: "right", target: 50, moon: "new" });
    expect(bga).toMatchObject({ countdown: null, passCycle: "left-right-across-hold", moon: "new", perfect100: false });
    expect(bga.target).toBeGreaterThan(26 * 8);
  });
});

describe("a round's key", () => {
  it("is a 256-bit format 2 key, an HMAC of the round under the tournament's secret and of nothing else", () => {
    const secret = newDealKey();
    if (secret.format !== 2) throw new Error("a new deal key is format 2");
    const key = roundDealKey(secret.secret, 3);
    expect(key.format).toBe(2);
    expect(key.format === 2 && isDealSecret(key.secret)).toBe(true);
    const expected = createHmac("sha256", Buffer.from(secret.secret, "hex")).update("hearts-tournament-round:3").digest("hex");
    expect(key).toEqual({ format: 2, secret: expected });
  });

  it("cannot be worked out from public things: they are refused as a secret, and another secret gives another key", () => {
    // What players know: the tournament's id, name, start, round and players. None is a secret.
    for (const guess of ["1183742561928374656", "Friday Hearts night", "2026-11-28T20:00:00Z", "", "00".repeat(16), "ab".repeat(31)])
      expect(() => roundDealKey(guess, 1)).toThrow(/secret/);
    // Two tournaments alike in every public thing but their secrets deal differently.
    const a = roundDealKey(secretOf(4), 1);
    const b = roundDealKey(secretOf(5), 1);
    expect(a).not.toEqual(b);
    // A finished round's key (say it were ever shown) gives no other round's key.
    if (a.format !== 2) throw new Error("format 2");
    const next = roundDealKey(secretOf(4), 2);
    expect([roundDealKey(a.secret, 1), roundDealKey(a.secret, 2)]).not.toContainEqual(next);
    expect(() => roundDealKey(secretOf(4), 0)).toThrow();
  });

  it("draws round 1's seating order as a permutation of the people, unforeseeable without the secret", () => {
    const ids = Array.from({ length: 20 }, (_, i) => `${1000 + i}`);
    const order = drawOrder(secretOf(6), ids);
    expect(order.slice().sort()).toEqual(ids);
    expect(order).not.toEqual(ids);
    expect(drawOrder(secretOf(7), ids)).not.toEqual(order);
    expect(drawOrder(secretOf(6), ids.slice().reverse())).toEqual(order);
  });
});
