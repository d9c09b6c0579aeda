/**
 * The table as everyone sees it: the public table message, its buttons, the game's thread posts,
 * and the rules and scores (also shown privately).
 */
export const en = {
  openActivity: "Open the table",
  title: "♥ Hearts",
  footer: (v: { id: string }) => `table ${v.id}`,
  seat: (v: { n: number }) => `Seat ${v.n}`,
  bot: (v: { name: string }) => `${v.name} 🤖`,
  away: (v: { name: string }) => `${v.name} (away, 🤖 plays)`,
  hostMark: " (host)",
  emptySeat: "(empty)",
  and: " and ",
  passDir: (v: { dir: string }) =>
    v.dir === "across" ? "across" : v.dir === "left" ? "to the left" : v.dir === "right" ? "to the right" : `to the ${v.dir}`,
  goalCountdown: (v: { n: number }) => `countdown from ${v.n}, highest wins`,
  goalTarget: (v: { n: number }) => `game to ${v.n}, lowest wins`,
  goalHands: (v: { n: number }) => `${v.n} ${v.n === 1 ? "hand" : "hands"}, lowest total wins`,
  timerOff: "no turn timer",
  timerFull: (v: { card: number; pass: number; bank: number }) => `${v.card} s per card (${v.pass} s to pass) + ${v.bank} s time bank`,
  timerPass: (v: { pass: number; bank: number }) => `${v.pass} s to pass + ${v.bank} s time bank`,
  timerCard: (v: { card: number; bank: number }) => `${v.card} s per card + ${v.bank} s time bank`,
  lobbyStatus: (v: { n: number }) => `${v.n} of 4 seated · waiting for the host to start`,
  closedStatus: "Closed",
  statusPassing: (v: { hand: number; dir: string; waiting: string }) => `Hand ${v.hand} · passing ${v.dir} · waiting for ${v.waiting}`,
  statusPlaying: (v: { hand: number; trick: number; name: string; lead: boolean }) =>
    `Hand ${v.hand} · trick ${v.trick} of 13 · ${v.name} to ${v.lead ? "lead" : "play"}`,
  statusMoon: (v: { name: string }) => `${v.name} shot the moon and is choosing how it scores`,
  statusOver: (v: { winners: string }) => `Game over · ${v.winners} won`,
  tablePassing: (v: { hand: number; dir: string }) => `Hand ${v.hand} · passing ${v.dir}`,
  tablePlaying: (v: { hand: number; thread: boolean }) =>
    `Hand ${v.hand} · playing${v.thread ? " · every trick is posted in the game's thread" : ""}`,
  theHost: "The host",
  lobbyFill: (v: { host: string; level: string }) =>
    `Press **Join** to sit down. ${v.host} presses **Start**; empty seats get computer players (${v.level}).`,
  lobbyNoFill: (v: { host: string }) => `Press **Join** to sit down. ${v.host} presses **Start** once 4 are seated.`,
  pressMyHand: "Press **My hand** to see and play your cards.",
  brokenTable: "This game could not continue.",
  closedTable: "This table is closed.",
  join: "Join",
  leave: "Leave",
  start: "Start",
  rules: "Rules",
  myHand: "My hand",
  scores: "Scores",
  rejoin: "Rejoin",
  rematch: "Rematch",
  botPlaceholder: "Add or remove a computer player…",
  removeBot: "Remove a computer player",
  // rules
  customRules: "Custom rules",
  rulesTitle: "Rules of this table",
  rulesHead: (v: { title: string; preset: string | null; description: string }) =>
    `**${v.title}**${v.preset ? ` (\`${v.preset}\`)` : ""}: ${v.description}`,
  presetChanged: "a preset with changes",
  options: (v: { list: string }) => `Options: ${v.list}`,
  optionsDefault: "Options: classic defaults.",
  rulesLine: (v: { goal: string; timer: string; bots: string; images: string; hints: string }) =>
    `Goal: ${v.goal}. Timer: ${v.timer}. Computer players: ${v.bots}. Images: ${v.images}. Hints: ${v.hints}.`,
  botsFill: (v: { level: string }) => `fill empty seats (${v.level})`,
  botsAdded: "only when added",
  imagesTricks: "every trick",
  imagesHands: "hand summaries",
  hintsOn: "allowed",
  hintsOff: "off",
  hostMayChange:
    "As the host you can pick a preset below, or set single options with `/hearts rules set:target=50` (see the options table in docs/players.md).",
  presetPlaceholder: "Choose a rules preset…",
  // scores
  noScores: "The game has not started yet: no scores.",
  scoresTitle: "Scores",
  colHand: "Hand",
  rowNow: "now",
  rowTotal: "Total",
  // the game's thread
  noPoints: "no points",
  points: (v: { n: number }) => `${v.n} point${Math.abs(v.n) === 1 ? "" : "s"}`,
  trickCaption: (v: { n: number; cards: string; winner: string; points: string; none: boolean; leader?: string | null }) =>
    `Trick ${v.n}: ${v.cards} → **${v.winner}** takes ${v.points}${v.leader ? `; ${v.leader} leads` : ""}.`,
  handStartPass: (v: { hand: number; dir: string }) => `**Hand ${v.hand}:** pass 3 cards ${v.dir}.`,
  handStartNoPass: (v: { hand: number; name: string }) => `**Hand ${v.hand}:** no passing; ${v.name} leads.`,
  handScored: (v: { hand: number; goal: string; parts: string }) => `**Hand ${v.hand} scored** (${v.goal}): ${v.parts}.`,
  handPart: (v: { name: string; change: string; total: number }) => `${v.name} ${v.change} (total ${v.total})`,
  moonShot: (v: { name: string }) => `🌙 ${v.name} shot the moon!`,
  moonChoosing: (v: { name: string }) => `🌙 ${v.name} shot the moon and chooses how it scores.`,
  awayPass: "— choose 3 cards to pass: press **My hand**.",
  awayMoon: "— choose how your moon scores: press **My hand**.",
  awayCard: "— the table is waiting for your card: press **My hand**.",
  seatTakenOver: (v: { name: string }) =>
    `⏱ ${v.name} missed several turns, so a computer player plays for them. Press **Rejoin** on the table message or use \`/hearts join\` to take the seat back.`,
  seatLeft: (v: { name: string }) => `${v.name} left; a computer player plays their seat. \`/hearts join\` brings them back.`,
  seatBack: (v: { name: string }) => `${v.name} is back.`,
  aPlayer: "A player",
  timeoutPlayed: (v: { name: string; card: string }) => `⏱ ${v.name} ran out of time; a computer player played ${v.card} for them.`,
  timeoutPassed: (v: { name: string }) => `⏱ ${v.name} ran out of time; a computer player passed 3 cards for them.`,
  timeoutMoon: (v: { name: string }) => `⏱ ${v.name} ran out of time; a computer player chose the moon's scoring for them.`,
  claim: (v: { name: string; n: number; tram: boolean }) =>
    `${v.name} takes the last ${v.n} trick${v.n === 1 ? "" : "s"}: ${v.tram ? "they must win them all" : "no points were left"}.`,
  gameOn: (v: { names: string }) => `**Game on!** ${v.names}.`,
  gameOverPost: (v: { winners: string; totals: string; hinted: boolean }) =>
    `🏆 **Game over: ${v.winners} won!** Final totals: ${v.totals}.${v.hinted ? " (Hints were used: this game is not rated.)" : ""}`,
  rematchPrompt: (v: { pings: string }) => `${v.pings} — press **Rematch** for another game.`,
  roundTableOver: (v: { round: number; rounds: number; channel: string; wait: string }) =>
    `This table has played round ${v.round} of ${v.rounds}. The standings are posted in ${v.channel} once every table of the round has finished; round ${v.round + 1} starts ${v.wait} after them.`,
  roundTableLast: (v: { round: number; rounds: number; channel: string }) =>
    `This table has played the last round (${v.round} of ${v.rounds}). The final standings and the podium are posted in ${v.channel} once every table has finished.`,
  roundTableDone: "This table has played its round: the tournament's standings are posted in its channel once every table has finished.",
};
