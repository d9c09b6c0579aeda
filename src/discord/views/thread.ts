/** The texts of the game's thread: a trick's caption, a hand's start, a hand's score. In the table's language. */
import { type HandResult, type Rules, type TrickRecord } from "../../game/index.js";
import { cardText } from "../../i18n/index.js";
import type { TableRecord } from "../../table/records.js";
import { goal } from "../../table/rules-words.js";
import { passWord, publicWords, seatName } from "./wording.js";

/** "Trick 4: Ann 2♣, … → **Bob** takes 1 point; @Bob leads." (`leader`: the next leader's mention, for a person). */
export function trickCaption(record: TableRecord, n: number, trick: TrickRecord, leader: string | null = null): string {
  const m = publicWords(record);
  const points = trick.points === 0 ? m.table.noPoints : m.table.points({ n: trick.points });
  const cards = trick.cards.map((c, i) => `${seatName(record, (trick.leader + i) & 3, m)} ${cardText(m, c)}`).join(", ");
  return m.table.trickCaption({ n: n + 1, cards, winner: seatName(record, trick.winner, m), points, none: trick.points === 0, leader });
}

/** A new hand, as the thread tells it: "**Hand 2:** pass 3 cards to the right." */
export function handStartText(
  record: TableRecord,
  state: { handIndex: number; phase: string; passDirection: string; turn: number },
): string {
  const m = publicWords(record);
  if (state.phase === "passing") return m.table.handStartPass({ hand: state.handIndex + 1, dir: passWord(state.passDirection, m) });
  return m.table.handStartNoPass({ hand: state.handIndex + 1, name: seatName(record, state.turn, m) });
}

export function handResultText(record: TableRecord, result: HandResult, rules: Rules): string {
  const m = publicWords(record);
  const parts = [0, 1, 2, 3].map((s) =>
    m.table.handPart({
      name: seatName(record, s, m),
      change: `${result.change[s] > 0 ? "+" : ""}${result.change[s]}`,
      total: result.totals[s],
    }),
  );
  const moon = result.moon ? `\n${m.table.moonShot({ name: seatName(record, result.moon.shooter, m) })}` : "";
  return `${m.table.handScored({ hand: result.handIndex + 1, goal: goal(rules, m, record.settings.handLimit), parts: parts.join(", ") })}${moon}`;
}
