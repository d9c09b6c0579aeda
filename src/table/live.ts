/**
 * A table in memory, as only src/table handles it: its record, its game's full state (every hidden
 * card), its queue, timers and turn. And the views the front end gets instead: immutable, with the
 * public view of the game and, for a person, the view of the seat they hold, never the state
 * (secrecy by type, as boardgame.io's playerView). A lint rule keeps src/discord from importing this module.
 */
import { awaiting, publicView, viewFor, type Action, type GameState, type PublicView, type Seat, type SeatView } from "../game/index.js";
import type { TimerHandle } from "./clock.js";
import { SerialQueue } from "./queue.js";
import type { StoredTable, TableRecord } from "./records.js";
import { isBotSeat, seatOf } from "./seats.js";
import { deadlineOf, type TurnStart } from "./turn-clock.js";
import { sawFace } from "./faces.js";
import { refuse, type Actor, type Outcome, type TableView, type UndoMark } from "./types.js";
import { sentence } from "../i18n/index.js";

/**
 * The live table. Its record, state and undo mark are replaced at each change, never changed in
 * place, so a view taken earlier keeps what it showed.
 */
export interface LiveTable {
  record: StoredTable;
  state: GameState | null;
  queue: SerialQueue;
  /** The turn in progress (or the passing phase) and when it started: timers and the time bank. */
  turn: TurnStart | null;
  /** Each seat's last accepted action, to tell a double click from a stale menu. */
  last: ({ seq: number; action: Action } | null)[];
  /** The scheduler's one timer for the turn (scheduler.ts), and the idle lobby's. */
  timers: { turn: TimerHandle | null; lobby: TimerHandle | null };
  closed: boolean;
  undone: UndoMark | null;
  /** Moves on at each undo: a computer player's move worked out before it is dropped. */
  epoch: number;
  /** The avatar hashes of people who acted here (faces.ts), by user id: in memory only. */
  faces: Map<string, string>;
}

export function newLive(record: StoredTable): LiveTable {
  return {
    record,
    state: null,
    queue: new SerialQueue(),
    turn: null,
    last: [null, null, null, null],
    timers: { turn: null, lobby: null },
    closed: false,
    undone: null,
    epoch: 0,
    faces: new Map(),
  };
}

/** What stands behind each view: the state it was taken from, and the live table it shows (if any). */
const behind = new WeakMap<TableView, { state: GameState | null; live: LiveTable | null }>();

/**
 * A view of (record, state): what the front end reads. The public view is worked out on first
 * read; a person's seat view on each request, only for the seat the record says they hold.
 * `deadlines`: each seat's, when the game waits for it.
 */
export function tableView(
  record: TableRecord | StoredTable,
  state: GameState | null,
  extras: { undone?: UndoMark | null; deadlines?: readonly (number | null)[]; live?: LiveTable } = {},
): TableView {
  let game: PublicView | null | undefined;
  const deadlines = extras.deadlines ?? [];
  const view: TableView = Object.freeze({
    record: withoutDeal(record),
    get game() {
      if (game === undefined) game = state ? publicView(state) : null;
      return game;
    },
    awaiting: Object.freeze(state ? awaiting(state) : []),
    undone: extras.undone ?? null,
    handOf: (userId: string) => {
      const mine = state ? seatOf(record.seats, userId) : undefined;
      return mine ? viewFor(state!, mine.seat as Seat) : null;
    },
    deadline: (seat: number) => deadlines[seat] ?? null,
    faceOf: (userId: string) => extras.live?.faces.get(userId) ?? null,
  });
  behind.set(view, { state, live: extras.live ?? null });
  return view;
}

/** The record a front end reads: the deal key stays with the table domain (its secret deals every card). */
function withoutDeal(record: TableRecord | StoredTable): TableRecord {
  if (!("deal" in record)) return record;
  const { deal: _deal, ...rest } = record;
  return rest;
}

/** The last view of each live table, and what it was taken from. */
const lastView = new WeakMap<LiveTable, { from: ViewInputs; view: TableView }>();
type ViewInputs = Pick<LiveTable, "record" | "state" | "undone" | "turn" | "closed">;

/**
 * The live table as it is now, as the front end may read it. A view is made of the live table's
 * record, state, undo mark, turn and closed flag only, each replaced at a change, never changed in
 * place: while none was replaced, the last view is the same picture and is given again (a move's
 * announcement and the answer to the click that made it share one view and its public part).
 */
export function viewOf(live: LiveTable): TableView {
  const last = lastView.get(live);
  if (last && sameInputs(last.from, live)) return last.view;
  const view = tableView(live.record, live.state, {
    undone: live.undone,
    deadlines: [0, 1, 2, 3].map((seat) => seatDeadline(live, seat)),
    live,
  });
  const { record, state, undone, turn, closed } = live;
  lastView.set(live, { from: { record, state, undone, turn, closed }, view });
  return view;
}

const sameInputs = (a: ViewInputs, b: ViewInputs): boolean =>
  a.record === b.record && a.state === b.state && a.undone === b.undone && a.turn === b.turn && a.closed === b.closed;

/** The same table as it is now (a view is taken once; the game moves on). A view of no live table stays as it is. */
export function currentView(view: TableView): TableView {
  const live = behind.get(view)?.live;
  return live ? viewOf(live) : view;
}

/** The live table a view shows (the service acts on it without looking it up again); null for a view of a table read from the store. */
export function liveBehind(view: TableView): LiveTable | null {
  return behind.get(view)?.live ?? null;
}

/**
 * The full state a view was taken from, hidden cards included: for the table domain's tests and
 * tools, never for a front end (src/discord may not import this module).
 */
export function stateBehind(view: TableView): GameState | null {
  return behind.get(view)?.state ?? null;
}

/** When the seat's time runs out (ms since the epoch), or null when it is not waited for (or a computer player holds it). */
function seatDeadline(live: LiveTable, seat: number): number | null {
  if (!live.turn || !live.state || live.closed || !awaiting(live.state).includes(seat)) return null;
  const rec = live.record.seats.find((s) => s.seat === seat);
  if (isBotSeat(rec)) return null;
  return deadlineOf(live.turn, live.record.settings, live.state, live.record.timeBank[seat]);
}

/**
 * An accepted action's outcome: the table as it is now, and the acting seat's view, worked out only
 * if the front end reads it (the chat side's answer does, the Activity's does not).
 */
export function actedOutcome(live: LiveTable, seat: Seat): { ok: true; table: TableView; readonly view: SeatView } {
  const state = live.state!;
  let view: SeatView | undefined;
  return {
    ok: true,
    table: viewOf(live),
    get view() {
      return (view ??= viewFor(state, seat));
    },
  };
}

/** The seat's private view at an open table, for its own menu; refused when there is no table, seat or deal. */
/** The seat `actor` holds at the table, if any: a seated person's face is then the table's to show (faces.ts). */
export function seatedActor(live: LiveTable, actor: Actor): ReturnType<typeof seatOf> {
  const mine = seatOf(live.record.seats, actor.userId);
  if (mine) sawFace(live, actor);
  return mine;
}

export function seatViewAt(live: LiveTable | null, actor: Actor): Outcome<{ table: TableView; view: SeatView }> {
  if (!live) return refuse("no-table", sentence("refusals", "noTableShort"));
  const mine = seatedActor(live, actor);
  if (!mine) return refuse("not-seated", sentence("refusals", "notPlaying"));
  if (!live.state) return refuse("not-started", sentence("refusals", "notStartedDeal"));
  return { ok: true, table: viewOf(live), view: viewFor(live.state, mine.seat as Seat) };
}
