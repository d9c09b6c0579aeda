/**
 * The daily challenge's service: opens or resumes a person's attempt, applies their actions with
 * the engine, plays the three computer players (deterministic for the day: a fixed search size and
 * seeds from the day and the position), stores every action before answering, and reads the
 * day's board. It knows the engine and the store, not Discord: it returns seat views and results.
 */
import { randomBytes } from "node:crypto";
import {
  apply,
  awaiting,
  replay,
  viewFor,
  type Action,
  type DealFormat,
  type DealKey,
  type GameState,
  type Rules,
  type Seat,
  type SeatView,
} from "../game/index.js";
import { decide as decideHere } from "../ai/index.js";
import { sentence, type Sentence } from "../i18n/index.js";
import { silentLogger, type Logger } from "../log.js";
import type { DailySession, DailyStore, GuildSettings } from "../store/types.js";
import type { BotPlayer } from "../table/players.js";
import { SerialQueue } from "../table/queue.js";
import {
  DAILY_BOT_SAMPLES,
  DAILY_HANDS,
  DAILY_SEAT,
  bestPerHand,
  botSeed,
  dailyDeal,
  dailyRules,
  dayNumber,
  isComplete,
  personalBest,
  rankResults,
  scoreOf,
  streakOf,
  type DailyResult,
} from "./challenge.js";

export interface DailyServiceDeps {
  store: DailyStore & { getGuildSettings(guildId: string): Promise<GuildSettings> };
  bots: BotPlayer;
  /** DAILY_SALT; without it, a salt generated once and kept in the database. */
  salt?: string | null;
  now?: () => number;
  /** Worlds per computer decision (default DAILY_BOT_SAMPLES). */
  samples?: number;
  log?: Logger;
}

/** Where a person's attempt stands, for the front end: their seat's view only, and the result once over. */
export interface DailyPlay {
  day: number;
  view: SeatView;
  result: DailySession["result"];
  /** True when this call started the attempt. */
  started: boolean;
}

export type DailyRefusal = { ok: false; code: "disabled" | "closed" | "stale" | "finished" | "not-started" | "illegal"; say?: Sentence };
export type DailyOutcome = ({ ok: true } & DailyPlay) | DailyRefusal;

export interface DailyBoard {
  day: number;
  today: number;
  closed: boolean;
  ranking: DailyResult[];
  /** The asker's streak, best and rank (1-based) on the day, if they played it. */
  me: { streak: number; best: number | null; rank: number | null; result: DailyResult | null };
  /** After the day closes: per hand, the server's best and the hard player's own score in seat 0. */
  compare: { best: (number | null)[]; hard: number[] | null } | null;
}

const REFERENCE = "daily-hard";

export class DailyService {
  private readonly queues = new Map<string, SerialQueue>();
  private saltValue: Promise<string> | null = null;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly samples: number;
  /** References being computed, so two asks share one computation. */
  private readonly references = new Map<string, Promise<number[]>>();

  constructor(private readonly deps: DailyServiceDeps) {
    this.log = deps.log ?? silentLogger();
    this.now = deps.now ?? Date.now;
    this.samples = deps.samples ?? DAILY_BOT_SAMPLES;
  }

  today(): number {
    return dayNumber(this.now());
  }

  /** Opens today's attempt, or brings back the one already started (or finished). */
  async play(guildId: string, user: { id: string; name: string }): Promise<DailyOutcome> {
    const settings = await this.deps.store.getGuildSettings(guildId);
    if (!settings.dailyEnabled) return { ok: false, code: "disabled" };
    const day = this.today();
    return this.queue(guildId, user.id).run(async () => {
      const existing = await this.deps.store.getDailySession(guildId, day, user.id);
      // Everyone of a day plays the same rules: once someone finished today's set, a change of the
      // server's daily rules waits for tomorrow.
      const rulesSpec = existing
        ? existing.rulesSpec
        : ((await this.deps.store.listDailyResults(guildId, day))[0]?.rulesSpec ?? settings.dailyRules);
      const session =
        existing ??
        (await this.deps.store.startDailySession({
          guildId,
          day,
          userId: user.id,
          name: user.name.slice(0, 80),
          rulesSpec,
        }));
      const { state, actions } = await this.advance(session);
      const result = session.result ?? (await this.save(session, session.actions.length, actions, state));
      return { ok: true, day, view: viewFor(state, DAILY_SEAT), result, started: !existing };
    });
  }

  /**
   * The person's action on the day's attempt. `version`: the action count their menu was drawn at
   * (a click on an older menu is refused as stale rather than applied to a later position).
   */
  async act(guildId: string, userId: string, day: number, version: number, action: Action): Promise<DailyOutcome> {
    if (day !== this.today()) return { ok: false, code: "closed" };
    return this.queue(guildId, userId).run(async () => {
      const session = await this.deps.store.getDailySession(guildId, day, userId);
      if (!session) return { ok: false, code: "not-started" };
      if (session.result) return { ok: false, code: "finished" };
      const { state: before, actions } = await this.advance(session);
      if (before.actionCount !== version) return { ok: false, code: "stale" };
      const r = apply(before, { ...action, seat: DAILY_SEAT } as Action);
      if (!r.ok) return { ok: false, code: "illegal", say: sentence("moves", r.reason, { ...r.values }) };
      actions.push({ ...action, seat: DAILY_SEAT } as Action);
      const after = await this.runBots(session, r.state, actions);
      const result = await this.save(session, session.actions.length, actions, after);
      return { ok: true, day, view: viewFor(after, DAILY_SEAT), result, started: false };
    });
  }

  /** The person's latest finished daily, as a game to review (their seat, its rules, seed and actions). */
  async reviewSource(
    guildId: string,
    userId: string,
  ): Promise<{ day: number; key: string; rules: Rules; deal: DealKey; actions: Action[]; seat: Seat } | null> {
    const [last] = await this.deps.store.listPlayerDailies(guildId, userId, 1);
    if (!last) return null;
    const session = await this.deps.store.getDailySession(guildId, last.day, userId);
    if (!session?.result) return null;
    return {
      day: last.day,
      key: `daily:${guildId}:${last.day}`,
      rules: dailyRules(session.rulesSpec),
      deal: await this.dealOf(session),
      actions: session.actions,
      seat: DAILY_SEAT,
    };
  }

  /** The person's attempt as it stands (to redraw a menu), or null. */
  async current(guildId: string, userId: string, day: number): Promise<DailyPlay | null> {
    const session = await this.deps.store.getDailySession(guildId, day, userId);
    if (!session) return null;
    const state = this.rebuild(session, session.actions, await this.dealOf(session));
    return { day, view: viewFor(state, DAILY_SEAT), result: session.result, started: false };
  }

  async board(guildId: string, userId: string, day = this.today()): Promise<DailyBoard> {
    const today = this.today();
    const [sessions, mine] = await Promise.all([
      this.deps.store.listDailyResults(guildId, day),
      this.deps.store.listPlayerDailies(guildId, userId, 1000),
    ]);
    const ranking = rankResults(
      sessions.map((s) => ({
        userId: s.userId,
        name: s.name,
        points: s.result!.points,
        perHand: s.result!.perHand,
        queens: s.result!.queens,
        moons: s.result!.moons,
        finishedAt: s.result!.finishedAt,
      })),
    );
    const at = ranking.findIndex((r) => r.userId === userId);
    const closed = day < today;
    let compare: DailyBoard["compare"] = null;
    if (closed && at >= 0) {
      const mine = sessions.find((s) => s.userId === userId)!;
      const hard = await this.hardReference(day, mine.rulesSpec, mine.dealFormat).catch((err: unknown) => {
        this.log.warn(
          { err: err instanceof Error ? err.message : String(err), day },
          "the hard player's daily scores could not be worked out now",
        );
        return null;
      });
      compare = { best: bestPerHand(ranking), hard };
    }
    return {
      day,
      today,
      closed,
      ranking,
      me: {
        streak: streakOf(
          mine.map((d) => d.day),
          today,
        ),
        best: personalBest(mine.map((d) => d.points)),
        rank: at >= 0 ? at + 1 : null,
        result: at >= 0 ? ranking[at] : null,
      },
      compare,
    };
  }

  /**
   * The hard player's own score per hand in the person's seat, on the same deals against the same
   * computer players: computed once per day and rules (at low priority: nobody at a table waits
   * for it), then kept in the store.
   */
  async hardReference(day: number, rulesSpec: string, format: DealFormat = 2): Promise<number[]> {
    // Format 1 references keep the key they were stored under.
    const key = format === 1 ? `${day}|${rulesSpec}` : `${day}|${rulesSpec}|${format}`;
    const cached = await this.deps.store.getCached(REFERENCE, key);
    if (cached) return JSON.parse(cached) as number[];
    let running = this.references.get(key);
    if (!running) {
      running = (async () => {
        const deal = dailyDeal(await this.salt(), day, rulesSpec, format);
        const session = { day, rulesSpec } as DailySession;
        let state = this.rebuild(session, [], deal);
        while (!isComplete(state)) {
          const seats = awaiting(state);
          if (!seats.length) break;
          for (const seat of seats) {
            const r = apply(state, await this.decide(viewFor(state, seat as Seat), deal, true));
            if (!r.ok) throw new Error(`the hard reference's move was refused: ${r.reason}`);
            state = r.state;
          }
        }
        const perHand = scoreOf(state).perHand;
        await this.deps.store.putCached(REFERENCE, key, JSON.stringify(perHand));
        return perHand;
      })().finally(() => this.references.delete(key));
      this.references.set(key, running);
    }
    return running;
  }

  // ---- internals -------------------------------------------------------------------------------

  private queue(guildId: string, userId: string): SerialQueue {
    const k = `${guildId}/${userId}`;
    let q = this.queues.get(k);
    if (!q) {
      q = new SerialQueue();
      this.queues.set(k, q);
    }
    // Bounded: a queue is dropped once idle (one per person acting right now).
    q.idle()
      .then(() => {
        if (q.size === 0 && this.queues.get(k) === q) this.queues.delete(k);
      })
      .catch(() => undefined);
    return q;
  }

  private salt(): Promise<string> {
    this.saltValue ??= this.deps.salt
      ? Promise.resolve(this.deps.salt)
      : this.deps.store.secret("daily-salt", randomBytes(32).toString("hex"));
    // A failed read is tried again next time.
    this.saltValue.catch(() => (this.saltValue = null));
    return this.saltValue;
  }

  /** The attempt's deal key, in the format it was started with (never stored: the salt gives it again). */
  private async dealOf(session: Pick<DailySession, "day" | "rulesSpec" | "dealFormat">): Promise<DealKey> {
    return dailyDeal(await this.salt(), session.day, session.rulesSpec, session.dealFormat);
  }

  private rebuild(session: Pick<DailySession, "rulesSpec">, actions: readonly Action[], deal: DealKey): GameState {
    const r = replay(dailyRules(session.rulesSpec), deal, actions);
    if (!r.ok) throw new Error(`a daily attempt does not replay (action ${r.index}: ${r.reason})`);
    return r.state;
  }

  /** The attempt's state with the computer players' turns played (after a restart mid-move too). */
  private async advance(session: DailySession): Promise<{ state: GameState; actions: Action[] }> {
    const actions = session.actions.slice();
    const state = await this.runBots(session, this.rebuild(session, actions, await this.dealOf(session)), actions);
    return { state, actions };
  }

  private async runBots(session: DailySession, state: GameState, actions: Action[]): Promise<GameState> {
    const deal = await this.dealOf(session);
    while (!isComplete(state)) {
      const seats = awaiting(state).filter((s) => s !== DAILY_SEAT);
      if (!seats.length) break;
      for (const seat of seats) {
        const action = await this.decide(viewFor(state, seat as Seat), deal);
        const r = apply(state, action);
        if (!r.ok) throw new Error(`a daily computer player's move was refused: ${r.reason}`);
        state = r.state;
        actions.push(action);
      }
    }
    return state;
  }

  /**
   * A computer player's decision: the hard player with a fixed number of worlds and a seed from the
   * day and the position, so it is the same for everyone. Should the pool fail, the same search
   * runs here, giving the same answer.
   */
  private async decide(view: SeatView, deal: DealKey, background = false): Promise<Action> {
    const opts = { seed: botSeed(deal, view.seat, view.actionCount), samples: this.samples };
    try {
      return await this.deps.bots.decide(view, "hard", background ? { ...opts, background } : opts);
    } catch (err) {
      // In the background nobody waits: rather fail (and try again later) than block the bot here.
      if (background) throw err;
      this.log.warn({ err: err instanceof Error ? err.message : String(err) }, "daily decision failed on the pool; deciding here");
      return decideHere(view, "hard", opts);
    }
  }

  /** Stores the actions (and the result once every hand is played); returns the result or null. */
  private async save(session: DailySession, expected: number, actions: Action[], state: GameState): Promise<DailySession["result"]> {
    const done = isComplete(state);
    if (actions.length === expected && !done) return null;
    const score = scoreOf(state);
    const result = done
      ? {
          points: score.points,
          perHand: score.perHand,
          queens: score.queens,
          moons: state.history.slice(0, DAILY_HANDS).map((h) => h.moon?.shooter === DAILY_SEAT),
          finishedAt: new Date(this.now()),
        }
      : undefined;
    const ok = await this.deps.store.saveDailyProgress(session.guildId, session.day, session.userId, expected, actions, result);
    if (!ok) throw new Error("the daily attempt was saved by someone else meanwhile");
    return result ?? null;
  }
}
