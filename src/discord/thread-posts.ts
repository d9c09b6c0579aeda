/**
 * The game's thread: one post per trick (its picture and a caption), one per hand's end, the start
 * and the end of the game, and lines that cannot wait (a notice, a seat change). A person learns it
 * is their turn from their private menu; the thread mentions someone only when they seem away,
 * once per wait, and takes that mention down when the wait is over.
 *
 * Posts of one table go out in order, one at a time: news arriving while a post is on its way
 * goes out together in the next one, so when Discord is slow posts merge instead of piling up.
 */
import { ButtonStyle, ComponentType, Routes, type APIButtonComponent, type REST } from "discord.js";
import { cardLabel, type HandResult, type PublicView, type TrickRecord } from "../game/index.js";
import { sentence, words, type Messages } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { TableRecord } from "../table/records.js";
import { cutGraphemes } from "../table/names.js";
import { isBotSeat } from "../table/seats.js";
import { isOpen } from "../table/records.js";
import type { TableService } from "../table/service.js";
import type { TableView, TableUpdate } from "../table/types.js";
import { encodeId } from "./ids.js";
import type { Images } from "./images.js";
import { forRest, type OutMessage } from "./message.js";
import type { Menus } from "./menus.js";
import { Lane, type Pacer } from "./pacer.js";
import { RequestFailures, UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, errText, errorCode, inBackground } from "./request-failures.js";
import { handResultText, handStartText, newsOf, publicWords, seatName, trickCaption } from "./views.js";

export interface ThreadPostsDeps {
  rest: REST;
  service: TableService;
  images: Images;
  menus: Menus;
  pacer: Pacer;
  log: Logger;
  failures: RequestFailures;
  /** The table closed and its last post is out: what else is kept about it can go. */
  closed(tableId: string): void;
  /** The Activity is configured: a mention offers Open the table beside My hand. */
  activity?: boolean;
  /** The person has the table open in the Activity, which shows them their turn as a fresh menu does. */
  watching?(tableId: string, userId: string): boolean;
}

/** Pending news kept per table while posting lags behind the game. */
const MAX_LINES = 30;
const MAX_TRICK_IMAGES = 3;

interface TrickShot {
  trick: TrickRecord;
  trickNumber: number;
  heartsBroken: boolean;
  queenFell: boolean;
}

/** The game as a post tells it: what anyone watching may see. */
type Game = Readonly<PublicView>;

/** What a table has to say that has not been posted yet. */
interface News {
  /** The table as the latest update left it (a post is composed from the table as it is then). */
  table: TableView;
  record: TableRecord;
  /** Lines for the next post (time-outs, seat changes); `urgent` when they cannot wait for one. */
  lines: string[];
  urgent: boolean;
  tricks: TrickShot[];
  /** Hands scored: their lines (every one is told) and the last one's picture. */
  scores: string[];
  hands: HandResult[];
  gameOver: Game | null;
  /** The game started: its first post. */
  start: boolean;
  /** A hand was dealt: its start is told with the previous hand's score (or the game's start). */
  nextHand: Game | null;
  moon: boolean;
  /** Mentions whose wait is over, to take down. */
  drop: Notice[];
  startThread: boolean;
  closeAfter: boolean;
  sending: boolean;
  foldTimer: ReturnType<typeof setTimeout> | null;
}

/** A post that only mentions someone the table waits for: deleted once they have acted. */
interface Notice {
  channel: string;
  id: string;
  waits: [number, string][];
}

/** Whom a table waits for and since when, and whom it has mentioned for which wait. */
interface Watch {
  since: Map<number, { key: string; at: number }>;
  mentioned: Map<number, string>;
  notices: Notice[];
  timer: ReturnType<typeof setTimeout> | null;
}

/** Lines that wait for the next post go out on their own after this long. */
const FOLD_MS = 10_000;
/** A person with a live menu who has not acted after this long is mentioned (half the turn time at most). */
const GRACE_MS = 20_000;

/** One wait of one seat: a pass (a hand's passing), a card (the action count), a moon choice. */
function waitKey(state: Game, seat: number): string {
  return state.phase === "passing"
    ? `p${state.handIndex}:${seat}`
    : state.phase === "moon-choice"
      ? `m${state.handIndex}:${seat}`
      : `a${state.actionCount}:${seat}`;
}

/** What a mention asks of the people it names. */
function awayText(state: Game | null, m: Messages): string {
  if (state?.phase === "passing") return m.table.awayPass;
  if (state?.phase === "moon-choice") return m.table.awayMoon;
  return m.table.awayCard;
}

/** A person who leads the next trick, named as a mention (it notifies only when allowed). */
function leaderMention(record: TableRecord, seat: number): string | null {
  const s = record.seats.find((x) => x.seat === seat);
  return s?.userId && !isBotSeat(s) ? `<@${s.userId}>` : null;
}

const row = (...components: APIButtonComponent[]) => ({ type: ComponentType.ActionRow as const, components });
const button = (custom_id: string, label: string, style: ButtonStyle.Primary | ButtonStyle.Success): APIButtonComponent => ({
  type: ComponentType.Button,
  custom_id,
  label,
  style,
});

export class ThreadPosts {
  /** What each table has to say that is not posted yet. */
  private readonly pending = new Map<string, News>();
  /** Tables whose game over this process has announced (or is about to): the end is said once. */
  private readonly overAnnounced = new Set<string>();
  /** Whether the bot may start a thread where the table is (learnt from the interaction). */
  private readonly threadAllowed = new Map<string, boolean>();
  /** The game thread of each table, once opened (saves a store read per post); null: the channel. */
  private readonly threads = new Map<string, string | null>();
  /** Whom each table waits for, and whom it has mentioned. */
  private readonly watches = new Map<string, Watch>();

  constructor(private readonly deps: ThreadPostsDeps) {}

  /** Tables with posts still to go out. */
  get pendingWork(): number {
    let n = 0;
    for (const p of this.pending.values())
      n +=
        p.sending || (p.urgent && p.lines.length) || p.tricks.length || p.scores.length || p.start || p.gameOver || p.drop.length ? 1 : 0;
    return n;
  }

  noteThreadPermission(tableId: string, allowed: boolean): void {
    this.threadAllowed.set(tableId, allowed);
  }

  /** The game's thread was deleted: the game carries on in the channel. */
  threadGone(tableId: string): void {
    this.threads.set(tableId, null);
  }

  /** The game started: a thread, the first post; the host has their cards in Start's answer, so it need not call them. */
  started(table: TableView): void {
    const n = this.news(table);
    n.startThread = true;
    n.start = true;
    n.nextHand = table.game;
  }

  /** The host was answered with their cards: the first post does not mention them. */
  hostAnswered(table: TableView): void {
    const { record, game: state } = table;
    const host = record.seats.find((s) => s.userId === record.hostId);
    if (host && state) this.watchOf(record.id).mentioned.set(host.seat, waitKey(state, host.seat));
  }

  seatChanged(table: TableView, update: Extract<TableUpdate, { type: "seat" }>): void {
    const record = table.record;
    const m = publicWords(record);
    const name = record.seats.find((s) => s.seat === update.seat)?.name ?? seatName(record, update.seat, m);
    this.fold(
      this.news(table),
      update.change === "bot-took-over"
        ? m.table.seatTakenOver({ name })
        : update.change === "left"
          ? m.table.seatLeft({ name })
          : m.table.seatBack({ name }),
    );
  }

  /** A line that cannot wait for the next trick. */
  notice(table: TableView, line: string): void {
    const n = this.news(table);
    n.lines.push(line);
    n.urgent = true;
  }

  closed(table: TableView, update: Extract<TableUpdate, { type: "closed" }>): void {
    const { record, game: state } = table;
    const n = this.news(table);
    if (update.reason !== "finished") {
      n.lines.push(words(publicWords(record), update.note));
      n.urgent = true;
    }
    // A game whose last card was stored just before a restart ends at resume, with no action
    // to announce it: say who won (and offer the Rematch) now.
    else if (!this.overAnnounced.has(record.id) && state?.phase === "game-over") n.gameOver = state;
    this.overAnnounced.delete(record.id);
    n.closeAfter = true;
  }

  /** Posts what is pending, in the background. */
  flushSoon(tableId: string): void {
    inBackground(this.deps.log, tableId, "table post", this.flush(tableId));
  }

  private news(table: TableView): News {
    const record = table.record;
    let n = this.pending.get(record.id);
    if (!n) {
      n = {
        table,
        record,
        lines: [],
        urgent: false,
        tricks: [],
        scores: [],
        hands: [],
        gameOver: null,
        start: false,
        nextHand: null,
        moon: false,
        drop: [],
        startThread: false,
        closeAfter: false,
        sending: false,
        foldTimer: null,
      };
      this.pending.set(record.id, n);
    }
    n.table = table;
    n.record = record;
    return n;
  }

  /** Lines that can wait for the next post; if none comes soon they go out on their own. */
  private fold(n: News, line: string): void {
    n.lines.push(line);
    if (n.foldTimer || n.urgent) return;
    const id = n.record.id;
    n.foldTimer = setTimeout(() => {
      n.foldTimer = null;
      if (!n.lines.length) return;
      n.urgent = true;
      this.flushSoon(id);
    }, FOLD_MS);
    n.foldTimer.unref?.();
  }

  /** Files what one action brings into the table's pending news. */
  action(table: TableView, update: Extract<TableUpdate, { type: "action" }>): void {
    const { record, game: state } = table;
    const n = this.news(table);
    const news = newsOf(update.events);
    if (update.source === "timeout") {
      const a = update.action;
      const m = publicWords(record);
      const name = record.seats.find((s) => s.seat === update.seat)?.name ?? m.table.aPlayer;
      this.fold(
        n,
        a.type === "play"
          ? m.table.timeoutPlayed({ name, card: cardLabel(a.card) })
          : a.type === "pass"
            ? m.table.timeoutPassed({ name })
            : m.table.timeoutMoon({ name }),
      );
    }
    if (record.settings.trickImages === "tricks") {
      for (const t of news.tricks)
        n.tricks.push({ trick: t.trick, trickNumber: t.trickNumber, heartsBroken: news.heartsBroken, queenFell: news.queenFell });
    }
    if (news.claim) {
      n.scores.push(
        publicWords(record).table.claim({
          name: seatName(record, news.claim.seat),
          n: news.claim.tricks,
          tram: news.claim.reason === "tram",
        }),
      );
    }
    if (news.moonPending) n.moon = true;
    if (news.handScored) {
      n.scores.push(handResultText(record, news.handScored.result, record.rules));
      n.hands.push(news.handScored.result);
    }
    if (news.dealt) n.nextHand = state;
    if (news.gameOver) {
      n.gameOver = state;
      n.nextHand = null;
      this.overAnnounced.add(record.id);
    }
    // However far posting falls behind, a table's pending news stays small.
    if (n.lines.length > MAX_LINES) n.lines.splice(0, n.lines.length - MAX_LINES, "…");
    if (n.tricks.length > MAX_TRICK_IMAGES) n.tricks.splice(0, n.tricks.length - MAX_TRICK_IMAGES);
    if (n.hands.length > 1) n.hands.splice(0, n.hands.length - 1);
  }

  // ---- who seems away ----------------------------------------------------------------------------

  /**
   * Follows whom the game waits for. A person learns it is their turn from their private menu; the
   * thread mentions them only when that cannot work (their menu's token has run out, or they never
   * opened it) or they have not acted within a grace period, once per wait.
   */
  watch(table: TableView): void {
    const id = table.record.id;
    const w = this.watchOf(id);
    const state = table.game;
    const open = isOpen(table.record.status) && !!state;
    const now = Date.now();
    const current = new Map<number, string>();
    if (open) for (const seat of this.awaitedPeople(table)) current.set(seat, waitKey(state!, seat));
    for (const [seat, since] of w.since) if (current.get(seat) !== since.key) w.since.delete(seat);
    for (const [seat, key] of current) if (!w.since.has(seat)) w.since.set(seat, { key, at: now });
    // A mention whose wait is over leaves the thread.
    const n = this.news(table);
    for (const notice of w.notices.splice(0)) {
      if (notice.waits.some(([seat, key]) => current.get(seat) === key)) w.notices.push(notice);
      else n.drop.push(notice);
    }
    if (w.timer) clearTimeout(w.timer);
    w.timer = null;
    let next = Infinity;
    for (const [seat, since] of w.since) {
      if (w.mentioned.get(seat) === since.key) continue;
      const user = table.record.seats.find((s) => s.seat === seat)?.userId;
      if (!user || !this.seesTurn(id, user)) continue;
      next = Math.min(next, since.at + this.graceMs(table));
    }
    if (next < Infinity) {
      w.timer = setTimeout(
        () => {
          w.timer = null;
          const live = this.deps.service.openTable(id);
          if (!live) return;
          this.watch(live);
          this.flushSoon(id);
        },
        Math.max(0, next - now) + 5,
      );
      w.timer.unref?.();
    }
  }

  private watchOf(tableId: string): Watch {
    let w = this.watches.get(tableId);
    if (!w) {
      w = { since: new Map(), mentioned: new Map(), notices: [], timer: null };
      this.watches.set(tableId, w);
    }
    return w;
  }

  /** The seats of people (not computer players) the game waits for. */
  private awaitedPeople(table: TableView): number[] {
    if (!table.game) return [];
    return table.awaiting.filter((s) => {
      const rec = table.record.seats.find((r) => r.seat === s);
      return !!rec?.userId && !isBotSeat(rec);
    });
  }

  /** Whether the person learns of their turn without a mention: from a fresh menu, or the Activity open at the table. */
  private seesTurn(tableId: string, userId: string): boolean {
    return this.deps.menus.hasFresh(tableId, userId) || !!this.deps.watching?.(tableId, userId);
  }

  /** A short while: a person who has not acted by then may have missed their menu. */
  private graceMs(table: TableView): number {
    const t = table.record.settings.turnSeconds;
    return t > 0 ? Math.min(GRACE_MS, (t * 1000) / 2) : GRACE_MS;
  }

  /** The people to mention now (and remembers they were): away, or past the grace period. */
  private dueMentions(table: TableView): string[] {
    const w = this.watches.get(table.record.id);
    if (!w || !table.game || !isOpen(table.record.status)) return [];
    const now = Date.now();
    const users: string[] = [];
    for (const [seat, since] of w.since) {
      if (w.mentioned.get(seat) === since.key) continue;
      if (waitKey(table.game, seat) !== since.key) continue;
      const user = table.record.seats.find((s) => s.seat === seat)?.userId;
      if (!user) continue;
      if (this.seesTurn(table.record.id, user) && now - since.at < this.graceMs(table)) continue;
      w.mentioned.set(seat, since.key);
      users.push(user);
    }
    return users;
  }

  /**
   * Sends a table's pending news, one message at a time. While a message is on its way, new news
   * waits and goes out together in the next one: when Discord is slow, posts merge instead of
   * piling up.
   */
  private async flush(tableId: string): Promise<void> {
    const n = this.pending.get(tableId);
    if (!n || n.sending) return;
    n.sending = true;
    try {
      for (;;) {
        if (n.startThread) {
          n.startThread = false;
          await this.openThread(n.record);
        }
        for (const notice of n.drop.splice(0)) await this.deleteNotice(n.record, notice);
        const msg = await this.compose(n);
        if (!msg) break;
        const id = await this.send(n.record, msg.out);
        if (msg.waits && id) this.watchOf(tableId).notices.push({ channel: id.channel, id: id.id, waits: msg.waits });
      }
    } catch (err) {
      this.deps.log.error({ table: tableId, err: errText(err) }, "table post failed");
    } finally {
      n.sending = false;
    }
    const drained =
      !n.tricks.length && !n.scores.length && !n.gameOver && !n.start && !n.startThread && !n.drop.length && !(n.urgent && n.lines.length);
    if (!drained) this.flushSoon(tableId);
    else if (n.closeAfter) {
      if (n.foldTimer) clearTimeout(n.foldTimer);
      this.pending.delete(tableId);
      this.threadAllowed.delete(tableId);
      this.threads.delete(tableId);
      const w = this.watches.get(tableId);
      if (w?.timer) clearTimeout(w.timer);
      this.watches.delete(tableId);
      this.deps.closed(tableId);
    } else if (!n.lines.length && !n.foldTimer) this.pending.delete(tableId); // nothing to say: news() makes a new entry when there is
  }

  /**
   * One message from everything pending (and clears it), or null when there is nothing to say: a
   * trick's picture and caption, a hand's score, the start or the end of the game, lines that
   * could not wait, or else a mention of someone who seems away.
   */
  private async compose(n: News): Promise<{ out: OutMessage; waits: [number, string][] | null } | null> {
    // The table as it is now: whom a mention names and what it asks are never out of date.
    const table = (n.table = this.deps.service.current(n.table));
    const { record } = n;
    const images = this.deps.images;
    const pace = <T>(fn: () => T) => this.deps.pacer.run(Lane.Post, fn);
    const post = n.tricks.length || n.scores.length || n.gameOver || n.start || (n.urgent && n.lines.length);
    const mentions = this.dueMentions(table);
    if (!post && !mentions.length) return null;
    // Taken at once: news arriving while the pictures are drawn goes in the next message.
    let lines = n.lines.splice(0);
    n.urgent = false;
    if (n.foldTimer) clearTimeout(n.foldTimer);
    n.foldTimer = null;
    // A hand's last trick has its own post like the others; its score (and the game's end) follow.
    const scoresLater = n.tricks.length > 0 && (n.scores.length > 0 || !!n.gameOver);
    const tricks = n.tricks.splice(0);
    const hands = scoresLater ? [] : n.hands.splice(0);
    const scores = scoresLater ? [] : n.scores.splice(0);
    const gameOver = scoresLater ? null : n.gameOver;
    const start = n.start;
    const nextHand = n.nextHand;
    const moon = n.moon;
    if (!scoresLater) n.gameOver = null;
    n.start = false;
    n.moon = false;
    if (scores.length || start) n.nextHand = null;
    const files: OutMessage["files"] = [];
    const state = table.game;
    const ping = (u: string) => `<@${u}>`;
    const m = publicWords(record);
    let components: OutMessage["components"];
    let waits: [number, string][] | null = null;
    if (start) {
      lines.unshift(m.table.gameOn({ names: record.seats.map((s) => seatName(record, s.seat, m)).join(", ") }));
      if (nextHand) lines.push(handStartText(record, nextHand));
    }
    for (const t of tricks) {
      const png = await pace(() => images.trick(record, t.trick, t.trickNumber, t.heartsBroken, t.queenFell));
      if (png) files.push({ name: `trick-${t.trickNumber + 1}.png`, data: png });
      lines.push(
        trickCaption(
          record,
          t.trickNumber,
          t.trick,
          t.trickNumber < 12 && !scoresLater && !scores.length ? leaderMention(record, t.trick.winner) : null,
        ),
      );
    }
    if (moon && state?.phase === "moon-choice") lines.push(m.table.moonChoosing({ name: seatName(record, state.turn, m) }));
    for (const h of hands) {
      const png = await pace(() => images.handSummary(record, h));
      if (png) files.push({ name: `hand-${h.handIndex + 1}.png`, data: png });
    }
    if (scores.length) {
      lines.push(...scores);
      if (nextHand && !gameOver) lines.push(handStartText(record, nextHand));
    }
    let allowed = mentions;
    if (gameOver) {
      const png = await pace(() => images.gameOver(record, gameOver.history, gameOver.totals, gameOver.placements!, record.rules));
      if (png) files.push({ name: "game-over.png", data: png });
      const winners = (gameOver.winners ?? []).map((s) => seatName(record, s, m)).join(m.table.and);
      allowed = record.seats.filter((s) => s.userId).map((s) => s.userId!);
      lines.push(
        m.table.gameOverPost({
          winners,
          totals: [0, 1, 2, 3].map((s) => `${seatName(record, s, m)} ${gameOver.totals[s]}`).join(", "),
          hinted: record.hintsUsed,
        }),
        m.table.rematchPrompt({ pings: allowed.map(ping).join(" ") }),
      );
      components = [row(button(encodeId({ verb: "rematch", tableId: record.id }), m.table.rematch, ButtonStyle.Success))];
    } else if (mentions.length) {
      lines.push(`${mentions.map(ping).join(" ")} ${awayText(state, m)}`);
      const hand = button(encodeId({ verb: "hand", tableId: record.id }), m.table.myHand, ButtonStyle.Primary);
      const open = button(encodeId({ verb: "activity", tableId: record.id }), m.table.openActivity, ButtonStyle.Success);
      components = [this.deps.activity ? row(hand, open) : row(hand)];
      // A mention on its own is taken down once its wait is over.
      if (!post && state) {
        const w = this.watchOf(record.id);
        waits = [...w.since]
          .filter(([seat]) => mentions.includes(record.seats.find((s) => s.seat === seat)?.userId ?? ""))
          .map(([seat, s]) => [seat, s.key]);
      }
    }
    if (!lines.length && !files.length) return null;
    let content = lines.join("\n");
    // Discord's 2000 characters: the oldest lines give way.
    while (content.length > 1900 && lines.length > 1) {
      lines = ["…", ...lines.slice(2)];
      content = lines.join("\n");
    }
    return { out: { content: content.slice(0, 2000), files: files.slice(-10), mentions: allowed, components }, waits };
  }

  // ---- threads and sending --------------------------------------------------------------------

  /** Starts the game's thread from the table message where allowed; else the game stays in the channel. */
  private async openThread(record: TableRecord): Promise<void> {
    if (record.threadId || !record.messageId || this.threadAllowed.get(record.id) === false) return;
    const names = record.seats.map((s) => s.name).join(", ");
    try {
      const thread = (await this.deps.rest.post(Routes.threads(record.channelId, record.messageId), {
        body: { name: cutGraphemes(`Hearts · ${names}`, 100), auto_archive_duration: 1440 },
      })) as { id: string };
      this.threads.set(record.id, thread.id);
      await this.deps.service.attach(record.id, { threadId: thread.id });
      this.deps.log.info({ table: record.id, thread: thread.id }, "game thread opened");
    } catch (err) {
      this.deps.log.warn(
        { table: record.id, code: errorCode(err), err: errText(err) },
        "could not open a thread; the game goes on in the channel",
      );
    }
  }

  /** Sends to the game's thread (or the channel), with the current record's thread: where it went, or null. */
  private async send(record: TableRecord, msg: OutMessage): Promise<{ channel: string; id: string } | null> {
    const live = record;
    const thread = this.threads.has(record.id) ? this.threads.get(record.id)! : record.threadId;
    const channel = thread ?? live.channelId;
    const { body, files } = forRest(msg);
    try {
      const m = (await this.deps.rest.post(Routes.channelMessages(channel), { body, files })) as { id: string };
      return { channel, id: m.id };
    } catch (err) {
      const code = errorCode(err);
      if (code === UNKNOWN_CHANNEL && channel === thread) {
        // The thread is gone: carry on in the channel.
        this.threads.set(live.id, null);
        await this.deps.service.attach(live.id, { threadId: null });
        const m = (await this.deps.rest
          .post(Routes.channelMessages(live.channelId), { body, files })
          .catch((e) => this.deps.failures.report(live, e, "post"))) as { id: string } | undefined;
        return m ? { channel: live.channelId, id: m.id } : null;
      } else if (code === UNKNOWN_CHANNEL) {
        this.deps.log.warn({ table: live.id }, "the table's channel was deleted; closing the table");
        await this.deps.service.closeBySystem(live.id, "ended", sentence("lobby", "closedChannelDeleted"));
      } else this.deps.failures.report(live, err, "post");
      return null;
    }
  }

  /** Takes down a mention whose wait is over (a channel request too, but one per absence, not per turn). */
  private async deleteNotice(record: TableRecord, notice: Notice): Promise<void> {
    try {
      await this.deps.rest.delete(Routes.channelMessage(notice.channel, notice.id));
    } catch (err) {
      const code = errorCode(err);
      // Already gone (someone deleted it, or the thread went): nothing to do.
      if (code !== UNKNOWN_MESSAGE && code !== UNKNOWN_CHANNEL) this.deps.failures.report(record, err, "delete a mention");
    }
  }
}
