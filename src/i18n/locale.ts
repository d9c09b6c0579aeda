/**
 * The languages the bot speaks, and which one a person or a server gets. Discord sends a person's
 * client language with every interaction (`locale`) and a server's "preferred locale"
 * (`guild_locale`); anything we do not speak falls back to English.
 */
export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** "fr", "fr-FR", "en-US", "en-GB", "pt-BR", null → the closest language we speak. */
export function localeOf(discordLocale: string | null | undefined): Locale {
  const base = (discordLocale ?? "").toLowerCase().split("-")[0];
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : DEFAULT_LOCALE;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
