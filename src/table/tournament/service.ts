/**
 * The tournament service (api.ts says what the front ends see): sign-up, the start (the organiser's, or the scheduler's at
 * `startsAt`, with a reminder before), the rounds on the table service (rounds.ts), their closing and standings, the end,
 * cancelling, restarts and the store's faults. Below both front ends: every rule and refusal is here. Everything is stored;
 * a tournament is read whole for each step, and each step runs in the tournament's queue, so clicks, table ends and timers
 * apply one after another. In memory: timers, and whether the store is down. A round: seated and stored (its tables' ids
 * first), its tables opened started; each ends after the round's hands as a finished game (stats and ratings see it).
 */
import { randomBytes } from "node:crypto";
import { parseRules } from "../../game/index.js";
import { sentence, type Locale, type Sentence } from "../../i18n/index.js";
import type { Logger } from "../../log.js";
import type { GuildSettings, StoredTournament, TournamentStore } from "../store.js";
import { systemClock, type Clock, type TimerHandle } from "../clock.js";
import { cleanName } from "../names.js";
import { KeyedQueues } from "../queue.js";
import { newTableId } from "../records.js";
import type { TableService } from "../service.js";
import type { TableUpdate, TableView } from "../types.js";
import {
  BETWEEN_ROUNDS_MS,
  MAX_AHEAD_MS,
  MAX_ENTRANTS,
  MAX_HANDS_PER_ROUND,
  MAX_NAME,
  MAX_OPEN_PER_GUILD,
  MAX_ROUNDS,
  MIN_HANDS_PER_ROUND,
  MIN_ROUNDS,
  REMINDER_BEFORE_MS,
  askedHere,
  mayOrganise,
  type NewTournament,
  type PersonalTournament,
  type TournamentActor,
  type TournamentListener,
  type TournamentOutcome,
  type TournamentRefusalCode,
  type TournamentUpdate,
  type TournamentView,
  type Tournaments,
} from "./api.js";
import { DEFAULT_HANDS_PER_ROUND } from "./deals.js";
import { tournamentChannelRefusal } from "../open-rules.js";
import { seatNext, startedTable, tableResult, type TournamentTiming } from "./rounds.js";
import { TournamentTimers } from "./timers.js";
import { pickTournament, podiumOf, standingsOf, statusOf, tournamentView } from "./views.js";

export interface TournamentServiceDeps {
  store: TournamentStore;
  tables: TableService;
  /** The servers' settings: the role that may organise (`tournamentRole`), where tables may open (`allowedChannels`). */
  guilds: { get(guildId: string): Promise<Pick<GuildSettings, "tournamentRole" | "allowedChannels">> };
  localeOf?(guildId: string): Promise<Locale>; // the language of a server's posts, which its round tables speak
  log: Logger;
  clock?: Clock;
  timing?: Partial<TournamentTiming>;
  betweenRoundsMs?: number; // tests shorten it
  /** How often a paused tournament tries the store again. */
  retryMs?: number;
}

const refuse = (code: TournamentRefusalCode, say: Sentence) => ({ ok: false as const, code, say });
const FINISHED = ["finished", "cancelled"];

export class TournamentService implements Tournaments {
  private readonly store: TournamentStore;
  private readonly tables: TableService;
  private readonly log: Logger;
  private readonly clock: Clock;
  private readonly timing: TournamentTiming;
  private readonly betweenMs: number;
  private readonly retryMs: number;
  private readonly queues = new KeyedQueues();
  private readonly timers: TournamentTimers;
  private readonly listeners: TournamentListener[] = [];
  /** The store failed: tournaments wait (their tables wait too) until a retry reads it again. */
  private paused = false;
  private retry: TimerHandle | null = null;
  private stopped = false;
  /** The tournaments under way as last announced: told when the store fails (it cannot be read then). */
  private readonly active = new Map<string, StoredTournament>();
  private told: string[] = [];

  constructor(private readonly deps: TournamentServiceDeps) {
    this.store = deps.store;
    this.tables = deps.tables;
    this.log = deps.log;
    this.clock = deps.clock ?? systemClock;
    this.timing = { turnSeconds: 60, timeBankSeconds: 120, ...deps.timing };
    this.betweenMs = deps.betweenRoundsMs ?? BETWEEN_ROUNDS_MS;
    this.retryMs = deps.retryMs ?? 5_000;
    this.timers = new TournamentTimers(this.clock, this.log);
    deps.tables.onUpdate((table, update) => this.tableUpdate(table, update));
  }

  onUpdate(listener: TournamentListener): void {
    this.listeners.push(listener);
  }
  private now(): Date {
    return new Date(this.clock.now());
  }
  private emit(t: StoredTournament, update: TournamentUpdate): void {
    if (t.status === "playing") this.active.set(t.id, t);
    else this.active.delete(t.id);
    const view = tournamentView(t, this.paused);
    for (const l of this.listeners) {
      try {
        l(view, update);
      } catch (err) {
        this.log.error({ tournament: t.id, err }, "tournament listener failed");
      }
    }
  }

  /** Runs `fn` in the tournament's queue on it as stored (`actor`: who asks, from their server); a store fault pauses and is refused, never thrown. */
  private async step<T extends object>(
    id: string,
    actor: TournamentActor | null,
    fn: (t: StoredTournament) => Promise<TournamentOutcome<T>>,
  ): Promise<TournamentOutcome<T>> {
    if (this.paused) return refuse("store-down", sentence("common", "storeDown"));
    try {
      return await this.queues.run(id, async () => {
        const t = await this.store.get(id);
        if (!t || !askedHere(t, actor)) return refuse("no-tournament", sentence("tournament", "noTournament"));
        return fn(t);
      });
    } catch (err) {
      this.fault(err);
      return refuse("store-down", sentence("common", "storeDown"));
    }
  }

  private async organiser(t: { guildId: string; organiserId?: string }, actor: TournamentActor): Promise<boolean> {
    if (t.organiserId === actor.userId) return true;
    const role = (await this.deps.guilds.get(t.guildId)).tournamentRole;
    return mayOrganise(actor, role);
  }

  // ---- sign-up ---------------------------------------------------------------------------

  async create(organiser: TournamentActor, o: NewTournament): Promise<TournamentOutcome<{ tournament: TournamentView }>> {
    if (this.paused) return refuse("store-down", sentence("common", "storeDown"));
    try {
      return await this.queues.run(`guild:${o.guildId}`, async () => {
        if (!(await this.organiser({ guildId: o.guildId }, organiser)))
          return refuse("not-organiser", sentence("tournament", "notOrganiser"));
        const name = cleanName(o.name).trim();
        const hands = o.handsPerRound ?? DEFAULT_HANDS_PER_ROUND;
        if (!name || name.length > MAX_NAME) return refuse("bad-options", sentence("tournament", "badName"));
        if (!Number.isInteger(o.rounds) || o.rounds < MIN_ROUNDS || o.rounds > MAX_ROUNDS)
          return refuse("bad-options", sentence("tournament", "badRounds", { min: MIN_ROUNDS, max: MAX_ROUNDS }));
        if (!Number.isInteger(hands) || hands < MIN_HANDS_PER_ROUND || hands > MAX_HANDS_PER_ROUND)
          return refuse("bad-options", sentence("tournament", "badHands", { min: MIN_HANDS_PER_ROUND, max: MAX_HANDS_PER_ROUND }));
        const ahead = o.startsAt.getTime() - this.clock.now();
        if (!(ahead > 0 && ahead <= MAX_AHEAD_MS)) return refuse("bad-options", sentence("tournament", "badStart"));
        const rules = parseRules(o.rulesSpec);
        if (!rules.ok) return refuse("bad-options", sentence("tournament", "badRules", { error: rules.error }));
        const elsewhere = tournamentChannelRefusal(await this.deps.guilds.get(o.guildId), o.channelId);
        if (elsewhere) return refuse("channel-not-allowed", elsewhere);
        const open = await this.store.list({ guildId: o.guildId, statuses: ["signup", "playing"] });
        if (open.length >= MAX_OPEN_PER_GUILD) return refuse("too-many", sentence("tournament", "tooMany", { max: MAX_OPEN_PER_GUILD }));
        const t = await this.store.create({
          id: randomBytes(8).toString("hex"),
          guildId: o.guildId,
          channelId: o.channelId,
          organiserId: organiser.userId,
          name,
          startsAt: o.startsAt,
          rounds: o.rounds,
          handsPerRound: hands,
          rulesSpec: o.rulesSpec,
          botLevel: o.botLevel,
          // As unguessable as a table's deal: 256 bits from node:crypto (deals.ts).
          secret: randomBytes(32).toString("hex"),
        });
        this.log.info({ tournament: t.id, guild: t.guildId, rounds: t.rounds }, "tournament created");
        this.arm(t, true);
        this.emit(t, { type: "signup-changed", created: true });
        return { ok: true as const, tournament: tournamentView(t, false) };
      });
    } catch (err) {
      this.fault(err);
      return refuse("store-down", sentence("common", "storeDown"));
    }
  }

  async attach(id: string, where: { messageId?: string | null; eventId?: string | null }): Promise<void> {
    await this.queues.run(id, () => this.store.update(id, where));
  }

  async join(id: string, actor: TournamentActor): Promise<TournamentOutcome<{ tournament: TournamentView; say: Sentence }>> {
    return this.step(id, actor, async (t) => {
      if (t.status !== "signup") return refuse("not-signup", sentence("tournament", "notSignup"));
      const r = await this.store.join(id, { userId: actor.userId, name: cleanName(actor.name), joinedAt: this.now() }, MAX_ENTRANTS);
      if (r === "already") return refuse("already-in", sentence("tournament", "alreadyIn"));
      if (r === "full") return refuse("full", sentence("tournament", "full", { max: MAX_ENTRANTS }));
      const after = (await this.store.get(id))!;
      this.emit(after, { type: "signup-changed" });
      return { ok: true as const, tournament: tournamentView(after, false), say: sentence("tournament", "joined", { name: t.name }) };
    });
  }

  async leave(id: string, actor: TournamentActor): Promise<TournamentOutcome<{ tournament: TournamentView; say: Sentence }>> {
    return this.step(id, actor, async (t) => {
      const r = await this.out(t, actor.userId, actor.name);
      if (!r) return refuse("not-in", sentence("tournament", "notIn"));
      return {
        ok: true as const,
        tournament: tournamentView(r, false),
        say: sentence("tournament", t.status === "signup" ? "left" : "leftPlaying", { name: t.name }),
      };
    });
  }

  async remove(
    id: string,
    actor: TournamentActor,
    userId: string,
  ): Promise<TournamentOutcome<{ tournament: TournamentView; say: Sentence }>> {
    return this.step(id, actor, async (t) => {
      if (!(await this.organiser(t, actor))) return refuse("not-organiser", sentence("tournament", "notOrganiser"));
      const entry = t.entries.find((e) => e.userId === userId);
      const r = entry ? await this.out(t, userId, entry.name) : null;
      if (!r || !entry) return refuse("not-in", sentence("tournament", "playerNotIn"));
      return {
        ok: true as const,
        tournament: tournamentView(r, false),
        say: sentence("tournament", t.status === "signup" ? "removedSignup" : "removed", { player: entry.name }),
      };
    });
  }

  /**
   * Someone leaves or is removed: before the start, off the list; after, marked left, and a
   * computer player takes their seat at the round's open table (and at every later one: rounds.ts).
   */
  private async out(t: StoredTournament, userId: string, name: string): Promise<StoredTournament | null> {
    if (FINISHED.includes(t.status)) return null;
    const playing = t.status === "playing";
    if (!(await this.store.leave(t.id, userId, playing ? this.now() : null))) return null;
    if (playing) {
      const round = t.played.at(-1);
      const table = round?.tables.find((x) => round.seating.tables[x.tableIndex]?.seats.includes(userId) && !x.finishedAt);
      if (table)
        await this.tables.domain
          .leave(table.tableId, { userId, name }, true)
          .catch((err: unknown) => this.log.warn({ err }, "seat not released"));
    }
    const after = (await this.store.get(t.id))!;
    this.emit(after, { type: "signup-changed" });
    return after;
  }

  // ---- the organiser's -------------------------------------------------------------------

  async start(id: string, actor: TournamentActor): Promise<TournamentOutcome<{ tournament: TournamentView }>> {
    return this.step(id, actor, async (t) => {
      if (!(await this.organiser(t, actor))) return refuse("not-organiser", sentence("tournament", "notOrganiser"));
      if (t.status !== "signup") return refuse("not-signup", sentence("tournament", "notSignup"));
      if (!t.entries.length) return refuse("not-enough", sentence("tournament", "notEnough"));
      const after = await this.beginRound(t, 1);
      return { ok: true as const, tournament: tournamentView(after, false) };
    });
  }

  async cancel(id: string, actor: TournamentActor): Promise<TournamentOutcome<{ tournament: TournamentView }>> {
    return this.step(id, actor, async (t) => {
      if (!(await this.organiser(t, actor))) return refuse("not-organiser", sentence("tournament", "notOrganiser"));
      if (FINISHED.includes(t.status)) return refuse("not-playing", sentence("tournament", "notPlaying"));
      const after = await this.end(t, "organiser");
      return { ok: true as const, tournament: tournamentView(after, false) };
    });
  }

  /** Cancels: stored first, so the round's tables closing below are not counted. */
  private async end(t: StoredTournament, reason: "organiser" | "nobody"): Promise<StoredTournament> {
    await this.store.update(t.id, { status: "cancelled" });
    this.timers.disarm(t.id);
    const round = t.played.at(-1);
    for (const x of round?.tables ?? [])
      if (!x.finishedAt) await this.tables.closeBySystem(x.tableId, "ended", sentence("tournament", "cancelledTable"));
    const after = (await this.store.get(t.id))!;
    this.log.info({ tournament: t.id, reason }, "tournament cancelled");
    this.emit(after, { type: "cancelled", reason });
    return after;
  }

  // ---- reading ---------------------------------------------------------------------------

  async current(guildId: string, name: string | null = null): Promise<TournamentView | null> {
    const open = await this.store.list({ guildId, statuses: ["playing", "signup"] });
    const done = () => this.store.list({ guildId, statuses: ["finished"], latest: true, take: name ? 20 : 1 });
    const t = pickTournament(open, name) ?? pickTournament(await done(), name);
    return t ? tournamentView(t, this.paused) : null;
  }

  async planned(guildId: string): Promise<TournamentView[]> {
    return (await this.store.list({ guildId, statuses: ["playing", "signup"] })).map((t) => tournamentView(t, this.paused));
  }

  readonly get = (id: string): Promise<TournamentView | null> => this.store.get(id).then((t) => t && tournamentView(t, this.paused));

  async tournamentOf(tableId: string): Promise<{ tournamentId: string; round: number; closed: boolean } | null> {
    const r = await this.store.tableRound(tableId);
    return r ? { tournamentId: r.tournamentId, round: r.round, closed: r.closedAt !== null } : null;
  }

  readonly personal = async (userId: string): Promise<PersonalTournament[]> =>
    (await this.store.personal(userId)).map((p) => ({ ...p, status: statusOf(p.status) }));

  /** Forget me: the store gives the person's entries a stand-in id (the privacy sequence does too); the open tables are the table service's. */
  readonly forget = (userId: string): Promise<number> => this.store.forget(userId);

  // ---- rounds ----------------------------------------------------------------------------

  /** Seats round `round`, stores it, then opens its tables together. */
  private async beginRound(t: StoredTournament, round: number): Promise<StoredTournament> {
    this.timers.disarm(t.id);
    const seating = seatNext(t, round);
    await this.store.startRound(t.id, {
      round,
      seating,
      startedAt: this.now(),
      tables: seating.tables.map((_, tableIndex) => ({ tableId: newTableId(t.channelId), tableIndex })),
    });
    const after = (await this.store.get(t.id))!;
    this.log.info({ tournament: t.id, round, tables: seating.tables.length, out: seating.sittingOut.length }, "tournament round seated");
    await this.openTables(after, round);
    const r = after.played.at(-1)!;
    this.emit(after, { type: "round-started", round, tables: r.tables.map((x) => x.tableId), sittingOut: seating.sittingOut });
    return after;
  }

  /** Opens the round's tables not open yet (all of them, or after a restart the ones the stop came before). */
  private async openTables(t: StoredTournament, round: number): Promise<void> {
    const r = t.played.find((p) => p.round === round)!;
    const locale = await this.deps.localeOf?.(t.guildId).catch(() => undefined);
    const open = (i: number) => this.tables.openStarted(startedTable(t, round, i, this.timing, locale));
    await Promise.all(r.tables.filter((x) => !x.finishedAt).map((x) => open(x.tableIndex)));
  }

  /** A tournament table closed (played out, or ended early): its deals are stored, and the round may close. */
  private tableUpdate(table: TableView, update: TableUpdate): void {
    if (update.type !== "closed" || !table.record.settings.handLimit) return;
    const id = table.record.id;
    this.store
      .tableRound(id)
      .then(async (r) => {
        if (!r) return;
        await this.queues.run(r.tournamentId, async () => {
          const { deals, standIns, playedBy } = tableResult(table);
          await this.store.finishTable(id, deals, standIns, this.now(), playedBy);
          await this.closeRoundIfDone(r.tournamentId);
        });
      })
      .catch((err: unknown) => this.fault(err));
  }

  /** In the queue: closes the current round when every table has finished, then the next round or the end. */
  private async closeRoundIfDone(id: string): Promise<void> {
    const t = await this.store.get(id);
    if (!t || t.status !== "playing") return;
    const r = t.played.at(-1);
    if (!r || r.closedAt || r.tables.some((x) => !x.finishedAt)) return;
    const last = r.round >= t.rounds;
    await this.store.closeRound(id, r.round, this.now(), last ? "finished" : undefined);
    const after = (await this.store.get(id))!;
    const standings = standingsOf(after);
    this.log.info({ tournament: id, round: r.round }, "tournament round closed");
    this.emit(after, { type: "round-closed", round: r.round, standings });
    if (last) {
      this.emit(after, { type: "finished", podium: podiumOf(standings), standings });
      return;
    }
    this.timers.at(id, this.clock.now() + this.betweenMs, () => this.next(id, r.round + 1));
  }

  private next(id: string, round: number): Promise<unknown> {
    return this.step(id, null, async (t) => {
      if (t.status === "playing" && t.round === round - 1 && t.played.at(-1)?.closedAt) await this.beginRound(t, round);
      return { ok: true as const };
    });
  }

  // ---- the scheduler: reminders, starts, pauses between rounds --------------------------------

  /** Arms a sign-up's reminder and start; `created`: just now (no reminder if it starts within the reminder's notice). */
  private arm(t: StoredTournament, created = false): void {
    if (t.status !== "signup") return;
    const start = t.startsAt.getTime();
    if (!t.remindedAt && !(created && start - REMINDER_BEFORE_MS <= this.clock.now()))
      this.timers.at(t.id, start - REMINDER_BEFORE_MS, () => this.remind(t.id));
    this.timers.at(t.id, start, () => this.startAtTime(t.id));
  }

  private remind(id: string): Promise<unknown> {
    return this.step(id, null, async (t) => {
      if (t.status !== "signup" || t.remindedAt || t.startsAt.getTime() <= this.clock.now()) return { ok: true as const };
      await this.store.update(id, { remindedAt: this.now() });
      const minutesLeft = Math.max(0, Math.round((t.startsAt.getTime() - this.clock.now()) / 60_000));
      this.emit({ ...t, remindedAt: this.now() }, { type: "reminder-due", minutesLeft });
      return { ok: true as const };
    });
  }

  private startAtTime(id: string): Promise<unknown> {
    return this.step(id, null, async (t) => {
      if (t.status !== "signup") return { ok: true as const };
      if (!t.entries.length) await this.end(t, "nobody");
      else await this.beginRound(t, 1);
      return { ok: true as const };
    });
  }

  // ---- restarts and the store's faults ----------------------------------------------------

  /**
   * After the tables resumed (TableService.resume): re-arms sign-ups' reminders and starts, and
   * brings every tournament under way up to date: tables that finished while the bot was down (or
   * the store failed) are counted, tables the stop came before are opened, a closed round's next is
   * armed. How many tournaments it resumed.
   */
  async resume(owns: (guildId: string) => boolean = () => true): Promise<number> {
    const all = (await this.store.list({ statuses: ["signup", "playing"] })).filter((t) => owns(t.guildId));
    for (const t of all) {
      try {
        if (t.status === "signup") this.arm(t);
        else await this.queues.run(t.id, () => this.catchUp(t.id));
      } catch (err) {
        this.log.error({ tournament: t.id, err }, "could not resume tournament");
      }
    }
    return all.length;
  }

  /** In the queue: the current round's tables as the table service has them now. */
  private async catchUp(id: string): Promise<void> {
    const t = await this.store.get(id);
    if (!t || t.status !== "playing") return;
    const r = t.played.at(-1);
    if (!r) return;
    if (r.closedAt) {
      // Stopped in the pause between rounds: the next round after a pause as long.
      this.timers.at(id, this.clock.now() + this.betweenMs, () => this.next(id, r.round + 1));
      return;
    }
    let missing = false;
    for (const x of r.tables) {
      if (x.finishedAt) continue;
      const view = await this.tables.get(x.tableId);
      if (!view || view.record.status === "lobby") missing = true;
      else if (!["lobby", "passing", "playing"].includes(view.record.status)) {
        const { deals, standIns, playedBy } = tableResult(view);
        await this.store.finishTable(x.tableId, deals, standIns, this.now(), playedBy);
      }
    }
    if (missing) await this.openTables(t, r.round);
    await this.closeRoundIfDone(id);
  }

  /** The store failed: every tournament waits, and tries again every retryMs. */
  private fault(err: unknown): void {
    if (this.stopped) return;
    if (!this.paused) {
      this.paused = true;
      this.log.error({ err }, "tournaments paused: the store failed");
      this.told = [...this.active.keys()];
      for (const t of this.active.values()) this.emit(t, { type: "paused" });
    }
    if (this.retry) return;
    this.retry = this.clock.setTimeout(() => {
      this.retry = null;
      this.store
        .list({ statuses: ["playing"] })
        .then(async (playing) => {
          this.paused = false;
          this.log.info({ tournaments: playing.length }, "tournaments resumed: the store is back");
          // Those told of the pause hear it ended, whatever they became meanwhile (their tables played on).
          const told = this.told.filter((id) => !playing.some((t) => t.id === id));
          this.told = [];
          for (const t of [...playing, ...(await Promise.all(told.map((id) => this.store.get(id))))])
            if (t) {
              this.emit(t, { type: "resumed" });
              await this.queues.run(t.id, () => this.catchUp(t.id));
            }
        })
        .catch((e: unknown) => this.fault(e));
    }, this.retryMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.stop();
    if (this.retry) this.clock.clearTimeout(this.retry);
    this.retry = null;
  }
}
