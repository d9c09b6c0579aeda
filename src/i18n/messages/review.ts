/** Game review: the person's costliest decisions beside the hard player's choices. */
import { decimal, pluralOf } from "../numbers.js";

/** An estimated number of points, one decimal place: "4.9 points", "0,8 point". */
const points = (locale: string, n: number) =>
  `${decimal(locale, n)} ${pluralOf(locale, n, { decimals: true }) === "one" ? "point" : "points"}`;

export const en = {
  noGame: "I found no finished game of yours on this server to review. Finish a game (or today's daily) first.",
  busy: "The computer players are busy with other reviews; try again in a minute.",
  pending: "Your previous review is still being worked out; it will be ready in a moment.",
  title: (p: { what: string }) => `Review of ${p.what}`,
  lastGame: "your last game",
  dailyGame: (p: { day: number }) => `your daily #${p.day}`,
  summary: (p: { matched: number; decisions: number; cost: number }) =>
    `You matched the expert on ${p.matched} of ${p.decisions} decisions; estimated cost of the others: ${points("en", p.cost)}.`,
  clean: "No costly decision: the hard player would have played your game the same way, or as well.",
  passTitle: (p: { n: number; hand: number; dir: string }) => `#${p.n} · hand ${p.hand}, the pass (${p.dir})`,
  playTitle: (p: { n: number; hand: number; trick: number }) => `#${p.n} · hand ${p.hand}, trick ${p.trick}`,
  dirLeft: "to the left",
  dirRight: "to the right",
  dirAcross: "across",
  onTable: (p: { cards: string }) => `On the table: ${p.cards}`,
  youLed: "You were leading.",
  youPassed: (p: { cards: string }) => `You passed ${p.cards}.`,
  youPlayed: (p: { card: string }) => `You played ${p.card}.`,
  expertPasses: (p: { cards: string }) => `The hard player passes ${p.cards}.`,
  expertPlays: (p: { card: string }) => `The hard player plays ${p.card}.`,
  cost: (p: { cost: number; mine: number; theirs: number }) =>
    `Estimated cost: **${points("en", p.cost)}** (this hand: ${decimal("en", p.mine)} expected with your choice, ${decimal("en", p.theirs)} with the expert's).`,
  yourHand: (p: { cards: string }) => `Your hand: ${p.cards}`,
};
