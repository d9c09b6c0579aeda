/**
 * What people see: the public table message, the private hand menu, rules, scores, trick posts.
 * Public builders read only publicView and the seats; the hand menu reads only its seat's view.
 */
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent, type APIComponentInMessageActionRow, type APIEmbed } from "discord.js";
import {
  DEFAULT_RULES,
  PRESETS,
  cardCode,
  cardLabel,
  describeRules,
  moonValue,
  passTarget,
  publicView,
  suitOf,
  type Action,
  type Card,
  type GameEvent,
  type HandResult,
  type Rules,
  type SeatView,
  type TrickRecord,
} from "../game/index.js";
import type { PlayerLabel } from "../render/index.js";
import type { TableRecord } from "../store/types.js";
import { presetOf, turnAllowance } from "../table/options.js";
import { cutGraphemes } from "../table/names.js";
import { isBotSeat } from "../table/seats.js";
import type { TableSnapshot } from "../table/types.js";
import { encodeId } from "./ids.js";
import type { Images } from "./images.js";
import type { OutMessage } from "./message.js";

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

export function seatName(record: TableRecord, seat: number): string {
  const s = record.seats.find((x) => x.seat === seat);
  if (!s) return `Seat ${seat + 1}`;
  return s.userId === null ? `${s.name} 🤖` : s.botControlled ? `${s.name} (away, 🤖 plays)` : s.name;
}

export function labels(record: TableRecord): PlayerLabel[] {
  const out: PlayerLabel[] = [];
  for (const s of record.seats) out[s.seat] = { name: s.name, isBot: isBotSeat(s) };
  return out;
}

/** The preset's title; a preset with only its target changed keeps its name (the goal shows the target). */
export function rulesTitle(rules: Rules): string {
  const p = presetOf(rules) ?? presetOf({ ...rules, target: DEFAULT_RULES.target });
  return p ? PRESETS.find((x) => x.name === p)!.title : "Custom rules";
}

const goal = (rules: Rules) => (rules.countdown !== null ? `countdown from ${rules.countdown}, highest wins` : `game to ${rules.target}, lowest wins`);

/**
 * The turn timer, in one wording for the table, the rules and the menus: "30 s per card + 30 s time
 * bank". A menu names its phase's allowance and the seat's bank left, so the countdown it shows
 * (allowance + bank) adds up to what it says.
 */
export function timerText(record: TableRecord, at?: { phase: "passing" | "playing" | "moon-choice"; bank: number }): string {
  const s = record.settings;
  if (s.turnSeconds <= 0) return "no turn timer";
  if (!at) return `${s.turnSeconds} s per card (${turnAllowance(s, "passing")} s to pass) + ${s.timeBankSeconds} s time bank`;
  const allowance = at.phase === "passing" ? `${turnAllowance(s, "passing")} s to pass` : `${s.turnSeconds} s per card`;
  return `${allowance} + ${at.bank} s time bank`;
}

const passWord = (dir: string) => (dir === "across" ? "across" : `to the ${dir}`);

/** "Trick 4 of 13 · Bob to play", "Passing to the left · waiting for Ann, Bob". */
export function statusLine(table: TableSnapshot): string {
  const { record, state } = table;
  if (!state) {
    const n = record.seats.length;
    return record.status === "lobby" ? `${n} of 4 seated · waiting for the host to start` : "Closed";
  }
  const v = publicView(state);
  switch (v.phase) {
    case "passing": {
      const waiting = [0, 1, 2, 3].filter((s) => !v.passSubmitted[s]).map((s) => seatName(record, s));
      return `Hand ${v.handIndex + 1} · passing ${passWord(v.passDirection)} · waiting for ${waiting.join(", ")}`;
    }
    case "playing":
      return `Hand ${v.handIndex + 1} · trick ${Math.min(13, v.trickNumber + 1)} of 13 · ${seatName(record, v.turn)} to ${v.trick.length ? "play" : "lead"}`;
    case "moon-choice":
      return `${seatName(record, v.turn)} shot the moon and is choosing how it scores`;
    case "game-over": {
      const winners = (v.winners ?? []).map((s) => seatName(record, s)).join(" and ");
      return `Game over · ${winners} won`;
    }
  }
}

/**
 * The table message's line: it changes with the phase and the hand, never with each card (every
 * edit is a request against Discord's global limit; the cards are in the thread and the menus).
 */
export function tableStatusLine(table: TableSnapshot): string {
  const { record, state } = table;
  if (!state) return statusLine(table);
  const v = publicView(state);
  switch (v.phase) {
    case "passing":
      return `Hand ${v.handIndex + 1} · passing ${passWord(v.passDirection)}`;
    case "playing":
      return `Hand ${v.handIndex + 1} · playing${record.threadId ? " · every trick is posted in the game's thread" : ""}`;
    default:
      return statusLine(table);
  }
}

/** Whether the table message shows a picture now: in the lobby and at the end, not during a hand. */
export function tableHasPicture(table: TableSnapshot): boolean {
  return !["passing", "playing"].includes(table.record.status);
}

// ---- the public table message -------------------------------------------------------------------

/**
 * The public table message. `imageUrl`: keep the picture already on the message (a text-only
 * edit) instead of drawing a new one.
 */
export function tableMessage(table: TableSnapshot, images: Images, opts: { imageUrl?: string } = {}): OutMessage {
  const { record, state } = table;
  const lines: string[] = [];
  const host = record.seats.find((s) => s.userId === record.hostId)?.name;
  lines.push(`**${rulesTitle(record.rules)}** · ${goal(record.rules)} · ${timerText(record)}`);
  const seatLines = [0, 1, 2, 3].map((n) => {
    const s = record.seats.find((x) => x.seat === n);
    const total = state ? ` — ${state.totals[n]}` : "";
    return s ? `${n + 1}. ${seatName(record, n)}${s.userId === record.hostId ? " (host)" : ""}${total}` : `${n + 1}. (empty)`;
  });
  lines.push(seatLines.join("\n"));
  const status = tableStatusLine(table);
  const closed = !["lobby", "passing", "playing"].includes(record.status);
  if (record.status === "lobby") {
    lines.push(
      record.settings.fillWithBots
        ? `Press **Join** to sit down. ${host ?? "The host"} presses **Start**; empty seats get computer players (${record.settings.botLevel}).`
        : `Press **Join** to sit down. ${host ?? "The host"} presses **Start** once 4 are seated.`,
    );
  } else if (!closed) {
    lines.push(`${status}\nPress **My hand** to see and play your cards.`);
  } else if (record.status === "finished") {
    lines.push(status);
  } else {
    lines.push(record.status === "broken" ? "This game could not continue." : "This table is closed.");
  }
  const embed: APIEmbed = { title: "♥ Hearts", description: lines.join("\n\n"), color: closed ? GREY : RED, footer: { text: `table ${record.id}` } };
  // During a hand the thread has the pictures: the table message stays still (and costs no uploads).
  if (!tableHasPicture(table)) return { embeds: [embed], files: [], components: tableButtons(table) };
  if (opts.imageUrl) {
    embed.image = { url: opts.imageUrl };
    return { embeds: [embed], components: tableButtons(table) };
  }
  const png = images.table(record, state ? publicView(state) : null, closed ? undefined : status);
  if (png) embed.image = { url: "attachment://table.png" };
  return { embeds: [embed], files: png ? [{ name: "table.png", data: png }] : [], components: tableButtons(table) };
}

function tableButtons(table: TableSnapshot): Row[] {
  const { record } = table;
  const id = record.id;
  switch (record.status) {
    case "lobby":
      return [
        row(
          button(encodeId({ verb: "join", tableId: id }), "Join", ButtonStyle.Success),
          button(encodeId({ verb: "leave", tableId: id }), "Leave"),
          button(encodeId({ verb: "start", tableId: id }), "Start", ButtonStyle.Primary),
          button(encodeId({ verb: "rules", tableId: id }), "Rules"),
        ),
        row({
          type: ComponentType.StringSelect,
          custom_id: encodeId({ verb: "bot", tableId: id }),
          placeholder: "Add or remove a computer player…",
          min_values: 1,
          max_values: 1,
          options: [
            { label: "Add an easy computer player", value: "easy", emoji: { name: "🤖" } },
            { label: "Add a medium computer player", value: "medium", emoji: { name: "🤖" } },
            { label: "Add a hard computer player", value: "hard", emoji: { name: "🤖" } },
            { label: "Remove a computer player", value: "remove", emoji: { name: "✖️" } },
          ],
        }),
      ];
    case "passing":
    case "playing": {
      const buttons = [
        button(encodeId({ verb: "hand", tableId: id }), "My hand", ButtonStyle.Primary),
        button(encodeId({ verb: "scores", tableId: id }), "Scores"),
        button(encodeId({ verb: "rules", tableId: id }), "Rules"),
      ];
      if (record.seats.some((s) => s.botControlled)) buttons.push(button(encodeId({ verb: "join", tableId: id }), "Rejoin", ButtonStyle.Success));
      buttons.push(button(encodeId({ verb: "leave", tableId: id }), "Leave"));
      return [row(...buttons)];
    }
    case "finished":
      return [row(button(encodeId({ verb: "rematch", tableId: id }), "Rematch", ButtonStyle.Success), button(encodeId({ verb: "scores", tableId: id }), "Scores"))];
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
}

export function handMenu(table: TableSnapshot, view: SeatView, images: Images, opts: HandMenuOptions = {}): OutMessage {
  const { record } = table;
  const id = record.id;
  const lines: string[] = [];
  if (opts.notice) lines.push(opts.notice);
  const bank = record.settings.turnSeconds > 0 ? (record.timeBank[view.seat] ?? 0) : 0;
  const timer = opts.deadline && view.phase !== "game-over" ? `⏱ ${timerText(record, { phase: view.phase, bank })}: your time runs out <t:${Math.ceil(opts.deadline / 1000)}:R>` : null;
  const rows: Row[] = [];
  const mine = view.seat;
  const selected = opts.selected ?? [];

  switch (view.phase) {
    case "passing": {
      const to = seatName(record, passTarget(mine, view.passDirection));
      if (view.passed) {
        const waiting = [0, 1, 2, 3].filter((s) => !view.passSubmitted[s]).map((s) => seatName(record, s));
        lines.push(`You passed ${view.passed.map(cardLabel).join(" ")} to ${to}. Waiting for ${waiting.join(", ")}.`);
      } else {
        lines.push(`**Pass 3 cards ${passWord(view.passDirection)}** (to ${to})`);
        lines.push(selected.length === 3 ? `Selected: ${selected.map(cardLabel).join(" ")}. Press **Pass** to confirm.` : "Pick 3 cards in the menu, then press **Pass**.");
        // The pass menu's ids carry the action count when passing began, not the current one: the
        // others' passes never rename (or redraw) it, and a menu of an earlier hand is still refused.
        const passing = passPhaseStart(view);
        rows.push(
          row({
            type: ComponentType.StringSelect,
            custom_id: encodeId({ verb: "pick", tableId: id, version: passing }),
            placeholder: "Choose 3 cards to pass",
            min_values: 3,
            max_values: 3,
            options: view.hand.map((c) => ({ label: cardLabel(c), value: cardCode(c), default: selected.includes(c) })),
          }),
        );
        const passButton =
          selected.length === 3
            ? button(encodeId({ verb: "pass", tableId: id, version: passing, cards: selected }), `Pass ${selected.map(cardLabel).join(" ")}`, ButtonStyle.Success)
            : button(`h1:pass-disabled:${id}`, "Pass", ButtonStyle.Success, true);
        rows.push(row(passButton, ...utilityButtons(table, opts.hint !== false)));
      }
      break;
    }
    case "playing": {
      const myTurn = view.turn === mine;
      lines.push(myTurn ? `**Your turn** · trick ${view.trickNumber + 1} of 13` : `Trick ${view.trickNumber + 1} of 13 · waiting for ${seatName(record, view.turn)}.`);
      lines.push(trickLine(record, view));
      if (view.received && view.trickNumber === 0) lines.push(`You received ${view.received.map(cardLabel).join(" ")}.`);
      if (view.heartsBroken) lines.push("Hearts are broken.");
      rows.push(...cardRows(id, view, myTurn ? view.legal : []));
      if (rows.length < 5) rows.push(row(...utilityButtons(table, myTurn && opts.hint !== false)));
      break;
    }
    case "moon-choice": {
      if (view.turn === mine) {
        const v = moonValue(view.rules);
        lines.push(`🌙 **You shot the moon!** Choose how it scores:`);
        rows.push(
          row(
            button(encodeId({ verb: "moon", tableId: id, version: view.actionCount, choice: "add" }), `Add ${v} to each opponent`, ButtonStyle.Success),
            button(encodeId({ verb: "moon", tableId: id, version: view.actionCount, choice: "subtract" }), `Take ${v} off my score`, ButtonStyle.Primary),
          ),
        );
      } else {
        lines.push(`🌙 ${seatName(record, view.turn)} shot the moon and is choosing how it scores.`);
        rows.push(row(...utilityButtons(table, false)));
      }
      break;
    }
    case "game-over":
      lines.push(`Game over. Your total: ${view.totals[mine]} (place ${view.placements?.[mine] ?? "?"}).`);
      break;
  }
  if (timer) lines.push(timer);
  if (view.phase !== "game-over") lines.push(`Your score: ${view.totals[mine]} · this hand: ${view.handPoints[mine]}`);

  // The picture shows the cards, not which may be played now nor the pick: the buttons, the select
  // and the text say those. So it changes once a trick, and an unchanged picture is not sent again.
  const png = view.hand.length ? images.hand(view.hand, [], []) : null;
  const embed: APIEmbed = { description: lines.join("\n"), color: RED };
  if (png) embed.image = { url: "attachment://hand.png" };
  else if (view.hand.length) embed.description += `\n\nYour hand: ${handText(view.hand)}`;
  return { embeds: [embed], files: png ? [{ name: "hand.png", data: png }] : [], components: rows };
}

/** The action count when this hand's passing began (each pass so far is one action). */
export function passPhaseStart(view: Pick<SeatView, "actionCount" | "passSubmitted">): number {
  return view.actionCount - view.passSubmitted.filter(Boolean).length;
}

function utilityButtons(table: TableSnapshot, hint: boolean): APIButtonComponent[] {
  const id = table.record.id;
  const out = [button(encodeId({ verb: "hand", tableId: id }), "Refresh")];
  if (hint && table.record.settings.hintsAllowed) out.push(button(encodeId({ verb: "hint", tableId: id }), "Hint"));
  out.push(button(encodeId({ verb: "scores", tableId: id }), "Scores"));
  return out;
}

/**
 * One button per card, a row per suit; a suit of more than five cards takes two rows. Thirteen
 * cards in four suits never need more than five rows (two long suits leave at most one other).
 */
export function cardRows(tableId: string, view: SeatView, legal: Card[], idOf: (card: Card) => string = (card) => encodeId({ verb: "play", tableId, version: view.actionCount, card })): Row[] {
  const rows: Row[] = [];
  for (let suit = 0; suit < 4; suit++) {
    const cards = view.hand.filter((c) => suitOf(c) === suit);
    for (let i = 0; i < cards.length; i += 5) {
      rows.push(
        row(
          ...cards.slice(i, i + 5).map((c) => {
            const ok = legal.includes(c);
            return button(idOf(c), cardLabel(c), ok ? (suit === 1 || suit === 3 ? ButtonStyle.Danger : ButtonStyle.Primary) : ButtonStyle.Secondary, !ok);
          }),
        ),
      );
    }
  }
  return rows;
}

export function trickLine(record: TableRecord, view: { trick: Card[]; leader: number }): string {
  if (!view.trick.length) return "No card on the table yet.";
  return "On the table: " + view.trick.map((c, i) => `${seatName(record, (view.leader + i) & 3)} ${cardLabel(c)}`).join(" · ");
}

export function handText(cards: Card[]): string {
  const bySuit = [0, 1, 2, 3].map((suit) => cards.filter((c) => suitOf(c) === suit).map(cardLabel).join(" ")).filter(Boolean);
  return bySuit.join("  ");
}

// ---- rules, scores, hints --------------------------------------------------------------------

export function rulesMessage(table: TableSnapshot, canChange: boolean): OutMessage {
  const { record } = table;
  const r = record.rules;
  const differs = describeRules(r);
  const preset = presetOf(r);
  const lines = [
    `**${rulesTitle(r)}**${preset ? ` (\`${preset}\`)` : ""}: ${preset ? PRESETS.find((p) => p.name === preset)!.description : "a preset with changes"}`,
    differs.length ? `Options: ${differs.map((d) => `\`${d}\``).join(", ")}` : "Options: classic defaults.",
    `Goal: ${goal(r)}. Timer: ${timerText(record)}. Computer players: ${record.settings.fillWithBots ? `fill empty seats (${record.settings.botLevel})` : "only when added"}. Images: ${record.settings.trickImages === "tricks" ? "every trick" : "hand summaries"}. Hints: ${record.settings.hintsAllowed ? "allowed" : "off"}.`,
  ];
  const components: Row[] = [];
  if (canChange) {
    lines.push("As the host you can pick a preset below, or set single options with `/hearts rules set:target=50` (see the README's options table).");
    components.push(
      row({
        type: ComponentType.StringSelect,
        custom_id: encodeId({ verb: "preset", tableId: record.id }),
        placeholder: "Choose a rules preset…",
        min_values: 1,
        max_values: 1,
        options: PRESETS.map((p) => ({ label: p.title, value: p.name, description: p.description.slice(0, 100), default: p.name === preset })),
      }),
    );
  }
  return { embeds: [{ title: "Rules of this table", description: lines.join("\n\n"), color: RED }], components };
}

export function scoresMessage(table: TableSnapshot): OutMessage {
  const { record, state } = table;
  if (!state) return { content: "The game has not started yet: no scores." };
  const names = [0, 1, 2, 3].map((s) => cutGraphemes(record.seats.find((x) => x.seat === s)?.name ?? `Seat ${s + 1}`, 8));
  const pad = (t: string | number, n = 8) => String(t).padStart(n);
  const out = [`${"Hand".padEnd(5)}${names.map((n) => pad(n)).join("")}`];
  state.history.forEach((h: HandResult, i: number) => out.push(`${String(i + 1).padEnd(5)}${h.change.map((c) => pad(c > 0 ? `+${c}` : c)).join("")}`));
  if (state.phase !== "game-over") out.push(`${"now".padEnd(5)}${publicView(state).handPoints.map((p) => pad(`(${p})`)).join("")}`);
  out.push(`${"Total".padEnd(5)}${state.totals.map((t) => pad(t)).join("")}`);
  const desc = ["```", ...out, "```", `${goal(record.rules)[0].toUpperCase()}${goal(record.rules).slice(1)}. ${statusLine(table)}.`].join("\n");
  return { embeds: [{ title: "Scores", description: desc, color: RED }] };
}

export function describeHint(action: Action): string {
  switch (action.type) {
    case "play":
      return `play **${cardLabel(action.card)}**`;
    case "pass":
      return `pass **${action.cards.map(cardLabel).join(" ")}**`;
    case "moon":
      return action.choice === "add" ? "give the moon's points to the others" : "take the moon's points off your own score";
  }
}

// ---- posts in the game's thread ----------------------------------------------------------------

/** "Trick 4: Ann 2♣, … → **Bob** takes 1 point; @Bob leads." (`leader`: the next leader's mention, for a person). */
export function trickCaption(record: TableRecord, n: number, trick: TrickRecord, leader: string | null = null): string {
  const pts = trick.points === 0 ? "no points" : `${trick.points} point${Math.abs(trick.points) === 1 ? "" : "s"}`;
  const cards = trick.cards.map((c, i) => `${seatName(record, (trick.leader + i) & 3)} ${cardLabel(c)}`).join(", ");
  return `Trick ${n + 1}: ${cards} → **${seatName(record, trick.winner)}** takes ${pts}${leader ? `; ${leader} leads` : ""}.`;
}

/** A new hand, as the thread tells it: "**Hand 2:** pass 3 cards to the right." */
export function handStartText(record: TableRecord, state: { handIndex: number; phase: string; passDirection: string; turn: number }): string {
  if (state.phase === "passing") return `**Hand ${state.handIndex + 1}:** pass 3 cards ${passWord(state.passDirection)}.`;
  return `**Hand ${state.handIndex + 1}:** no passing; ${seatName(record, state.turn)} leads.`;
}

export function handResultText(record: TableRecord, result: HandResult, rules: Rules): string {
  const parts = [0, 1, 2, 3].map((s) => `${seatName(record, s)} ${result.change[s] > 0 ? "+" : ""}${result.change[s]} (total ${result.totals[s]})`);
  const moon = result.moon ? `\n🌙 ${seatName(record, result.moon.shooter)} shot the moon!` : "";
  return `**Hand ${result.handIndex + 1} scored** (${goal(rules)}): ${parts.join(", ")}.${moon}`;
}

/** Which events of an action bring news worth a post: trick images, claims, hand and game ends. */
export function newsOf(events: GameEvent[]) {
  return {
    tricks: events.flatMap((e) => (e.type === "trick-won" ? [e] : [])),
    claim: events.find((e): e is Extract<GameEvent, { type: "tricks-claimed" }> => e.type === "tricks-claimed") ?? null,
    heartsBroken: events.some((e) => e.type === "hearts-broken"),
    queenFell: events.some((e) => e.type === "queen-played"),
    handScored: events.find((e): e is Extract<GameEvent, { type: "hand-scored" }> => e.type === "hand-scored") ?? null,
    dealt: events.find((e): e is Extract<GameEvent, { type: "hand-dealt" }> => e.type === "hand-dealt") ?? null,
    passed: events.some((e) => e.type === "cards-passed"),
    gameOver: events.find((e): e is Extract<GameEvent, { type: "game-over" }> => e.type === "game-over") ?? null,
    moonPending: events.some((e) => e.type === "moon-choice-pending"),
  };
}

