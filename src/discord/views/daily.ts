/** The daily challenge's private menu and its board, as /hearts daily play and board show them. */
import { ButtonStyle, ComponentType, type APIEmbed } from "discord.js";
import { DAILY_HANDS, shareLine } from "../../daily/challenge.js";
import type { DailyPlay, DailyService } from "../../daily/service.js";
import { cardCode, moonValue, type Card } from "../../game/index.js";
import { cardText, cardsText as cardWords, messages, type Locale, type Messages } from "../../i18n/index.js";
import type { Images } from "../../render/runtime/images.js";
import { encodeId } from "../interactions/ids.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR, button, row, type Row } from "./components.js";
import { cardRows } from "./hand-menu.js";

type M = Messages["daily"];
type DailyBoard = Awaited<ReturnType<DailyService["board"]>>;

/** The private menu of a daily attempt: the pass, the cards to play, the moon, or the result. */
export function dailyMenu(locale: Locale, play: DailyPlay, images: Images, opts: { notice?: string; selected?: Card[] } = {}): OutMessage {
  const words = messages(locale);
  const m = words.daily;
  const cardsText = (cards: readonly Card[]) => cardWords(words, cards);
  const { view, day, result } = play;
  const lines: string[] = [];
  const rows: Row[] = [];
  const tableId = String(day);
  if (result) {
    // A notice (e.g. "you played already") stands in for the result's own sentence.
    lines.push(opts.notice ?? m.finished({ day, points: result.points }));
    lines.push(shareLine(m, day, result));
    rows.push(row(button(encodeId({ verb: "dshare", tableId }), m.shareButton, ButtonStyle.Primary)));
    return { embeds: [{ description: lines.join("\n\n"), color: COLOUR.daily }], files: [], components: rows };
  }
  if (opts.notice) lines.push(opts.notice);
  const hand = Math.min(view.handIndex + 1, DAILY_HANDS);
  switch (view.phase) {
    case "passing": {
      const selected = (opts.selected ?? []).filter((c) => view.hand.includes(c));
      lines.push(m.passTo({ hand, dir: view.passDirection === "hold" ? "left" : view.passDirection }));
      lines.push(selected.length === 3 ? m.selected({ cards: cardsText(selected) }) : m.pickPrompt);
      rows.push(
        row({
          type: ComponentType.StringSelect,
          custom_id: encodeId({ verb: "dpick", tableId, version: view.actionCount }),
          placeholder: m.pickPlaceholder,
          min_values: 3,
          max_values: 3,
          options: view.hand.map((c) => ({ label: cardText(words, c), value: cardCode(c), default: selected.includes(c) })),
        }),
      );
      rows.push(
        row(
          selected.length === 3
            ? button(
                encodeId({ verb: "dpass", tableId, version: view.actionCount, cards: selected }),
                m.passNamed({ cards: cardsText(selected) }),
                ButtonStyle.Success,
              )
            : button(`h1:dpass-disabled:${tableId}`, m.passButton, ButtonStyle.Success, true),
        ),
      );
      break;
    }
    case "playing": {
      lines.push(m.yourTurn({ hand, trick: view.trickNumber + 1 }));
      lines.push(view.trick.length ? m.onTable({ cards: cardsText(view.trick) }) : m.youLead);
      if (view.received && view.trickNumber === 0) lines.push(m.received({ cards: cardsText(view.received) }));
      if (view.heartsBroken) lines.push(m.heartsBroken);
      rows.push(
        ...cardRows(words, tableId, view, view.legal, (card) => encodeId({ verb: "dplay", tableId, version: view.actionCount, card })),
      );
      break;
    }
    case "moon-choice": {
      const v = moonValue(view.rules);
      lines.push(m.moonPrompt);
      rows.push(
        row(
          button(
            encodeId({ verb: "dmoon", tableId, version: view.actionCount, choice: "add" }),
            m.moonAdd({ points: v }),
            ButtonStyle.Success,
          ),
          button(
            encodeId({ verb: "dmoon", tableId, version: view.actionCount, choice: "subtract" }),
            m.moonSubtract({ points: v }),
            ButtonStyle.Primary,
          ),
        ),
      );
      break;
    }
    case "game-over":
      break;
  }
  const total = view.history.slice(0, DAILY_HANDS).reduce((s, h) => s + h.change[view.seat], 0);
  lines.push(m.score({ total, hand: view.handPoints[view.seat] }));
  const png = view.hand.length ? images.hand(view.hand, [], [], undefined, locale) : null;
  const embed: APIEmbed = { description: lines.join("\n"), color: COLOUR.brand };
  if (png) embed.image = { url: "attachment://hand.png" };
  else if (view.hand.length) embed.description += `\n\n${m.yourHand({ cards: cardsText(view.hand) })}`;
  return { embeds: [embed], files: png ? [{ name: "hand.png", data: png }] : [], components: rows };
}

/** The day's ranking, the person's rank, streak and comparison, and the board's picture. */
export function dailyBoardMessage(m: M, day: number, b: DailyBoard, userId: string, images: Images): OutMessage {
  const lines: string[] = [];
  if (!b.ranking.length) lines.push(m.boardEmpty);
  else {
    lines.push(
      b.ranking
        .slice(0, 10)
        .map((r, n) => m.boardLine({ rank: n + 1, name: r.name, points: r.points }))
        .join("\n"),
    );
    if (b.ranking.length > 10) lines.push(m.boardMore({ count: b.ranking.length - 10 }));
  }
  lines.push(
    b.me.result && b.me.rank
      ? m.myRank({ rank: b.me.rank, count: b.ranking.length, points: b.me.result.points })
      : b.me.result && b.me.elsewhere
        ? m.playedElsewhere({ points: b.me.result.points })
        : m.notPlayedToday,
  );
  lines.push(m.streak({ days: b.me.streak, best: b.me.best }));
  if (b.compare && b.me.result) {
    const mine = b.me.result.perHand;
    lines.push(
      [
        m.compareTitle,
        ...mine.map((me, h) => m.compareLine({ hand: h + 1, me, best: b.compare!.best[h] ?? me, hard: b.compare!.hard?.[h] ?? "…" })),
      ].join("\n"),
    );
  } else if (!b.closed && b.me.result) lines.push(m.compareLater);
  if (b.handsHidden && b.ranking.length) lines.push(m.handsHidden);
  const rows = b.ranking.slice(0, 10).map((r, n) => {
    return { rank: n + 1, name: r.name, points: r.points, perHand: r.perHand, moons: r.moons ?? [], mine: r.userId === userId };
  });
  const png = b.ranking.length
    ? images.dailyBoard({
        title: m.boardTitle({ day }),
        // No HANDS heading over empty rows: until the asker has finished, the squares are hidden.
        columns: { player: m.colPlayer, points: m.colPoints, hands: b.handsHidden ? null : m.colHands },
        rows,
      })
    : null;
  const embed: APIEmbed = { title: m.boardTitle({ day }), description: lines.join("\n\n"), color: COLOUR.daily };
  if (png) embed.image = { url: "attachment://daily.png" };
  return { embeds: [embed], files: png ? [{ name: "daily.png", data: png }] : [], components: [] };
}
