/** /hearts leaderboard and /hearts stats. */
export const en = {
  leaderboardTitle: "Hearts leaderboard",
  nobodyRanked: "Nobody is ranked on this server yet: a player appears after 3 finished rated games. Play one with `/hearts new`!",
  head: (v: { player: string }) => `    ${v.player} rating wins/games pts/hand`,
  player: "player",
  footer: (v: { total: number; order: string; page: number; pages: number }) =>
    `${v.total} ranked player${v.total === 1 ? "" : "s"} on this server · by ${v.order} · page ${v.page}/${v.pages}.`,
  sort: (v: { sort: string }) =>
    ({ rating: "rating", games: "games", wins: "wins", points: "points", moons: "moons", queens: "queens" })[v.sort] ?? v.sort,
  botLine: (v: { list: string }) => `Computer players: ${v.list}`,
  botEntry: (v: { name: string; rating: number; games: number }) => `${v.name} ${v.rating} (${v.games} games)`,
  noGamesYou: "You have not finished a game on this server yet.",
  noGamesOther: (v: { name: string }) => `${v.name} has not finished a game on this server yet.`,
  rating: (v: { rating: string; rank?: number | null }) =>
    `Rating **${v.rating}**${v.rank ? ` (#${v.rank} on this server)` : " (ranked after 3 games)"}`,
  games: (v: { games: number; wins: number; pct: number; places: string }) =>
    `Games **${v.games}** · wins **${v.wins}** (${v.pct}%) · places 1st–4th: ${v.places}`,
  perHand: (v: { points: string; moons: number; queens: number }) =>
    `Points per hand **${v.points}** · moons shot **${v.moons}** · Q♠ taken **${v.queens}**`,
  trend: (v: { n: number; list: string; delta: string }) => `Rating trend (last ${v.n} games): ${v.list} (${v.delta})`,
  best: (v: { place: number; total: number }) => `Best game: place ${v.place} with ${v.total}.`,
  worst: (v: { place: number; total: number }) => `Worst game: place ${v.place} with ${v.total}.`,
  opponents: (v: { list: string }) => `Plays most with: ${v.list}.`,
  statsTitle: (v: { name: string }) => `${v.name} at Hearts`,
};
