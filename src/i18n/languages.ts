/**
 * The languages the bot speaks: one line each. Everything that speaks (sentences, pictures, the
 * Activity's page, the slash command's localized names and descriptions, the settings' language
 * choice) iterates this list; nothing else names a language.
 *
 * A new language is four files: its catalogue, src/i18n/<code>/page.ts, play.ts and server.ts (the
 * tournament's sentences included), each area typed against English's (src/i18n/messages/*), so a
 * missing sentence fails to compile; and a line here (with its imports).
 * test/languages/new-language.test.ts adds one this way. The Activity's page
 * bundles every language's catalogue through this list (about 26 KB gzipped for English and French).
 */
import { english, type Messages } from "./english.js";
import * as frPage from "./fr/page.js";
import * as frPlay from "./fr/play.js";
import * as frServer from "./fr/server.js";

export interface Language {
  /**
   * Discord's locale codes for this language (discord.com/developers/docs/reference#locales): a
   * person or server with one of them reads it, and the command's names and descriptions are
   * localized under each. English is the command's own, so it needs none there.
   */
  discord: readonly string[];
  messages: Messages;
}

export const LANGUAGES = {
  en: { discord: ["en-US", "en-GB"], messages: english },
  fr: { discord: ["fr"], messages: { ...frPage, ...frPlay, ...frServer } },
} satisfies Record<string, Language>;
