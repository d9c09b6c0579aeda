/**
 * A stored tournament as the front ends see it (api.ts TournamentView): its players, rounds with
 * their clocks, and the standings over the closed rounds (scoring.ts). Pure; never the secret.
 */
import { isBotLevel } from "../../ai/levels.js";
import type { StoredTournament } from "../store.js";
import type { BotLevel } from "../records.js";
import { ESTIMATED_HAND_MS, type TournamentStatus, type TournamentView } from "./api.js";
import { standings, type RoundResult, type Standing } from "./scoring.js";

const STATUSES: readonly TournamentStatus[] = ["signup", "playing", "finished", "cancelled"];
export const statusOf = (s: string): TournamentStatus =>
  (STATUSES as readonly string[]).includes(s) ? (s as TournamentStatus) : "cancelled";
export const levelOf = (s: string): BotLevel => (isBotLevel(s) ? s : "medium");

/** The closed rounds' results, as scoring.ts reads them (a table's seats from the round's seating). */
export function closedRounds(t: StoredTournament): RoundResult[] {
  return t.played
    .filter((r) => r.closedAt !== null)
    .map((r) => ({
      tables: r.tables.map((x) => ({
        seats: r.seating.tables[x.tableIndex]?.seats ?? [null, null, null, null],
        deals: x.deals,
        playedBy: x.playedBy,
      })),
    }));
}

/** Standings over the closed rounds, every entrant (sign-up order breaks full ties). */
export function standingsOf(t: StoredTournament): Standing[] {
  return standings(
    closedRounds(t),
    t.entries.map((e) => e.userId),
  );
}

/** The podium: places 1–3 (people who share a place share the step); never someone absent (scoring.ts). */
export const podiumOf = (s: readonly Standing[]): Standing[] => s.filter((x) => x.place <= 3 && x.deals > 0 && !x.absent);

/** Of `list`, the one named `name` (any case), or without a name the one under way, else the first. */
export function pickTournament(list: StoredTournament[], name: string | null): StoredTournament | undefined {
  if (name) return list.find((t) => t.name.toLowerCase() === name.trim().toLowerCase());
  return list.find((t) => t.status === "playing") ?? list[0];
}

export function tournamentView(t: StoredTournament, paused: boolean, handMs = ESTIMATED_HAND_MS): TournamentView {
  const standings = standingsOf(t);
  const computer = new Set(standings.filter((s) => s.computerDeals > 0).map((s) => s.id));
  return {
    id: t.id,
    guildId: t.guildId,
    channelId: t.channelId,
    organiserId: t.organiserId,
    name: t.name,
    startsAt: t.startsAt,
    rounds: t.rounds,
    handsPerRound: t.handsPerRound,
    rulesSpec: t.rulesSpec,
    botLevel: levelOf(t.botLevel),
    status: statusOf(t.status),
    paused,
    round: t.round,
    players: t.entries.map((e) => ({
      userId: e.userId,
      name: e.name,
      joinedAt: e.joinedAt,
      left: e.leftAt !== null,
      stoodIn: e.leftAt !== null || computer.has(e.userId) || t.played.some((r) => r.tables.some((x) => x.standIns.includes(e.userId))),
    })),
    played: t.played.map((r) => ({
      round: r.round,
      seating: r.seating,
      tables: r.tables.map((x) => x.tableId),
      startedAt: r.startedAt,
      deadline: new Date(r.startedAt.getTime() + t.handsPerRound * handMs),
      closedAt: r.closedAt,
      finishedTables: r.tables.filter((x) => x.finishedAt !== null).length,
      standIns: [...new Set(r.tables.flatMap((x) => x.standIns))],
    })),
    standings,
    messageId: t.messageId,
    eventId: t.eventId,
  };
}
