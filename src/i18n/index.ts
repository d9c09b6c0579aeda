/**
 * The message catalogue: every sentence a player reads, in every language the bot speaks.
 *
 *   const m = messages(locale);
 *   m.common.storeDown
 *   m.table.tableCap({ max: 10 })
 *
 * Private answers use the person's locale (`interaction.locale`); public posts use the server's
 * (`guild_locale`, or the admin's setting). To add a sentence: add it to the area's `en` table, then
 * to its `fr` table (the compiler insists); to add an area: a file in ./messages, one line below.
 */
import { DEFAULT_LOCALE, type Locale } from "./locale.js";
import * as activity from "./messages/activity.js";
import * as common from "./messages/common.js";
import * as comforts from "./messages/comforts.js";
import * as daily from "./messages/daily.js";
import * as review from "./messages/review.js";
import * as errors from "./messages/errors.js";
import * as fairUse from "./messages/fairUse.js";
import * as lobby from "./messages/lobby.js";
import * as menu from "./messages/menu.js";
import * as moves from "./messages/moves.js";
import * as pictures from "./messages/pictures.js";
import * as presets from "./messages/presets.js";
import * as refusals from "./messages/refusals.js";
import * as rules from "./messages/rules.js";
import * as standings from "./messages/standings.js";
import * as table from "./messages/table.js";
import * as privacy from "./messages/privacy.js";
import * as settings from "./messages/settings.js";

export { DEFAULT_LOCALE, LOCALES, isLocale, localeOf, type Locale } from "./locale.js";
export { sentence, words, type Sentence } from "./sentence.js";

/** Every area, by name. Each module exports `en` and `fr` tables with identical keys. */
const AREAS = {
  activity,
  common,
  comforts,
  errors,
  fairUse,
  lobby,
  menu,
  moves,
  pictures,
  presets,
  refusals,
  rules,
  standings,
  table,
  settings,
  privacy,
  daily,
  review,
} as const;

type Areas = typeof AREAS;
export type Messages = { [A in keyof Areas]: Areas[A]["en"] };

const BY_LOCALE: Record<Locale, Messages> = {
  en: Object.fromEntries(Object.entries(AREAS).map(([k, v]) => [k, v.en])) as Messages,
  fr: Object.fromEntries(Object.entries(AREAS).map(([k, v]) => [k, v.fr])) as Messages,
};

export function messages(locale: Locale = DEFAULT_LOCALE): Messages {
  return BY_LOCALE[locale];
}

/** For the catalogue's own test: every area's tables, by locale. */
export function catalogueTables(): Record<string, Record<Locale, Record<string, unknown>>> {
  return Object.fromEntries(Object.entries(AREAS).map(([k, v]) => [k, { en: v.en, fr: v.fr }]));
}
