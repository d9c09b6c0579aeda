/**
 * The catalogue's tables: every area's English and French sentences, and the Messages type the
 * rest of the bot reads them through (src/i18n/index.ts is the way in).
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locale.js";
import * as activity from "./messages/activity.js";
import * as cards from "./messages/cards.js";
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

/** Every area, by name. Each module exports `en` and `fr` tables with identical keys. */
const AREAS = {
  activity,
  cards,
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

/** Each language's tables of every area (a language is added in locale.ts and in each area's file). */
const BY_LOCALE = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.fromEntries(Object.entries(AREAS).map(([k, v]) => [k, v[locale]])) as Messages]),
) as Record<Locale, Messages>;

export function messages(locale: Locale = DEFAULT_LOCALE): Messages {
  return BY_LOCALE[locale];
}

/** For the catalogue's own test: every area's tables, by locale. */
export function catalogueTables(): Record<string, Record<Locale, Record<string, unknown>>> {
  return Object.fromEntries(
    Object.entries(AREAS).map(([k, v]) => [
      k,
      Object.fromEntries(LOCALES.map((l) => [l, v[l]])) as Record<Locale, Record<string, unknown>>,
    ]),
  );
}
