/**
 * The Activity page's state (web/state.ts), without a browser: frames and clicks in, what the page
 * draws out. A trick taken is held whole with who takes it, then swept to the taker's side; the
 * hand's scores wait for the last trick's moment; a click while disconnected says nothing was
 * played; the "Reconnected" line is one that fades; passing picks at most three cards.
 */
import { describe, expect, it } from "vitest";
import type { HandInfo, PublicGame, ServerMessage, TableFrame } from "../../src/activity/protocol.js";
import { cardLabel, parseCard } from "../../src/game/cards.js";
import * as state from "../../web/state.js";

const c = (code: string): number => parseCard(code)!;

function game(over: Partial<PublicGame> = {}): PublicGame {
  return {
    phase: "playing",
    version: 10,
    handIndex: 0,
    passDirection: "left",
    turn: 0,
    leader: 0,
    trick: [],
    lastTrick: null,
    taken: null,
    trickNumber: 1,
    heartsBroken: false,
    awaiting: [0],
    pendingMoon: null,
    history: [],
    winners: null,
    placements: null,
    target: 100,
    ...over,
  };
}

function hand(over: Partial<HandInfo> = {}): HandInfo {
  return {
    seat: 0,
    cards: [c("2C"), c("QS"), c("AH")],
    legal: [c("2C")],
    refusals: [{ text: "You must follow suit (♣).", cards: [c("QS"), c("AH")] }],
    passed: null,
    received: null,
    undoCard: null,
    stillOut: null,
    ...over,
  };
}

const NAMES = ["Ana", "Bob", "Carol", "Dave"];

function frame(g: PublicGame | null, h: HandInfo | null = hand()): TableFrame {
  return {
    id: "t1",
    status: g ? "playing" : "lobby",
    seats: NAMES.map((name, seat) => ({
      seat,
      name,
      bot: seat === 3,
      total: seat * 2,
      handPoints: seat,
      handSize: 13,
      passed: false,
      deadline: null,
      avatar: seat === 1 ? "100000000000000001/0f1e2d3c4b5a69788796a5b4c3d2e1f0" : null,
      id: seat === 3 ? null : `10000000000000000${seat}`,
    })),
    game: g,
    hand: h,
    host: "100000000000000000",
    botLevel: "medium",
    hintsAllowed: true,
    undo: false,
    fourColour: false,
    rematch: true,
  };
}

/** A page signed in (in `locale`) and shown `f`. */
function shown(f: TableFrame, locale: "en" | "fr" = "en"): state.PageState {
  let s = state.initialState(null);
  s = state.receive(s, { t: "welcome", session: "s", you: { id: "1", name: "Ana" }, locale, resumed: false }).state;
  return state.receive(s, { t: "table", table: f }).state;
}

const tableMsg = (f: TableFrame): ServerMessage => ({ t: "table", table: f });

describe("the Activity page's state", () => {
  it("lights the legal cards and gives each other card the reason the frame gave", () => {
    const s = shown(frame(game()));
    const h = state.handShown(s);
    expect(h.cards.map((x) => [cardLabel(x.card), x.playable, x.reason])).toEqual([
      ["2♣", true, null],
      ["Q♠", false, "You must follow suit (♣)."],
      ["A♥", false, "You must follow suit (♣)."],
    ]);
    expect(h.cards[0].label).toBe("Play 2♣");
    expect(state.headline(s)).toBe("Your turn");
    expect(state.pageFacts(s)).toEqual({ phase: "playing", version: 10, waiting: true });
  });

  it("says whose turn it is in the person's language, French elision from the catalogue", () => {
    expect(state.headline(shown(frame(game({ turn: 0, awaiting: [0] }), hand({ seat: 1 })), "fr"))).toBe("Au tour d'Ana");
    expect(state.headline(shown(frame(game({ turn: 1, awaiting: [1] })), "fr"))).toBe("Au tour de Bob");
  });

  it("puts you at the bottom and the others clockwise; a spectator sees seat 0 at the bottom", () => {
    const mine = shown(frame(game(), hand({ seat: 2 })));
    expect([0, 1, 2, 3].map((n) => state.seatShown(mine, n).place)).toEqual(["top", "right", "bottom", "left"]);
    const watching = shown(frame(game(), null));
    expect([0, 1, 2, 3].map((n) => state.seatShown(watching, n).place)).toEqual(["bottom", "left", "top", "right"]);
    expect(state.seatShown(watching, 3)).toMatchObject({ name: "Dave", bot: true, initial: "D", score: { text: "6 pts (+3)" } });
  });

  it("holds a trick just taken whole with its taker, then sweeps it to the taker's side, then shows the next trick", () => {
    let s = shown(frame(game({ trick: [c("2C"), c("3C"), c("4C")], leader: 1, turn: 0 })));
    expect(state.trickShown(s).cards.map((x) => x.place)).toEqual(["left", "top", "right"]);
    const taken = { leader: 1, cards: [c("2C"), c("3C"), c("4C"), c("AC")], winner: 0, trickNumber: 1, claimed: 0 };
    // The frame that completed the trick already shows the next one (Ana leads it).
    const r = state.receive(s, tableMsg(frame(game({ version: 11, trick: [], leader: 0, trickNumber: 2, taken }))));
    expect(r.hold).toEqual(taken);
    s = r.state;
    let t = state.trickShown(s);
    expect(t.cards.length).toBe(4);
    expect(t.cards.find((x) => x.won)).toMatchObject({ card: c("AC"), place: "bottom" });
    expect(t.taken).toEqual({ trickNumber: 1, taker: "Ana takes the trick", sweepTo: null });
    // The next leader's card comes meanwhile: the trick taken stays until its moment ends.
    s = state.receive(s, tableMsg(frame(game({ version: 12, trick: [c("5D")], leader: 0, trickNumber: 2, taken: null })))).state;
    expect(state.trickShown(s).cards.length).toBe(4);
    s = state.sweepMoment(s);
    expect(state.trickShown(s).taken?.sweepTo).toBe("bottom");
    s = state.endMoment(s);
    t = state.trickShown(s);
    expect(t.taken).toBeNull();
    expect(t.cards.map((x) => x.card)).toEqual([c("5D")]);
  });

  it("does not hold the same trick again when a frame of the same version comes again (a resume)", () => {
    const taken = { leader: 0, cards: [c("2C"), c("3C"), c("4C"), c("AC")], winner: 3, trickNumber: 0, claimed: 0 };
    const f = frame(game({ version: 11, taken }));
    const s = state.receive(shown(frame(game())), tableMsg(f)).state;
    expect(state.receive(state.endMoment(s), tableMsg(f)).hold).toBeNull();
  });

  it("shows a hand's scores once its last trick has had its moment, and once only", () => {
    const taken = { leader: 0, cards: [c("2H"), c("3H"), c("4H"), c("AH")], winner: 2, trickNumber: 12, claimed: 0 };
    const history = [{ handIndex: 0, change: [0, 4, 22, 0], totals: [0, 4, 22, 0] }];
    let s = shown(frame(game({ trickNumber: 12 })));
    s = state.receive(s, tableMsg(frame(game({ version: 11, phase: "passing", handIndex: 1, trickNumber: 0, history, taken })))).state;
    expect(state.trickShown(s).taken?.taker).toBe("Carol takes the trick");
    expect(state.overlay(s)).toBeNull();
    s = state.endMoment(s);
    expect(state.overlay(s)).toBe("scores");
    expect(state.scoreRows(s)).toEqual({ names: NAMES, rows: [{ hand: 1, cells: ["0 (+0)", "4 (+4)", "22 (+22)", "0 (+0)"] }] });
    s = { ...s, scoresSeen: 1 };
    expect(state.overlay(s)).toBeNull();
  });

  it("says who takes the rest when the hand is claimed, with the trick that ended it", () => {
    const taker = (taken: state.Taken, locale: "en" | "fr" = "en") =>
      state.trickShown(state.receive(shown(frame(game()), locale), tableMsg(frame(game({ version: 11, taken })))).state).taken?.taker;
    const trick = { leader: 2, cards: [c("2C"), c("3C"), c("AC"), c("4C")], winner: 0, trickNumber: 9, claimed: 3 };
    expect(taker(trick)).toBe("Ana takes the trick and the 3 left");
    expect(taker(trick, "fr")).toBe("Ana remporte le pli et les 3 restants");
    expect(taker({ ...trick, claimed: 1 })).toBe("Ana takes the trick and the last one");
    // No trick shown (none ended the hand): only the claim.
    expect(taker({ leader: 1, cards: [], winner: 1, trickNumber: 10, claimed: 3 })).toBe("Bob takes the last 3 tricks");
    expect(taker({ leader: 1, cards: [], winner: 1, trickNumber: 10, claimed: 3 }, "fr")).toBe("Bob remporte les 3 derniers plis");
  });

  it("names whom you pass to, as the chat does, in the person's language", () => {
    const passing = (dir: PublicGame["passDirection"], seat: number, locale: "en" | "fr" = "en") =>
      state.headline(shown(frame(game({ phase: "passing", passDirection: dir, awaiting: [0, 1, 2, 3] }), hand({ seat })), locale));
    expect(passing("left", 0)).toBe("Pass 3 cards to Bob");
    expect(passing("right", 0)).toBe("Pass 3 cards to Dave");
    expect(passing("across", 3)).toBe("Pass 3 cards to Bob");
    expect(passing("left", 3)).toBe("Pass 3 cards to Ana");
    expect(passing("left", 2, "fr")).toBe("Passez 3 cartes à Dave");
    expect(passing("hold", 0)).toBe("No passing this hand");
    // A spectator is told the direction.
    expect(state.headline(shown(frame(game({ phase: "passing", passDirection: "left" }), null)))).toBe("Pass 3 cards to the left");
  });

  it("shows a seat's Discord avatar through the CDN's mapped path when the frame gives one, else the initial", () => {
    const s = shown(frame(game()));
    expect(state.seatShown(s, 1)).toMatchObject({
      avatar: "avatars/100000000000000001/0f1e2d3c4b5a69788796a5b4c3d2e1f0.png?size=64",
      initial: "B",
    });
    expect(state.seatShown(s, 2)).toMatchObject({ avatar: null, initial: "C" });
  });

  it("picks at most three cards to pass, and forgets them once the pass is in", () => {
    const passing = game({ phase: "passing", awaiting: [0, 1, 2, 3] });
    const four = [c("2C"), c("3C"), c("4C"), c("5C")];
    let s = shown(frame(passing, hand({ cards: four, legal: four, refusals: [] })));
    for (const card of four) s = state.togglePick(s, card);
    expect(s.picked).toEqual(four.slice(0, 3));
    expect(state.handShown(s).pass).toEqual({ label: "Pass these 3 cards", ready: true });
    s = state.togglePick(s, four[1]);
    expect(state.handShown(s).pass).toEqual({ label: "Pick 1 more card", ready: false });
    s = state.receive(
      s,
      tableMsg(frame({ ...passing, version: 11 }, hand({ cards: four, legal: four, refusals: [], passed: four.slice(0, 3) }))),
    ).state;
    expect(s.picked).toEqual([]);
    expect(state.handShown(s).pass).toBeNull();
    expect(state.headline(s)).toBe("Waiting for the others to pass…");
  });

  it("dims the hand while not connected, and a click then says nothing was played", () => {
    let s = shown(frame(game()));
    expect(state.handShown({ ...s, online: true }).offline).toBe(false);
    s = state.connectionLost(s);
    expect(state.handShown(s).offline).toBe(true);
    expect(s.line).toEqual({ text: "Connection lost: reconnecting…", tone: "note" });
    s = state.offlineClick(s);
    expect(s.line).toEqual({ text: "Not connected: nothing was played. Reconnecting…", tone: "refusal" });
    // Back: the line says so, and is one that fades.
    s = state.receive(s, { t: "welcome", session: "s2", you: { id: "1", name: "Ana" }, locale: "en", resumed: true }).state;
    expect(s.line).toEqual({ text: "Reconnected: the table is as it is now.", tone: "note fade" });
  });

  it("clears a refusal once the game moves on, and a hint once the version changes", () => {
    let s = shown(frame(game()));
    s = state.refuse(s, "You must follow suit (♣).");
    s = state.receive(s, { t: "hint", cards: [c("2C")] }).state;
    expect(s.line?.text).toBe("The strongest computer player would play 2♣.");
    expect(state.handShown(s).cards[0].hinted).toBe(true);
    s = state.refuse(s, "You must follow suit (♣).");
    s = state.receive(s, tableMsg(frame(game({ version: 11 })))).state;
    expect(s.line).toBeNull();
    expect(state.handShown(s).cards[0].hinted).toBe(false);
  });

  it("places the game-over lines as the catalogue words them, in both languages", () => {
    const over = game({ phase: "game-over", winners: [2], placements: [2, 3, 1, 4] });
    expect(state.placings(shown(frame(over)))).toEqual({
      winner: "Won by Carol",
      lines: ["1st Carol: 4 pts", "2nd Ana: 0 pts", "3rd Bob: 2 pts", "4th Dave: 6 pts"],
    });
    expect(state.placings(shown(frame(over), "fr")).lines[0]).toBe("1er Carol : 4 points");
  });

  it("offers the tools the frame allows, the person's own deck style over the table's", () => {
    const s = shown(frame(game({ lastTrick: { leader: 0, cards: [0, 1, 2, 3], winner: 0 } }), hand({ undoCard: c("2C") })));
    expect(state.tools(s).map((x) => x.kind)).toEqual(["hint", "undo", "last", "four", "rules"]);
    expect(state.fourColours(s)).toBe(false);
    expect(state.fourColours({ ...s, fourMine: true })).toBe(true);
    expect(state.tools(shown(frame(game({ turn: 1, awaiting: [1] })))).map((x) => x.kind)).toEqual(["four", "rules"]);
  });
});

describe("the tournament panel", () => {
  const info = (over: Partial<NonNullable<Extract<ServerMessage, { t: "tournament" }>["tournament"]>> = {}) => ({
    id: "t1",
    name: "Friday night",
    status: "playing" as const,
    round: 2,
    rounds: 3,
    clock: { startedAt: 1_000_000, deadline: 1_000_000 + 16 * 60_000, closedAt: null, tables: 4, finishedTables: 1 },
    standings: [
      { place: 1, name: "Ann", percent: 62.5, you: false },
      { place: 2, name: "Bob", percent: 55, you: false },
      { place: 2, name: "Cy", percent: 55, you: false },
      { place: 7, name: "Dee", percent: 41.25, you: true },
    ],
    ...over,
  });
  const withPanel = (locale: "en" | "fr", tournament: ReturnType<typeof info> | null) => {
    const welcomed = state.receive(state.initialState(null), {
      t: "welcome",
      session: "s",
      you: { id: "u", name: "Dee" },
      locale,
      resumed: false,
    });
    return state.receive(welcomed.state, { t: "tournament", tournament }).state;
  };

  it("says the round, its clock at the moment asked, the tables done and the standings with your row marked, in each language", () => {
    const at = 1_000_000 + 12 * 60_000 + 5_000;
    expect(state.tournamentShown(withPanel("en", info()), at)).toEqual({
      name: "Friday night",
      round: "Round 2 of 3",
      clock: "12:05 of about 16:00",
      tables: "1 of 4 tables done",
      heading: "Standings",
      rows: [
        { text: "1. Ann · 62.5%", you: false },
        { text: "2. Bob · 55.0%", you: false },
        { text: "2. Cy · 55.0%", you: false },
        { text: "7. Dee · 41.3%", you: true },
      ],
    });
    const fr = state.tournamentShown(withPanel("fr", info()), at)!;
    expect([fr.round, fr.clock, fr.tables, fr.rows[0].text]).toEqual([
      "Tour 2 sur 3",
      "12:05 sur environ 16:00",
      "1 table sur 4 terminée",
      "1. Ann · 62,5\u202f%",
    ]);
  });

  it("says when the round is over, or the tournament, and has no standings before a round closed; none for an ordinary table", () => {
    const clock = { startedAt: 1_000_000, deadline: 1_000_000 + 16 * 60_000, closedAt: 2_000_000, tables: 4, finishedTables: 4 };
    const closed = info({ clock, round: 1, standings: [] });
    expect(state.tournamentShown(withPanel("en", closed), 3_000_000)).toMatchObject({
      clock: "Round 1 is over: the next one opens soon.",
      tables: null,
      heading: "Standings come when round 1 is over.",
      rows: [],
    });
    expect(state.tournamentShown(withPanel("en", info({ status: "finished" })), 3_000_000)!.clock).toBe("The tournament is over.");
    expect(state.tournamentShown(withPanel("en", null), 0)).toBeNull();
    expect(state.clockText(3_723_000)).toBe("1:02:03");
  });
});
