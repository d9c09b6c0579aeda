/**
 * English, the catalogue's own language: every area's `en` table. Its shape is every language's
 * (Messages); a translation is typed against it, so a missing or extra sentence fails to compile.
 */
import * as activity from "./messages/activity.js";
import * as cards from "./messages/cards.js";
import * as commands from "./messages/commands.js";
import * as common from "./messages/common.js";
import * as comforts from "./messages/comforts.js";
import * as daily from "./messages/daily.js";
import * as errors from "./messages/errors.js";
import * as fairUse from "./messages/fairUse.js";
import * as lobby from "./messages/lobby.js";
import * as menu from "./messages/menu.js";
import * as moves from "./messages/moves.js";
import * as pictures from "./messages/pictures.js";
import * as presets from "./messages/presets.js";
import * as privacy from "./messages/privacy.js";
import * as refusals from "./messages/refusals.js";
import * as review from "./messages/review.js";
import * as rules from "./messages/rules.js";
import * as season from "./messages/season.js";
import * as settings from "./messages/settings.js";
import * as standings from "./messages/standings.js";
import * as table from "./messages/table.js";
import * as tournament from "./messages/tournament.js";
import * as tournamentChat from "./messages/tournamentChat.js";

/** Every area, by name; an area is a file in ./messages and a line here. */
export const english = {
  activity: activity.en,
  cards: cards.en,
  commands: commands.en,
  common: common.en,
  comforts: comforts.en,
  daily: daily.en,
  errors: errors.en,
  fairUse: fairUse.en,
  lobby: lobby.en,
  menu: menu.en,
  moves: moves.en,
  pictures: pictures.en,
  presets: presets.en,
  privacy: privacy.en,
  refusals: refusals.en,
  review: review.en,
  rules: rules.en,
  season: season.en,
  settings: settings.en,
  standings: standings.en,
  table: table.en,
  tournament: tournament.en,
  tournamentChat: tournamentChat.en,
};

export type Messages = typeof english;
