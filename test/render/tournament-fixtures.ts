/** A played tournament for pictures and posts: seeded scores, scored by the real scoring (src/table/tournament/scoring.ts). */
import { standings, type RoundResult } from "../../src/table/tournament/scoring.js";
import type { RoundSeating, TournamentView } from "../../src/table/tournament/api.js";

/** A small seeded generator (mulberry32): the same scores every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One deal's four scores that add up to 26, as a hand of Hearts does (or a moon: 0 and three 26s). */
function deal(rnd: () => number): number[] {
  if (rnd() < 0.05) {
    const shooter = Math.floor(rnd() * 4);
    return [0, 1, 2, 3].map((s) => (s === shooter ? 0 : 26));
  }
  const out = [0, 0, 0, 0];
  out[Math.floor(rnd() * 4)] += 13; // the queen
  for (let h = 0; h < 13; h++) out[Math.floor(rnd() * 4)]++;
  return out;
}

const NAMES = [
  "Ada",
  "Bertrand",
  "Chloé",
  "Dmitri",
  "Eun-ji",
  "Fatima al-Hassan the Magnificent",
  "Gus",
  "Hélène",
  "Ivo",
  "Jun",
  "Kasia",
  "Léo",
  "Maya",
  "Nnamdi",
  "Olek",
  "Pia",
];

/** `people` players over `rounds` rounds of `deals` deals, seated in turn; `left` had a computer stand in. */
export function playedTournament(
  people: number,
  rounds: number,
  deals: number,
  left: string[] = [],
): { view: TournamentView; results: RoundResult[] } {
  const rnd = random(people * 100 + rounds);
  const ids = Array.from({ length: people }, (_, i) => `p${i + 1}`);
  const seatings: RoundSeating[] = [];
  const results: RoundResult[] = [];
  for (let r = 1; r <= rounds; r++) {
    // A different table for each round: rotate by r × seat.
    const tables = Array.from({ length: people / 4 }, (_, t) => ({
      seats: [0, 1, 2, 3].map((s) => ids[(t * 4 + s + r * s * 4) % people]),
    }));
    seatings.push({ round: r, tables, sittingOut: [] });
    const boards = Array.from({ length: deals }, () => deal(rnd));
    results.push({
      tables: tables.map((t) => ({
        seats: t.seats,
        // The same cards at every table: the scores move a little around the board's.
        deals: boards.map((b) => {
          const d = deal(rnd);
          return rnd() < 0.5 ? b : d;
        }),
      })),
    });
  }
  const now = new Date("2026-11-28T20:00:00Z");
  const view: TournamentView = {
    id: "t1",
    guildId: "g",
    channelId: "c",
    organiserId: "p1",
    name: "Friday Hearts Night",
    startsAt: now,
    rounds: 3,
    handsPerRound: deals,
    rulesSpec: "classic",
    botLevel: "medium",
    status: "playing",
    paused: false,
    round: rounds,
    players: ids.map((id, i) => ({
      userId: id,
      name: NAMES[i % NAMES.length] + (i >= NAMES.length ? ` ${i}` : ""),
      joinedAt: now,
      left: left.includes(id),
      stoodIn: left.includes(id),
    })),
    played: seatings.map((seating, i) => ({
      round: i + 1,
      seating,
      tables: seating.tables.map((_, t) => `table-${i}-${t}`),
      startedAt: now,
      deadline: now,
      closedAt: now,
      finishedTables: seating.tables.length,
      standIns: left,
    })),
    standings: [],
    messageId: null,
    eventId: null,
  };
  view.standings = standings(results, ids);
  return { view, results };
}
