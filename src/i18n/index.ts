/**
 * The message catalogue: every sentence a player reads, in every language the bot speaks.
 *
 *   const m = messages(locale);
 *   m.common.storeDown
 *   m.table.tableCap({ max: 10 })
 *
 * Private answers use the person's locale (`interaction.locale`); public posts use the server's
 * (`guild_locale`, or the admin's setting). To add a sentence: add it to the area's `en` table, then
 * to every other language's (src/i18n/fr/…; the compiler insists); to add an area: a file in
 * ./messages, a line in english.ts and its table in each language; to add a language: see languages.ts.
 */
export { DEFAULT_LOCALE, LOCALES, isLocale, languageOf, localeOf, type Locale } from "./locale.js";
export { sentence, words, type Sentence } from "./sentence.js";
export { cardText, cardsText, rankText } from "./cards.js";
export { catalogueTables, messages, type Messages } from "./catalogue.js";
