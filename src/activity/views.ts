/**
 * What one Activity connection is shown of a table: the public picture, and the hand of the seat
 * that connection's person holds, nobody else's. The one place a seat's view is read for the
 * Activity (the redaction contract: a seat's view only for whoever holds the seat); a spectator
 * gets `hand: null`. The game's events are never forwarded: the page redraws from this picture.
 *
 * At each update the public part is worked out, written as JSON and encoded once for the whole
 * table; each connection's frame is that with its own hand spliced in (tableFrame), and every
 * spectator gets the same frame. Writing the whole picture again for each of four connections was
 * a tenth of the server's time per card at 50 busy tables (bench:activity).
 */
import { refusalInView, suitOf, type SeatView } from "../game/index.js";
import { messages, words, sentence, type Locale, type Messages, type Sentence } from "../i18n/index.js";
import type { TableUpdate, TableView } from "../table/types.js";
import { playedCardsLine } from "../table/played-cards.js";
import { isBotSeat } from "../table/seats.js";
import { playsForTournament } from "../table/tournament/integrity.js";
import { aloneAtTable, undoOffered } from "../table/undo.js";
import type { HandInfo, PublicGame, SeatInfo, TableFrame } from "./protocol.js";

/** The hand's view for the person who holds the seat; null for anyone else (the table domain's own rule). */
const handOf = (table: TableView, userId: string): SeatView | null => table.handOf(userId);

/**
 * The part every connection at the table shares: worked out once per update. `avatarOf`: the
 * avatar hash of a person who has the table open in the Activity (Discord told it at sign-in).
 */
export function publicFrame(
  table: TableView,
  update?: TableUpdate,
  avatarOf: (userId: string) => string | null = () => null,
): Omit<TableFrame, "hand"> {
  const g = table.game;
  const seats: SeatInfo[] = [...table.record.seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => ({
      seat: s.seat,
      id: s.userId,
      name: s.name,
      bot: isBotSeat(s),
      total: g?.totals[s.seat] ?? 0,
      handPoints: g?.handPoints[s.seat] ?? 0,
      handSize: g?.handSizes[s.seat] ?? 0,
      passed: g?.passSubmitted[s.seat] ?? false,
      deadline: table.deadline(s.seat),
      avatar: s.userId && avatarOf(s.userId) ? `${s.userId}/${avatarOf(s.userId)}` : null,
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
      taken: takenBy(update),
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
    host: table.record.hostId,
    botLevel: table.record.settings.botLevel,
    seats,
    game,
    hintsAllowed: table.record.settings.hintsAllowed,
    undo: aloneAtTable(table.record.seats),
    fourColour: table.record.settings.fourColourDeck,
    rematch: !playsForTournament(table.record),
  };
}

/** The trick an action completed, from its public events, with the tricks its taker claimed after it (the rest of the hand, no cards shown). */
function takenBy(update: TableUpdate | undefined): PublicGame["taken"] {
  if (update?.type !== "action") return null;
  const won = update.events.findLast((e) => e.type === "trick-won");
  const claim = update.events.find((e) => e.type === "tricks-claimed");
  // A claim comes after the trick its taker won: the page holds that trick, saying they take the rest too.
  if (won)
    return {
      leader: won.trick.leader,
      cards: won.trick.cards.slice(),
      winner: won.trick.winner,
      trickNumber: won.trickNumber,
      claimed: claim?.tricks ?? 0,
    };
  return claim ? { leader: claim.seat, cards: [], winner: claim.seat, trickNumber: 13 - claim.tricks, claimed: claim.tricks } : null;
}

/** The hand a connection is shown: its person's seat's, or null for anyone not seated (a spectator). */
export function handFor(table: TableView, userId: string, locale: Locale): HandInfo | null {
  const view = handOf(table, userId);
  return view ? handInfo(table, view, locale) : null;
}

/**
 * A table's frames as the server writes them, UTF-8 ready for the socket: the head is the table
 * frame's JSON without its hand, written and encoded once per update (tableFrameHead); each
 * connection's frame is that with its hand spliced in (tableFrame), the same text as
 * JSON.stringify of the whole frame. Encoding the public part once instead of once per connection,
 * the server encodes less than half the bytes at an update of four connections.
 */
export function tableFrameHead(shared: Omit<TableFrame, "hand">): Buffer {
  const whole = JSON.stringify({ t: "table", table: shared });
  // Without the closing braces of `table` and of the message: the hand goes there.
  return Buffer.from(whole.slice(0, -2));
}

export function tableFrame(head: Buffer, hand: HandInfo | null): Buffer {
  return Buffer.concat([head, Buffer.from(`,"hand":${JSON.stringify(hand)}}}`)]);
}

function handInfo(table: TableView, view: SeatView, locale: Locale): HandInfo {
  const m = messages(locale);
  const refusals: HandInfo["refusals"] = [];
  const legal = new Set(view.legal);
  // The values of a refusal are the view's, not the card's: each reason is worded once.
  const byReason = new Map<string, number[]>();
  for (const card of view.hand) {
    // While passing, every card may be picked.
    if (legal.has(card) || view.phase === "passing") continue;
    const reason = refusalInView(view, card);
    if (!reason) continue;
    let cards = byReason.get(reason);
    if (!cards) {
      byReason.set(reason, (cards = []));
      refusals.push({ text: words(m, sentence("moves", reason, refusalValuesOf(view))), cards });
    }
    cards.push(card);
  }
  const undo = undoOffered(table.record.seats, view, table.undone);
  return {
    seat: view.seat,
    cards: view.hand.slice(),
    legal: view.legal.slice(),
    refusals,
    passed: view.passed,
    received: view.received,
    undoCard: undo ? undo.card : null,
    ...comforts(table, view, m),
  };
}

/** The chat menu's comforts beside the cards, by the table domain's own rules: the played-cards list. */
function comforts(table: TableView, view: SeatView, m: Messages): Pick<HandInfo, "stillOut"> {
  return { stillOut: playedCardsLine(table.record.settings, view, m) };
}

function refusalValuesOf(view: SeatView): { led: number | null; highSpades: boolean; passed: boolean } {
  return { led: view.trick.length ? suitOf(view.trick[0]) : null, highSpades: !!view.rules.highSpades, passed: !!view.passed };
}

/**
 * The table's refusals that speak of the chat's menu ("This menu is out of date… Here is your
 * current hand"), in the page's own words: the page has no menu, and already shows the table as it is.
 */
export const pageWords = (s: Sentence): Sentence =>
  s.area === "refusals" && (s.key === "stale" || s.key === "notThisGame") ? sentence("activity", "movedOn") : s;
