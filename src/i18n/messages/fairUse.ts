/** Fair use: a person or a server going faster than the bot lets them. */
export const en = {
  tooFast: (v: { seconds: number }) => `You're going faster than I can keep up with: nothing was done. Try again in ${v.seconds} s.`,
  serverBusy: (v: { seconds: number }) => `This server is keeping me very busy right now: nothing was done. Try again in ${v.seconds} s.`,
  openCooldown: (v: { seconds: number }) => `You opened a table a moment ago. You can open another in ${v.seconds} s.`,
};
