/**
 * Cards are small integers so the hot paths (legal moves, playouts) do no allocation:
 * card = suit * 13 + rank, rank 0 = 2 … 12 = A. A hand is four 13-bit suit masks.
 */
export type Card = number;
export type Seat = 0 | 1 | 2 | 3;

export const CLUBS = 0;
export const DIAMONDS = 1;
export const SPADES = 2;
export const HEARTS = 3;
export type Suit = 0 | 1 | 2 | 3;

export const RANK_CHARS = "23456789TJQKA";
export const SUIT_CHARS = "CDSH";
export const SUIT_SYMBOLS = ["♣", "♦", "♠", "♥"] as const;
const RANK_LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

export const TWO_OF_CLUBS: Card = 0;
export const JACK_OF_DIAMONDS: Card = 13 + 9;
export const QUEEN_OF_SPADES: Card = 26 + 10;
export const KING_OF_SPADES: Card = 26 + 11;
export const ACE_OF_SPADES: Card = 26 + 12;

export const suitOf = (card: Card): Suit => ((card / 13) | 0) as Suit;
export const rankOf = (card: Card): number => card % 13;
export const makeCard = (suit: Suit, rank: number): Card => suit * 13 + rank;

/** "QS", "TH", "2C": the compact name used in logs, custom_ids and the store. */
export function cardCode(card: Card): string {
  return RANK_CHARS[rankOf(card)] + SUIT_CHARS[suitOf(card)];
}

/** "Q♠", "10♥": a card's English name, for logs and tests (a person reads src/i18n/cards.ts's, in their language). */
export function cardLabel(card: Card): string {
  return RANK_LABELS[rankOf(card)] + SUIT_SYMBOLS[suitOf(card)];
}

/** Parses "QS", "10H", "th", "Q♠"; returns null for anything else. */
export function parseCard(text: string): Card | null {
  const t = text.trim().toUpperCase();
  if (t.length < 2 || t.length > 3) return null;
  const suitChar = t[t.length - 1];
  let suit = SUIT_CHARS.indexOf(suitChar);
  if (suit < 0) suit = SUIT_SYMBOLS.indexOf(suitChar as (typeof SUIT_SYMBOLS)[number]);
  const rankText = t.slice(0, -1);
  const rank = rankText === "10" ? 8 : rankText.length === 1 ? RANK_CHARS.indexOf(rankText) : -1;
  if (suit < 0 || rank < 0) return null;
  return makeCard(suit as Suit, rank);
}

export const isCard = (x: unknown): x is Card => Number.isInteger(x) && (x as number) >= 0 && (x as number) < 52;

// ---- suit masks -------------------------------------------------------------

/** A hand as four 13-bit masks, indexed by suit. */
export type SuitMasks = number[];

export const emptyMasks = (): SuitMasks => [0, 0, 0, 0];

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export const hasCard = (masks: SuitMasks, card: Card): boolean => (masks[suitOf(card)] & (1 << rankOf(card))) !== 0;
export function addCard(masks: SuitMasks, card: Card): void {
  masks[suitOf(card)] |= 1 << rankOf(card);
}
export function removeCard(masks: SuitMasks, card: Card): void {
  masks[suitOf(card)] &= ~(1 << rankOf(card));
}
export const countCards = (masks: SuitMasks): number => popcount(masks[0]) + popcount(masks[1]) + popcount(masks[2]) + popcount(masks[3]);

/** Cards of the masks in deck order (clubs, diamonds, spades, hearts; low to high). */
export function cardsOf(masks: SuitMasks): Card[] {
  const out: Card[] = [];
  for (let s = 0; s < 4; s++) {
    let m = masks[s];
    while (m) {
      const low = m & -m;
      out.push(s * 13 + (31 - Math.clz32(low)));
      m ^= low;
    }
  }
  return out;
}

export function masksOf(cards: readonly Card[]): SuitMasks {
  const m = emptyMasks();
  for (const c of cards) addCard(m, c);
  return m;
}

/** Index of the highest set bit (the highest rank in a suit mask), -1 if empty. */
export const highestRank = (mask: number): number => 31 - Math.clz32(mask);

export const FULL_SUIT = 0x1fff;
