/**
 * Sentences every part of the bot may say. Each area of the bot has its own file in this folder
 * with its English table (`en`), which gives every language its shape: each language's catalogue
 * (src/i18n/<code>/, listed in src/i18n/languages.ts) has the same keys, or fails to compile. A
 * sentence with values is a function of a small, named object.
 */
export const en = {
  storeDown: "I can't save games right now; nothing was played. I'll tell you here when I can.",
  somethingWentWrong: "Something went wrong on my side. Nothing was played; please try again (or use `/hearts hand`).",
};
