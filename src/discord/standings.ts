/**
 * /hearts leaderboard and /hearts stats, read from the store's standings (ratings, wins, places,
 * points per hand). The store's read side is optional in the Store interface, so a store without
 * it gets a plain sentence instead of an error.
 */
import type { User } from "discord.js";
import type { Leaderboard, LeaderboardQuery, PlayerCard } from "../store/index.js";
import { LEADERBOARD_SORTS, type LeaderboardSort } from "../store/standings.js";
import { cleanName, cutGraphemes } from "../table/names.js";
import type { Store } from "../store/types.js";
import type { Ctx } from "./context.js";
import type { OutMessage } from "./message.js";

type StandingsReader = {
  leaderboard?: (q: LeaderboardQuery) => Promise<Leaderboard>;
  playerCard?: (guildId: string, playerKey: string) => Promise<PlayerCard>;
};

const reader = (store: Store) => store as Store & StandingsReader;
const UNAVAILABLE: OutMessage = { content: "This bot's store keeps no standings, so there is nothing to rank." };
const RED = 0xc0392b;

export async function leaderboardMessage(ctx: Ctx, guildId: string, sort: string | null = null, page: number | null = null): Promise<OutMessage> {
  const store = reader(ctx.store);
  if (typeof store.leaderboard !== "function") return UNAVAILABLE;
  const order = (LEADERBOARD_SORTS as readonly string[]).includes(sort ?? "") ? (sort as LeaderboardSort) : "rating";
  const board = await store.leaderboard({ guildId, sort: order, page: page ?? 1, pageSize: 10 });
  const bots = await store.leaderboard({ guildId, bots: true, pageSize: 3 });
  const botLine = bots.rows.length ? `Computer players: ${bots.rows.map((b) => `${b.name} ${b.rating} (${b.games} games)`).join(" · ")}` : "";
  if (!board.rows.length) return { content: "Nobody is ranked on this server yet: a player appears after 3 finished rated games. Play one with `/hearts new`!" };
  const rows = board.rows.map(
    (r) => `${String(r.rank).padStart(2)}. ${cutGraphemes(r.name, 16).padEnd(16)} ${r.rating.toFixed(1).padStart(6)} ${String(r.wins).padStart(4)}/${String(r.games).padEnd(4)} ${r.avgPointsPerHand.toFixed(1).padStart(5)}`,
  );
  const head = `    ${"player".padEnd(16)} rating wins/games pts/hand`;
  const png = ctx.images.leaderboard("Hearts leaderboard", board.rows.map((r) => ({ rank: r.rank, name: r.name, rating: r.rating, games: r.games, wins: r.wins, avgPointsPerHand: r.avgPointsPerHand, isBot: r.isBot })));
  return {
    embeds: [{ title: "Hearts leaderboard", description: ["```", head, ...rows, "```", `${board.total} ranked player${board.total === 1 ? "" : "s"} on this server · by ${order} · page ${board.page}/${board.pages}.`, botLine].filter(Boolean).join("\n"), color: RED, ...(png ? { image: { url: "attachment://leaderboard.png" } } : {}) }],
    files: png ? [{ name: "leaderboard.png", data: png }] : [],
  };
}

export async function statsMessage(ctx: Ctx, guildId: string, user: User): Promise<OutMessage> {
  const store = reader(ctx.store);
  if (typeof store.playerCard !== "function") return UNAVAILABLE;
  const card = await store.playerCard(guildId, user.id);
  const s = card.stats;
  const who = user.id === ctx.actor.userId ? "You have" : `${cleanName(user.displayName ?? user.username)} has`;
  if (!s || s.games === 0) return { content: `${who} not finished a game on this server yet.` };
  const lines = [
    `Rating **${s.rating.toFixed(1)}**${card.rank ? ` (#${card.rank} on this server)` : " (ranked after 3 games)"}`,
    `Games **${s.games}** · wins **${s.wins}** (${Math.round((100 * s.wins) / s.games)}%) · places 1st–4th: ${s.places.join(" / ")}`,
    `Points per hand **${s.avgPointsPerHand.toFixed(1)}** · moons shot **${s.moons}** · Q♠ taken **${s.queens}**`,
  ];
  if (card.trend.length > 1) {
    const last = card.trend.slice(-8);
    const delta = last[last.length - 1] - last[0];
    lines.push(`Rating trend (last ${last.length} games): ${last.join(" → ")} (${delta >= 0 ? "+" : ""}${delta})`);
  }
  if (card.best) lines.push(`Best game: place ${card.best.place} with ${card.best.total}.`);
  if (card.worst) lines.push(`Worst game: place ${card.worst.place} with ${card.worst.total}.`);
  if (card.favouriteOpponents.length) lines.push(`Plays most with: ${card.favouriteOpponents.map((o) => `${o.name} (${o.games})`).join(", ")}.`);
  return { embeds: [{ title: `${s.name} at Hearts`, description: lines.join("\n"), color: RED }] };
}
