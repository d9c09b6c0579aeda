/**
 * Duplicate's integrity, below both front ends: every table of a round plays the same deals, so
 * nothing of a round's deals is shown (a review, a board, a picture of a hand) until every table of
 * the round has finished it, whoever asks and through whichever door. A table of no tournament is
 * never hidden.
 */
import { sentence, type Sentence } from "../../i18n/index.js";
import type { TournamentStore } from "../store.js";
import type { TableRecord } from "../records.js";

/** A tournament round's table (its game ends after the round's hands): private to its people, no rematch. */
export const playsForTournament = (record: Pick<TableRecord, "settings">): boolean => record.settings.handLimit !== undefined;

// Live, a round's table is its own people's only (a spectator at table 2 could be one of table 3's
// players, with the same cards to come): the gate decides it for every door (../gate.ts, admit).

/** Why a table's deals may not be shown yet, or null when they may. */
export async function dealsHidden(store: Pick<TournamentStore, "tableRound">, tableId: string): Promise<Sentence | null> {
  const r = await store.tableRound(tableId);
  return r && r.closedAt === null ? sentence("tournament", "roundHidden") : null;
}
