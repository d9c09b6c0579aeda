/**
 * A player's private hand menu: their cards as buttons (a row per suit), the pass select, the moon
 * choice, the last hand's result, the timer and the utility buttons. It reads only its seat's view.
 */
import { ButtonStyle, ComponentType, type APIButtonComponent, type APIEmbed } from "discord.js";
import { cardCode, moonValue, passTarget, suitOf, type Action, type Card, type SeatView } from "../../game/index.js";
import { cardText, cardsText, messages, type Locale, type Messages } from "../../i18n/index.js";
import { playedCardsLine } from "../../table/played-cards.js";
import { isOpen, type TableRecord } from "../../table/records.js";
import { timerText } from "../../table/rules-words.js";
import type { TableView } from "../../table/types.js";
import type { Images } from "../../render/runtime/images.js";
import { encodeId } from "../interactions/ids.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR, button, row, type Row } from "./components.js";
import { deckStyle, type DeckPrefs } from "./deck.js";
import { addUndoButton } from "./undo-button.js";
import { passWord, seatName } from "./wording.js";

export interface HandMenuOptions {
  /** A line shown first: the result of the last click, or why it was refused. */
  notice?: string;
  /** Cards picked for the pass so far. */
  selected?: Card[];
  /** When the seat's time runs out (ms since the epoch). */
  deadline?: number | null;
  hint?: boolean;
  /** The player's language (their Discord client's): the menu is theirs alone. Default English. */
  locale?: Locale;
  /** The player's deck style for their hand picture (see deck.ts); else the table's deck. */
  deck?: DeckPrefs | null;
}

export function handMenu(table: TableView, view: SeatView, images: Images, opts: HandMenuOptions = {}): OutMessage {
  const { record } = table;
  const m = messages(opts.locale);
  const id = record.id;
  const lines: string[] = [];
  if (opts.notice) lines.push(opts.notice);
  // A table closed before its game ended (ended, everyone left, broken): nothing to pass or play
  // there any more, and no cards to show; a finished game's menu keeps its result. (A refusal's
  // notice already says the table is closed.)
  if (!isOpen(record.status) && record.status !== "finished") {
    if (!opts.notice) lines.push(record.status === "broken" ? m.table.brokenTable : m.table.closedTable);
    return { embeds: [{ description: lines.join("\n"), color: COLOUR.closed }], components: [] };
  }
  const bank = record.settings.turnSeconds > 0 ? (record.timeBank[view.seat] ?? 0) : 0;
  const timer =
    opts.deadline && view.phase !== "game-over"
      ? m.menu.timer({ timer: timerText(record, m, { phase: view.phase, bank }), when: `<t:${Math.ceil(opts.deadline / 1000)}:R>` })
      : null;
  const rows: Row[] = [];
  const mine = view.seat;
  const selected = opts.selected ?? [];

  lines.push(...lastHandLines(record, view, m));

  switch (view.phase) {
    case "passing": {
      const to = seatName(record, passTarget(mine, view.passDirection), m);
      if (view.passed) {
        const waiting = [0, 1, 2, 3].filter((s) => !view.passSubmitted[s]).map((s) => seatName(record, s, m));
        lines.push(m.menu.passedWaiting({ cards: cardsText(m, view.passed), to, waiting: waiting.join(", ") }));
      } else {
        lines.push(m.menu.passHeader({ dir: passWord(view.passDirection, m), to }));
        lines.push(selected.length === 3 ? m.menu.selected({ cards: cardsText(m, selected) }) : m.menu.pickPrompt);
        // The pass menu's ids carry the action count when passing began, not the current one: the
        // others' passes never rename (or redraw) it, and a menu of an earlier hand is still refused.
        const passing = passPhaseStart(view);
        rows.push(
          row({
            type: ComponentType.StringSelect,
            custom_id: encodeId({ verb: "pick", tableId: id, version: passing }),
            placeholder: m.menu.pickPlaceholder,
            min_values: 3,
            max_values: 3,
            options: view.hand.map((c) => ({ label: cardText(m, c), value: cardCode(c), default: selected.includes(c) })),
          }),
        );
        const passButton =
          selected.length === 3
            ? button(
                encodeId({ verb: "pass", tableId: id, version: passing, cards: selected }),
                m.menu.passButton({ cards: cardsText(m, selected) }),
                ButtonStyle.Success,
              )
            : button(`h1:pass-disabled:${id}`, m.menu.passButtonIdle, ButtonStyle.Success, true);
        rows.push(row(passButton, ...utilityButtons(table, opts.hint !== false, m)));
      }
      break;
    }
    case "playing": {
      const myTurn = view.turn === mine;
      lines.push(
        myTurn
          ? m.menu.yourTurn({ trick: view.trickNumber + 1 })
          : m.menu.waitingFor({ trick: view.trickNumber + 1, name: seatName(record, view.turn, m) }),
      );
      lines.push(trickLine(record, view, m));
      if (view.received && view.trickNumber === 0) lines.push(m.menu.received({ cards: cardsText(m, view.received) }));
      if (view.heartsBroken) lines.push(m.menu.heartsBroken);
      const still = playedCardsLine(record.settings, view, m);
      if (still) lines.push(still);
      rows.push(...cardRows(m, id, view, myTurn ? view.legal : []));
      if (rows.length < 5) rows.push(row(...utilityButtons(table, myTurn && opts.hint !== false, m)));
      addUndoButton(rows, table, view, opts.locale);
      break;
    }
    case "moon-choice": {
      if (view.turn === mine) {
        const v = moonValue(view.rules);
        lines.push(m.menu.moonChoose);
        rows.push(
          row(
            button(
              encodeId({ verb: "moon", tableId: id, version: view.actionCount, choice: "add" }),
              m.menu.moonAdd({ points: v }),
              ButtonStyle.Success,
            ),
            button(
              encodeId({ verb: "moon", tableId: id, version: view.actionCount, choice: "subtract" }),
              m.menu.moonSubtract({ points: v }),
              ButtonStyle.Primary,
            ),
          ),
        );
      } else {
        lines.push(m.menu.moonOther({ name: seatName(record, view.turn, m) }));
        rows.push(row(...utilityButtons(table, false, m)));
      }
      break;
    }
    case "game-over":
      lines.push(m.menu.gameOver({ total: view.totals[mine], place: view.placements?.[mine] ?? "?" }));
      break;
  }
  if (timer) lines.push(timer);
  if (view.phase !== "game-over") lines.push(m.menu.score({ total: view.totals[mine], hand: view.handPoints[mine] }));

  // The picture shows the cards, not which may be played now nor the pick: the buttons, the select
  // and the text say those. So it changes once a trick, and an unchanged picture is not sent again.
  const png = view.hand.length ? images.hand(view.hand, [], [], deckStyle(record.settings, opts.deck), opts.locale) : null;
  const embed: APIEmbed = { description: lines.join("\n"), color: COLOUR.brand };
  if (png) embed.image = { url: "attachment://hand.png" };
  else if (view.hand.length) embed.description += `\n\n${m.menu.yourHand({ cards: handText(m, view.hand) })}`;
  return { embeds: [embed], files: png ? [{ name: "hand.png", data: png }] : [], components: rows };
}

/**
 * The hand just scored, for this player, above the next hand's cards: the points they took, the
 * moon, their new total, and the next pass. Shown until the new hand's first trick is complete
 * (and at the end of the game, for its last hand).
 */
export function lastHandLines(record: TableRecord, view: SeatView, m: Messages): string[] {
  const last = view.history.at(-1);
  if (!last) return [];
  const over = view.phase === "game-over";
  if (!over && (last.handIndex !== view.handIndex - 1 || view.tricks.length > 0)) return [];
  const me = view.seat;
  const change = last.change[me];
  const lines = [
    m.menu.handResult({
      hand: last.handIndex + 1,
      points: last.handPoints[me],
      change: `${change > 0 ? "+" : ""}${change}`,
      total: last.totals[me],
    }),
  ];
  if (last.moon)
    lines.push(
      last.moon.shooter === me ? m.menu.youShotTheMoon : m.menu.otherShotTheMoon({ name: seatName(record, last.moon.shooter, m) }),
    );
  // The next pass, while it is still ahead (once passed, the menu shows the hand as it is).
  if (!over && view.passDirection === "hold") lines.push(m.menu.nextNoPass);
  else if (view.phase === "passing")
    lines.push(m.menu.nextPass({ dir: passWord(view.passDirection, m), to: seatName(record, passTarget(me, view.passDirection), m) }));
  return lines;
}

/** The action count when this hand's passing began (each pass so far is one action). */
export function passPhaseStart(view: Pick<SeatView, "actionCount" | "passSubmitted">): number {
  return view.actionCount - view.passSubmitted.filter(Boolean).length;
}

function utilityButtons(table: TableView, hint: boolean, m: Messages): APIButtonComponent[] {
  const id = table.record.id;
  const out = [button(encodeId({ verb: "hand", tableId: id }), m.menu.refresh)];
  if (hint && table.record.settings.hintsAllowed) out.push(button(encodeId({ verb: "hint", tableId: id }), m.menu.hint));
  out.push(button(encodeId({ verb: "scores", tableId: id }), m.table.scores));
  return out;
}

/**
 * One button per card, a row per suit; a suit of more than five cards takes two rows. Thirteen
 * cards in four suits never need more than five rows (two long suits leave at most one other).
 */
export function cardRows(
  m: Pick<Messages, "cards">,
  tableId: string,
  view: SeatView,
  legal: Card[],
  idOf: (card: Card) => string = (card) => encodeId({ verb: "play", tableId, version: view.actionCount, card }),
): Row[] {
  const rows: Row[] = [];
  for (let suit = 0; suit < 4; suit++) {
    const cards = view.hand.filter((c) => suitOf(c) === suit);
    for (let i = 0; i < cards.length; i += 5) {
      rows.push(
        row(
          ...cards.slice(i, i + 5).map((c) => {
            const ok = legal.includes(c);
            return button(
              idOf(c),
              cardText(m, c),
              ok ? (suit === 1 || suit === 3 ? ButtonStyle.Danger : ButtonStyle.Primary) : ButtonStyle.Secondary,
              !ok,
            );
          }),
        ),
      );
    }
  }
  return rows;
}

export function trickLine(record: TableRecord, view: { trick: Card[]; leader: number }, m: Messages): string {
  if (!view.trick.length) return m.menu.noCardYet;
  return m.menu.onTable({ cards: view.trick.map((c, i) => `${seatName(record, (view.leader + i) & 3, m)} ${cardText(m, c)}`).join(" · ") });
}

export function handText(m: Pick<Messages, "cards">, cards: Card[]): string {
  const bySuit = [0, 1, 2, 3]
    .map((suit) =>
      cards
        .filter((c) => suitOf(c) === suit)
        .map((c) => cardText(m, c))
        .join(" "),
    )
    .filter(Boolean);
  return bySuit.join("  ");
}

export function describeHint(action: Action, m: Messages): string {
  switch (action.type) {
    case "play":
      return m.menu.hintPlay({ card: cardText(m, action.card) });
    case "pass":
      return m.menu.hintPass({ cards: cardsText(m, action.cards) });
    case "moon":
      return action.choice === "add" ? m.menu.hintMoonAdd : m.menu.hintMoonSubtract;
  }
}
