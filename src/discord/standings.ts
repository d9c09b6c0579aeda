/**
 * /hearts leaderboard and /hearts stats, minimal versions computed from the store's finished games
 * (games, wins, average place, points per hand). Ratings come with the leaderboard issue.
 */
import type { User } from "discord.js";
import type { FinishedGame, Store } from "../store/types.js";
import type { Ctx } from "./context.js";
import type { OutMessage } from "./message.js";

/** The store's optional read side for finished games (the Prisma store provides it). */
type FinishedReader = { listFinishedGames?: (guildId: string, limit?: number) => Promise<FinishedGame[]> };

async function finishedGames(store: Store, guildId: string): Promise<FinishedGame[] | null> {
  const reader = store as Store & FinishedReader;
  if (typeof reader.listFinishedGames !== "function") return null;
  return reader.listFinishedGames(guildId, 5000);
}

interface Line {
  userId: string;
  name: string;
  games: number;
  wins: number;
  places: number;
  points: number;
  hands: number;
}

export function tally(games: FinishedGame[]): Line[] {
  const by = new Map<string, Line>();
  for (const g of games) {
    for (const p of g.players) {
      if (!p.userId) continue;
      const l = by.get(p.userId) ?? { userId: p.userId, name: p.name, games: 0, wins: 0, places: 0, points: 0, hands: 0 };
      l.name = p.name;
      l.games++;
      if (p.place === 1) l.wins++;
      l.places += p.place;
      for (const h of g.hands) l.points += h.handPoints[p.seat] ?? 0;
      l.hands += g.hands.length;
      by.set(p.userId, l);
    }
  }
  return [...by.values()].sort((a, b) => b.wins / b.games - a.wins / a.games || a.places / a.games - b.places / b.games || b.games - a.games);
}

const UNAVAILABLE: OutMessage = { content: "Results are not being recorded by this bot's store yet, so there is nothing to rank." };

export async function leaderboardMessage(ctx: Ctx, guildId: string): Promise<OutMessage> {
  const games = await finishedGames(ctx.store, guildId);
  if (!games) return UNAVAILABLE;
  const lines = tally(games).slice(0, 15);
  if (!lines.length) return { content: "No finished games on this server yet. Play one with `/hearts new`!" };
  const rows = lines.map((l, n) => `${String(n + 1).padStart(2)}. ${l.name.slice(0, 16).padEnd(16)} ${String(l.wins).padStart(3)}/${String(l.games).padEnd(4)} ${(l.places / l.games).toFixed(2).padStart(5)}  ${(l.points / Math.max(1, l.hands)).toFixed(1).padStart(5)}`);
  const head = `    ${"player".padEnd(16)} wins/games place  pts/hand`;
  return { embeds: [{ title: "Hearts leaderboard", description: ["```", head, ...rows, "```", `${games.length} finished game${games.length === 1 ? "" : "s"} on this server.`].join("\n"), color: 0xc0392b }] };
}

export async function statsMessage(ctx: Ctx, guildId: string, user: User): Promise<OutMessage> {
  const games = await finishedGames(ctx.store, guildId);
  if (!games) return UNAVAILABLE;
  const l = tally(games).find((x) => x.userId === user.id);
  if (!l) return { content: `${user.id === ctx.actor.userId ? "You have" : `${user.username} has`} not finished a game on this server yet.` };
  const moons = games.reduce((n, g) => {
    const seat = g.players.find((p) => p.userId === user.id)?.seat;
    return n + g.hands.filter((h) => seat !== undefined && h.moonShooter === seat).length;
  }, 0);
  const text = [
    `Games: **${l.games}** · wins: **${l.wins}** (${Math.round((100 * l.wins) / l.games)}%)`,
    `Average place: **${(l.places / l.games).toFixed(2)}** · points per hand: **${(l.points / Math.max(1, l.hands)).toFixed(1)}**`,
    `Moons shot: **${moons}**`,
  ].join("\n");
  return { embeds: [{ title: `${l.name} at Hearts`, description: text, color: 0xc0392b }] };
}
