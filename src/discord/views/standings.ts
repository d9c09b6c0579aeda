/**
 * /hearts leaderboard and /hearts stats, read from the store's standings (ratings, wins, places,
 * points per hand).
 */
import type { User } from "discord.js";
import type { Locale, Messages } from "../../i18n/index.js";
import type { Images } from "../../render/runtime/images.js";
import type { PlayerCard } from "../../table/store.js";
import { cleanName, cutGraphemes } from "../../table/names.js";
import type { LeaderboardRead } from "../../table/standings.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR } from "./components.js";

export function leaderboardMessage(
  { m: all, locale, images }: { m: Messages; locale: Locale; images: Images },
  { order, board, bots }: LeaderboardRead,
): OutMessage {
  const m = all.standings;
  const botLine = bots.rows.length
    ? m.botLine({ list: bots.rows.map((b) => m.botEntry({ name: b.name, rating: b.rating, games: b.games })).join(" · ") })
    : "";
  if (!board.rows.length) return { content: m.nobodyRanked };
  const rows = board.rows.map(
    (r) =>
      `${String(r.rank).padStart(2)}. ${cutGraphemes(r.name, 16).padEnd(16)} ${r.rating.toFixed(1).padStart(6)} ${String(r.wins).padStart(4)}/${String(r.games).padEnd(4)} ${r.avgPointsPerHand.toFixed(1).padStart(5)}`,
  );
  const head = m.head({ player: m.player.padEnd(16) });
  const png = images.leaderboard(
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
    locale,
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

/** `asker`: who asked (their own card says "you"). */
export function statsMessage(all: Messages, card: PlayerCard, user: User, asker: string): OutMessage {
  const m = all.standings;
  const s = card.stats;
  if (!s || s.games === 0)
    return { content: user.id === asker ? m.noGamesYou : m.noGamesOther({ name: cleanName(user.displayName ?? user.username) }) };
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
