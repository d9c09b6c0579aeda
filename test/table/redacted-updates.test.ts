/**
 * What every front end hears of a table (issue 26 §3): the updates leave the table domain already
 * redacted. A whole seeded game is played (passes, claims, hand ends included) and every update
 * every listener receives is walked: it names no card a seat holds or passed, except the card played
 * face up by that very action.
 */
import { describe, expect, it } from "vitest";
import { cardsOf, isCard, type Card, type GameState } from "../../src/game/index.js";
import { stateBehind } from "../../src/table/live.js";
import type { TableUpdate, TableView } from "../../src/table/types.js";
import { alice, bob, openTable, playOut, setup } from "./service-helpers.js";

/**
 * Keys whose numbers are counts, seats, scores or sentence values, never cards. Any other number
 * in an update is taken for a card: a field added later is suspect until it is named here.
 */
const NOT_CARDS = new Set([
  "seat",
  "handIndex",
  "dealer",
  "leader",
  "trickNumber",
  "tricks",
  "winner",
  "points",
  "totals",
  "winners",
  "placements",
  "handPoints",
  "change",
  "tricksWon",
  "noTricksBonus",
  "perfect100",
  "queenTakenBy",
  "jackTakenBy",
  "sun",
  "shooter",
]);

/** Every number in `value` that could be a card, with where it was found. */
function cardsIn(value: unknown, path = "update"): { card: Card; path: string }[] {
  const key = path.slice(path.lastIndexOf(".") + 1).replace(/\[\d+\]$/, "");
  if (typeof value === "number") return isCard(value) && !NOT_CARDS.has(key) ? [{ card: value, path }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => cardsIn(v, `${path}[${i}]`));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([k, v]) => cardsIn(v, `${path}.${k}`));
  return [];
}

/**
 * The cards no one but their seat may know, in the state an update was made from: every card held,
 * every card passed this hand, less those played face up since.
 */
function secretCards(before: GameState): Set<Card> {
  const secret = new Set<Card>();
  for (const hand of before.hands) for (const c of cardsOf(hand)) secret.add(c);
  for (const pass of before.passes) for (const c of pass ?? []) secret.add(c);
  for (const t of before.tricks) for (const c of t.cards) secret.delete(c);
  for (const c of before.trick) secret.delete(c);
  return secret;
}

describe("the updates a front end hears", () => {
  it("through a whole seeded game name no card of anyone's hand or pass, but the card played face up", async () => {
    const s = setup({ seed: 20261125 });
    // A second listener hears the very same updates as the first.
    const heard: { table: TableView; update: TableUpdate }[] = [];
    s.service.onUpdate((table, update) => heard.push({ table, update }));
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    await playOut(s, id, [alice, bob]);
    expect(s.store.finished).toHaveLength(1);
    expect(heard).toEqual(s.updates);

    const seen = new Set<string>();
    let before: GameState | null = null;
    let checked = 0;
    for (const { table, update } of heard) {
      seen.add(update.type === "action" ? `${update.action.type}: ${update.events.map((e) => e.type).join(",")}` : update.type);
      if (before) {
        const secret = secretCards(before);
        if (update.type === "action" && update.action.type === "play") secret.delete(update.action.card);
        const leaks = cardsIn(update).filter(({ card }) => secret.has(card));
        expect(leaks, JSON.stringify(update)).toEqual([]);
        checked++;
      }
      before = stateBehind(table) ?? before;
    }
    // The game went through what matters: passes and their exchange, plays, claims, hand ends.
    const kinds = [...seen].join("\n");
    expect(kinds).toContain("pass: \n");
    expect(kinds).toMatch(/pass: cards-passed/);
    expect(kinds).toMatch(/tricks-claimed/);
    expect(kinds).toMatch(/hand-scored/);
    expect(kinds).toMatch(/game-over/);
    expect(checked).toBeGreaterThan(200);
  });

  it("tell the pass by its direction only, and a claim by its seat and count", async () => {
    const s = setup({ seed: 20261125 });
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    await playOut(s, id, [alice, bob]);
    const events = s.updates.flatMap(({ update }) => (update.type === "action" ? update.events : []));
    const exchange = events.find((e) => e.type === "cards-passed")!;
    expect(exchange).toEqual({ type: "cards-passed", direction: "left" });
    const claim = events.find((e) => e.type === "tricks-claimed")!;
    expect(Object.keys(claim).sort()).toEqual(["reason", "seat", "tricks", "type"]);
    const passes = s.updates.flatMap(({ update }) => (update.type === "action" && update.action.type === "pass" ? [update.action] : []));
    expect(passes.length).toBeGreaterThan(4);
    for (const p of passes) expect(Object.keys(p).sort()).toEqual(["seat", "type"]);
  });
});
