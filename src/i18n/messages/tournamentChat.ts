/**
 * The chat's tournament words: /hearts tournament's descriptions, the sign-up message, the posts
 * of a tournament night (reminder, rounds, standings, podium, each player's summary) and the words
 * its pictures draw. The service's own answers and refusals are in ./tournament.ts.
 */
export const en = {
  group: "A duplicate tournament: everyone plays the same cards, the play decides",
  create: "Plan a tournament in this server (Manage Server or the tournament role)",
  name: "The tournament's name",
  start: 'When it starts (UTC): "21:00", "in 30 min", or a date like 2026-12-01 20:00',
  rounds: "Rounds (1–8)",
  hands: "Hands per round (default 4: every pass direction)",
  rules: "Rules preset (default: the server's)",
  level: "Level of the computer players who fill seats (default: the server's)",
  channel: "Where the sign-up, the standings and the round's tables go (default: here)",
  show: "The next or current tournament: players, round, standings",
  startNow: "Organiser: start the tournament now with the people signed up",
  cancel: "Organiser: cancel the tournament",
  remove: "Organiser: take a player out (a computer player holds their seat)",
  player: "The player to take out",
  which: "Which tournament (when the server has several planned)",

  badTime: 'I can\'t read that time: write "21:00" (UTC), "in 30 min", "in 2 h", or a date like "2026-12-01 20:00".',
  noneHere: "No tournament is planned in this server. Someone with Manage Server can plan one: `/hearts tournament create`.",
  noneNamed: (p: { name: string }) => `No tournament here is called **${p.name}**: \`/hearts tournament show\` shows the current one.`,
  whichOne: (p: { names: string }) => `This server has several tournaments planned (${p.names}): say which with the \`name\` option.`,
  notText: "I can only run a tournament in a text channel where I can post and make threads.",
  created: (p: { name: string; link: string }) => `**${p.name}** is planned: its sign-up message is ${p.link}.`,
  started: (p: { name: string }) => `**${p.name}** starts now.`,
  cancelled: (p: { name: string }) => `**${p.name}** is cancelled.`,
  noEventPermission: "I could not make a Discord event for it (I need the Manage Events permission): the sign-up message is all there is.",

  join: "Join",
  leave: "Leave",
  signupTitle: (p: { name: string }) => `🏆 ${p.name}`,
  signupWhen: (p: { at: string; rounds: number; hands: number }) =>
    `Starts ${p.at} · ${p.rounds} ${p.rounds === 1 ? "round" : "rounds"} of ${p.hands} ${p.hands === 1 ? "hand" : "hands"}`,
  signupRules: (p: { rules: string; level: string }) => `Rules: ${p.rules} · computer players: ${p.level}`,
  signupHow:
    "Duplicate: every table of a round plays the same cards from the same seats; you are scored against the people who held your cards at the other tables.",
  signupPlayers: (p: { n: number; list: string }) => (p.n ? `**Signed up (${p.n}):** ${p.list}` : "**Nobody has signed up yet.**"),
  signupMore: (p: { n: number }) => `and ${p.n} more`,
  signupPlaying: (p: { round: number; rounds: number }) => `Playing: round ${p.round} of ${p.rounds}.`,
  signupFinished: "Finished: the podium is below.",
  signupCancelled: "Cancelled.",
  signupPaused: "Paused: I can't save right now. Nothing is lost; play goes on as soon as I can.",
  eventDescription: (p: { rounds: number; hands: number }) =>
    `A duplicate Hearts tournament: ${p.rounds} × ${p.hands} hands. Sign up with the Join button in the channel.`,

  reminder: (p: { name: string; minutes: number; mentions: string }) => `⏰ **${p.name}** starts in ${p.minutes} minutes. ${p.mentions}`,
  roundStarted: (p: { name: string; round: number; rounds: number; tables: number }) =>
    `**${p.name}**: round ${p.round} of ${p.rounds} starts on ${p.tables} ${p.tables === 1 ? "table" : "tables"}. Your table's thread is below: good luck!`,
  sittingOut: (p: { list: string }) => `Sitting out this round: ${p.list}.`,
  roundClosed: (p: { name: string; round: number; rounds: number }) =>
    `**${p.name}**: the standings after round ${p.round} of ${p.rounds}.`,
  nextRound: (p: { at: string }) => `The next round starts ${p.at}.`,
  finished: (p: { name: string; winners: string }) => `🏆 **${p.name}** is over. Congratulations, ${p.winners}!`,
  finishedNobody: (p: { name: string }) => `🏆 **${p.name}** is over: nobody played a card of it themselves, so nobody is ranked.`,
  summary: (p: { place: number; of: number; percent: string; deals: number }) =>
    `You finished ${p.place} of ${p.of}, with ${p.percent} of the matchpoints over ${p.deals} ${p.deals === 1 ? "deal" : "deals"}.`,
  summaryOneTable: (p: { place: number; of: number; deals: number }) =>
    `You finished ${p.place} of ${p.of} over ${p.deals} ${p.deals === 1 ? "deal" : "deals"}: with one table there was nobody to compare with, so the points decided.`,
  summaryNoDeal: (p: { place: number; of: number }) =>
    `You played no deal (you sat the rounds out), so you have no score: listed ${p.place} of ${p.of}.`,
  summaryStoodIn: "A computer player played part of your seat: those deals count as its play.",
  summaryComputer: (p: { n: number; deals: number }) =>
    `The computer played ${p.deals === 1 ? "your one deal" : `${p.n} of your ${p.deals} deals`} (in full or in part: the turn clock or a stand-in), and ${p.n === 1 ? "its result counts" : "their results count"} as yours.`,
  summaryAbsent: (p: { deals: number }) =>
    `You played none of your ${p.deals} ${p.deals === 1 ? "deal" : "deals"} yourself (the turn clock and a computer player made every move), so you are listed as absent, not ranked.`,
  summaryLine: (p: { name: string; said: string }) => `**${p.name}**: ${p.said}`,
  absentLine: (p: { list: string }) => `Absent, not ranked (the computer played all their deals): ${p.list}.`,
  standingsText: (p: { place: number; name: string; percent: string; stoodIn: boolean }) =>
    `${p.place}. ${p.name} ${p.percent}${p.stoodIn ? " (computer stood in)" : ""}`,
  showPlayers: (p: { n: number }) => `${p.n} signed up`,

  afterRound: (p: { round: number; rounds: number }) => `After round ${p.round} of ${p.rounds}`,
  podium: "Podium",
  colPlayer: "PLAYER",
  colPercent: "SCORE",
  colMatchpoints: "MATCHPOINTS",
  colRounds: "ROUNDS",
  stoodInTag: "BOT STOOD IN",
  stoodInLegend: "a computer player played for them for part of the tournament",
  more: (p: { n: number }) => `and ${p.n} more`,
};
