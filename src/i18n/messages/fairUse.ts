/** Fair use: a person or a server going faster than the bot lets them. */
export const en = {
  tooFast: (v: { seconds: number }) => `You're going faster than I can keep up with: nothing was done. Try again in ${v.seconds} s.`,
  serverBusy: (v: { seconds: number }) => `This server is keeping me very busy right now: nothing was done. Try again in ${v.seconds} s.`,
  openCooldown: (v: { seconds: number }) => `You opened a table a moment ago. You can open another in ${v.seconds} s.`,
};

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
  tooFast: (v) => `Vous allez plus vite que je ne peux suivre : rien n'a été fait. Réessayez dans ${v.seconds} s.`,
  serverBusy: (v) => `Ce serveur me donne beaucoup de travail en ce moment : rien n'a été fait. Réessayez dans ${v.seconds} s.`,
  openCooldown: (v) => `Vous avez ouvert une table il y a un instant. Vous pourrez en ouvrir une autre dans ${v.seconds} s.`,
};
