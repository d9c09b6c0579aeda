/**
 * /hearts hint: the strongest computer player's suggestion for a person's current decision, from
 * their seat's view only. A hinted game is not rated, so the hint is shown only once that is stored.
 */
import { awaiting, decisionSeed, viewFor, type Action, type Seat, type SeatView } from "../game/index.js";
import { ADVISOR_LEVEL, HintRefused } from "../ai/index.js";
import { sentence } from "../i18n/index.js";
import type { TableContext } from "./context.js";
import type { GuildSettingsCache } from "./guild-settings.js";
import type { LiveTable } from "./live.js";
import { seatOf } from "./seats.js";
import { StoreDown } from "./store-health.js";
import { refuse, type Actor, type Outcome } from "./types.js";

/** The suggestion for the actor's seat at `live` (null: no such table). Thinks outside the table's queue. */
export async function hintFor(
  ctx: TableContext,
  live: LiveTable | null,
  actor: Actor,
  guilds: Pick<GuildSettingsCache, "get"> | null,
): Promise<Outcome<{ action: Action; view: SeatView }>> {
  if (!live || live.closed) return refuse("no-table", sentence("refusals", "noGame"));
  const tableId = live.record.id;
  // The server's rule before the table's: a server that turned hints off refuses them at every table, from either front end.
  if (guilds && (await guilds.get(live.record.guildId)).hintsAllowed === false)
    return refuse("hints-off", sentence("settings", "hintsOffServer"));
  if (!live.record.settings.hintsAllowed) return refuse("hints-off", sentence("refusals", "hintsOff"));
  const mine = seatOf(live.record.seats, actor.userId);
  if (!mine) return refuse("not-seated", sentence("refusals", "notPlaying"));
  if (!live.state) return refuse("not-started", sentence("refusals", "notStarted"));
  if (!awaiting(live.state).includes(mine.seat)) return refuse("stale", sentence("refusals", "hintNotYourTurn"));
  const view = viewFor(live.state, mine.seat as Seat);
  const { bots } = ctx;
  // Its sampling seeded from the table's secret too (format 1 tables: the AI's own, as before).
  const seed = decisionSeed(live.record.deal, "hint", view.actionCount, view.seat);
  let action: Action;
  try {
    action = await (bots.hint ? bots.hint(view, { key: `${tableId}:${mine.seat}`, seed }) : bots.decide(view, ADVISOR_LEVEL, { seed }));
  } catch (err) {
    // Never the first legal card dressed up as advice: say why there is no hint.
    if (err instanceof HintRefused) return refuse("busy", sentence("refusals", err.reason === "pending" ? "hintPending" : "hintBusy"));
    ctx.log.warn({ table: tableId, err }, "hint failed");
    return refuse("busy", sentence("refusals", "hintFailed"));
  }
  if (!live.record.hintsUsed) {
    // A hinted game is not rated: the hint is only shown once that is stored.
    const stored = await live.queue
      .run(async () => {
        if (live.record.hintsUsed || live.closed) return;
        live.record = await ctx.store.updateTable(tableId, { hintsUsed: true });
        ctx.log.info({ table: tableId, seat: mine.seat }, "hint used; the game will not be rated");
      })
      .then(
        () => true,
        (err: unknown) => (err instanceof StoreDown ? false : Promise.reject(err)),
      );
    if (!stored) return refuse("store-down", sentence("common", "storeDown"));
  }
  return { ok: true, action, view };
}
