/**
 * The line protocol of `npm run ai:serve`: one JSON request per line (a seat's view, optionally
 * its legal actions), one JSON answer per line (the chosen action). Programs outside this project
 * rarely have our exact SeatView, so a request may leave out everything that can be derived
 * (legal cards, voids, hand sizes, points, who leads…) and may write cards as "QS", "10H", "Q♠"
 * or as our integers. See docs/contributors.md, "Playing against the bots from another program".
 */
import {
  DEFAULT_RULES,
  cardCode,
  isCard,
  legalMasks,
  parseCard,
  parseRules,
  passDirectionFor,
  penaltyValue,
  suitOf,
  validateRules,
  JACK_OF_DIAMONDS,
  QUEEN_OF_SPADES,
  type Action,
  type Card,
  type GameState,
  type Phase,
  type Rules,
  type Seat,
  type SeatView,
  type TrickRecord,
} from "../game/index.js";
import { decide } from "./decide.js";
import { BOT_LEVELS, isBotLevel, type BotLevel } from "./levels.js";

export class ProtocolError extends Error {}

function card(x: unknown, where: string): Card {
  if (isCard(x)) return x;
  if (typeof x === "string") {
    const c = parseCard(x);
    if (c !== null) return c;
  }
  throw new ProtocolError(`${where}: “${String(x)}” is not a card (use "QS", "10H", "Q♠" or 0–51).`);
}

function cardList(x: unknown, where: string): Card[] {
  if (!Array.isArray(x)) throw new ProtocolError(`${where} must be a list of cards.`);
  return x.map((c, i) => card(c, `${where}[${i}]`));
}

const seatOf = (x: unknown, where: string): Seat => {
  if (!Number.isInteger(x) || (x as number) < 0 || (x as number) > 3) throw new ProtocolError(`${where} must be a seat 0–3.`);
  return x as Seat;
};

function rulesOf(x: unknown): Rules {
  if (x === undefined) return { ...DEFAULT_RULES };
  if (typeof x === "string") {
    const r = parseRules(x);
    if (!r.ok) throw new ProtocolError(`rules: ${r.error}`);
    return r.rules;
  }
  if (typeof x === "object" && x !== null) {
    const r = { ...DEFAULT_RULES, ...(x as Partial<Rules>) };
    const err = validateRules(r);
    if (err) throw new ProtocolError(`rules: ${err}`);
    return r;
  }
  throw new ProtocolError('rules must be a preset string such as "omnibus,target=50" or an object of options.');
}

type Loose = Record<string, unknown>;

/** Fills a possibly partial view into a full SeatView, deriving what can be derived. */
export function normalizeView(raw: unknown, legalActions?: unknown): SeatView {
  if (typeof raw !== "object" || raw === null) throw new ProtocolError("view must be an object.");
  const v = raw as Loose;
  const seat = seatOf(v.seat, "view.seat");
  const rules = rulesOf(v.rules);
  const hand = cardList(v.hand ?? [], "view.hand").sort((a, b) => a - b);
  const trick = cardList(v.trick ?? [], "view.trick");
  const handIndex = Number.isInteger(v.handIndex) ? (v.handIndex as number) : 0;
  const phase = (v.phase ?? (v.pendingMoon === seat ? "moon-choice" : "playing")) as Phase;
  if (!["passing", "playing", "moon-choice", "game-over"].includes(phase))
    throw new ProtocolError(`view.phase “${String(phase)}” is not passing, playing or moon-choice.`);
  const rawTricks = (v.tricks ?? []) as unknown[];
  if (!Array.isArray(rawTricks)) throw new ProtocolError("view.tricks must be a list of {leader, cards}.");
  const tricks: TrickRecord[] = rawTricks.map((t, i) => {
    const o = t as Loose;
    const cards = cardList(o?.cards, `view.tricks[${i}].cards`);
    if (cards.length !== 4) throw new ProtocolError(`view.tricks[${i}] must have 4 cards.`);
    const leader = seatOf(o.leader, `view.tricks[${i}].leader`);
    const led = suitOf(cards[0]);
    let best = 0;
    for (let k = 1; k < 4; k++) if (suitOf(cards[k]) === led && cards[k] > cards[best]) best = k;
    const points = cards.reduce((p, c) => p + penaltyValue(rules, c) + (c === JACK_OF_DIAMONDS ? rules.jackOfDiamonds : 0), 0);
    return { leader, cards, winner: ((leader + best) & 3) as Seat, points };
  });
  const trickNumber = tricks.length;
  const turn = phase === "playing" ? (Number.isInteger(v.turn) ? seatOf(v.turn, "view.turn") : seat) : seat;
  const leader = Number.isInteger(v.leader)
    ? seatOf(v.leader, "view.leader")
    : trick.length
      ? (((turn - trick.length) & 3) as Seat)
      : tricks.length
        ? tricks[tricks.length - 1].winner
        : turn;
  const all = [...tricks.flatMap((t) => t.cards), ...trick];
  let heartsBroken = all.some((c) => suitOf(c) === 3 || (c === QUEEN_OF_SPADES && rules.queenBreaksHearts));
  if (typeof v.heartsBroken === "boolean") heartsBroken = v.heartsBroken;
  const voids = [0, 1, 2, 3].map(() => [false, false, false, false]);
  const seen = (l: number, cs: Card[]) =>
    cs.forEach((c, i) => i > 0 && suitOf(c) !== suitOf(cs[0]) && (voids[(l + i) & 3][suitOf(cs[0])] = true));
  tricks.forEach((t) => seen(t.leader, t.cards));
  if (trick.length) seen(leader, trick);
  const handSizes = [0, 1, 2, 3].map((s) => (phase === "passing" ? 13 : 13 - trickNumber - ((s - leader + 4) % 4 < trick.length ? 1 : 0)));
  if (phase !== "passing" && hand.length !== handSizes[seat]) {
    throw new ProtocolError(
      `view.hand has ${hand.length} cards; after ${trickNumber} tricks and ${trick.length} card(s) on the table seat ${seat} should hold ${handSizes[seat]}.`,
    );
  }
  const handPoints = [0, 0, 0, 0];
  const tricksWon = [0, 0, 0, 0];
  for (const t of tricks) {
    handPoints[t.winner] += t.points;
    tricksWon[t.winner]++;
  }
  const start = rules.countdown ?? 0;
  const totals = Array.isArray(v.totals) ? (v.totals as number[]).map(Number) : [start, start, start, start];
  const passDirection = (v.passDirection as SeatView["passDirection"]) ?? passDirectionFor(rules, handIndex);
  const view: SeatView = {
    seat,
    rules,
    phase,
    handIndex,
    dealer: Number.isInteger(v.dealer) ? seatOf(v.dealer, "view.dealer") : (((3 + handIndex) & 3) as Seat),
    passDirection,
    hand,
    legal: [],
    turn,
    leader,
    trick,
    tricks,
    trickNumber,
    heartsBroken,
    handSizes,
    passSubmitted:
      phase === "passing"
        ? [0, 1, 2, 3].map((s) => s !== seat && Boolean((v.passSubmitted as boolean[] | undefined)?.[s]))
        : [true, true, true, true],
    passed: v.passed ? cardList(v.passed, "view.passed") : null,
    received: v.received ? cardList(v.received, "view.received") : null,
    voids,
    handPoints,
    tricksWon,
    totals,
    history: [],
    pendingMoon: phase === "moon-choice" ? seat : null,
    winners: null,
    placements: null,
    actionCount: Number.isInteger(v.actionCount) ? (v.actionCount as number) : trickNumber * 4 + trick.length,
  };
  if (phase === "playing") view.legal = legalOf(view, legalActions);
  return view;
}

function legalOf(view: SeatView, legalActions: unknown): Card[] {
  if (legalActions !== undefined) {
    if (!Array.isArray(legalActions)) throw new ProtocolError("legal must be a list of cards or play actions.");
    const cards = legalActions.map((a, i) => card(typeof a === "object" && a !== null ? (a as Loose).card : a, `legal[${i}]`));
    for (const c of cards) if (!view.hand.includes(c)) throw new ProtocolError(`legal card ${cardCode(c)} is not in view.hand.`);
    if (!cards.length) throw new ProtocolError("legal is empty: there is nothing to choose.");
    return [...new Set(cards)].sort((a, b) => a - b);
  }
  const hands = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (const c of view.hand) hands[view.seat][suitOf(c)] |= 1 << (c % 13);
  const probe = {
    phase: "playing",
    turn: view.seat,
    hands,
    rules: view.rules,
    trickNumber: view.trickNumber,
    trick: view.trick,
    heartsBroken: view.heartsBroken,
  } as unknown as GameState;
  const out = legalMasks(probe, view.seat, [0, 0, 0, 0]);
  const legal: Card[] = [];
  for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) if (out[s] & (1 << r)) legal.push(s * 13 + r);
  return legal;
}

export interface Answer {
  id?: unknown;
  action?: Action;
  /** The chosen card(s) as codes ("QS"), for programs that do not use our integers. */
  card?: string;
  cards?: string[];
  choice?: string;
  pong?: true;
  ms?: number;
  error?: string;
}

/** Answers one request line. Never throws: a bad request gets an { error } answer. */
export function answerLine(line: string, defaults: { level: BotLevel; budgetMs?: number; samples?: number }): Answer | null {
  if (!line.trim()) return null;
  let req: Loose;
  try {
    req = JSON.parse(line) as Loose;
  } catch {
    return { error: "The line is not JSON: send one JSON object per line." };
  }
  if (typeof req !== "object" || req === null || Array.isArray(req)) return { error: "The request must be a JSON object with a view." };
  const id = req.id;
  try {
    if (req.cmd === "ping") return { id, pong: true };
    const level: unknown = req.level ?? defaults.level;
    if (!isBotLevel(level)) throw new ProtocolError(`level must be one of ${BOT_LEVELS.join(", ")}.`);
    const view = normalizeView(req.view, req.legal);
    const started = performance.now();
    const action = decide(view, level, {
      seed: Number.isInteger(req.seed) ? (req.seed as number) : undefined,
      budgetMs: typeof req.budgetMs === "number" ? req.budgetMs : defaults.budgetMs,
      samples: typeof req.samples === "number" ? req.samples : defaults.samples,
    });
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (action.type === "play") return { id, action, card: cardCode(action.card), ms };
    if (action.type === "pass") return { id, action, cards: action.cards.map(cardCode), ms };
    return { id, action, choice: action.choice, ms };
  } catch (err) {
    return { id, error: err instanceof Error ? err.message : String(err) };
  }
}
