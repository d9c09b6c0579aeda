/**
 * A server's standings as both front ends read them: the leaderboard's page in a sort the store
 * knows (anything else reads as by rating), with the strongest computer players beside it, and one
 * person's card. The store computes; this names the reads and their bounds (10 a page, 3 bots).
 */
import { LEADERBOARD_SORTS, type Leaderboard, type LeaderboardSort, type HeartsStore, type PlayerCard } from "./store.js";

export const LEADERBOARD_PAGE_SIZE = 10;
const BOTS_SHOWN = 3;

export interface LeaderboardRead {
  order: LeaderboardSort;
  board: Leaderboard;
  bots: Leaderboard;
}

export async function readLeaderboard(
  store: Pick<HeartsStore, "leaderboard">,
  guildId: string,
  sort: string | null,
  page: number | null,
): Promise<LeaderboardRead> {
  const order = (LEADERBOARD_SORTS as readonly string[]).includes(sort ?? "") ? (sort as LeaderboardSort) : "rating";
  const board = await store.leaderboard({ guildId, sort: order, page: page ?? 1, pageSize: LEADERBOARD_PAGE_SIZE });
  const bots = await store.leaderboard({ guildId, bots: true, pageSize: BOTS_SHOWN });
  return { order, board, bots };
}

export function readPlayerCard(store: Pick<HeartsStore, "playerCard">, guildId: string, userId: string): Promise<PlayerCard> {
  return store.playerCard(guildId, userId);
}
