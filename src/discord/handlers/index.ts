/**
 * Every interaction handler, in one list: each /hearts subcommand and each custom_id verb.
 *
 * To add one: write it in the file of its domain (or a new `handlers/<domain>.ts`) with `command`,
 * `tableCommand`, `component` or `tablelessComponent` from ./types.ts — its name, how it is parsed,
 * how it is deferred, the services it uses, what it runs — then add it to HANDLERS below. A component's custom_id also needs its verb in
 * ../interactions/ids.ts; a subcommand its definition in commands/hearts.ts. Nothing else changes: the router
 * finds it by name.
 */
import { activityButton, hintButton, hintCommand, handButton, handCommand, moonButton, passButton, pickMenu, playButton } from "./play.js";
import { leaderboardCommand, scoresButton, scoresCommand, statsCommand } from "./info.js";
import {
  botMenu,
  endCommand,
  joinButton,
  joinCommand,
  kickCommand,
  leaveButton,
  leaveCommand,
  newTable,
  presetMenu,
  rematchButton,
  rulesButton,
  rulesCommand,
  startButton,
  startCommand,
} from "./lobby.js";
import { privacyButton, privacyCommand } from "./privacy.js";
import { settingsHandler } from "./settings.js";
import type { CommandHandler, ComponentHandler, Handler } from "./types.js";
import { undoButton } from "./undo.js";
import { deckCommand } from "./deck.js";
import {
  dailyBoardCommand,
  dailyMoonButton,
  dailyPassButton,
  dailyPickMenu,
  dailyPlayButton,
  dailyPlayCommand,
  dailyShareButton,
} from "./daily.js";
import { reviewHandler } from "./review.js";
import { seasonCommand } from "./season.js";
import {
  tournamentCancel,
  tournamentCreate,
  tournamentJoinButton,
  tournamentLeaveButton,
  tournamentRemove,
  tournamentShow,
  tournamentStart,
} from "./tournament.js";

/** Every handler, in the order a reader meets them. */
export const HANDLERS: readonly Handler[] = [
  // the lobby
  newTable,
  joinCommand,
  joinButton,
  leaveCommand,
  leaveButton,
  startCommand,
  startButton,
  endCommand,
  kickCommand,
  rulesCommand,
  rulesButton,
  presetMenu,
  botMenu,
  rematchButton,
  // a player's menu
  handCommand,
  handButton,
  activityButton,
  pickMenu,
  passButton,
  playButton,
  moonButton,
  hintCommand,
  hintButton,
  // comforts
  undoButton,
  deckCommand,
  // reading
  scoresCommand,
  scoresButton,
  leaderboardCommand,
  statsCommand,
  // the server's settings, and privacy
  settingsHandler,
  privacyCommand,
  privacyButton,
  // the daily challenge (its menu belongs to no table) and game review
  dailyPlayCommand,
  dailyBoardCommand,
  dailyPickMenu,
  dailyPassButton,
  dailyPlayButton,
  dailyMoonButton,
  dailyShareButton,
  reviewHandler,
  // tournaments: the command and the sign-up message's buttons (no table)
  tournamentCreate,
  tournamentShow,
  tournamentStart,
  tournamentCancel,
  tournamentRemove,
  tournamentJoinButton,
  tournamentLeaveButton,
  // a season: recurring tournaments' table
  seasonCommand,
];

function byName<K extends Handler["kind"]>(kind: K): Map<string, Extract<Handler, { kind: K }>> {
  const map = new Map<string, Extract<Handler, { kind: K }>>();
  for (const h of HANDLERS) {
    if (h.kind !== kind) continue;
    if (map.has(h.name)) throw new Error(`two ${kind} handlers are named ${h.name}`);
    map.set(h.name, h as Extract<Handler, { kind: K }>);
  }
  return map;
}

const COMMANDS = byName("command");
const COMPONENTS = byName("component");

export const commandHandler = (subcommand: string): CommandHandler | undefined => COMMANDS.get(subcommand);
export const componentHandler = (verb: string): ComponentHandler | undefined => COMPONENTS.get(verb);
