/** Finished games, ratings and stats: recorded in one transaction, and rebuildable from the games. */
import { afterEach, describe, expect, it } from "vitest";
import { createRng, presetRules } from "../../src/game/index.js";
import { MIN_RANKED_GAMES, openStore, type HeartsStore } from "../../src/store/index.js";
import { type FinishedGame } from "../../src/table/records.js";
import { BACKENDS, prismaOf, useBackend, type Backend } from "./backends.js";
import { SETTINGS } from "./helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function fresh(db: Backend): Promise<HeartsStore> {
  const store = await openStore(await db.url());
  cleanups.push(() => store.close());
  return store;
}

const HUMANS = ["ana", "ben", "cy", "dee", "eve", "fay"];
let clock = Date.UTC(2026, 0, 1);

/** A finished game among the given seats (user ids, or null for a bot), the places drawn from `rng`. */
async function finish(
  store: HeartsStore,
  seats: Array<string | null>,
  rng: ReturnType<typeof createRng>,
  opts: { hints?: boolean; rated?: boolean } = {},
) {
  const t = await store.createTable({
    guildId: "g",
    channelId: "c",
    hostId: "h",
    rules: presetRules("classic")!,
    settings: SETTINGS,
    deal: { format: 1, seed: 1 },
    seats: [],
  });
  if (opts.hints) await store.updateTable(t.id, { hintsUsed: true });
  const order = [0, 1, 2, 3].sort(() => rng.next() - 0.5);
  const hands = Array.from({ length: 3 }, () => {
    const change = [0, 1, 2, 3].map(() => rng.int(14));
    return { change, handPoints: change, moonShooter: rng.int(10) === 0 ? rng.int(4) : null, queenTakenBy: rng.int(4), jackTakenBy: null };
  });
  const game: FinishedGame = {
    tableId: t.id,
    guildId: "g",
    rules: t.rules,
    rated: opts.rated ?? false,
    players: seats.map((userId, seat) => ({
      seat,
      userId,
      botLevel: userId ? null : "hard",
      name: userId ?? "Bot",
      total: 50 + order.indexOf(seat),
      place: order.indexOf(seat) + 1,
    })),
    hands,
    finishedAt: new Date((clock += 60_000)),
  };
  await store.recordFinishedGame(game);
  return game;
}

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(db.name, () => {
    useBackend(db);
    it("records a game, marks its table finished, and rates its players", async () => {
      const store = await fresh(db);
      const rng = createRng(5);
      const g = await finish(store, ["ana", "ben", null, null], rng);
      expect((await store.getTable(g.tableId))!.status).toBe("finished");
      const winner = g.players.find((p) => p.place === 1)!;
      const card = await store.playerCard("g", winner.userId ?? "bot:hard");
      expect(card.stats!.games).toBe(winner.userId ? 1 : 2);
      expect(card.trend).toHaveLength(1);
      expect((await store.listFinishedGames("g")).map((x) => x.tableId)).toEqual([g.tableId]);
    });

    it("only games with two humans (or rated tables) and no hints count", async () => {
      const store = await fresh(db);
      const rng = createRng(6);
      await finish(store, ["ana", null, null, null], rng);
      await finish(store, ["ana", "ben", null, null], rng, { hints: true });
      expect((await store.playerCard("g", "ana")).stats).toBeNull();
      await finish(store, ["ana", null, null, null], rng, { rated: true });
      expect((await store.playerCard("g", "ana")).stats!.games).toBe(1);
    });

    it("the leaderboard ranks humans with enough games, shows bots apart, and sorts and pages", async () => {
      const store = await fresh(db);
      const rng = createRng(7);
      for (let i = 0; i < 40; i++) {
        const players = [...HUMANS].sort(() => rng.next() - 0.5).slice(0, 3);
        await finish(store, [...players, null], rng);
      }
      await finish(store, ["newcomer", "ana", null, null], rng);
      const board = await store.leaderboard({ guildId: "g" });
      expect(board.rows.map((r) => r.playerKey)).not.toContain("newcomer");
      expect(board.rows.every((r) => !r.isBot && r.games >= MIN_RANKED_GAMES)).toBe(true);
      expect(board.rows.map((r) => r.rating)).toEqual([...board.rows.map((r) => r.rating)].sort((a, b) => b - a));
      expect(board.rows.map((r) => r.rank)).toEqual(board.rows.map((_, i) => i + 1));
      const bots = await store.leaderboard({ guildId: "g", bots: true });
      expect(bots.rows.map((r) => r.playerKey)).toEqual(["bot:hard"]);
      const byPoints = await store.leaderboard({ guildId: "g", sort: "points" });
      const avgs = byPoints.rows.map((r) => r.avgPointsPerHand);
      expect(avgs).toEqual([...avgs].sort((a, b) => a - b));
      const paged = await store.leaderboard({ guildId: "g", pageSize: 2, page: 2 });
      expect(paged.rows.map((r) => r.playerKey)).toEqual(board.rows.slice(2, 4).map((r) => r.playerKey));
      expect(paged.pages).toBe(Math.ceil(board.total / 2));
      const card = await store.playerCard("g", "ana");
      expect(card.rank).toBe(board.rows.findIndex((r) => r.playerKey === "ana") + 1);
      expect(card.favouriteOpponents.length).toBeGreaterThan(0);
      expect(card.best!.place).toBeLessThanOrEqual(card.worst!.place);
    });

    it("recomputing everything from the stored games gives the same standings", async () => {
      const store = await fresh(db);
      const rng = createRng(8);
      for (let i = 0; i < 25; i++)
        await finish(store, [...[...HUMANS].sort(() => rng.next() - 0.5).slice(0, 2 + rng.int(3)), null, null].slice(0, 4), rng);
      const snapshot = async () =>
        (await prismaOf(store).playerStats.findMany({ orderBy: { playerKey: "asc" } })).map(({ updatedAt: _u, ...rest }) => rest);
      const before = await snapshot();
      expect(before.length).toBeGreaterThan(3);
      await store.rebuildStandings("g");
      expect(await snapshot()).toEqual(before);
    });
  });
}

// PostgreSQL only: two SQLite stores in one process deadlock by design (better-sqlite3 waits for
// the file lock synchronously, so the holder's event loop cannot reach COMMIT); SQLite is shared
// by separate processes, which the sharding tests cover.
for (const db of BACKENDS.filter((b) => b.name === "postgres")) {
  describe.skipIf(db.skip)(`${db.name}, two bot processes`, () => {
    useBackend(db);
    it("games of one guild finishing at once on two stores (two machines): no rating update is lost", async () => {
      const url = await db.url();
      const [a, b] = [await openStore(url), await openStore(url)];
      cleanups.push(
        () => a.close(),
        () => b.close(),
      );
      const rng = createRng(11);
      // The same four players finish a game at each store at the same moment, 8 times over.
      for (let round = 0; round < 8; round++)
        await Promise.all([finish(a, ["ana", "ben", "cy", "dee"], rng), finish(b, ["ana", "ben", "cy", "dee"], rng)]);
      const snapshot = async () =>
        (await prismaOf(a).playerStats.findMany({ orderBy: { playerKey: "asc" } })).map(
          ({ updatedAt: _u, mu: _m, sigma: _s, rating: _r, ...rest }) => rest,
        );
      const live = await snapshot();
      // Every game counted once for each player (a lost update would leave fewer).
      expect(live.map((s) => s.games)).toEqual([16, 16, 16, 16]);
      expect(live.reduce((n, s) => n + s.wins, 0)).toBe(16);
    });
  });
}
