/**
 * Sentences every part of the bot may say. Each area of the bot has its own file in this folder
 * with an English table (`en`) and a French one (`fr`, typed `typeof en`, so a missing or extra key
 * fails to compile). A sentence with values is a function of a small, named object.
 */
export const en = {
  storeDown: "I can't save games right now; nothing was played. I'll tell you here when I can.",
  somethingWentWrong: "Something went wrong on my side. Nothing was played; please try again (or use `/hearts hand`).",
};

/**
 * @public Read through the catalogue's area table (src/i18n/index.ts).
 *
 * The game's French name is « la Dame de pique », everywhere a French reader meets it (the command
 * descriptions, titles, the daily's « Dame de pique · défi n° 332 », its share line): it is what
 * French players call Hearts. « Hearts » stays only in other programs' names (Hearts 2.0,
 * RustyHearts) and in the command, /hearts. French cards read R, D, V (roi, dame, valet; the ace
 * stays A): see cards.ts.
 */
export const fr: typeof en = {
  storeDown: "Je ne peux pas enregistrer les parties pour l'instant ; rien n'a été joué. Je vous préviendrai ici dès que ce sera possible.",
  somethingWentWrong: "Un problème est survenu de mon côté. Rien n'a été joué ; réessayez (ou utilisez `/hearts hand`).",
};
