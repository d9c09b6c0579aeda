/**
 * Shows the tournament service's updates in the chat: the sign-up message (posted at creation,
 * then edited as people join and leave, at most one edit per EDIT_MS per tournament, the latest
 * view winning), the Discord scheduled event (when the bot has Manage Events; otherwise it says so
 * once in the channel and goes on), the reminder, each round's start, the standings picture after
 * a round, and the podium and everyone's summary at the end. A round's tables are the table
 * presenter's: they open like any table (`opened`), each with its message and thread.
 *
 * Each tournament's posts go out one after another, in the order of its updates; a failure is
 * logged with the tournament and never stops it or another.
 */
import { Routes, type REST } from "discord.js";
import type { Locale } from "../../i18n/index.js";
import { messages } from "../../i18n/index.js";
import type { Logger } from "../../log.js";
import type { Images } from "../../render/runtime/images.js";
import {
  BETWEEN_ROUNDS_MS,
  ESTIMATED_HAND_MS,
  type TournamentUpdate,
  type Tournaments,
  type TournamentView,
} from "../../table/tournament/api.js";
import { forRest, type OutMessage } from "../interactions/message.js";
import { podiumPost, reminderPost, roundStartedPost, signupMessage, standingsPost, summaryPosts } from "../views/tournament.js";
import { MISSING_ACCESS, MISSING_PERMISSIONS, errText, errorCode } from "./request-failures.js";

/** The sign-up message is edited at most this often per tournament (a rush of Joins is one edit). */
const EDIT_MS = 2_000;

/** Discord's guild scheduled event: external (a place in the server), visible to its members. */
const EXTERNAL = 3;
const GUILD_ONLY = 2;
const EVENT_STATUS = { active: 2, completed: 3 } as const;

export interface TournamentPresenterDeps {
  rest: REST;
  tournaments: Tournaments;
  images: Images;
  log: Logger;
  /** The language of a server's public posts (its setting, else Discord's server locale). */
  localeOf(guildId: string): Promise<Locale>;
  /** A channel's name, for the event's location; null when unknown. */
  channelName(channelId: string): string | null;
  now?: () => number;
  /** The pause between rounds (TOURNAMENT_BREAK_SECONDS): the standings post says when the next round starts. */
  betweenRoundsMs?: number;
}

export class TournamentPresenter {
  /** Per tournament: its posts' queue, so they go out in order. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Per tournament: the latest view waiting for its sign-up edit, and whether an edit is timed. */
  private readonly edits = new Map<string, { view: TournamentView; timer: NodeJS.Timeout | null; last: number }>();
  /** Requests made, by kind (tests and the bench count a round's cost). */
  readonly requests = { posts: 0, edits: 0, events: 0 };

  constructor(private readonly deps: TournamentPresenterDeps) {
    deps.tournaments.onUpdate((t, u) => this.onUpdate(t, u));
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Resolves when every queued post has gone out (edits waiting for their interval excepted). */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  stop(): void {
    for (const e of this.edits.values()) if (e.timer) clearTimeout(e.timer);
    this.edits.clear();
  }

  private enqueue(t: TournamentView, what: string, work: () => Promise<void>): void {
    const before = this.queues.get(t.id) ?? Promise.resolve();
    const next = before
      .then(work)
      .catch((err: unknown) => this.deps.log.error({ tournament: t.id, code: errorCode(err), err: errText(err) }, `${what} failed`));
    this.queues.set(t.id, next);
    // `next` never rejects (its catch logs): the second handler is only there for the linter's sake.
    next.then(
      () => {
        if (this.queues.get(t.id) === next) this.queues.delete(t.id);
      },
      () => undefined,
    );
  }

  private onUpdate(t: TournamentView, u: TournamentUpdate): void {
    switch (u.type) {
      case "signup-changed":
        if (u.created) this.enqueue(t, "sign-up message", () => this.created(t));
        else this.editSoon(t);
        return;
      case "reminder-due":
        this.enqueue(t, "reminder", async () => {
          await this.post(t, reminderPost(t, u.minutesLeft, await this.locale(t)));
        });
        return;
      case "round-started":
        this.editSoon(t);
        this.enqueue(t, "round start", async () => {
          await this.post(t, roundStartedPost(t, u.round, u.tables.length, u.sittingOut, await this.locale(t)));
          if (u.round === 1) await this.event(t, { status: EVENT_STATUS.active });
        });
        return;
      case "round-closed":
        this.editSoon(t);
        this.enqueue(t, "standings", async () => {
          const next = u.round < t.rounds ? new Date(this.now() + (this.deps.betweenRoundsMs ?? BETWEEN_ROUNDS_MS)) : null;
          await this.post(t, standingsPost(t, u.round, u.standings, next, await this.locale(t), this.deps.images));
        });
        return;
      case "finished":
        this.editSoon(t);
        this.enqueue(t, "podium", async () => {
          const locale = await this.locale(t);
          await this.post(t, podiumPost(t, u.podium, locale, this.deps.images));
          for (const m of summaryPosts(t, u.standings, locale)) await this.post(t, m);
          await this.event(t, { status: EVENT_STATUS.completed });
        });
        return;
      case "cancelled":
        this.editSoon(t);
        this.enqueue(t, "cancellation", async () => {
          await this.post(t, { content: messages(await this.locale(t)).tournamentChat.cancelled({ name: t.name }) });
          if (t.eventId) {
            this.requests.events++;
            await this.deps.rest.delete(Routes.guildScheduledEvent(t.guildId, t.eventId)).catch(() => undefined);
          }
        });
        return;
      case "paused":
      case "resumed":
        this.editSoon(t);
        return;
    }
  }

  private async locale(t: TournamentView): Promise<Locale> {
    return this.deps.localeOf(t.guildId);
  }

  private async post(t: TournamentView, m: OutMessage): Promise<string> {
    this.requests.posts++;
    const { body, files } = forRest(m);
    const msg = (await this.deps.rest.post(Routes.channelMessages(t.channelId), { body, files })) as { id: string };
    return msg.id;
  }

  /** The sign-up message, then the scheduled event (or the sentence saying why there is none). */
  private async created(t: TournamentView): Promise<void> {
    const locale = await this.locale(t);
    const messageId = await this.post(t, signupMessage(t, locale));
    await this.deps.tournaments.attach(t.id, { messageId });
    const w = messages(locale).tournamentChat;
    const start = t.startsAt;
    const end = new Date(
      start.getTime() + t.rounds * (t.handsPerRound * ESTIMATED_HAND_MS + (this.deps.betweenRoundsMs ?? BETWEEN_ROUNDS_MS)),
    );
    try {
      this.requests.events++;
      const event = (await this.deps.rest.post(Routes.guildScheduledEvents(t.guildId), {
        body: {
          name: t.name,
          privacy_level: GUILD_ONLY,
          entity_type: EXTERNAL,
          entity_metadata: { location: `#${this.deps.channelName(t.channelId) ?? "hearts"}`.slice(0, 100) },
          scheduled_start_time: start.toISOString(),
          scheduled_end_time: end.toISOString(),
          description: w.eventDescription({ rounds: t.rounds, hands: t.handsPerRound }),
        },
      })) as { id: string };
      await this.deps.tournaments.attach(t.id, { eventId: event.id });
    } catch (err) {
      const code = errorCode(err);
      if (code !== MISSING_PERMISSIONS && code !== MISSING_ACCESS) throw err;
      await this.post(t, { content: w.noEventPermission });
    }
  }

  /** Moves the event along (active at round 1, completed at the end); an event deleted by someone is left alone. */
  private async event(t: TournamentView, body: { status: number }): Promise<void> {
    const fresh = await this.deps.tournaments.get(t.id);
    const eventId = fresh?.eventId ?? t.eventId;
    if (!eventId) return;
    this.requests.events++;
    await this.deps.rest.patch(Routes.guildScheduledEvent(t.guildId, eventId), { body }).catch((err: unknown) => {
      this.deps.log.warn({ tournament: t.id, code: errorCode(err), err: errText(err) }, "could not update the tournament's event");
    });
  }

  /** Edits the sign-up message with the latest view: now if the last edit was long enough ago, else once the interval is up. */
  private editSoon(t: TournamentView): void {
    const e = this.edits.get(t.id);
    if (e) {
      e.view = t;
      if (e.timer) return;
    }
    const entry = e ?? { view: t, timer: null, last: 0 };
    this.edits.set(t.id, entry);
    const wait = Math.max(0, entry.last + EDIT_MS - this.now());
    entry.timer = setTimeout(() => {
      entry.timer = null;
      entry.last = this.now();
      const view = entry.view;
      this.enqueue(view, "sign-up edit", () => this.editSignup(view));
      if (view.status === "finished" || view.status === "cancelled") this.edits.delete(view.id);
    }, wait);
    entry.timer.unref?.();
  }

  private async editSignup(t: TournamentView): Promise<void> {
    // The message id is stored once posted: the view of an update that raced the post may lack it.
    const messageId = t.messageId ?? (await this.deps.tournaments.get(t.id))?.messageId;
    if (!messageId) return;
    this.requests.edits++;
    const { body, files } = forRest(signupMessage(t, await this.locale(t)), { edit: true });
    await this.deps.rest.patch(Routes.channelMessage(t.channelId, messageId), { body, files });
  }
}
