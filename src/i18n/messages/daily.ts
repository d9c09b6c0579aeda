/** The daily challenge: its private menu, results, board and share line. */
export const en = {
  serverOnly: "The daily challenge lives in servers: use `/hearts daily play` in a server channel.",
  disabled: "The daily challenge is turned off on this server.",
  intro: (p: { day: number }) =>
    `**Hearts daily #${p.day}** · 4 hands (pass left, right, across, then keep) against three hard computer players. Everyone gets the same cards and the same opponents: fewest points wins. One attempt a day, whatever the server; hints are off.`,
  resumed: "Welcome back: your daily goes on where you left it.",
  passTo: (p: { hand: number; dir: "left" | "right" | "across" }) =>
    `**Hand ${p.hand} of 4 · pass 3 cards ${p.dir === "across" ? "across" : `to the ${p.dir}`}**`,
  pickPrompt: "Pick 3 cards in the menu, then press **Pass**.",
  selected: (p: { cards: string }) => `Selected: ${p.cards}. Press **Pass** to confirm.`,
  pickPlaceholder: "Choose 3 cards to pass",
  passButton: "Pass",
  passNamed: (p: { cards: string }) => `Pass ${p.cards}`,
  yourTurn: (p: { hand: number; trick: number }) => `**Hand ${p.hand} of 4 · your turn** · trick ${p.trick} of 13`,
  youLead: "You lead.",
  onTable: (p: { cards: string }) => `On the table: ${p.cards}`,
  received: (p: { cards: string }) => `You received ${p.cards}.`,
  heartsBroken: "Hearts are broken.",
  score: (p: { total: number; hand: number }) => `Your points: ${p.total} · this hand: ${p.hand}`,
  yourHand: (p: { cards: string }) => `Your hand: ${p.cards}`,
  moonPrompt: "🌙 **You shot the moon!** Choose how it scores:",
  moonAdd: (p: { points: number }) => `Add ${p.points} to each opponent`,
  moonSubtract: (p: { points: number }) => `Take ${p.points} off my score`,
  finished: (p: { day: number; points: number }) =>
    `**Hearts daily #${p.day} done: ${p.points} points.** See how you rank with \`/hearts daily board\`, and come back tomorrow.`,
  alreadyPlayed: (p: { day: number; points: number }) =>
    `You played daily #${p.day} already (${p.points} points): one attempt a day. \`/hearts daily board\` shows the ranking.`,
  shareButton: "Share my result",
  shared: "Shared in the channel.",
  shareFailed: (p: { line: string }) => `I can't post in this channel; here is your line to copy:\n${p.line}`,
  /** The line a player shares in the channel: "Hearts daily #412 · 9 pts · 🟩🟩🟨🟥" (squares: one per hand). */
  shareLine: (p: { day: number; points: number; squares: string }) => `Hearts daily #${p.day} · ${p.points} pts · ${p.squares}`,
  stale: "That menu was from an earlier turn: here is the current one.",
  closed: "That daily closed at midnight UTC. Today's is waiting: `/hearts daily play`.",
  notStarted: "Start today's daily with `/hearts daily play`.",
  notFinishedShare: "Finish the daily first: the share line comes with your result.",
  busy: "The daily's computer players are busy right now: try again in a moment (`/hearts daily play`, or your menu). Nothing you played is lost.",
  forgotten:
    "Today's daily was deleted with your data (Forget me, or a server's purge), and it can't start again today: you would know the cards. Come back tomorrow.",
  elsewhere:
    "You started today's daily on another server: it is the same game everywhere, so it goes on here and counts on that server's board.",
  sharedAlready: "You shared today's result already: one share a day.",
  shareNotHere: (p: { line: string }) =>
    `I only post where tables may open and where you may write (see \`/hearts settings\`); here is your line to copy:\n${p.line}`,
  handsHidden: "Each hand's result stays hidden until you have finished today's daily: ranks and totals only.",
  boardTitle: (p: { day: number }) => `Hearts daily #${p.day}`,
  boardEmpty: "Nobody has finished this daily yet. Be the first: `/hearts daily play`.",
  boardLine: (p: { rank: number; name: string; points: number }) => `${p.rank}. ${p.name} · ${p.points} pts`,
  boardMore: (p: { count: number }) => `…and ${p.count} more.`,
  myRank: (p: { rank: number; count: number; points: number }) => `You are #${p.rank} of ${p.count} with ${p.points} points.`,
  notPlayedToday: "You haven't finished this daily.",
  playedElsewhere: (p: { points: number }) =>
    `You finished this daily on another server with ${p.points} ${p.points === 1 ? "point" : "points"}. This board ranks the attempts started on this server.`,
  streak: (p: { days: number; best: number | null }) =>
    `Your streak: ${p.days} day${p.days === 1 ? "" : "s"} in a row · your best: ${p.best === null ? "none yet" : `${p.best} points`}`,
  compareTitle: "Per hand: you · the server's best · the hard player on your cards",
  compareLine: (p: { hand: number; me: number; best: number; hard: number | string }) => `Hand ${p.hand}: ${p.me} · ${p.best} · ${p.hard}`,
  compareLater:
    "After midnight UTC you can see each hand beside the server's best and the hard player's own score: `/hearts daily board` with yesterday's number.",
  noSuchDay: (p: { day: number; today: number }) => `There is no daily #${p.day} yet: today's is #${p.today}.`,
  colPlayer: "PLAYER",
  colPoints: "POINTS",
  colHands: "HANDS",
};
