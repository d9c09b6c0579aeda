/**
 * The tournament service's answers (src/table/tournament): its refusals and what a sign-up, a
 * departure or a removal says to the person. The chat's and the Activity's own tournament words
 * (commands, posts, pictures) live in their own areas.
 */
export const en = {
  notOrganiser: "Only people with Manage Server, or the role this server names for tournaments (`/hearts settings`), may run a tournament.",
  badName: "A tournament's name is 1 to 60 characters.",
  badRounds: (p: { min: number; max: number }) => `A tournament has ${p.min} to ${p.max} rounds.`,
  badHands: (p: { min: number; max: number }) => `A round has ${p.min} to ${p.max} hands.`,
  badStart: "The start must be in the future, within 30 days.",
  badRules: (p: { error: string }) => `Those rules don't work: ${p.error}`,
  channelNotAllowed: (p: { channels: string }) =>
    `A tournament's sign-up and tables go where tables may open on this server (\`/hearts settings\`): pick one of ${p.channels} as its channel.`,
  tooMany: (p: { max: number }) =>
    `This server has ${p.max} tournaments planned or under way already: wait for one to finish, or cancel one.`,
  noTournament: "I can't find that tournament: it may have been cancelled.",
  notSignup: "Sign-up is closed: the tournament has started or is over.",
  notPlaying: "That tournament is not being played.",
  alreadyIn: "You are signed up already: one seat per person.",
  notIn: "You are not signed up to this tournament.",
  playerNotIn: "That person is not playing in this tournament.",
  full: (p: { max: number }) => `This tournament is full: ${p.max} people at most.`,
  notEnough: "Nobody has signed up yet: a tournament needs at least one player.",
  joined: (p: { name: string }) => `You are in **${p.name}**. I'll remind you before the start.`,
  left: (p: { name: string }) => `You are off the list of **${p.name}**.`,
  leftPlaying: (p: { name: string }) => `You left **${p.name}**: a computer player plays your seat to the end, and your results say so.`,
  removed: (p: { player: string }) => `${p.player} is out of the tournament: a computer player holds their seat to the end.`,
  removedSignup: (p: { player: string }) => `${p.player} is off the list.`,
  tableHidden: "A tournament table is watched only by its own players while its round is played: the other tables play the same deals.",
  roundHidden: "That deal belongs to a tournament round still being played: it can be seen once every table of the round has finished.",
  noUndo: "Undo is off at a tournament's tables: every table of the round plays the same cards.",
  cancelledTable: "The tournament was cancelled: this table closes.",
};
