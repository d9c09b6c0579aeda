/**
 * The public table message: the seats, the rules' line, the status, the picture (in the lobby and at
 * the end) and the table's buttons. It reads only the record and the public view.
 */
import { ButtonStyle, ComponentType, type APIEmbed } from "discord.js";
import { BOT_LEVELS } from "../../ai/levels.js";
import type { Messages } from "../../i18n/index.js";
import { isOpen } from "../../table/records.js";
import { playsForTournament } from "../../table/tournament/integrity.js";
import type { TableView } from "../../table/types.js";
import type { Images } from "../../render/runtime/images.js";
import { goal, rulesTitle, timerText } from "../../table/rules-words.js";
import { encodeId } from "../interactions/ids.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR, button, row, type Row } from "./components.js";
import { passWord, publicWords, seatName, statusLine } from "./wording.js";

/**
 * The table message's line: it changes with the phase and the hand, never with each card (every
 * edit is a request against Discord's global limit; the cards are in the thread and the menus).
 */
export function tableStatusLine(table: TableView): string {
  const { record, game: v } = table;
  const m = publicWords(record);
  if (!v) return statusLine(table, m);
  switch (v.phase) {
    case "passing":
      return m.table.tablePassing({ hand: v.handIndex + 1, dir: passWord(v.passDirection, m) });
    case "playing":
      return m.table.tablePlaying({ hand: v.handIndex + 1, thread: !!record.threadId });
    default:
      return statusLine(table, m);
  }
}

/** Whether the table message shows a picture now: in the lobby and at the end, not during a hand. */
export function tableHasPicture(table: TableView): boolean {
  return !["passing", "playing"].includes(table.record.status);
}

/**
 * The public table message. `imageUrl`: keep the picture already on the message (a text-only
 * edit) instead of drawing a new one.
 */
export function tableMessage(table: TableView, images: Images, opts: { imageUrl?: string; activity?: boolean } = {}): OutMessage {
  const { record, game } = table;
  const m = publicWords(record);
  const lines: string[] = [];
  const host = record.seats.find((s) => s.userId === record.hostId)?.name;
  lines.push(`**${rulesTitle(record.rules, m)}** · ${goal(record.rules, m, record.settings.handLimit)} · ${timerText(record, m)}`);
  const seatLines = [0, 1, 2, 3].map((n) => {
    const s = record.seats.find((x) => x.seat === n);
    const total = game ? ` — ${game.totals[n]}` : "";
    return s
      ? `${n + 1}. ${seatName(record, n, m)}${s.userId === record.hostId ? m.table.hostMark : ""}${total}`
      : `${n + 1}. ${m.table.emptySeat}`;
  });
  lines.push(seatLines.join("\n"));
  const status = tableStatusLine(table);
  const closed = !isOpen(record.status);
  if (record.status === "lobby") {
    lines.push(
      record.settings.fillWithBots
        ? m.table.lobbyFill({ host: host ?? m.table.theHost, level: m.lobby.level({ level: record.settings.botLevel }) })
        : m.table.lobbyNoFill({ host: host ?? m.table.theHost }),
    );
  } else if (!closed) {
    lines.push(`${status}\n${m.table.pressMyHand}`);
  } else if (record.status === "finished") {
    lines.push(status);
  } else {
    lines.push(record.status === "broken" ? m.table.brokenTable : m.table.closedTable);
  }
  const embed: APIEmbed = {
    title: m.table.title,
    description: lines.join("\n\n"),
    color: closed ? COLOUR.closed : COLOUR.brand,
    footer: { text: m.table.footer({ id: record.id }) },
  };
  // During a hand the thread has the pictures: the table message stays still (and costs no uploads).
  if (!tableHasPicture(table)) return { embeds: [embed], files: [], components: tableButtons(table, m, !!opts.activity) };
  if (opts.imageUrl) {
    embed.image = { url: opts.imageUrl };
    return { embeds: [embed], components: tableButtons(table, m, !!opts.activity) };
  }
  const png = images.table(record, game, closed ? undefined : status);
  if (png) embed.image = { url: "attachment://table.png" };
  return { embeds: [embed], files: png ? [{ name: "table.png", data: png }] : [], components: tableButtons(table, m, !!opts.activity) };
}

function tableButtons(table: TableView, m: Messages, activity: boolean): Row[] {
  const { record } = table;
  const id = record.id;
  switch (record.status) {
    case "lobby":
      return [
        row(
          button(encodeId({ verb: "join", tableId: id }), m.table.join, ButtonStyle.Success),
          button(encodeId({ verb: "leave", tableId: id }), m.table.leave),
          button(encodeId({ verb: "start", tableId: id }), m.table.start, ButtonStyle.Primary),
          button(encodeId({ verb: "rules", tableId: id }), m.table.rules),
        ),
        row({
          type: ComponentType.StringSelect,
          custom_id: encodeId({ verb: "bot", tableId: id }),
          placeholder: m.table.botPlaceholder,
          min_values: 1,
          max_values: 1,
          options: [
            ...BOT_LEVELS.map((level) => ({ label: m.lobby.addBot({ level }), value: level, emoji: { name: "🤖" } })),
            { label: m.table.removeBot, value: "remove", emoji: { name: "✖️" } },
          ],
        }),
      ];
    case "passing":
    case "playing": {
      const buttons = [
        button(encodeId({ verb: "hand", tableId: id }), m.table.myHand, ButtonStyle.Primary),
        button(encodeId({ verb: "scores", tableId: id }), m.table.scores),
        button(encodeId({ verb: "rules", tableId: id }), m.table.rules),
      ];
      if (record.seats.some((s) => s.botControlled))
        buttons.push(button(encodeId({ verb: "join", tableId: id }), m.table.rejoin, ButtonStyle.Success));
      buttons.push(button(encodeId({ verb: "leave", tableId: id }), m.table.leave));
      // The Activity (when configured): the same table, live, with cards to click.
      if (activity)
        return [row(...buttons), row(button(encodeId({ verb: "activity", tableId: id }), m.table.openActivity, ButtonStyle.Success))];
      return [row(...buttons)];
    }
    case "finished":
      // A tournament's table has no rematch: the tournament seats everyone for its next round.
      return [
        row(
          ...(playsForTournament(record) ? [] : [button(encodeId({ verb: "rematch", tableId: id }), m.table.rematch, ButtonStyle.Success)]),
          button(encodeId({ verb: "scores", tableId: id }), m.table.scores),
        ),
      ];
    default:
      return [];
  }
}
