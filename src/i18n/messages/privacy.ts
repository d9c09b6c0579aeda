import { pluralOf } from "../numbers.js";

/** "1 result", "0 results": the word a count takes in English. */
const count = (n: number, one: string, other: string) => `${n} ${pluralOf("en", n) === "one" ? one : other}`;

/** /hearts privacy: what the bot stores about a person or a server, and how to delete it. */
export const en = {
  title: "What I store about you",
  tables: (p: { n: number }) => `Tables you sat at or hosted: ${p.n}`,
  games: (p: { n: number; servers: number }) => `Finished games with your result: ${p.n}, on ${count(p.servers, "server", "servers")}`,
  standings: (p: { n: number }) => `Standings (one row per server): ${p.n}`,
  menus: (p: { n: number }) => `Saved private menus (kept over a restart, at most 15 minutes): ${p.n}`,
  dailies: (p: { n: number; reviews: number }) => `Daily challenge attempts: ${p.n}; saved reviews of your games: ${p.reviews}`,
  tournaments: (p: { n: number }) => `Tournaments you entered (your entry, seats and scores in each): ${p.n}`,
  seasons: (p: { n: number }) => `Nights in a season's table (your percentage each night): ${p.n}`,
  prefs: (p: { set: boolean }) => `Your deck style (/hearts deck): ${p.set ? "saved" : "not set"}`,
  names: (p: { names: string }) => `Your name as stored: ${p.names}`,
  noName: "none",
  why: "Why: to run your tables, and to show results, leaderboards and stats on each server.",
  howLong: (p: { days: number }) =>
    `How long: closed tables and their moves are deleted after the server's retention period (${p.days} days by default); results and standings stay until you ask.`,
  forgetExplained:
    "**Forget me** removes your id and name from every stored game, result and standing on every server. Your past results stay as an anonymous “Former player”, so the others' scores still add up. You also leave the tables you are at.",
  dailyKept:
    "Deleting a daily attempt of today (Forget me, or a purge) keeps only an unlinkable mark of it (a keyed hash of your id and the day, never your id) for two days, so that day's attempt can't be started again.",
  forgetButton: "Forget me",
  confirmForget: "Are you sure? This cannot be undone: I remove your id and name everywhere, and you leave the tables you are at.",
  confirmForgetButton: "Yes, forget me",
  forgotten: (p: {
    results: number;
    tables: number;
    open: number;
    dailies: number;
    reviews: number;
    tournaments: number;
    seasons: number;
  }) =>
    `Done: I forgot you. ${count(p.results, "result", "results")} and ${count(p.tables, "closed table", "closed tables")} are now anonymous, standings were rebuilt, ${count(p.dailies, "daily attempt", "daily attempts")}, ${count(p.reviews, "review", "reviews")} and ${count(p.seasons, "season night", "season nights")} were deleted, your place in ${count(p.tournaments, "tournament", "tournaments")} is now a “Former player”'s (the others' standings stay as they were), and you left ${count(p.open, "open table", "open tables")}.`,
  busy: "I am already deleting this; it will be done in a moment.",
  notAdmin: "Only members with the **Manage Server** permission can see and purge this server's data.",
  serverTitle: "This server's data",
  serverWhat: (p: { days: number }) =>
    `I store this server's tables and their moves (deleted ${p.days} days after a table closes), its finished games with each player's result, the standings built from them, and its /hearts settings. When I am removed from the server, open tables end and everything is deleted after 30 days (unless I am added back).`,
  purgeExplained: "**Purge** deletes this server's tables, moves, games, results and standings now; settings stay. Open tables end.",
  purgeButton: "Purge this server's data",
  confirmPurge: "Are you sure? This cannot be undone: every game, result and standing of this server is deleted, and open tables end.",
  confirmPurgeButton: "Yes, purge",
  purged: (p: { tables: number; games: number; open: number }) =>
    `Done: ${count(p.tables, "table", "tables")} and ${count(p.games, "game", "games")} deleted; ${count(p.open, "open table", "open tables")} ended.`,
  tableEndedPurge: "A server admin deleted this server's Hearts data, so this table is closed.",
  tableEndedRemoved: "The bot was removed from this server, so this table is closed.",
};
