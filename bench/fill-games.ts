/**
 * A server's finished games written in bulk, as bench:leaderboard and bench:abuse need them:
 * 100,000 games in seconds instead of through the store's one-game-at-a-time path. Between 2 and
 * 4 of `humans` sit at each game (the rest hard computer players), in random places.
 */
import { createRng } from "../src/game/index.js";
import type { SqliteStore } from "../src/store/index.js";

const CHUNK = 2000;

export async function fillFinishedGames(
  p: SqliteStore["prisma"],
  opts: { guildId: string; games: number; humans: string[]; nameOf?: (playerKey: string) => string },
): Promise<void> {
  const { guildId, games, humans } = opts;
  const nameOf = opts.nameOf ?? ((key: string) => key);
  const rng = createRng(3);
  for (let start = 0; start < games; start += CHUNK) {
    const gameRows: string[] = [];
    const resultRows: string[] = [];
    for (let g = start; g < Math.min(games, start + CHUNK); g++) {
      const when = new Date(Date.UTC(2026, 0, 1) + g * 60_000).toISOString().replace("Z", "+00:00");
      gameRows.push(`(${g + 1}, 't${g}', '${guildId}', '{}', 1, '[]', 8, '${when}')`);
      const seated = [...humans].sort(() => rng.next() - 0.5).slice(0, 2 + rng.int(3));
      while (seated.length < 4) seated.push("bot:hard");
      const order = [0, 1, 2, 3].sort(() => rng.next() - 0.5);
      seated.forEach((key, seat) => {
        const place = order.indexOf(seat) + 1;
        const user = key.startsWith("bot:") ? "NULL" : `'${key}'`;
        resultRows.push(
          `(${g + 1}, '${guildId}', ${seat}, '${key}', ${user}, ${user === "NULL" ? "'hard'" : "NULL"}, '${nameOf(key)}', ${40 + place * 15}, ${place}, ${20 + place * 12}, 0, ${rng.int(2)}, 1000, 1000, '${when}')`,
        );
      });
    }
    await p.$transaction([
      p.$executeRawUnsafe(
        `INSERT INTO "FinishedGame" ("id", "tableId", "guildId", "rules", "rated", "hands", "handCount", "finishedAt") VALUES ${gameRows.join(",")}`,
      ),
      p.$executeRawUnsafe(
        `INSERT INTO "GameResult" ("gameId", "guildId", "seat", "playerKey", "userId", "botLevel", "name", "total", "place", "points", "moons", "queens", "ratingBefore", "ratingAfter", "finishedAt") VALUES ${resultRows.join(",")}`,
      ),
    ]);
  }
}
