/**
 * The gate: the one place that decides which table a person reaches and what they may do there,
 * asked with who and where (as boardgame.io's master: no read of a match without the player who
 * reads). The table service calls it for every read a front end makes (tableHere, tableAt) and
 * every act carrying the Actor's `where`; src/discord and src/activity reach no table otherwise (a
 * house test, test/house/gate.test.ts). A third door inherits all of it.
 *
 * The rules, in order:
 * 1. Membership: a table is reached from its own server and its channel or thread, nowhere else.
 * 2. A tournament's round table belongs to its people while it is played (the other tables play
 *    the same deals): anyone else is refused, whichever door they knock at. Someone out of the
 *    tournament (they left, or the organiser removed them) is refused at their old seat too: a
 *    computer player holds it to the end.
 * 3. The host's powers (end, kick; rules, start and computer players in a lobby): the host, or
 *    someone with Manage Channels (lobby.ts, mayRun). A round table's host is its tournament's
 *    organiser, so the organiser ends or kicks there without a seat.
 * 4. A channel with several open tables (a tournament's, each in its thread): a command there
 *    finds the asker's own table, else the one where the player it names sits, never "the last one
 *    opened"; with none of theirs, it says so.
 */
import { sentence } from "../i18n/index.js";
import { channelOfTableId, type TableRecord } from "./records.js";
import { playsForTournament } from "./tournament/integrity.js";
import { refuse, type Actor, type Asker, type Purpose, type Refusal, type Where } from "./types.js";

type Placed = Pick<TableRecord, "guildId" | "channelId" | "threadId">;
type Gated = Placed & Pick<TableRecord, "settings" | "seats" | "hostId">;

/** Where a table is, as a where sees it: its channel or its thread, in its server. */
export function inPlace(record: Placed, where: Where): boolean {
  if (where.guildId !== null && where.guildId !== record.guildId) return false;
  return where.channelId === record.channelId || where.channelId === record.threadId;
}

/**
 * Before any read: an id that names its channel (newTableId) is refused from anywhere but that
 * channel or a thread of it (`parentId`), so a forged id costs no read of the store.
 */
export function misplacedId(tableId: string, where: Where): Refusal | null {
  const named = channelOfTableId(tableId);
  if (named === null || named === where.channelId || named === where.parentId) return null;
  return refuse("elsewhere", sentence("refusals", "otherPlace"));
}

/**
 * Whether `actor` may reach the table for `purpose`; the refusal with its sentence, or null. A person
 * asking (Asker) is held to the place too; the domain acting on a seat (an Actor) names no place.
 */
export function admit(record: Gated, actor: Actor | Asker, purpose: Purpose): Refusal | null {
  if ("where" in actor && !inPlace(record, actor.where)) return refuse("elsewhere", sentence("refusals", "otherPlace"));
  if (!playsForTournament(record)) return null;
  const seat = record.seats.find((s) => s.userId === actor.userId);
  if (seat?.out) return refuse("withdrawn", sentence("refusals", "withdrawn"));
  if (seat) return null;
  if (purpose === "host" && (record.hostId === actor.userId || actor.canManage)) return null;
  return refuse("hidden", sentence("tournament", "tableHidden"));
}

/**
 * Which of a channel's open tables a person asking there means: the one where the player they name
 * sits (`about`, a kick's), else their own, else the channel's ordinary table (one at most), else
 * the only one there (a table's thread holds one). Several round tables and none of theirs: refused
 * (the host's powers are used in the table's thread, or by naming its player).
 */
export function pick<T extends { record: Gated }>(
  tables: readonly T[],
  actor: Actor,
  purpose: Purpose,
  about?: string | null,
): T | Refusal {
  const at = (u: string) => tables.find((t) => t.record.seats.some((s) => s.userId === u));
  const found = (about ? at(about) : undefined) ?? at(actor.userId) ?? tables.find((t) => !playsForTournament(t.record));
  if (found) return found;
  if (tables.length === 1) return tables[0];
  if (!tables.length) return refuse("no-table", sentence("refusals", "noTableHere"));
  return purpose === "host"
    ? refuse("which-table", sentence("refusals", "whichTable"))
    : refuse("hidden", sentence("tournament", "tableHidden"));
}
