/**
 * The catalogue: every language's sentences (languages.ts lists them; English, in ./messages,
 * gives their shape), and the Messages type the rest of the bot reads them through
 * (src/i18n/index.ts is the way in).
 */
import type { Messages } from "./english.js";
import { DEFAULT_LOCALE, LOCALES, languageOf, type Locale } from "./locale.js";

export type { Messages } from "./english.js";

export function messages(locale: Locale = DEFAULT_LOCALE): Messages {
  return (languageOf(locale) ?? languageOf(DEFAULT_LOCALE)).messages;
}

/** For the catalogue's own test: every area's tables, by locale. */
export function catalogueTables(): Record<string, Record<Locale, Record<string, unknown>>> {
  const areas = Object.keys(messages(DEFAULT_LOCALE)) as (keyof Messages)[];
  return Object.fromEntries(
    areas.map((area) => [area, Object.fromEntries(LOCALES.map((l) => [l, messages(l)[area]])) as Record<Locale, Record<string, unknown>>]),
  );
}
