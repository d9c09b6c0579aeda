/**
 * Seats and tables: the answers to Join, Leave, Start, adding computer players, options (private),
 * and the lobby's news in the thread or on the table (public, in the table's language).
 */
import type { BotLevel } from "../../ai/levels.js";

/** Each computer players' level as a person reads it: its name, and its line in the lobby's menu. One row per row of src/ai/levels.ts (the compiler insists). */
export type LevelWords = Record<BotLevel, { name: string; add: string }>;
const LEVEL_EN: LevelWords = {
  easy: { name: "easy", add: "Add an easy computer player" },
  medium: { name: "medium", add: "Add a medium computer player" },
  hard: { name: "hard", add: "Add a hard computer player" },
};
/** A level's word; a level this version does not know (stored by a newer one) as it is stored. */
export const levelName = (words: LevelWords, level: string): string =>
  Object.hasOwn(words, level) ? words[level as BotLevel].name : level;
export const addLine = (words: LevelWords, level: string, unknown: string): string =>
  Object.hasOwn(words, level) ? words[level as BotLevel].add : unknown;
/** "easy, medium or hard", in the table's order. */
export const levelList = (words: LevelWords, or: string): string => {
  const names = Object.values(words).map((w) => w.name);
  return `${names.slice(0, -1).join(", ")} ${or} ${names[names.length - 1]}`;
};

export const en = {
  // answers to the person who acted
  joined: "You joined the table.",
  tookSeat: (v: { name: string }) => `You took ${v.name}'s seat.`,
  waitForStart: "Wait for the host to press Start.",
  welcomeBack: "Welcome back: your seat is yours again.",
  leftClosed: "You left; the table is closed.",
  left: "You left the table.",
  leftGameClosed: "You left; nobody else was playing, so the game is closed.",
  leftBotPlays: "You left. A computer player plays your seat; /hearts join brings you back.",
  botSitsDown: (v: { name: string; level: string }) => `${v.name} (${v.level}) sits down.`,
  botStandsUp: (v: { name: string }) => `${v.name} stands up.`,
  kickedLobby: (v: { name: string }) => `${v.name} no longer has a seat.`,
  kickedGameClosed: "Nobody else was playing, so the game is closed.",
  kickedBotPlays: (v: { name: string }) => `A computer player now plays ${v.name}'s seat; /hearts join gives it back to them.`,
  optionsUpdated: "Options updated.",
  optionsUpdatedTick: "✅ Options updated.",
  rulesSet: (v: { preset: string }) => `✅ Rules set to ${v.preset}.`,
  tableClosed: "The table is closed.",
  opened: "Your table is open. Others press **Join** on it; you press **Start** when ready.",
  openedFill:
    "Your table is open. Others press **Join** on it; you press **Start** when ready. Empty seats get computer players when you start.",
  started: "The game has started. Here are your cards (only you see them).",
  rematchOpened:
    "A new table is open with the same players and rules. Everyone is seated: leave if you don't want to play, then press **Start**.",
  cannotPost: "I could not post the table in this channel. Check that I may send messages, embed links and attach files here.",
  cannotPostRematch: "I could not post the new table in this channel.",
  missingPermissions: (v: { list: string; count: number }) =>
    `I can't run a table here: I am missing the ${v.list} permission${v.count > 1 ? "s" : ""} in this channel. Ask a server admin to grant ${v.count > 1 ? "them" : "it"} to my role, or use another channel.`,
  permViewChannel: "View Channel",
  permSendMessages: "Send Messages",
  permEmbedLinks: "Embed Links",
  permAttachFiles: "Attach Files",
  permSendInThreads: "Send Messages in Threads",
  chooseLevel: `Choose a level: ${levelList(LEVEL_EN, "or")}.`,
  level: (v: { level: string }): string => levelName(LEVEL_EN, v.level),
  addBot: (v: { level: string }): string => addLine(LEVEL_EN, v.level, `Add a computer player (${v.level})`),
  // news for everyone at the table
  noteJoined: (v: { name: string }) => `${v.name} joined.`,
  noteTookSeat: (v: { name: string; bot: string }) => `${v.name} took ${v.bot}'s seat.`,
  noteLeft: (v: { name: string }) => `${v.name} left.`,
  noteLeftNewHost: (v: { name: string; host: string }) => `${v.name} left. ${v.host} is now the host.`,
  noteBotAdded: (v: { name: string; bot: string; level: string }) => `${v.name} added ${v.bot} (${v.level} computer player).`,
  noteBotLeft: (v: { bot: string }) => `${v.bot} left the table.`,
  noteKicked: (v: { name: string }) => `${v.name} was removed from the table by the host.`,
  noteOptions: (v: { name: string }) => `${v.name} changed the options.`,
  closedEveryoneLeft: "Everyone left, so the table is closed.",
  closedAllAway: "Every player has left or is away, so the game is closed.",
  closedEndedBy: (v: { name: string }) => `${v.name} ended the table.`,
  closedWon: (v: { winners: string }) => `${v.winners} won.`,
  closedLobbyTimeout: "Nobody started this table, so it closed. Open a new one with /hearts new.",
  closedDamaged: "This game's record is damaged, so it cannot continue. Sorry! Open a new table with /hearts new.",
  closedNotPosted: "The table message could not be posted.",
  closedChannelDeleted: "The channel was deleted.",
  storeBack: "✅ I can save games again: the game goes on.",
  storePaused: "⚠️ I can't save games right now, so this game is paused. Nothing is lost; I'll tell you here when it goes on.",
  resumed: "🔄 I'm back after a restart: the game goes on where it was.",
};
