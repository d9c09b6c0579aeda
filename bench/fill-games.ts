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
  opts: {
    guildId: string;
    games: number;
    humans: string[];
    nameOf?: (playerKey: string) => string;
    /** Also each game's closed table (its seats JSON), as the bot keeps them until retention: what privacy looks through. */
    tables?: boolean;
  },
): Promise<void> {
  const { guildId, games, humans } = opts;
  const nameOf = opts.nameOf ?? ((key: string) => key);
  const rng = createRng(3);
  for (let start = 0; start < games; start += CHUNK) {
    const gameRows: string[] = [];
    const resultRows: string[] = [];
    const tableRows: string[] = [];
    for (let g = start; g < Math.min(games, start + CHUNK); g++) {
      const when = new Date(Date.UTC(2026, 0, 1) + g * 60_000).toISOString().replace("Z", "+00:00");
      gameRows.push(`(${g + 1}, 't${g}', '${guildId}', '{}', 1, '[]', 8, '${when}')`);
      const seated = [...humans].sort(() => rng.next() - 0.5).slice(0, 2 + rng.int(3));
      while (seated.length < 4) seated.push("bot:hard");
      const order = [0, 1, 2, 3].sort(() => rng.next() - 0.5);
      if (opts.tables) {
        const seats = seated.map((key, seat) =>
          key.startsWith("bot:")
            ? { seat, userId: null, botLevel: "hard", name: "Bot", botControlled: false, timeouts: 0 }
            : { seat, userId: key, botLevel: null, name: nameOf(key), botControlled: false, timeouts: 0 },
        );
        tableRows.push(
          `('t${g}', '${guildId}', 'c${g % 50}', '${seated[0]}', '{}', '{}', ${g}, 'finished', '${JSON.stringify(seats)}', '${when}', '${when}')`,
        );
      }
      seated.forEach((key, seat) => {
        const place = order.indexOf(seat) + 1;
        const user = key.startsWith("bot:") ? "NULL" : `'${key}'`;
        resultRows.push(
          `(${g + 1}, '${guildId}', ${seat}, '${key}', ${user}, ${user === "NULL" ? "'hard'" : "NULL"}, '${nameOf(key)}', ${40 + place * 15}, ${place}, ${20 + place * 12}, 0, ${rng.int(2)}, 1000, 1000, '${when}')`,
        );
      });
    }
    await p.$transaction([
      ...(tableRows.length
        ? [
            p.$executeRawUnsafe(
              `INSERT INTO "HeartsTable" ("id", "guildId", "channelId", "hostId", "rules", "settings", "seed", "status", "seats", "createdAt", "updatedAt") VALUES ${tableRows.join(",")}`,
            ),
          ]
        : []),
      p.$executeRawUnsafe(
        `INSERT INTO "FinishedGame" ("id", "tableId", "guildId", "rules", "rated", "hands", "handCount", "finishedAt") VALUES ${gameRows.join(",")}`,
      ),
      p.$executeRawUnsafe(
        `INSERT INTO "GameResult" ("gameId", "guildId", "seat", "playerKey", "userId", "botLevel", "name", "total", "place", "points", "moons", "queens", "ratingBefore", "ratingAfter", "finishedAt") VALUES ${resultRows.join(",")}`,
      ),
    ]);
  }
}
