/**
 * What people see: the public table message, the private hand menu, rules, scores, trick posts.
 * Public builders read only publicView and the seats; the hand menu reads only its seat's view.
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
} from "discord.js";
import {
  DEFAULT_RULES,
  PRESETS,
  cardCode,
  cardLabel,
  describeRules,
  moonValue,
  passTarget,
  suitOf,
  type Action,
  type Card,
  type HandResult,
  type PublicEvent,
  type Rules,
  type SeatView,
  type TrickRecord,
} from "../game/index.js";
import { BOT_LEVELS } from "../ai/levels.js";
import { messages, type Locale, type Messages } from "../i18n/index.js";
import type { PlayerLabel } from "../render/index.js";
import { isOpen, type TableRecord } from "../table/records.js";
import { tableLocale } from "../table/options.js";
import { presetOf, turnAllowance } from "../table/options.js";
import { cutGraphemes } from "../table/names.js";
import { isBotSeat } from "../table/seats.js";
import type { TableView } from "../table/types.js";
import { encodeId } from "./ids.js";
import type { Images } from "./images.js";
import type { OutMessage } from "./message.js";
import { playedCardsLine, playedCardsRule } from "./played-cards.js";
import { addUndoButton } from "./undo-button.js";
import { deckStyle, type DeckPrefs } from "./deck.js";

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

const RED = 0xc0392b;
const GREY = 0x5a5f63;

const button = (custom_id: string, label: string, style: ButtonStyle = ButtonStyle.Secondary, disabled = false): APIButtonComponent => ({
  type: ComponentType.Button,
  custom_id,
  label,
  style: style as ButtonStyle.Secondary,
  disabled,
});
const row = (...components: APIComponentInMessageActionRow[]): Row => ({ type: ComponentType.ActionRow, components });

// ---- names ----------------------------------------------------------------------------------

/** The words of a table's public posts: the table's language. */
export const publicWords = (record: TableRecord): Messages => messages(tableLocale(record));

export function seatName(record: TableRecord, seat: number, m: Messages = publicWords(record)): string {
  const s = record.seats.find((x) => x.seat === seat);
  if (!s) return m.table.seat({ n: seat + 1 });
  return s.userId === null ? m.table.bot({ name: s.name }) : s.botControlled ? m.table.away({ name: s.name }) : s.name;
}

export function labels(record: TableRecord): PlayerLabel[] {
  const out: PlayerLabel[] = [];
  for (const s of record.seats) out[s.seat] = { name: s.name, isBot: isBotSeat(s) };
  return out;
}

/** The preset's title; a preset with only its target changed keeps its name (the goal shows the target). */
export function rulesTitle(rules: Rules, m: Messages): string {
  const p = presetOf(rules) ?? presetOf({ ...rules, target: DEFAULT_RULES.target });
  return p ? m.presets.title({ name: p }) : m.table.customRules;
}

const goal = (rules: Rules, m: Messages) =>
  rules.countdown !== null ? m.table.goalCountdown({ n: rules.countdown }) : m.table.goalTarget({ n: rules.target });

/**
 * The turn timer, in one wording for the table, the rules and the menus: "30 s per card + 30 s time
 * bank". A menu names its phase's allowance and the seat's bank left, so the countdown it shows
 * (allowance + bank) adds up to what it says.
 */
export function timerText(record: TableRecord, m: Messages, at?: { phase: "passing" | "playing" | "moon-choice"; bank: number }): string {
  const s = record.settings;
  if (s.turnSeconds <= 0) return m.table.timerOff;
  if (!at) return m.table.timerFull({ card: s.turnSeconds, pass: turnAllowance(s, "passing"), bank: s.timeBankSeconds });
  return at.phase === "passing"
    ? m.table.timerPass({ pass: turnAllowance(s, "passing"), bank: at.bank })
    : m.table.timerCard({ card: s.turnSeconds, bank: at.bank });
}

const passWord = (dir: string, m: Messages) => m.table.passDir({ dir });

/** "Trick 4 of 13 · Bob to play", "Passing to the left · waiting for Ann, Bob". */
export function statusLine(table: TableView, m: Messages = publicWords(table.record)): string {
  const { record, game: v } = table;
  if (!v) {
    const n = record.seats.length;
    return record.status === "lobby" ? m.table.lobbyStatus({ n }) : m.table.closedStatus;
  }
  switch (v.phase) {
    case "passing": {
      const waiting = [0, 1, 2, 3].filter((s) => !v.passSubmitted[s]).map((s) => seatName(record, s, m));
      return m.table.statusPassing({ hand: v.handIndex + 1, dir: passWord(v.passDirection, m), waiting: waiting.join(", ") });
    }
    case "playing":
      return m.table.statusPlaying({
        hand: v.handIndex + 1,
        trick: Math.min(13, v.trickNumber + 1),
        name: seatName(record, v.turn, m),
        lead: !v.trick.length,
      });
    case "moon-choice":
      return m.table.statusMoon({ name: seatName(record, v.turn, m) });
    case "game-over": {
      const winners = (v.winners ?? []).map((s) => seatName(record, s, m)).join(m.table.and);
      return m.table.statusOver({ winners });
    }
  }
}

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

// ---- the public table message -------------------------------------------------------------------

/**
 * The public table message. `imageUrl`: keep the picture already on the message (a text-only
 * edit) instead of drawing a new one.
 */
export function tableMessage(table: TableView, images: Images, opts: { imageUrl?: string; activity?: boolean } = {}): OutMessage {
  const { record, game } = table;
  const m = publicWords(record);
  const lines: string[] = [];
  const host = record.seats.find((s) => s.userId === record.hostId)?.name;
  lines.push(`**${rulesTitle(record.rules, m)}** · ${goal(record.rules, m)} · ${timerText(record, m)}`);
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
    color: closed ? GREY : RED,
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
      return [
        row(
          button(encodeId({ verb: "rematch", tableId: id }), m.table.rematch, ButtonStyle.Success),
          button(encodeId({ verb: "scores", tableId: id }), m.table.scores),
        ),
      ];
    default:
      return [];
  }
}

// ---- the private hand menu ----------------------------------------------------------------------

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
        lines.push(m.menu.passedWaiting({ cards: view.passed.map(cardLabel).join(" "), to, waiting: waiting.join(", ") }));
      } else {
        lines.push(m.menu.passHeader({ dir: passWord(view.passDirection, m), to }));
        lines.push(selected.length === 3 ? m.menu.selected({ cards: selected.map(cardLabel).join(" ") }) : m.menu.pickPrompt);
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
            options: view.hand.map((c) => ({ label: cardLabel(c), value: cardCode(c), default: selected.includes(c) })),
          }),
        );
        const passButton =
          selected.length === 3
            ? button(
                encodeId({ verb: "pass", tableId: id, version: passing, cards: selected }),
                m.menu.passButton({ cards: selected.map(cardLabel).join(" ") }),
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
      if (view.received && view.trickNumber === 0) lines.push(m.menu.received({ cards: view.received.map(cardLabel).join(" ") }));
      if (view.heartsBroken) lines.push(m.menu.heartsBroken);
      const still = playedCardsLine(record.settings, view, m);
      if (still) lines.push(still);
      rows.push(...cardRows(id, view, myTurn ? view.legal : []));
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
  const png = view.hand.length ? images.hand(view.hand, [], [], deckStyle(record.settings, opts.deck)) : null;
  const embed: APIEmbed = { description: lines.join("\n"), color: RED };
  if (png) embed.image = { url: "attachment://hand.png" };
  else if (view.hand.length) embed.description += `\n\n${m.menu.yourHand({ cards: handText(view.hand) })}`;
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
              cardLabel(c),
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
  return m.menu.onTable({ cards: view.trick.map((c, i) => `${seatName(record, (view.leader + i) & 3, m)} ${cardLabel(c)}`).join(" · ") });
}

export function handText(cards: Card[]): string {
  const bySuit = [0, 1, 2, 3]
    .map((suit) =>
      cards
        .filter((c) => suitOf(c) === suit)
        .map(cardLabel)
        .join(" "),
    )
    .filter(Boolean);
  return bySuit.join("  ");
}

// ---- rules, scores, hints --------------------------------------------------------------------

/** The table's rules, for whoever asked (in their language, `m`). */
export function rulesMessage(table: TableView, canChange: boolean, m: Messages = messages()): OutMessage {
  const { record } = table;
  const r = record.rules;
  const differs = describeRules(r);
  const preset = presetOf(r);
  const st = record.settings;
  const lines = [
    m.table.rulesHead({
      title: rulesTitle(r, m),
      preset,
      description: preset ? m.presets.description({ name: preset }) : m.table.presetChanged,
    }),
    differs.length ? m.table.options({ list: differs.map((d) => `\`${d}\``).join(", ") }) : m.table.optionsDefault,
    m.table.rulesLine({
      goal: goal(r, m),
      timer: timerText(record, m),
      bots: st.fillWithBots ? m.table.botsFill({ level: m.lobby.level({ level: st.botLevel }) }) : m.table.botsAdded,
      images: st.trickImages === "tricks" ? m.table.imagesTricks : m.table.imagesHands,
      hints: st.hintsAllowed ? m.table.hintsOn : m.table.hintsOff,
    }) + ` ${playedCardsRule(st, m)}`,
  ];
  const components: Row[] = [];
  if (canChange) {
    lines.push(m.table.hostMayChange);
    components.push(
      row({
        type: ComponentType.StringSelect,
        custom_id: encodeId({ verb: "preset", tableId: record.id }),
        placeholder: m.table.presetPlaceholder,
        min_values: 1,
        max_values: 1,
        options: PRESETS.map((p) => ({
          label: m.presets.title({ name: p.name }).slice(0, 100),
          value: p.name,
          description: m.presets.description({ name: p.name }).slice(0, 100),
          default: p.name === preset,
        })),
      }),
    );
  }
  return { embeds: [{ title: m.table.rulesTitle, description: lines.join("\n\n"), color: RED }], components };
}

/** The score sheet, for whoever asked (in their language, `m`). */
export function scoresMessage(table: TableView, m: Messages = messages()): OutMessage {
  const { record, game: state } = table;
  if (!state) return { content: m.table.noScores };
  const names = [0, 1, 2, 3].map((s) => cutGraphemes(record.seats.find((x) => x.seat === s)?.name ?? m.table.seat({ n: s + 1 }), 8));
  const pad = (t: string | number, n = 8) => String(t).padStart(n);
  const w = Math.max(5, m.table.colHand.length + 1, m.table.rowNow.length + 1, m.table.rowTotal.length + 1);
  const out = [`${m.table.colHand.padEnd(w)}${names.map((n) => pad(n)).join("")}`];
  state.history.forEach((h: HandResult, i: number) =>
    out.push(`${String(i + 1).padEnd(w)}${h.change.map((c) => pad(c > 0 ? `+${c}` : c)).join("")}`),
  );
  if (state.phase !== "game-over") out.push(`${m.table.rowNow.padEnd(w)}${state.handPoints.map((p) => pad(`(${p})`)).join("")}`);
  out.push(`${m.table.rowTotal.padEnd(w)}${state.totals.map((t) => pad(t)).join("")}`);
  const g = goal(record.rules, m);
  const desc = ["```", ...out, "```", `${g[0].toUpperCase()}${g.slice(1)}. ${statusLine(table, m)}.`].join("\n");
  return { embeds: [{ title: m.table.scoresTitle, description: desc, color: RED }] };
}

export function describeHint(action: Action, m: Messages): string {
  switch (action.type) {
    case "play":
      return m.menu.hintPlay({ card: cardLabel(action.card) });
    case "pass":
      return m.menu.hintPass({ cards: action.cards.map(cardLabel).join(" ") });
    case "moon":
      return action.choice === "add" ? m.menu.hintMoonAdd : m.menu.hintMoonSubtract;
  }
}

// ---- posts in the game's thread ----------------------------------------------------------------

/** "Trick 4: Ann 2♣, … → **Bob** takes 1 point; @Bob leads." (`leader`: the next leader's mention, for a person). */
export function trickCaption(record: TableRecord, n: number, trick: TrickRecord, leader: string | null = null): string {
  const m = publicWords(record);
  const points = trick.points === 0 ? m.table.noPoints : m.table.points({ n: trick.points });
  const cards = trick.cards.map((c, i) => `${seatName(record, (trick.leader + i) & 3, m)} ${cardLabel(c)}`).join(", ");
  return m.table.trickCaption({ n: n + 1, cards, winner: seatName(record, trick.winner, m), points, leader });
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
  return `${m.table.handScored({ hand: result.handIndex + 1, goal: goal(rules, m), parts: parts.join(", ") })}${moon}`;
}

/** Which events of an action bring news worth a post: trick images, claims, hand and game ends. */
export function newsOf(events: readonly PublicEvent[]) {
  return {
    tricks: events.flatMap((e) => (e.type === "trick-won" ? [e] : [])),
    claim: events.find((e): e is Extract<PublicEvent, { type: "tricks-claimed" }> => e.type === "tricks-claimed") ?? null,
    heartsBroken: events.some((e) => e.type === "hearts-broken"),
    queenFell: events.some((e) => e.type === "queen-played"),
    handScored: events.find((e): e is Extract<PublicEvent, { type: "hand-scored" }> => e.type === "hand-scored") ?? null,
    dealt: events.find((e): e is Extract<PublicEvent, { type: "hand-dealt" }> => e.type === "hand-dealt") ?? null,
    passed: events.some((e) => e.type === "cards-passed"),
    gameOver: events.find((e): e is Extract<PublicEvent, { type: "game-over" }> => e.type === "game-over") ?? null,
    moonPending: events.some((e) => e.type === "moon-choice-pending"),
  };
}
