/**
 * Which language a person or a server gets. Discord sends a person's client language with every
 * interaction (`locale`) and a server's "preferred locale" (`guild_locale`); anything we do not
 * speak falls back to English. The languages themselves are listed in languages.ts.
 */
import { LANGUAGES, type Language } from "./languages.js";

export type Locale = keyof typeof LANGUAGES;
export const LOCALES = Object.keys(LANGUAGES) as readonly Locale[];
export const DEFAULT_LOCALE: Locale = "en";

/** A language's entry in the list (its Discord codes, its catalogue). */
export const languageOf = (locale: Locale): Language => (LANGUAGES as Record<string, Language>)[locale];

/** "fr", "fr-FR", "en-US", "en-GB", "pt-BR", null → the closest language we speak. */
export function localeOf(discordLocale: string | null | undefined): Locale {
  const code = (discordLocale ?? "").toLowerCase();
  const exact = LOCALES.find((l) => languageOf(l).discord.some((d) => d.toLowerCase() === code));
  if (exact) return exact;
  const base = code.split("-")[0];
  return isLocale(base) ? base : DEFAULT_LOCALE;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
