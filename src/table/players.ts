/**
 * Who acts for a seat. One interface for the three (cards-ts's handlers): a person, a computer
 * player, and the turn clock's stand-in for a person whose time ran out. Each says when it acts
 * unasked, decides from the seat's view alone (a SeatView by type), and says what it does when its
 * action is refused; the scheduler (scheduler.ts) drives them all the same way.
 *
 * BotPlayer is the computer players' engine as the table sees it (src/ai's worker pool): one
 * asynchronous decision per turn, plus hints and reviews.
 */
import { cardCode, cardLabel, decisionSeed, type Action, type DealKey, type GameState, type SeatView } from "../game/index.js";
import { sentence, type Sentence } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { BotLevel, SeatRecord } from "./records.js";
import type { DecisionReview } from "../ai/review.js";
import { refuse, type ActionSource, type Refusal } from "./types.js";

export interface BotPlayer {
  /**
   * `background`: nobody waits for it at a table (BotPool: the low-priority review worker).
   * `daily`: the daily challenge's computer players (BotPool: their own bounded lane; refused when full).
   */
  decide(
    view: SeatView,
    level: BotLevel,
    opts?: { seed?: number; budgetMs?: number; samples?: number; background?: boolean; daily?: boolean },
  ): Promise<Action>;
  /**
   * The strongest player's suggestion for a person (BotPool: behind every computer move, one at a
   * time per `key`, repeated positions from a cache); without it, a hard decision.
   */
  hint?(view: SeatView, opts: { key: string; seed?: number }): Promise<Action>;
  /** The hard player's review of a person's decision, at low priority (BotPool); without it, worked out here. */
  review?(view: SeatView, chosen: Action, opts: { seed: number; samples?: number }): Promise<DecisionReview>;
  close?(): Promise<void> | void;
}

/** The simplest legal player: lowest legal card, first three cards, moon "add". */
export function firstLegalAction(view: SeatView): Action {
  if (view.phase === "passing") return { type: "pass", seat: view.seat, cards: view.hand.slice(0, 3) };
  if (view.phase === "moon-choice") return { type: "moon", seat: view.seat, choice: "add" };
  return { type: "play", seat: view.seat, card: view.legal[0] };
}

export const firstLegalPlayer: BotPlayer = {
  decide: async (view) => firstLegalAction(view),
};

/** The times a player's moment is reckoned from, on the turn in progress. */
export interface TurnTimes {
  /** When the scheduler last looked at the table (after the latest change). */
  plannedAt: number;
  /** When the seat's time runs out (the turn clock); Infinity when no clock runs for it. */
  deadline: number;
}

/** Someone who acts for a seat. */
export interface Player {
  /** How its action is stored and announced. */
  readonly source: ActionSource;
  /**
   * Whether it decides with the table held, so nothing else is applied meanwhile: a person's click,
   * and the stand-in whose person's time is up (a click arriving after the deadline never wins). A
   * computer player thinks while the table goes on, and its move is dropped if the turn moved on.
   */
  readonly holdsTable: boolean;
  /** When it acts without being asked (ms since the epoch); null: only when it chooses to (a person's click). */
  dueAt(times: TurnTimes): number | null;
  /** Its action, from what the seat may see. */
  decide(view: SeatView): Promise<Action>;
  /** When `action` was refused: another to try instead (from the seat's view now), or null, and the refusal is the answer. */
  insteadOf(refused: Refusal, action: Action, view: SeatView): Action | null;
}

/** A person, acting when they click: the click is their decision, and a refusal goes back to them with its reason. */
export function person(action: Action): Player {
  return {
    source: "player",
    holdsTable: true,
    dueAt: () => null,
    decide: () => Promise.resolve(action),
    insteadOf: () => null,
  };
}

/**
 * Whether a person's click still counts, from a menu built at `version` (the action count it
 * showed): a play or moon choice needs the exact version; a pass only the same passing phase,
 * since the others' passes move the count without changing this seat's choice. A second click
 * of what was just done is told so; a seat a computer player took over is not the person's to
 * play until they rejoin. Null: it counts.
 */
export function clickRefusal(
  state: GameState,
  seat: SeatRecord,
  last: { seq: number; action: Action } | null,
  action: Action,
  version: number,
): Refusal | null {
  if (last && last.seq >= version && sameAction(last.action, action)) return refuse("duplicate", alreadyDone(last.action));
  const passPhaseStart = state.actionCount - state.passes.filter((p) => p !== null).length;
  const fresh =
    action.type === "pass"
      ? state.phase === "passing" && version >= passPhaseStart && version <= state.actionCount
      : version === state.actionCount;
  if (!fresh) return refuse("stale", sentence("refusals", version > state.actionCount ? "notThisGame" : "stale"));
  if (seat.botControlled) return refuse("not-seated", sentence("refusals", "timedOutSeat"));
  return null;
}

/** A repeated click's answer: what was already done. */
function alreadyDone(action: Action): Sentence {
  switch (action.type) {
    case "play":
      return sentence("refusals", "duplicatePlay", { card: cardCode(action.card) });
    case "pass":
      return sentence("refusals", "duplicatePass", { cards: action.cards.map(cardCode).join(" ") });
    case "moon":
      return sentence("refusals", "duplicateMoon", { choice: action.choice });
  }
}

function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  if (a.type === "play" && b.type === "play") return a.card === b.card;
  if (a.type === "moon" && b.type === "moon") return a.choice === b.choice;
  if (a.type === "pass" && b.type === "pass") return a.cards.length === b.cards.length && a.cards.every((c) => b.cards.includes(c));
  return false;
}

/** Where a stand-in's log lines say they come from. */
interface At {
  log: Logger;
  tableId: string;
}

/** A decision of the AI for the seat's view, seeded from the table's deal key and the move (reproducible from the log). */
const decideFor = (bots: BotPlayer, level: BotLevel, deal: DealKey, view: SeatView) =>
  bots.decide(view, level, { seed: decisionSeed(deal, "bot", view.actionCount) });

/**
 * A computer player holding a seat (one of the table's, or a person's seat it took over): it acts
 * after the table's short delay. If the AI fails, or chooses an action the engine refuses (a bug),
 * the first legal card is played and the table goes on.
 */
export class ComputerPlayer implements Player {
  readonly source = "bot";
  readonly holdsTable = false;

  constructor(
    private readonly bots: BotPlayer,
    private readonly level: BotLevel,
    /** The table's deal key (its decisions' seeds derive from it). */
    private readonly deal: DealKey,
    private readonly delayMs: number,
    private readonly at: At,
  ) {}

  dueAt(times: TurnTimes): number {
    return times.plannedAt + this.delayMs;
  }

  async decide(view: SeatView): Promise<Action> {
    try {
      return await decideFor(this.bots, this.level, this.deal, view);
    } catch (err) {
      this.at.log.error({ table: this.at.tableId, seat: view.seat, err }, "computer player failed; playing the first legal card");
      return firstLegalAction(view);
    }
  }

  insteadOf(refused: Refusal, action: Action, view: SeatView): Action | null {
    // Anything but the engine's refusal (the log moved on elsewhere): the turn has gone, nothing to do.
    if (refused.code !== "illegal") return null;
    this.at.log.error(
      { table: this.at.tableId, seat: view.seat, action: describeAction(action), reason: refused.say.key },
      "computer player chose an illegal action",
    );
    return firstLegalAction(view);
  }
}

/**
 * The turn clock standing in for a person whose time (the turn's allowance, then their time bank)
 * ran out: a computer player of the table's level acts for them, once, and the seat stays theirs
 * (after repeated timeouts the table hands it to a computer player: commit.ts).
 */
export class TurnTimeout implements Player {
  readonly source = "timeout";
  readonly holdsTable = true;

  constructor(
    private readonly bots: BotPlayer,
    private readonly level: BotLevel,
    private readonly deal: DealKey,
    private readonly at: At,
  ) {}

  dueAt(times: TurnTimes): number {
    return times.deadline;
  }

  async decide(view: SeatView): Promise<Action> {
    const action = await decideFor(this.bots, this.level, this.deal, view).catch(() => firstLegalAction(view));
    this.at.log.info({ table: this.at.tableId, seat: view.seat }, "turn timed out; a computer player acts");
    return action;
  }

  insteadOf(_refused: Refusal, _action: Action, view: SeatView): Action {
    return firstLegalAction(view);
  }
}

export function describeAction(action: Action): string {
  switch (action.type) {
    case "play":
      return `played ${cardLabel(action.card)}`;
    case "pass":
      return `passed ${action.cards.map(cardLabel).join(" ")}`;
    case "moon":
      return action.choice === "add" ? "gave the moon's points to the others" : "took the moon's points off your own score";
  }
}
