/**
 * /hearts leaderboard and /hearts stats, read from the store's standings (ratings, wins, places,
 * points per hand).
 */
import type { User } from "discord.js";
import { LEADERBOARD_SORTS, type LeaderboardSort } from "../../store/types.js";
import { cleanName, cutGraphemes } from "../../table/names.js";
import type { Interacting, Services } from "../interactions/context.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR } from "./components.js";

export async function leaderboardMessage(
  ctx: Pick<Interacting, "m" | "locale"> & Pick<Services, "store" | "images">,
  guildId: string,
  sort: string | null = null,
  page: number | null = null,
): Promise<OutMessage> {
  const store = ctx.store;
  const m = ctx.m.standings;
  const order = (LEADERBOARD_SORTS as readonly string[]).includes(sort ?? "") ? (sort as LeaderboardSort) : "rating";
  const board = await store.leaderboard({ guildId, sort: order, page: page ?? 1, pageSize: 10 });
  const bots = await store.leaderboard({ guildId, bots: true, pageSize: 3 });
  const botLine = bots.rows.length
    ? m.botLine({ list: bots.rows.map((b) => m.botEntry({ name: b.name, rating: b.rating, games: b.games })).join(" · ") })
    : "";
  if (!board.rows.length) return { content: m.nobodyRanked };
  const rows = board.rows.map(
    (r) =>
      `${String(r.rank).padStart(2)}. ${cutGraphemes(r.name, 16).padEnd(16)} ${r.rating.toFixed(1).padStart(6)} ${String(r.wins).padStart(4)}/${String(r.games).padEnd(4)} ${r.avgPointsPerHand.toFixed(1).padStart(5)}`,
  );
  const head = m.head({ player: m.player.padEnd(16) });
  const png = ctx.images.leaderboard(
    m.leaderboardTitle,
    board.rows.map((r) => ({
      rank: r.rank,
      name: r.name,
      rating: r.rating,
      games: r.games,
      wins: r.wins,
      avgPointsPerHand: r.avgPointsPerHand,
      isBot: r.isBot,
    })),
    ctx.locale,
  );
  return {
    embeds: [
      {
        title: m.leaderboardTitle,
        description: [
          "```",
          head,
          ...rows,
          "```",
          m.footer({ total: board.total, order: m.sort({ sort: order }), page: board.page, pages: board.pages }),
          botLine,
        ]
          .filter(Boolean)
          .join("\n"),
        color: COLOUR.brand,
        ...(png ? { image: { url: "attachment://leaderboard.png" } } : {}),
      },
    ],
    files: png ? [{ name: "leaderboard.png", data: png }] : [],
  };
}

export async function statsMessage(
  ctx: Pick<Interacting, "m" | "actor"> & Pick<Services, "store">,
  guildId: string,
  user: User,
): Promise<OutMessage> {
  const store = ctx.store;
  const m = ctx.m.standings;
  const card = await store.playerCard(guildId, user.id);
  const s = card.stats;
  if (!s || s.games === 0)
    return {
      content: user.id === ctx.actor.userId ? m.noGamesYou : m.noGamesOther({ name: cleanName(user.displayName ?? user.username) }),
    };
  const lines = [
    m.rating({ rating: s.rating.toFixed(1), rank: card.rank }),
    m.games({ games: s.games, wins: s.wins, pct: Math.round((100 * s.wins) / s.games), places: s.places.join(" / ") }),
    m.perHand({ points: s.avgPointsPerHand.toFixed(1), moons: s.moons, queens: s.queens }),
  ];
  if (card.trend.length > 1) {
    const last = card.trend.slice(-8);
    const delta = last[last.length - 1] - last[0];
    lines.push(m.trend({ n: last.length, list: last.join(" → "), delta: `${delta >= 0 ? "+" : ""}${delta}` }));
  }
  if (card.best) lines.push(m.best({ place: card.best.place, total: card.best.total }));
  if (card.worst) lines.push(m.worst({ place: card.worst.place, total: card.worst.total }));
  if (card.favouriteOpponents.length)
    lines.push(m.opponents({ list: card.favouriteOpponents.map((o) => `${o.name} (${o.games})`).join(", ") }));
  return { embeds: [{ title: m.statsTitle({ name: s.name }), description: lines.join("\n"), color: COLOUR.brand }] };
}
