/**
 * The table as a Discord Activity (src/activity, web/): what its page and its web server say. Plain
 * data, so the page's bundle carries this file as it is (it imports only ../numbers.ts, Intl alone).
 */
import type { BotLevel } from "../../ai/levels.js";
import { decimal } from "../numbers.js";

type Dir = "left" | "right" | "across" | "hold";

export const en = {
  title: "Hearts",
  connecting: "Connecting to the table…",
  signingIn: "Signing in with Discord…",
  reconnecting: "Connection lost: reconnecting…",
  reconnected: "Reconnected: the table is as it is now.",
  offlineClick: "Not connected: nothing was played. Reconnecting…",
  movedOn: "The game had moved on: that was not played. The table shows where it is now.",
  takesTrick: (v: { name: string }) => `${v.name} takes the trick`,
  takesRest: (v: { name: string; n: number }) => (v.n === 1 ? `${v.name} takes the last trick` : `${v.name} takes the last ${v.n} tricks`),
  /** The trick just won, and the rest of the hand with it (no points left to play for, or a tram). */
  takesTrickAndRest: (v: { name: string; n: number }) =>
    v.n === 1 ? `${v.name} takes the trick and the last one` : `${v.name} takes the trick and the ${v.n} left`,
  noTable: "There is no table in this channel yet. Start one with /hearts new, then open the Activity again.",
  lobby: (v: { n: number }) => `The table is in its lobby (${v.n}/4 seated): the game appears here when the host starts it.`,
  lobbyHost: (v: { n: number }) => `The table is in its lobby (${v.n}/4 seated). You are the host: press Start when everyone is here.`,
  spectating: "You are watching: only what everyone sees is shown.",
  yourTurn: "Your turn",
  theirTurn: (v: { name: string }) => `${v.name}'s turn`,
  choosing: (v: { name: string }) => `${v.name} is choosing how the moon scores`,
  passing: (v: { dir: Dir }) =>
    v.dir === "hold" ? "No passing this hand" : `Pass 3 cards ${v.dir === "across" ? "across" : `to the ${v.dir}`}`,
  /** The pass header names whom you pass to, as the chat does ("to Bob"). */
  passingTo: (v: { name: string }) => `Pass 3 cards to ${v.name}`,
  passWaiting: "Waiting for the others to pass…",
  passButton: (v: { n: number }) => (v.n === 3 ? "Pass these 3 cards" : `Pick ${3 - v.n} more card${3 - v.n === 1 ? "" : "s"}`),
  passDir: (v: { dir: Dir }) => (v.dir === "hold" ? "Hold" : v.dir === "across" ? "Pass across" : `Pass ${v.dir}`),
  heartsBroken: "Hearts broken",
  heartsUnbroken: "Hearts not broken",
  trickN: (v: { n: number }) => `Trick ${v.n}/13`,
  handN: (v: { n: number }) => `Hand ${v.n}`,
  total: (v: { n: number }) => `${v.n} pt${v.n === 1 || v.n === -1 ? "" : "s"}`,
  thisHand: (v: { n: number }) => `+${v.n} this hand`,
  cardsLeft: (v: { n: number }) => `${v.n} card${v.n === 1 ? "" : "s"}`,
  passedMark: "passed",
  bot: "computer",
  you: "you",
  secondsLeft: (v: { s: number }) => `${v.s} s`,
  // The tournament panel beside a table that plays for a tournament.
  tournamentRound: (v: { round: number; rounds: number }) => `Round ${v.round} of ${v.rounds}`,
  /** The round clock: time since the round started, and the estimate of its length ("m:ss"). */
  tournamentClock: (v: { elapsed: string; expected: string }) => `${v.elapsed} of about ${v.expected}`,
  tournamentTables: (v: { done: number; tables: number }) => `${v.done} of ${v.tables} tables done`,
  tournamentRoundOver: (v: { round: number }) => `Round ${v.round} is over: the next one opens soon.`,
  tournamentOver: "The tournament is over.",
  tournamentStandings: "Standings",
  tournamentNoStandings: (v: { round: number }) => `Standings come when round ${v.round} is over.`,
  /** A standings row: place, name, matchpoint percentage (null: no deal compared yet). */
  tournamentRow: (v: { place: number; name: string; percent: number | null }) =>
    `${v.place}. ${v.name} · ${v.percent === null ? "—" : `${decimal("en", v.percent)}%`}`,
  yourHand: "Your hand",
  playCard: (v: { card: string }) => `Play ${v.card}`,
  pickCard: (v: { card: string; picked: boolean }) => (v.picked ? `${v.card}, picked to pass` : `Pick ${v.card} to pass`),
  waitCard: (v: { card: string }) => `${v.card}: wait for your turn`,
  trick: "The trick",
  lastTrick: "Last trick",
  showLastTrick: "Last trick",
  hideLastTrick: "Hide",
  moonTitle: "You shot the moon!",
  moonAdd: "Everyone else takes the points",
  moonSubtract: "Take the points off my score",
  hint: "Hint",
  hintSays: (v: { card: string }) => `The strongest computer player would play ${v.card}.`,
  hintPass: (v: { cards: string }) => `The strongest computer player would pass ${v.cards}.`,
  undo: "Undo",
  scoresTitle: (v: { n: number }) => `Scores after hand ${v.n}`,
  gameOver: "Game over",
  winner: (v: { names: string }) => `Won by ${v.names}`,
  place: (v: { n: number }) => (v.n === 1 ? "1st" : v.n === 2 ? "2nd" : v.n === 3 ? "3rd" : `${v.n}th`),
  /** A game-over line: "1st Carol: 0 pts" (the page said it with the colon hard-coded, which French spaces). */
  placing: (v: { place: string; name: string; total: string }) => `${v.place} ${v.name}: ${v.total}`,
  closed: "This table is closed.",
  // The lobby and game over, as the chat's buttons say them (src/i18n/messages/table.ts).
  join: "Join",
  leave: "Leave",
  start: "Start",
  addBot: "Add a computer player",
  botLevel: "Level",
  level: (v: { level: BotLevel }) => ({ easy: "easy", medium: "medium", hard: "hard" })[v.level],
  rematch: "Rematch",
  rules: "Rules",
  fourColours: "4 colours",
  rulesBasics: "Follow suit if you can; the highest card of the suit led takes the trick.",
  rulesLoading: "The table's rules are on their way…",
  ok: "OK",
  // Why the connection was closed (the web server's close reasons; short, Discord shows them too).
  signInFailed: "Discord did not confirm who you are: reopen the Activity.",
  signInBusy: "Many people are opening tables right now: signing you in in a moment.",
  signInFirst: "Sign in first.",
  sessionExpired: "Your session ended: reopen the Activity.",
  badMessage: "That message was not understood.",
  notHere: "This Activity is not open in a channel of a server.",
  mayNotWatch: "You cannot see this channel.",
  sessionEnded: "Your session here has ended: reopen the Activity.",
  openedElsewhere: "You opened this table in another window: this one is closed.",
  endedLeft: "You left this table: reopen the Activity to watch it.",
  endedKicked: "You were removed from this table.",
  endedForgotten: "Your data was deleted (Forget me): reopen the Activity to come back.",
  endedPurged: "This server's Hearts data was deleted by an admin.",
  endedBanned: "You no longer have access to this server.",
  shuttingDown: "The bot is restarting: reconnecting in a moment.",
  shardDown: "The part of the bot that runs this server is restarting: reconnecting in a moment.",
  otherMachine: "This server's tables are run by another of the bot's machines, which this address does not reach.",
  launchFailed: "The table could not be opened as an Activity just now: press Open the table again.",
};
