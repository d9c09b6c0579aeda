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

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
  leaderboardTitle: "Classement de la Dame de pique",
  nobodyRanked:
    "Personne n'est encore classé sur ce serveur : un joueur apparaît après 3 parties classées terminées. Jouez-en une avec `/hearts new` !",
  head: (v) => `    ${v.player} cote   vict/parties points/donne`,
  player: "joueur",
  footer: (v) =>
    `${v.total} joueur${v.total > 1 ? "s" : ""} classé${v.total > 1 ? "s" : ""} sur ce serveur · par ${v.order} · page ${v.page}/${v.pages}.`,
  sort: (v) =>
    ({ rating: "cote", games: "parties", wins: "victoires", points: "points", moons: "lunes", queens: "dames de pique" })[v.sort] ?? v.sort,
  botLine: (v) => `Robots : ${v.list}`,
  botEntry: (v) => `${v.name} ${v.rating} (${v.games} parties)`,
  noGamesYou: "Vous n'avez pas encore terminé de partie sur ce serveur.",
  noGamesOther: (v) => `${v.name} n'a pas encore terminé de partie sur ce serveur.`,
  rating: (v) => `Cote **${v.rating}**${v.rank ? ` (n° ${v.rank} sur ce serveur)` : " (classé après 3 parties)"}`,
  games: (v) => `Parties **${v.games}** · victoires **${v.wins}** (${v.pct} %) · places 1re–4e : ${v.places}`,
  perHand: (v) => `Points par donne **${v.points}** · lunes tirées **${v.moons}** · Dames de pique prises **${v.queens}**`,
  trend: (v) => `Évolution de la cote (${v.n} dernières parties) : ${v.list} (${v.delta})`,
  best: (v) => `Meilleure partie : place ${v.place} avec ${v.total}.`,
  worst: (v) => `Pire partie : place ${v.place} avec ${v.total}.`,
  opponents: (v) => `Joue le plus souvent avec : ${v.list}.`,
  statsTitle: (v) => `${v.name} à la Dame de pique`,
};
