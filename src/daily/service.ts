/**
 * The daily challenge's service: opens or resumes a person's attempt, applies their actions with
 * the engine, plays the three computer players (deterministic for the day: a fixed search size and
 * seeds from the day and the position), stores every action before answering, and reads the
 * day's board. It knows the engine and the store, not Discord: it returns seat views and results.
 *
 * Why it does not run on the tables' road (TableService, the Player interface and the scheduler),
 * though both apply actions with the same engine:
 * - one person and three computer players, no seats to take or leave, no host, no lobby: the
 *   table domain's records, lobby moves and seat changes have nothing to hold;
 * - no turn clock and nothing live between clicks: an attempt waits, unloaded, for as long as the
 *   person likes (until the day ends), so there is no table in memory for a scheduler to drive, no
 *   timer to arm, nothing to resume at start; each call loads the attempt, replays it and forgets it;
 * - the computer players answer within the person's own click, synchronously in the same step
 *   (their moves are part of the answer), from seeds fixed by the day, so every person meets the
 *   same moves; the scheduler plays them later, after a delay, from the table's deal key;
 * - stored as one row per person and day (its actions as one list, saved under an expected count),
 *   not as a table with an append-only log, a thread, a table message and updates to announce;
 * - one attempt per person across every server, so the queue is per person (KeyedQueues, shared
 *   with the tables' opening), not per table.
 * What both share instead: the engine, the computer players through the same BotPlayer (on the
 * pool's daily lane), the store's port and the serial queues.
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
import { ADVISOR_LEVEL } from "../ai/index.js";
import { sentence, type Sentence } from "../i18n/index.js";
import { silentLogger, type Logger } from "../log.js";
import type { DailySession, DailyStore, GuildSettings } from "../table/store.js";
import { cleanName } from "../table/names.js";
import type { BotPlayer } from "../table/players.js";
import { KeyedQueues } from "../table/queue.js";
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
  /** The server the attempt was started on, when it is another one (it is ranked there). */
  elsewhere?: boolean;
  /** Started by someone newer to the server than its daily board asks (dailyMemberDays): not ranked. */
  unranked?: { days: number };
}

/**
 * busy: the computer players' lane is full or their workers are down; what was played is stored
 * and the attempt resumes at the next try. forgotten: the day's attempt was deleted (Forget me,
 * a purge) and cannot start again that day. stale, illegal: `play` is the attempt as it stands.
 */
export type DailyRefusal = {
  ok: false;
  code: "disabled" | "closed" | "stale" | "finished" | "not-started" | "illegal" | "busy" | "forgotten";
  say?: Sentence;
  play?: DailyPlay;
};
export type DailyOutcome = ({ ok: true } & DailyPlay) | DailyRefusal;

export interface DailyBoard {
  day: number;
  today: number;
  closed: boolean;
  ranking: DailyResult[];
  /**
   * True while the day is open and the asker has not finished it: the ranking then carries ranks,
   * names and totals only (perHand and moons empty), so nobody learns a hand before playing it.
   */
  handsHidden: boolean;
  /**
   * The asker's streak and best (their attempts on every server), and their result of the day
   * wherever they played it; rank (1-based) only on the server where it was played, whose board
   * ranks it (`elsewhere`: it was played on another server).
   */
  me: { streak: number; best: number | null; rank: number | null; result: DailyResult | null; elsewhere: boolean; unranked: boolean };
  /** After the day closes: per hand, the server's best and the hard player's own score in seat 0. */
  compare: { best: (number | null)[]; hard: number[] | null } | null;
}

const REFERENCE = "daily-hard";

/** A finished attempt as a board row (the name as the board shows it). */
const ownResult = (s: DailySession, name: string): DailyResult => ({
  userId: s.userId,
  name,
  points: s.result!.points,
  perHand: s.result!.perHand,
  queens: s.result!.queens,
  moons: s.result!.moons,
  finishedAt: s.result!.finishedAt,
});

export class DailyService {
  /** One queue per person (not per server): their one attempt of the day is the same on every server. */
  private readonly queues = new KeyedQueues();
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
    // The tombstones of Forget me and purges are keyed by the same salt as the deals.
    deps.store.useDailySalt(deps.salt ?? null);
  }

  today(): number {
    return dayNumber(this.now());
  }

  /**
   * Opens today's attempt, or brings back the one already started (or finished): one attempt per
   * person per day across every server, since the deal is the same everywhere.
   */
  async play(guildId: string, user: { id: string; name: string; joinedAt?: Date | null }): Promise<DailyOutcome> {
    const settings = await this.deps.store.getGuildSettings(guildId);
    if (!settings.dailyEnabled) return { ok: false, code: "disabled" };
    const day = this.today();
    // A server may rank only members of some standing (a second account made for the day is new).
    const days = settings.dailyMemberDays;
    const ranked = days <= 0 || (!!user.joinedAt && this.now() - user.joinedAt.getTime() >= days * 86_400_000);
    return this.queues.run(user.id, async () => {
      const existing = await this.deps.store.findDailySession(day, user.id);
      if (!existing && (await this.deps.store.isDailyTombstoned(user.id, day))) return { ok: false, code: "forgotten" };
      const session =
        existing ??
        (await this.deps.store.startDailySession({
          guildId,
          day,
          userId: user.id,
          name: cleanName(user.name),
          // Everyone of a day plays the same rules: the day's first start fixes them on this server.
          rulesSpec: await this.deps.store.fixDailyRules(guildId, day, settings.dailyRules),
          ranked,
        }));
      const deal = await this.dealOf(session);
      const actions = session.actions.slice();
      const bots = await this.runBots(this.rebuild(session, actions, deal), actions, deal);
      const result = session.result ?? (await this.save(session, session.actions.length, actions, bots.state));
      const play = {
        day,
        view: viewFor(bots.state, DAILY_SEAT),
        result,
        started: !existing,
        elsewhere: session.guildId !== guildId,
        ...(!session.ranked && session.guildId === guildId && { unranked: { days } }),
      };
      return bots.busy ? { ok: false, code: "busy", play } : { ok: true, ...play };
    });
  }

  /**
   * The person's action on the day's attempt (on whichever server it was started). `version`: the
   * action count their menu was drawn at (a click on an older menu is refused as stale rather
   * than applied to a later position).
   */
  async act(guildId: string, userId: string, day: number, version: number, action: Action): Promise<DailyOutcome> {
    if (day !== this.today()) return { ok: false, code: "closed" };
    return this.queues.run(userId, async () => {
      const session = await this.deps.store.findDailySession(day, userId);
      if (!session) return { ok: false, code: "not-started" };
      if (session.result) return { ok: false, code: "finished" };
      const deal = await this.dealOf(session);
      const actions = session.actions.slice();
      let stored = actions.length;
      // Computer players' turns left over from a busy moment are played (and kept) first.
      const caught = await this.runBots(this.rebuild(session, actions, deal), actions, deal);
      let result: DailySession["result"] = null;
      if (actions.length !== stored) {
        result = await this.save(session, stored, actions, caught.state);
        stored = actions.length;
      }
      const here = (state: GameState, res: DailySession["result"]): DailyPlay => ({
        day,
        view: viewFor(state, DAILY_SEAT),
        result: res,
        started: false,
        elsewhere: session.guildId !== guildId,
      });
      const before = caught.state;
      if (caught.busy) return { ok: false, code: "busy", play: here(before, result) };
      if (before.actionCount !== version) return { ok: false, code: "stale", play: here(before, result) };
      const r = apply(before, { ...action, seat: DAILY_SEAT } as Action);
      if (!r.ok) return { ok: false, code: "illegal", say: sentence("moves", r.reason, { ...r.values }), play: here(before, result) };
      actions.push({ ...action, seat: DAILY_SEAT } as Action);
      // The person's action is stored even when the computer players cannot answer now.
      const after = await this.runBots(r.state, actions, deal);
      result = await this.save(session, stored, actions, after.state);
      const play = here(after.state, result);
      return after.busy ? { ok: false, code: "busy", play } : { ok: true, ...play };
    });
  }

  /** The person's latest finished daily, as a game to review (their seat, its rules, deal and actions). */
  async reviewSource(
    guildId: string,
    userId: string,
  ): Promise<{ day: number; key: string; rules: Rules; deal: DealKey; actions: Action[]; seat: Seat } | null> {
    // The latest attempt wherever it was played: one attempt a day, the same deal on every server.
    const [last] = await this.deps.store.listPlayerDailies(userId, 1);
    if (!last) return null;
    const session = await this.deps.store.getDailySession(last.guildId, last.day, userId);
    if (!session?.result) return null;
    return {
      day: last.day,
      key: `daily:${last.guildId}:${last.day}`,
      rules: dailyRules(session.rulesSpec),
      deal: await this.dealOf(session),
      actions: session.actions,
      seat: DAILY_SEAT,
    };
  }

  /** The person's attempt of the day as it stands (to redraw a menu), on whichever server it was started, or null. */
  async current(guildId: string, userId: string, day: number): Promise<DailyPlay | null> {
    const session = await this.deps.store.findDailySession(day, userId);
    if (!session) return null;
    const state = this.rebuild(session, session.actions, await this.dealOf(session));
    return { day, view: viewFor(state, DAILY_SEAT), result: session.result, started: false, elsewhere: session.guildId !== guildId };
  }

  /**
   * Records that the person shares the day's result now: true the first time only (one share per
   * person per day). The attempt is the one on whichever server it was played.
   */
  async markShared(userId: string, day: number): Promise<boolean> {
    const session = await this.deps.store.findDailySession(day, userId);
    if (!session?.result) return false;
    return this.deps.store.markDailyShared(session.guildId, day, userId, new Date(this.now()));
  }

  async board(guildId: string, userId: string, day = this.today()): Promise<DailyBoard> {
    const today = this.today();
    const [sessions, mine, own] = await Promise.all([
      this.deps.store.listDailyResults(guildId, day),
      this.deps.store.listPlayerDailies(userId, 1000),
      this.deps.store.findDailySession(day, userId),
    ]);
    const closed = day < today;
    // Until the asker has finished the day's set (on any server: the deal is the same), an open
    // day's board shows ranks and totals only: per-hand scores would tell which hands are costly.
    const handsHidden = !closed && !own?.result;
    const ranking = rankResults(
      sessions.map((s) => ({ ...ownResult(s, cleanName(s.name)), ...(handsHidden && { perHand: [], moons: [] }) })),
    );
    const at = ranking.findIndex((r) => r.userId === userId);
    // Played on another server (or here, unranked): not on this board, but the person's attempt of the day all the same.
    const elsewhere = at < 0 && !!own?.result && own.guildId !== guildId;
    const unranked = at < 0 && !!own?.result && own.guildId === guildId && !own.ranked;
    const result = at >= 0 ? ranking[at] : elsewhere || unranked ? ownResult(own!, cleanName(own!.name)) : null;
    let compare: DailyBoard["compare"] = null;
    const attempt = at >= 0 ? sessions.find((s) => s.userId === userId)! : elsewhere || unranked ? own! : null;
    if (closed && attempt) {
      const hard = await this.hardReference(day, attempt.rulesSpec, attempt.dealFormat).catch((err: unknown) => {
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
      handsHidden,
      me: {
        streak: streakOf(
          mine.map((d) => d.day),
          today,
        ),
        best: personalBest(mine.map((d) => d.points)),
        rank: at >= 0 ? at + 1 : null,
        result,
        elsewhere,
        unranked,
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

  /**
   * Plays the computer players' turns, appending to `actions`. busy: a decision could not be had
   * now (their lane is full, or the workers are down or too slow): the state stops there, and the
   * next try resumes from the stored actions. Never searched here: 300 worlds would hold the event
   * loop for every table.
   */
  private async runBots(state: GameState, actions: Action[], deal: DealKey): Promise<{ state: GameState; busy: boolean }> {
    while (!isComplete(state)) {
      const seats = awaiting(state).filter((s) => s !== DAILY_SEAT);
      if (!seats.length) break;
      for (const seat of seats) {
        let action: Action;
        try {
          action = await this.decide(viewFor(state, seat as Seat), deal);
        } catch (err) {
          this.log.warn({ err: err instanceof Error ? err.message : String(err) }, "a daily computer player could not decide now");
          return { state, busy: true };
        }
        const r = apply(state, action);
        if (!r.ok) throw new Error(`a daily computer player's move was refused: ${r.reason}`);
        state = r.state;
        actions.push(action);
      }
    }
    return { state, busy: false };
  }

  /**
   * A computer player's decision: the hard player with a fixed number of worlds and a seed from the
   * day and the position, so it is the same for everyone. It runs on the pool's daily lane (a cap
   * on concurrent daily searches, a bounded queue), or with `background` on the low-priority review
   * worker; a refusal or failure is thrown, never worked out on this thread.
   */
  private async decide(view: SeatView, deal: DealKey, background = false): Promise<Action> {
    const opts = { seed: botSeed(deal, view.seat, view.actionCount), samples: this.samples };
    return this.deps.bots.decide(view, ADVISOR_LEVEL, background ? { ...opts, background } : { ...opts, daily: true });
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
