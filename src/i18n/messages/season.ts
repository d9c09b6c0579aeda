/**
 * Seasons (src/table/tournament/season.ts): a tournament that comes back every week or on a list of
 * dates, and the server's season table. The service's refusals, /hearts season and its picture.
 */
export const en = {
  badNights: (p: { min: number; max: number }) => `A season has ${p.min} to ${p.max} nights.`,
  badDates: "A season's dates come one after the other, each within 30 days of the one before.",
  badMinNights: (p: { max: number }) => `The nights needed to be ranked are 1 to ${p.max} (the season's nights).`,
  badRepeat:
    "I can't read that: write `weekly` (every week at the start's day and time), or the next nights' dates separated by commas, like `2026-12-10 20:00, 2026-12-17 20:00` (UTC).",
  notAdmin: "Only people with Manage Server may reset the season's table.",
  none: "This server has no season yet: `/hearts tournament create` with `repeat` plans one.",
  planned: (p: { name: string; link: string; nights: number; minNights: number }) =>
    `**${p.name}** is planned in ${p.link}, as a season of ${p.nights} nights: each night's sign-up message and event come when the night before ends. The season's table (\`/hearts season\`) ranks everyone who has played at least ${p.minNights} night${p.minNights === 1 ? "" : "s"}.`,
  title: (p: { name: string; number: number }) => `🏆 ${p.name}, season ${p.number}`,
  progress: (p: { done: number; nights: number }) => `Nights played: ${p.done} of ${p.nights}.`,
  next: (p: { at: string }) => `Next night: ${p.at}.`,
  over: "The season is over: this is its final table.",
  how: (p: { min: number }) =>
    `A person's season is the average of their nights' percentages; ranked from ${p.min} night${p.min === 1 ? "" : "s"} on.`,
  line: (p: { place: number; name: string; percent: string; nights: number }) =>
    `**${p.place}.** ${p.name}: ${p.percent} (${p.nights} night${p.nights === 1 ? "" : "s"})`,
  waitingHead: (p: { min: number }) => `Not ranked yet (fewer than ${p.min} nights):`,
  waitingLine: (p: { name: string; percent: string; nights: number }) =>
    `${p.name}: ${p.percent} (${p.nights} night${p.nights === 1 ? "" : "s"})`,
  empty: "No night has been counted yet.",
  more: (p: { n: number }) => `and ${p.n} more`,
  resetDone: (p: { name: string; number: number; cleared: number }) =>
    `The table of **${p.name}**, season ${p.number}, starts again from nothing (${p.cleared} night result${p.cleared === 1 ? "" : "s"} deleted); the nights still planned count afresh.`,
  // The command's words.
  command: "The server's season: each night of a recurring tournament, in one table",
  commandReset: "Manage Server: start the season's table again from nothing",
  repeat: "Make it a season: `weekly`, or the next nights' dates (UTC) separated by commas",
  nightsOption: "A weekly season's nights, the first included (8 by default)",
  minNightsOption: "Nights to play to be ranked in the season's table (3 by default)",
  // The picture.
  colPlayer: "Player",
  colPercent: "Season",
  colNights: "Nights",
  subtitle: (p: { done: number; nights: number }) => `after night ${p.done} of ${p.nights}`,
  waitingTag: "not ranked yet",
  waitingLegend: (p: { min: number }) => `fewer than ${p.min} nights played`,
};
