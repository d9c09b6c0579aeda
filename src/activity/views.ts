/**
 * What one Activity connection is shown of a table: the public picture, and the hand of the seat
 * that connection's person holds, nobody else's. The one place a seat's view is read for the
 * Activity (the redaction contract: a seat's view only for whoever holds the seat); a spectator
 * gets `hand: null`. The game's events are never forwarded: the page redraws from this picture.
 */
import { refusalInView, suitOf, type SeatView } from "../game/index.js";
import { messages, words, sentence, type Locale } from "../i18n/index.js";
import type { TableView } from "../table/types.js";
import { isBotSeat } from "../table/seats.js";
import { aloneAtTable, undoOffered } from "../table/undo.js";
import type { HandInfo, PublicGame, SeatInfo, TableFrame } from "./protocol.js";

/** The hand's view for the person who holds the seat; null for anyone else (the table domain's own rule). */
const handOf = (table: TableView, userId: string): SeatView | null => table.handOf(userId);

/** The part every connection at the table shares: worked out once per update. */
export function publicFrame(table: TableView): Omit<TableFrame, "hand"> {
  const g = table.game;
  const seats: SeatInfo[] = [...table.record.seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => ({
      seat: s.seat,
      name: s.name,
      bot: isBotSeat(s),
      you: false,
      total: g?.totals[s.seat] ?? 0,
      handPoints: g?.handPoints[s.seat] ?? 0,
      handSize: g?.handSizes[s.seat] ?? 0,
      passed: g?.passSubmitted[s.seat] ?? false,
      deadline: table.deadline(s.seat),
    }));
  let game: PublicGame | null = null;
  if (g) {
    const last = g.tricks.at(-1);
    game = {
      phase: g.phase,
      version: g.actionCount,
      handIndex: g.handIndex,
      passDirection: g.passDirection,
      turn: g.turn,
      leader: g.leader,
      trick: g.trick.slice(),
      lastTrick: last ? { leader: last.leader, cards: last.cards.slice(), winner: last.winner } : null,
      trickNumber: g.trickNumber,
      heartsBroken: g.heartsBroken,
      awaiting: [...table.awaiting],
      pendingMoon: g.pendingMoon,
      history: g.history.map((h) => ({ handIndex: h.handIndex, change: h.change.slice(), totals: h.totals.slice() })),
      winners: g.winners ? g.winners.slice() : null,
      placements: g.placements ? g.placements.slice() : null,
      target: g.rules.target,
    };
  }
  return {
    id: table.record.id,
    status: table.record.status,
    seats,
    game,
    hintsAllowed: table.record.settings.hintsAllowed,
    undo: aloneAtTable(table.record.seats),
    fourColour: table.record.settings.fourColourDeck,
  };
}

/** The frame for one connection: the shared part, and the hand only for whoever holds that seat. */
export function frameFor(table: TableView, shared: Omit<TableFrame, "hand">, userId: string, locale: Locale): TableFrame {
  const view = handOf(table, userId);
  if (!view) return { ...shared, hand: null };
  return {
    ...shared,
    seats: shared.seats.map((s) => (s.seat === view.seat ? { ...s, you: true } : s)),
    hand: handInfo(table, view, locale),
  };
}

function handInfo(table: TableView, view: SeatView, locale: Locale): HandInfo {
  const m = messages(locale);
  const refused: Record<number, string> = {};
  const legal = new Set(view.legal);
  for (const card of view.hand) {
    // While passing, every card may be picked.
    if (legal.has(card) || view.phase === "passing") continue;
    const reason = refusalInView(view, card);
    if (reason) refused[card] = words(m, sentence("moves", reason, refusalValuesOf(view)));
  }
  const undo = undoOffered(table.record.seats, view, table.undone);
  return {
    seat: view.seat,
    cards: view.hand.slice(),
    legal: view.legal.slice(),
    refused,
    passed: view.passed,
    received: view.received,
    undoCard: undo ? undo.card : null,
  };
}

function refusalValuesOf(view: SeatView): { led: number | null; highSpades: boolean; passed: boolean } {
  return { led: view.trick.length ? suitOf(view.trick[0]) : null, highSpades: !!view.rules.highSpades, passed: !!view.passed };
}
