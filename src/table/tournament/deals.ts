/**
 * A tournament's cards: each round's deal key, the rules its tables play, when a table's round is
 * over, and the draw of the first round's seats. Pure: the tournament's secret comes in.
 *
 * Every table of a round plays the same deals from the same seats because every table of the
 * round is given the same deal key: a format 2 key (src/game/deal.ts), so hand i of every table
 * is dealt from ChaCha20's stream for (key, i), whatever is played, and seat s gets the same 13
 * cards everywhere. The computer players' decisions come from that key and the position too, as
 * at any table.
 *
 * The key is as unguessable as a table's: the tournament's secret is drawn as a table's deal key
 * is (newDealKey, 256 bits from node:crypto) and stored beside the tournament, never shown; a
 * round's key is HMAC-SHA256(secret, "hearts-tournament-round:<round>"), the daily challenge's
 * construction. Nothing public (the tournament's id, name, start, players, nor the cards of
 * another round, even its key once the round is over) gives a round's key without the secret.
 */
import { derivedDealKey, handsToTheLast, isDealSecret, type DealKey, type GameState, type Rules } from "../../game/index.js";

/** Hands per round unless the organiser says otherwise: one for each pass direction. */
export const DEFAULT_HANDS_PER_ROUND = 4;

/** HMAC-SHA256(secret, message) in hex, through the game's derived deal key. */
function mac(secret: string, message: string): string {
  if (!isDealSecret(secret)) throw new Error("A tournament's secret is 64 hex digits drawn like a table's deal key (newDealKey).");
  return (derivedDealKey(Buffer.from(secret, "hex"), message) as { secret: string }).secret;
}

/** Round `round`'s deal key (1-based), the same for every table of the round. */
export function roundDealKey(secret: string, round: number): DealKey {
  if (!Number.isInteger(round) || round < 1) throw new Error(`Rounds are numbered from 1 (got ${round}).`);
  return { format: 2, secret: mac(secret, `hearts-tournament-round:${round}`) };
}

/**
 * The first round's seating order: the people sorted by an HMAC of their id under the secret, a
 * draw nobody can foresee or arrange (friends cannot plan to sit together), the same at every
 * replay of the tournament.
 */
export function drawOrder(secret: string, people: readonly string[]): string[] {
  const ticket = new Map(people.map((id) => [id, mac(secret, `hearts-tournament-seating:${id}`)]));
  return people.slice().sort((a, b) => (ticket.get(a)! < ticket.get(b)! ? -1 : ticket.get(a)! > ticket.get(b)! ? 1 : 0));
}

/**
 * The rules a tournament's tables play, from the organiser's preset: its play and scoring (moon,
 * J♦, bonuses) as they are, but the four pass directions in turn, penalty scoring (lower is
 * better, which the matchpoints compare) and no end before the round's last hand, whatever the
 * totals; the table stops after the round's hands (roundOver). As the daily challenge does.
 */
export function tournamentRules(base: Rules): Rules {
  return handsToTheLast(base);
}

/** Whether a table has played the round's hands (its game then ends; the next round is a new game). */
export const roundOver = (state: Pick<GameState, "history">, handsPerRound: number): boolean => state.history.length >= handsPerRound;
