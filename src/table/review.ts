/**
 * Game review: replays a finished game and, at each of the person's decisions (passes and plays
 * with a real choice), asks the hard player what it prefers and what the person's choice cost in
 * points (src/ai/review.ts, through the pool's low-priority lane). Keeps the 3 costliest, with
 * what the person saw there (their hand, the trick): nothing of the other hidden hands.
 */
import type { Sentence } from "../i18n/index.js";
import type { TournamentStore } from "./store.js";
import { dealsHidden } from "./tournament/integrity.js";
import {
  createGame,
  decisionSeed,
  step,
  viewFor,
  type Action,
  type Card,
  type DealKey,
  type PassDirection,
  type Rules,
  type Seat,
  type SeatView,
} from "../game/index.js";
import { distinctPlays } from "../ai/hard.js";
import { REVIEW_SAMPLES, reviewDecision, type DecisionReview } from "../ai/review.js";
import type { StoredAction } from "./store.js";
import type { FinishedGame, StoredTable } from "./records.js";
import type { BotPlayer } from "./players.js";

export interface ReviewedDecision extends DecisionReview {
  handIndex: number;
  trickNumber: number;
  passDirection: PassDirection;
  /** What the person saw: their hand before the decision, the trick on the table, who led it. */
  hand: Card[];
  trick: Card[];
  leader: Seat;
  seat: Seat;
}

export interface GameReview {
  /** Decisions reviewed (forced plays are not decisions). */
  decisions: number;
  /** Of those, how many matched the expert's choice. */
  matched: number;
  /** Estimated points lost over the game (positive costs only). */
  totalCost: number;
  /** The costliest decisions, most costly first (at most 3, only those that cost something). */
  top: ReviewedDecision[];
}

export type Reviewer = (view: SeatView, chosen: Action, seed: number) => Promise<DecisionReview>;

/** The smallest cost worth showing (below this the two choices are as good as equal). */
export const COST_SHOWN = 0.25;

/** Reviews every decision `seat` made in the game (rules, deal key, actions). */
export async function reviewGame(
  rules: Rules,
  deal: DealKey | number,
  actions: readonly Action[],
  seat: Seat,
  review: Reviewer,
  limit = 3,
): Promise<GameReview> {
  const state = createGame(rules, deal);
  const all: ReviewedDecision[] = [];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.seat === seat && (a.type === "pass" || a.type === "play")) {
      const view = viewFor(state, seat);
      const real = a.type === "pass" ? view.passDirection !== "hold" : distinctPlays(view).length > 1;
      if (real) {
        const r = await review(view, a, decisionSeed(state.deal, "review", i)!);
        all.push({
          ...r,
          handIndex: view.handIndex,
          trickNumber: view.trickNumber,
          passDirection: view.passDirection,
          hand: view.hand.slice(),
          trick: view.trick.slice(),
          leader: view.leader,
          seat,
        });
      }
    }
    const reason = step(state, a, null);
    if (reason) throw new Error(`the game does not replay at action ${i}: ${reason}`);
  }
  const costly = all.filter((d) => !d.same && d.cost >= COST_SHOWN).sort((x, y) => y.cost - x.cost);
  return {
    decisions: all.length,
    matched: all.filter((d) => d.same).length,
    totalCost: Math.round(costly.reduce((s, d) => s + d.cost, 0) * 10) / 10,
    top: costly.slice(0, limit),
  };
}

export interface ReviewStore {
  listFinishedGames(guildId: string, limit?: number): Promise<FinishedGame[]>;
  getTable(id: string): Promise<StoredTable | null>;
  loadActions(tableId: string): Promise<StoredAction[]>;
  getCached(kind: string, key: string): Promise<string | null>;
  putCached(kind: string, key: string, value: string): Promise<void>;
}

/** A game to review: its rules, deal key, actions and the person's seat. */
export interface ReviewSource {
  key: string;
  rules: Rules;
  deal: DealKey;
  actions: Action[];
  seat: Seat;
}

export type ReviewOutcome =
  | { ok: true; review: GameReview; source: string }
  | { ok: false; code: "no-game" | "busy" | "pending" }
  /** A tournament round's deal, while another table of the round still plays it (./tournament/integrity.ts). */
  | { ok: false; code: "hidden"; say: Sentence };

/**
 * Reviews on demand: one in flight per person, a few at once in all (each is seconds of CPU on the
 * pool's lowest lane), and each kept in the store per game and person.
 */
export class ReviewService {
  private readonly running = new Map<string, Promise<ReviewOutcome>>();

  constructor(
    private readonly deps: {
      store: ReviewStore;
      bots: BotPlayer;
      samples?: number;
      maxRunning?: number;
      /** The tournaments' rounds: a round's deals are not reviewed before it closes. */
      tournaments?: Pick<TournamentStore, "tableRound">;
    },
  ) {}

  /** The person's last finished table game on the server, or null. */
  async lastGame(guildId: string, userId: string): Promise<ReviewSource | null> {
    const games = await this.deps.store.listFinishedGames(guildId, 200);
    const game = games.find((g) => g.players.some((p) => p.userId === userId));
    if (!game) return null;
    const table = await this.deps.store.getTable(game.tableId);
    if (!table) return null;
    const actions = (await this.deps.store.loadActions(game.tableId)).map((a) => a.action);
    return {
      key: `table:${game.tableId}`,
      rules: table.rules,
      deal: table.deal,
      actions,
      seat: game.players.find((p) => p.userId === userId)!.seat as Seat,
    };
  }

  async review(userId: string, source: ReviewSource): Promise<ReviewOutcome> {
    const hidden =
      source.key.startsWith("table:") && this.deps.tournaments ? await dealsHidden(this.deps.tournaments, source.key.slice(6)) : null;
    if (hidden) return { ok: false, code: "hidden", say: hidden };
    const cacheKey = `${source.key}|${userId}`;
    const cached = await this.deps.store.getCached("review", cacheKey);
    if (cached) return { ok: true, review: JSON.parse(cached) as GameReview, source: source.key };
    if (this.running.has(userId)) return { ok: false, code: "pending" };
    if (this.running.size >= (this.deps.maxRunning ?? 2)) return { ok: false, code: "busy" };
    const work = (async (): Promise<ReviewOutcome> => {
      const review = await reviewGame(source.rules, source.deal, source.actions, source.seat, this.reviewer());
      await this.deps.store.putCached("review", cacheKey, JSON.stringify(review));
      return { ok: true, review, source: source.key };
    })().finally(() => this.running.delete(userId));
    this.running.set(userId, work);
    return work;
  }

  private reviewer(): Reviewer {
    const samples = this.deps.samples ?? REVIEW_SAMPLES;
    const bots = this.deps.bots;
    if (bots.review) return (view, chosen, seed) => bots.review!(view, chosen, { seed, samples });
    // Without a pool (tests, the terminal game): here, one decision per turn of the event loop.
    return async (view, chosen, seed) => {
      await new Promise((r) => setImmediate(r));
      return reviewDecision(view, chosen, { seed, samples });
    };
  }
}
