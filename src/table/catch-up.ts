/**
 * The game's thread after a restart. An action is stored before any front end hears of it, so a
 * bot stopped between the two (a kill, a crash) has tricks and scores stored that the thread never
 * got. Before each post with news, the thread writes which places of the game it tells (the
 * record's `threadFrom` and `threadTo`, through TableService.notePost); a resume hands the front
 * ends the stored actions from `threadFrom` on, with their public events, before the game moves on
 * (TableUpdate "missed"). That last post may or may not have gone out: the thread sends it again
 * with the same nonce, which Discord answers with the message it already has, if it has it.
 * A game whose end was stored just before the stop is no longer open: its table is not resumed,
 * but the thread's catch-up and the game's end are told all the same (TableLifecycle.resume), until
 * the thread of a closed table says it told everything (TableService.noteThreadDone).
 *
 * Places count in halves of an action: a hand's last card brings its trick and its score, and the
 * thread posts them one after the other, so a stop between the two posts must not tell the trick
 * again. `2 × seq` is the place of action `seq`'s trick, `2 × seq + 1` that of its score (a claim,
 * the hand's and the game's end).
 */
import { publicAction, publicEvent } from "../game/index.js";
import { applyWithin, replayWithin } from "./hand-limit.js";
import type { Store } from "./store.js";
import type { LiveTable } from "./live.js";
import type { MissedAction } from "./types.js";

/** The place in the thread of an action's trick, or of its score. */
export const threadPlace = (seq: number, part: "trick" | "score"): number => 2 * seq + (part === "score" ? 1 : 0);

/** The place after everything `actionCount` actions bring. */
export const toldThrough = (actionCount: number): number => 2 * actionCount;

/**
 * The public side of the stored actions from the start of the thread's last post with news on,
 * oldest first, with what was told before it left out (the trick of an action whose score was
 * posted apart). Empty for a table stored before the thread's places were, or that told everything.
 */
export async function missedActions(store: Pick<Store, "loadActions">, live: LiveTable): Promise<MissedAction[]> {
  const { record } = live;
  const mark = record.threadFrom;
  if (mark === null || !live.state || mark >= toldThrough(record.actionCount)) return [];
  const from = Math.floor(mark / 2);
  const stored = await store.loadActions(record.id);
  const before = replayWithin(
    record.rules,
    record.deal,
    stored.slice(0, from).map((a) => a.action),
    record.settings.handLimit,
  );
  if (!before.ok) return [];
  let state = before.state;
  const missed: MissedAction[] = [];
  for (const a of stored.slice(from)) {
    const r = applyWithin(state, a.action, record.settings.handLimit);
    if (!r.ok) break;
    state = r.state;
    let events = r.events.map(publicEvent);
    if (threadPlace(a.seq, "trick") < mark) events = events.filter((e) => e.type !== "trick-won");
    missed.push({ seq: a.seq, seat: a.seat, action: publicAction(a.action), events });
  }
  return missed;
}
