/**
 * The secrecy check of every Activity frame: against the game's true state at the frame's
 * version, a person's frame shows their own hand exactly and no card another seat holds; a
 * spectator's shows no hand at all. The played-cards list names the other hands' cards all
 * together (what the seat can work out from its own hand and the cards played), never by seat.
 */
import { expect } from "vitest";
import { SUIT_SYMBOLS, apply, cardsOf, createGame, parseCard, type Action, type GameState } from "../../src/game/index.js";
import type { TableFrame } from "../../src/activity/protocol.js";
import type { Harness } from "../bot/harness.js";

/** The game's state after each number of actions, replayed from the stored log. */
export async function statesOf(h: Harness, tableId: string): Promise<GameState[]> {
  const record = (await h.store.getTable(tableId))!;
  const actions = await h.store.loadActions(tableId);
  let state = createGame(record.rules, record.deal);
  const out = [state];
  for (const a of actions) {
    const r = apply(state, a.action as Action);
    if (!r.ok) throw new Error(`the stored log does not replay: ${r.reason}`);
    state = r.state;
    out.push(state);
  }
  return out;
}

/** A frame for the holder of `seat` (null: a spectator) shows that seat's hand only, and the public table truly. */
export function checkFrame(t: TableFrame, state: GameState, seat: number | null): void {
  expect(t.game!.trick).toEqual(state.trick);
  if (seat === null) {
    expect(t.hand).toBeNull();
    return;
  }
  expect(t.hand!.seat).toBe(seat);
  expect(t.hand!.cards).toEqual(cardsOf(state.hands[seat]));
  const others = new Set([0, 1, 2, 3].filter((s) => s !== seat).flatMap((s) => cardsOf(state.hands[s])));
  // The cards this seat passed are in another hand now, and known to it: not counted.
  const shown = [...t.hand!.cards, ...t.hand!.legal, ...t.hand!.refusals.flatMap((r) => r.cards)];
  expect(shown.filter((c) => others.has(c))).toEqual([]);
  if (t.hand!.stillOut !== null) expect(stillOutCards(t.hand!.stillOut)).toEqual([...others].sort((a, b) => a - b));
}

/** French cards' ranks (roi, dame, valet) as the card codes' letters. */
const FRENCH_RANK: Record<string, string> = { R: "K", D: "Q", V: "J" };

/** The cards a played-cards line names ("Still out: ♣ A K 9 · ♦ — · …", "Encore en jeu : ♣ A R 9 · …"), lowest first. */
export function stillOutCards(line: string): number[] {
  const list = line.slice(line.indexOf(":") + 1).trim();
  const suits = list.split(" · ");
  expect(suits.map((part) => part.split(" ")[0])).toEqual([...SUIT_SYMBOLS]);
  return suits
    .flatMap((part) => {
      const [sign, ...ranks] = part.split(" ");
      return ranks.filter((r) => r !== "—").map((r) => parseCard((FRENCH_RANK[r] ?? r) + sign)!);
    })
    .sort((a, b) => a - b);
}
