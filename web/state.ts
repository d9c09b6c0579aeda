/**
 * The page's state, and what it draws, as pure functions: frames and clicks in, a new state out;
 * from a state, what each part of the page shows (the words, which cards are lit, which panel is
 * open). No DOM, no socket, no timer here (it is type-checked without the DOM's types: the unit
 * tests in test/web/state.test.ts run it without a browser). draw/ turns these into elements;
 * main.ts keeps the one state and the timers.
 *
 * It knows no rule: which cards are legal, and why the others are not, come with the frame.
 */
import { cardText, cardsText } from "../src/i18n/cards.js";
import { messages, type Messages } from "../src/i18n/catalogue.js";
import type { RulesInfo, SeatInfo, ServerMessage, TableFrame, TournamentInfo } from "../src/activity/protocol.js";

export type Strings = Messages["activity"];
export type Game = NonNullable<TableFrame["game"]>;
export type Taken = NonNullable<Game["taken"]>;
export type Place = "bottom" | "left" | "top" | "right";

/** A line under the table: a refusal, a note, the reconnect line ("note fade" fades away). */
export interface Line {
  text: string;
  tone: "refusal" | "note" | "note fade";
}

export interface PageState {
  t: Strings;
  /** The whole catalogue in the page's language: how a card reads ("D♠" in French). */
  cw: Messages;
  /** The signed-in person's Discord id (the lobby's buttons: seated or not, the host or not). */
  you: string;
  session: string | null;
  /** Whether the socket is open and signed in: while not, the hand is dimmed and a click says why. */
  online: boolean;
  table: TableFrame | null;
  /** Cards picked for the pass. */
  picked: number[];
  line: Line | null;
  hint: number[];
  showLast: boolean;
  showRules: boolean;
  /** The table's rules in words (the server sends them once per table). */
  rules: RulesInfo | null;
  /** The hand whose scores were dismissed (the scores screen shows once per hand). */
  scoresSeen: number;
  /** The hand's card keyboard focus is on (arrow keys move it). */
  focusIndex: number;
  /** The person's own deck style (four colours or two), from the page's storage; null: the table's. */
  fourMine: boolean | null;
  /**
   * The trick just taken, held on the table a moment whole with who takes it, then swept to its
   * taker: the frame that completed it already shows the next trick (for the 13th, the next hand).
   * The next leader may play meanwhile: their card shows once the moment ends.
   */
  moment: { trick: Taken; sweeping: boolean } | null;
  /** The tournament the table plays for, if any (its standings and round clock beside the table). */
  tournament: TournamentInfo | null;
}

/** How long a taken trick stays whole on the table, then how long its sweep to the taker takes. */
export const HOLD_MS = 1000;
export const SWEEP_MS = 350;

export function initialState(fourMine: boolean | null): PageState {
  return {
    t: messages().activity,
    cw: messages(),
    you: "",
    session: null,
    online: false,
    table: null,
    picked: [],
    line: null,
    hint: [],
    showLast: false,
    showRules: false,
    rules: null,
    scoresSeen: -1,
    focusIndex: 0,
    fourMine,
    moment: null,
    tournament: null,
  };
}

/** A message from the server; `hold` is a trick just taken, for main.ts to time its moment. */
export function receive(s: PageState, m: ServerMessage): { state: PageState; hold: Taken | null } {
  switch (m.t) {
    case "welcome":
      return {
        state: {
          ...s,
          session: m.session,
          online: true,
          you: m.you.id,
          cw: messages(m.locale),
          t: messages(m.locale).activity,
          line: m.resumed ? { text: messages(m.locale).activity.reconnected, tone: "note fade" } : s.line,
        },
        hold: null,
      };
    case "table": {
      const before = s.table?.game?.version;
      const table = m.table;
      const g = table?.game;
      const moved = !s.table || !table || before !== g?.version;
      const hold = g?.taken && before !== g.version ? g.taken : null;
      return {
        state: {
          ...s,
          table,
          hint: moved ? [] : s.hint,
          picked: g?.phase !== "passing" || table?.hand?.passed ? [] : s.picked,
          // Another table (a rematch): the last one's lines are not this one's.
          line: (s.table && table && s.table.id !== table.id) || (s.line?.tone === "refusal" && before !== g?.version) ? null : s.line,
          moment: hold ? { trick: hold, sweeping: false } : s.moment,
        },
        hold,
      };
    }
    case "say":
      return { state: { ...s, line: { text: m.text, tone: m.tone } }, hold: null };
    case "rules":
      return { state: { ...s, rules: m.rules }, hold: null };
    case "tournament":
      return { state: { ...s, tournament: m.tournament }, hold: null };
    case "hint":
      return {
        state: {
          ...s,
          hint: m.cards,
          line: {
            text:
              m.cards.length === 1 ? s.t.hintSays({ card: cardText(s.cw, m.cards[0]) }) : s.t.hintPass({ cards: cardsText(s.cw, m.cards) }),
            tone: "note",
          },
        },
        hold: null,
      };
  }
}

/** The connection dropped: the page says it is coming back, and dims the hand meanwhile. */
export const connectionLost = (s: PageState): PageState => ({ ...s, online: false, line: { text: s.t.reconnecting, tone: "note" } });

/** A click while not connected: nothing was sent, and the page says so. */
export const offlineClick = (s: PageState): PageState => ({ ...s, line: { text: s.t.offlineClick, tone: "refusal" } });

export const refuse = (s: PageState, text: string): PageState => ({ ...s, line: { text, tone: "refusal" } });

/** A card picked for the pass, or put back; at most three. */
export function togglePick(s: PageState, card: number): PageState {
  const picked = s.picked.includes(card) ? s.picked.filter((c) => c !== card) : s.picked.length < 3 ? [...s.picked, card] : s.picked;
  return { ...s, picked };
}

/** The held trick starts going to its taker, then is gone (the timers are main.ts's). */
export const sweepMoment = (s: PageState): PageState => (s.moment ? { ...s, moment: { ...s.moment, sweeping: true } } : s);
export const endMoment = (s: PageState): PageState => ({ ...s, moment: null });

// ---- what to draw -------------------------------------------------------------------------------

/** Four colours (♣ green, ♦ blue) when the person chose it, else as the table's settings say. */
export const fourColours = (s: PageState): boolean => s.fourMine ?? !!s.table?.fourColour;

/** Whose seat is at the bottom: yours (a spectator sees seat 0 there). */
export const mySeat = (s: PageState): number => s.table?.hand?.seat ?? 0;

/** Where each seat sits on screen: you at the bottom, then clockwise. */
export function placeOf(seat: number, me: number): Place {
  return (["bottom", "left", "top", "right"] as const)[(seat - me + 4) % 4];
}

const nameOf = (s: PageState, seat: number | null): string => s.table?.seats.find((x) => x.seat === seat)?.name ?? "?";

/** What the page says it is showing, for whoever drives it from outside (the browser tests). */
export function pageFacts(s: PageState): { phase: string; version: number; waiting: boolean } {
  const g = s.table?.game;
  const hand = s.table?.hand;
  return {
    phase: g?.phase ?? s.table?.status ?? "",
    version: g?.version ?? -1,
    waiting: !!g && !!hand && g.awaiting.includes(hand.seat) && !(g.phase === "passing" && hand.passed),
  };
}

/** The seat you pass to this hand, or null (holding, or watching). */
export function passTarget(s: PageState): SeatInfo | null {
  const g = s.table?.game;
  const hand = s.table?.hand;
  if (!g || !hand || g.passDirection === "hold") return null;
  const to = (hand.seat + { left: 1, across: 2, right: 3 }[g.passDirection]) % 4;
  return s.table!.seats.find((x) => x.seat === to) ?? null;
}

/** The header's sentence: whose turn, what to pass and to whom, the moon's choice, game over. */
export function headline(s: PageState): string {
  const { t } = s;
  const g = s.table!.game!;
  if (g.phase === "passing") {
    if (s.table!.hand?.passed) return t.passWaiting;
    const to = passTarget(s);
    return to ? t.passingTo({ name: to.name }) : t.passing({ dir: g.passDirection });
  }
  if (g.phase === "moon-choice") return t.choosing({ name: nameOf(s, g.pendingMoon) });
  if (g.phase === "game-over") return t.gameOver;
  return g.turn === s.table!.hand?.seat ? t.yourTurn : t.theirTurn({ name: nameOf(s, g.turn) });
}

/** The small facts under the header: the hand, the trick or pass direction, hearts broken. */
export function facts(s: PageState): { text: string; broken?: boolean }[] {
  const { t } = s;
  const g = s.table!.game!;
  return [
    { text: t.handN({ n: g.handIndex + 1 }) },
    ...(g.phase === "game-over"
      ? []
      : [{ text: g.phase === "passing" ? t.passDir({ dir: g.passDirection }) : t.trickN({ n: g.trickNumber + 1 }) }]),
    { text: g.heartsBroken ? `♥ ${t.heartsBroken}` : t.heartsUnbroken, broken: g.heartsBroken },
  ];
}

export type Tool =
  | { kind: "hint" }
  | { kind: "undo"; card: number }
  | { kind: "last"; pressed: boolean }
  | { kind: "four"; pressed: boolean }
  | { kind: "rules"; pressed: boolean };

/** The header's buttons, in order. */
export function tools(s: PageState): Tool[] {
  const table = s.table!;
  const g = table.game!;
  const out: Tool[] = [];
  if (table.hand && table.hintsAllowed && g.awaiting.includes(table.hand.seat) && g.phase !== "game-over") out.push({ kind: "hint" });
  if (table.hand?.undoCard != null) out.push({ kind: "undo", card: table.hand.undoCard });
  if (g.lastTrick) out.push({ kind: "last", pressed: s.showLast });
  out.push({ kind: "four", pressed: fourColours(s) }, { kind: "rules", pressed: s.showRules });
  return out;
}

export interface SeatShown {
  seat: number;
  place: Place;
  empty: boolean;
  name: string;
  /** The initial drawn when there is no avatar. */
  initial: string;
  /** Discord's avatar as a path of its CDN ("avatars/…"), loaded through the Activity's URL mapping; null: the initial. */
  avatar: string | null;
  you: boolean;
  bot: boolean;
  turn: boolean;
  /** What a screen reader says for the seat. */
  label: string;
  /** "12 pts (+3)", and "+3 this hand" for its title; null in the lobby. */
  score: { text: string; title: string } | null;
  /** "13 cards ✓" during a hand; null otherwise. */
  count: string | null;
  /** When this seat's clock runs out (ms since the epoch), while it is its turn. */
  deadline: number | null;
}

export function seatShown(s: PageState, seatNo: number): SeatShown {
  const { t } = s;
  const me = mySeat(s);
  const x = s.table!.seats.find((y) => y.seat === seatNo);
  const g = s.table!.game;
  const place = placeOf(seatNo, me);
  if (!x)
    return {
      seat: seatNo,
      place,
      empty: true,
      name: "—",
      initial: "",
      avatar: null,
      you: false,
      bot: false,
      turn: false,
      label: "—",
      score: null,
      count: null,
      deadline: null,
    };
  const you = x.seat === s.table!.hand?.seat;
  const turn = !!g && g.awaiting.includes(x.seat) && g.phase !== "game-over";
  return {
    seat: x.seat,
    place,
    empty: false,
    name: x.name,
    initial: Array.from(x.name)[0]?.toUpperCase() ?? "?",
    avatar: x.avatar ? `avatars/${x.avatar}.png?size=64` : null,
    you,
    bot: x.bot,
    turn,
    label: [x.name, you ? t.you : x.bot ? t.bot : "", t.total({ n: x.total }), g ? t.thisHand({ n: x.handPoints }) : ""]
      .filter(Boolean)
      .join(", "),
    // In the lobby there is nothing to score yet.
    score: g ? { text: `${t.total({ n: x.total })} (+${x.handPoints})`, title: t.thisHand({ n: x.handPoints }) } : null,
    count: g && g.phase !== "game-over" ? t.cardsLeft({ n: x.handSize }) + (g.phase === "passing" && x.passed ? " ✓" : "") : null,
    deadline: turn ? x.deadline : null,
  };
}

export interface TrickShown {
  cards: { card: number; place: Place; won: boolean }[];
  /** The trick just taken, held whole: its number, who takes it in words, and where it goes once swept. */
  taken: { trickNumber: number; taker: string; sweepTo: Place | null } | null;
  label: string;
}

/** The cards on the table: the trick just taken (its moment), the last trick when asked, or the trick in play. */
export function trickShown(s: PageState): TrickShown {
  const g = s.table!.game!;
  const me = mySeat(s);
  const held = !s.showLast && s.moment ? s.moment : null;
  const shown = held ? held.trick : s.showLast && g.lastTrick ? g.lastTrick : { leader: g.leader, cards: g.trick, winner: -1 };
  return {
    cards: shown.cards.map((card, i) => {
      const seat = (shown.leader + i) % 4;
      return { card, place: placeOf(seat, me), won: seat === shown.winner };
    }),
    taken: held
      ? {
          trickNumber: held.trick.trickNumber,
          taker: takerLine(s, held.trick),
          sweepTo: held.sweeping ? placeOf(held.trick.winner, me) : null,
        }
      : null,
    label: s.showLast ? s.t.lastTrick : s.t.trick,
  };
}

export function takerLine(s: PageState, trick: Taken): string {
  const name = nameOf(s, trick.winner);
  if (!trick.claimed) return s.t.takesTrick({ name });
  return trick.cards.length ? s.t.takesTrickAndRest({ name, n: trick.claimed }) : s.t.takesRest({ name, n: trick.claimed });
}

export interface CardShown {
  card: number;
  /** What a screen reader says, and what the click does. */
  label: string;
  playable: boolean;
  picked: boolean;
  hinted: boolean;
  /** Why it may not be played now (its title, and the line a click shows). */
  reason: string | null;
}

export interface HandShown {
  cards: CardShown[];
  /** Picking three cards to pass (not yet passed). */
  passing: boolean;
  /** The pass button's words, and whether three are picked. */
  pass: { label: string; ready: boolean } | null;
  stillOut: string | null;
  offline: boolean;
}

export function handShown(s: PageState): HandShown {
  const { t } = s;
  const g = s.table!.game!;
  const hand = s.table!.hand!;
  const passing = g.phase === "passing" && !hand.passed && g.passDirection !== "hold";
  const legal = new Set(hand.legal);
  const refused = new Map(hand.refusals.flatMap((r) => r.cards.map((c) => [c, r.text] as const)));
  return {
    cards: hand.cards.map((card) => {
      const name = cardText(s.cw, card);
      const picked = s.picked.includes(card);
      const playable = passing || legal.has(card);
      const reason = playable ? null : (refused.get(card) ?? t.waitCard({ card: name }));
      return {
        card,
        label: passing ? t.pickCard({ card: name, picked }) : playable ? t.playCard({ card: name }) : `${name}: ${reason}`,
        playable,
        picked,
        hinted: s.hint.includes(card),
        // The title only says a reason the server gave.
        reason,
      };
    }),
    passing,
    pass: passing ? { label: t.passButton({ n: s.picked.length }), ready: s.picked.length === 3 } : null,
    stillOut: hand.stillOut,
    offline: !s.online,
  };
}

/** Which panel is open over the table (the Rules panel is drawn besides). */
export function overlay(s: PageState): "game-over" | "moon" | "scores" | null {
  const g = s.table!.game!;
  if (g.phase === "game-over") return "game-over";
  if (g.phase === "moon-choice" && g.pendingMoon === s.table!.hand?.seat) return "moon";
  // The hand's scores once its last trick has had its moment.
  if (!s.moment && g.history.length && s.scoresSeen < g.history.length && g.trickNumber === 0 && g.trick.length === 0) return "scores";
  return null;
}

/** The scores table: a column a seat, a row a hand ("12 (+3)"). */
export function scoreRows(s: PageState): { names: string[]; rows: { hand: number; cells: string[] }[] } {
  const g = s.table!.game!;
  const seats = [...s.table!.seats].sort((a, b) => a.seat - b.seat);
  return {
    names: seats.map((x) => x.name),
    rows: g.history.map((h) => ({
      hand: h.handIndex + 1,
      cells: seats.map((x) => `${h.totals[x.seat]} (${h.change[x.seat] >= 0 ? "+" : ""}${h.change[x.seat]})`),
    })),
  };
}

/** The game-over panel: who won, and each seat's place, best first, as the catalogue words it. */
export function placings(s: PageState): { winner: string; lines: string[] } {
  const { t } = s;
  const g = s.table!.game!;
  const names = (g.winners ?? []).map((w) => nameOf(s, w)).join(", ");
  const place = (seat: number) => g.placements?.[seat] ?? 0;
  const order = [...s.table!.seats].sort((a, b) => place(a.seat) - place(b.seat));
  return {
    winner: t.winner({ names }),
    lines: order.map((x) => t.placing({ place: t.place({ n: place(x.seat) }), name: x.name, total: t.total({ n: x.total }) })),
  };
}

/** "12:05", "1:02:30": a duration as a clock shows it. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

export interface TournamentShown {
  name: string;
  /** "Round 2 of 3". */
  round: string;
  /** The round clock at `now` ("12:05 of about 16:00"), or where the tournament is (a round over, the end). */
  clock: string;
  /** "3 of 4 tables done", while a round is played. */
  tables: string | null;
  heading: string;
  rows: { text: string; you: boolean }[];
}

/** The tournament panel at `now` (ms since the epoch), or null for a table that plays for none. */
export function tournamentShown(s: PageState, now: number): TournamentShown | null {
  const x = s.tournament;
  if (!x) return null;
  const { t } = s;
  const c = x.clock;
  const playing = x.status === "playing" && c && c.closedAt === null;
  return {
    name: x.name,
    round: t.tournamentRound({ round: Math.max(1, x.round), rounds: x.rounds }),
    clock:
      x.status === "finished"
        ? t.tournamentOver
        : playing
          ? t.tournamentClock({ elapsed: clockText(now - c.startedAt), expected: clockText(c.deadline - c.startedAt) })
          : t.tournamentRoundOver({ round: x.round }),
    tables: playing ? t.tournamentTables({ done: c.finishedTables, tables: c.tables }) : null,
    heading: x.standings.length ? t.tournamentStandings : t.tournamentNoStandings({ round: Math.max(1, x.round) }),
    rows: x.standings.map((r) => ({ text: t.tournamentRow(r), you: r.you })),
  };
}
