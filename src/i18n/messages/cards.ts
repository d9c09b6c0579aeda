/**
 * How a person reads a card: its rank in the reader's language (French cards read R, D, V for the
 * king, queen and jack; the ace stays A) beside the suit's symbol. Plain data, so the Activity's page
 * carries it as it is. src/i18n/cards.ts puts a card's words together from it.
 */
const RANKS_EN = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

export const en = {
  /** `rank` 0 = 2 … 12 = ace (src/game/cards.ts). */
  rank: (v: { rank: number }) => RANKS_EN[v.rank] ?? "?",
};
