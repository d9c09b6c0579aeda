/**
 * Shows the table service's updates in Discord: edits of the public table message (coalesced to
 * respect the per-channel rate limits), posts in the game's thread (tricks, scores, whose turn it
 * is, with a mention of that player only), and refreshes of players' open private menus.
 *
 * Posts of one table go out in order through that table's outbox; a failure is logged with the
 * table id and never stops the game or the other tables.
 */
import { ButtonStyle, ComponentType, DiscordAPIError, Routes, type APIButtonComponent, type REST } from "discord.js";
import { awaiting, cardLabel, viewFor, type GameState, type HandResult, type Seat, type TrickRecord } from "../game/index.js";
import { messages, sentence, words, type Messages } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { SavedMenu, TableRecord } from "../store/types.js";
import { cutGraphemes } from "../table/names.js";
import { tableLocale } from "../table/options.js";
import { isBotSeat } from "../table/seats.js";
import type { TableService } from "../table/service.js";
import type { TableSnapshot, TableUpdate } from "../table/types.js";
import { encodeId } from "./ids.js";
import type { Images } from "./images.js";
import { forRest, type OutMessage } from "./message.js";
import type { Menus } from "./menus.js";
import { Lane, type Pacer } from "./pacer.js";
import { handMenu, handResultText, handStartText, newsOf, publicWords, seatName, tableHasPicture, tableMessage, trickCaption } from "./views.js";

interface EditState {
  table: TableSnapshot;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: boolean;
  dirty: boolean;
  last: number;
  /** What the last edit (or the post) showed, to leave out edits that change nothing. */
  sent: string;
  /** The picture on the message: what it showed (status, hand, seats), when, and its URL. */
  imageKey: string;
  imageAt: number;
  imageUrl: string | null;
}

/** What the table picture shows that must never be out of date: status, hand, who sits where. */
const imageKeyOf = (t: TableSnapshot) => `${t.record.status}:${t.state?.handIndex ?? -1}:${t.record.seats.map((s) => `${s.seat}${s.name}${s.botControlled ? "*" : ""}`).join()}`;

/** The picture's URL in Discord's answer (the CDN address), to keep it in text-only edits. */
const imageUrlIn = (res: unknown): string => ((res as { embeds?: { image?: { url?: string } }[] })?.embeds?.[0]?.image?.url ?? "attachment://table.png");

export interface PresenterDeps {
  rest: REST;
  service: TableService;
  images: Images;
  menus: Menus;
  pacer: Pacer;
  log: Logger;
  editIntervalMs: number;
}

/** Discord error codes the presenter handles. */
const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_MESSAGE = 10008;
const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;

/** Pending news kept per table while posting lags behind the game. */
const MAX_LINES = 30;
const MAX_TRICK_IMAGES = 3;

interface TrickShot {
  trick: TrickRecord;
  trickNumber: number;
  heartsBroken: boolean;
  queenFell: boolean;
}

/** What a table has to say that has not been posted yet. */
interface News {
  /** The live table (read when a post is composed). */
  table: TableSnapshot;
  record: TableRecord;
  /** Lines for the next post (time-outs, seat changes); `urgent` when they cannot wait for one. */
  lines: string[];
  urgent: boolean;
  tricks: TrickShot[];
  /** Hands scored: their lines (every one is told) and the last one's picture. */
  scores: string[];
  hands: HandResult[];
  gameOver: GameState | null;
  /** The game started: its first post. */
  start: boolean;
  /** A hand was dealt: its start is told with the previous hand's score (or the game's start). */
  nextHand: GameState | null;
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
function waitKey(state: GameState, seat: number): string {
  return state.phase === "passing" ? `p${state.handIndex}:${seat}` : state.phase === "moon-choice" ? `m${state.handIndex}:${seat}` : `a${state.actionCount}:${seat}`;
}

/** What a mention asks of the people it names. */
function awayText(state: GameState | null, m: Messages): string {
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
const button = (custom_id: string, label: string, style: ButtonStyle.Primary | ButtonStyle.Success): APIButtonComponent => ({ type: ComponentType.Button, custom_id, label, style });

export class Presenter {
  private readonly pending = new Map<string, News>();
  /** Tables whose game over this process has announced (or is about to): the end is said once. */
  private readonly overAnnounced = new Set<string>();
  private readonly edits = new Map<string, EditState>();
  /** Whether the bot may start a thread where the table is (learnt from the interaction). */
  private readonly threadAllowed = new Map<string, boolean>();
  private readonly warned = new Set<string>();
  /** The game thread of each table, once opened (saves a store read per post). */
  private readonly threads = new Map<string, string | null>();
  private readonly watches = new Map<string, Watch>();

  constructor(private readonly deps: PresenterDeps) {
    deps.service.onUpdate((table, update) => this.onUpdate(table, update));
  }

  /** Tables with posts or edits still to go out. */
  get pendingWork(): number {
    let n = 0;
    for (const p of this.pending.values()) n += p.sending || (p.urgent && p.lines.length) || p.tricks.length || p.scores.length || p.start || p.gameOver || p.drop.length ? 1 : 0;
    for (const e of this.edits.values()) n += e.inFlight || e.timer ? 1 : 0;
    return n;
  }

  /** Resolves when every pending post and edit has gone out (or after about 2 s). */
  async idle(): Promise<void> {
    for (let i = 0; i < 200 && this.pendingWork > 0; i++) await new Promise((r) => setTimeout(r, 10));
  }

  noteThreadPermission(tableId: string, allowed: boolean): void {
    this.threadAllowed.set(tableId, allowed);
  }

  // ---- the public table message -------------------------------------------------------------

  /** Posts a new table message in the table's channel and records it. */
  async postTableMessage(table: TableSnapshot): Promise<string> {
    const out = await this.deps.pacer.run(Lane.Table, () => tableMessage(table, this.deps.images));
    const { body, files } = forRest(out);
    const msg = (await this.deps.rest.post(Routes.channelMessages(table.record.channelId), { body, files })) as { id: string };
    await this.deps.service.attach(table.record.id, { messageId: msg.id });
    const e = this.editState(table);
    if (out.files?.length) Object.assign(e, { imageKey: imageKeyOf(table), imageAt: Date.now(), imageUrl: imageUrlIn(msg) });
    e.sent = JSON.stringify([out.content, out.embeds, out.components, out.files?.length ? imageKeyOf(table) : null]);
    // Anything that changed while the message was on its way shows at the next edit.
    if (e.dirty) this.scheduleEdit(table);
    return msg.id;
  }

  private editState(table: TableSnapshot): EditState {
    let e = this.edits.get(table.record.id);
    if (!e) {
      e = { table, timer: null, inFlight: false, dirty: false, last: 0, sent: "", imageKey: "", imageAt: 0, imageUrl: null };
      this.edits.set(table.record.id, e);
    }
    return e;
  }

  /** Asks for an edit of the table message; edits closer than the interval are merged into one. */
  scheduleEdit(table: TableSnapshot, urgent = false): void {
    const id = table.record.id;
    const e = this.editState(table);
    e.table = table;
    e.dirty = true;
    if (e.inFlight || e.timer) return;
    const wait = urgent ? 0 : Math.max(0, e.last + this.deps.editIntervalMs - Date.now());
    e.timer = setTimeout(() => this.background(id, "edit table message", this.flushEdit(id)), wait);
  }

  private async flushEdit(id: string): Promise<void> {
    const e = this.edits.get(id);
    if (!e) return;
    e.timer = null;
    if (!e.dirty) return;
    e.dirty = false;
    e.inFlight = true;
    e.last = Date.now();
    try {
      await this.editTableMessage(e);
    } finally {
      e.inFlight = false;
      if (e.dirty) this.scheduleEdit(e.table);
      else if (!isOpenStatus(e.table.record.status)) this.edits.delete(id);
    }
  }

  private async editTableMessage(e: EditState): Promise<void> {
    const table = e.table;
    const { record } = table;
    if (!record.messageId) return;
    // The picture is shown in the lobby and at the end (redrawn when what it shows changed); during
    // a hand the message is text, and an edit that would change nothing is not sent.
    const key = imageKeyOf(table);
    const pictured = tableHasPicture(table);
    const redraw = pictured && (!e.imageUrl || key !== e.imageKey);
    const out = redraw ? await this.deps.pacer.run(Lane.Table, () => tableMessage(table, this.deps.images)) : tableMessage(table, this.deps.images, { imageUrl: e.imageUrl ?? undefined });
    const sig = JSON.stringify([out.content, out.embeds, out.components, pictured ? key : null]);
    if (!redraw && sig === e.sent) return;
    const { body, files } = forRest(out, { edit: true, keepAttachments: pictured && !redraw });
    try {
      const res = await this.deps.rest.patch(Routes.channelMessage(record.channelId, record.messageId), { body, files });
      e.sent = sig;
      if (redraw && out.files?.length) Object.assign(e, { imageKey: key, imageAt: Date.now(), imageUrl: imageUrlIn(res) });
      if (!pictured) e.imageUrl = null;
    } catch (err) {
      const code = errorCode(err);
      if (code === UNKNOWN_CHANNEL && isOpenStatus(record.status)) {
        await this.channelDeleted(record.channelId);
      } else if (code === UNKNOWN_MESSAGE && isOpenStatus(record.status)) {
        // Someone deleted the table message: put up a new one so the game keeps its buttons.
        this.deps.log.warn({ table: record.id }, "table message was deleted; posting a new one");
        await this.postTableMessage(table).catch((e2) => this.fail(record, e2, "repost table message"));
      } else this.fail(record, err, "edit table message");
    }
  }

  // ---- updates --------------------------------------------------------------------------------

  private news(table: TableSnapshot): News {
    const record = table.record;
    let n = this.pending.get(record.id);
    if (!n) {
      n = { table, record, lines: [], urgent: false, tricks: [], scores: [], hands: [], gameOver: null, start: false, nextHand: null, moon: false, drop: [], startThread: false, closeAfter: false, sending: false, foldTimer: null };
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
      this.background(id, "table post", this.flush(id));
    }, FOLD_MS);
    n.foldTimer.unref?.();
  }

  private onUpdate(table: TableSnapshot, update: TableUpdate): void {
    // Read now: the state an update talks about (the table moves on while posts wait).
    const record = table.record;
    const state = table.state;
    switch (update.type) {
      case "lobby":
        this.scheduleEdit(table);
        return;
      case "started": {
        this.scheduleEdit(table, true);
        const n = this.news(table);
        n.startThread = true;
        n.start = true;
        n.nextHand = state;
        this.refreshAwaited(table, state!, true);
        // The host pressed Start and has their cards in its answer: the first post needs not call them.
        this.watch(table);
        const host = record.seats.find((s) => s.userId === record.hostId);
        if (host && state) this.watchOf(record.id).mentioned.set(host.seat, waitKey(state, host.seat));
        break;
      }
      case "action": {
        this.scheduleEdit(table);
        this.collect(table, state!, update);
        const news = newsOf(update.events);
        if (news.passed || !!news.dealt || !!news.gameOver || !!news.handScored) this.refreshAwaited(table, state!, true);
        else if (update.action.type === "pass") {
          // Only the menus that show who is still choosing change; the others' pass menus stay as they are.
          const still = awaiting(state!);
          for (const s of [0, 1, 2, 3]) if (s !== update.seat && !still.includes(s)) this.refreshSeat(table, s);
        } else this.refreshAwaited(table, state!, false);
        if (update.source === "timeout") this.refreshSeat(table, update.seat);
        break;
      }
      case "seat": {
        this.scheduleEdit(table, true);
        const m = publicWords(record);
        const name = record.seats.find((s) => s.seat === update.seat)?.name ?? seatName(record, update.seat, m);
        this.fold(this.news(table), update.change === "bot-took-over" ? m.table.seatTakenOver({ name }) : update.change === "left" ? m.table.seatLeft({ name }) : m.table.seatBack({ name }));
        if (update.change === "returned") this.refreshSeat(table, update.seat);
        break;
      }
      case "notice": {
        const n = this.news(table);
        n.lines.push(words(publicWords(record), update.note));
        n.urgent = true;
        break;
      }
      case "closed": {
        this.scheduleEdit(table, true);
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
        for (const s of record.seats) if (s.userId) this.refreshSeat(table, s.seat);
        break;
      }
    }
    this.watch(table);
    this.background(record.id, "table post", this.flush(record.id));
  }

  /** Work nobody awaits: its failure is logged with the table, never left unhandled. */
  private background(tableId: string, what: string, work: Promise<unknown>): void {
    work.catch((err: unknown) => this.deps.log.error({ table: tableId, err: errText(err) }, `${what} failed`));
  }

  /** Files what one action brings into the table's pending news. */
  private collect(table: TableSnapshot, state: NonNullable<TableSnapshot["state"]>, update: Extract<TableUpdate, { type: "action" }>): void {
    const record = table.record;
    const n = this.news(table);
    const news = newsOf(update.events);
    if (update.source === "timeout") {
      const a = update.action;
      const m = publicWords(record);
      const name = record.seats.find((s) => s.seat === update.seat)?.name ?? m.table.aPlayer;
      this.fold(n, a.type === "play" ? m.table.timeoutPlayed({ name, card: cardLabel(a.card) }) : a.type === "pass" ? m.table.timeoutPassed({ name }) : m.table.timeoutMoon({ name }));
    }
    if (record.settings.trickImages === "tricks") {
      for (const t of news.tricks) n.tricks.push({ trick: t.trick, trickNumber: t.trickNumber, heartsBroken: news.heartsBroken, queenFell: news.queenFell });
    }
    if (news.claim) {
      n.scores.push(publicWords(record).table.claim({ name: seatName(record, news.claim.seat), n: news.claim.tricks, tram: news.claim.reason === "tram" }));
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
  private watch(table: TableSnapshot): void {
    const id = table.record.id;
    const w = this.watchOf(id);
    const state = table.state;
    const open = isOpenStatus(table.record.status) && !!state;
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
      if (!user || !this.deps.menus.hasFresh(id, user)) continue;
      next = Math.min(next, since.at + this.graceMs(table));
    }
    if (next < Infinity) {
      w.timer = setTimeout(() => {
        w.timer = null;
        const live = this.deps.service.openTable(id);
        if (!live) return;
        this.watch(live);
        this.background(id, "table post", this.flush(id));
      }, Math.max(0, next - now) + 5);
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
  private awaitedPeople(table: TableSnapshot): number[] {
    const state = table.state;
    if (!state) return [];
    return awaiting(state).filter((s) => {
      const rec = table.record.seats.find((r) => r.seat === s);
      return !!rec?.userId && !isBotSeat(rec);
    });
  }

  /** A short while: a person who has not acted by then may have missed their menu. */
  private graceMs(table: TableSnapshot): number {
    const t = table.record.settings.turnSeconds;
    return t > 0 ? Math.min(GRACE_MS, (t * 1000) / 2) : GRACE_MS;
  }

  /** The people to mention now (and remembers they were): away, or past the grace period. */
  private dueMentions(table: TableSnapshot): string[] {
    const w = this.watches.get(table.record.id);
    if (!w || !table.state || !isOpenStatus(table.record.status)) return [];
    const now = Date.now();
    const users: string[] = [];
    for (const [seat, since] of w.since) {
      if (w.mentioned.get(seat) === since.key) continue;
      if (waitKey(table.state, seat) !== since.key) continue;
      const user = table.record.seats.find((s) => s.seat === seat)?.userId;
      if (!user) continue;
      if (this.deps.menus.hasFresh(table.record.id, user) && now - since.at < this.graceMs(table)) continue;
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
    const drained = !n.tricks.length && !n.scores.length && !n.gameOver && !n.start && !n.startThread && !n.drop.length && !(n.urgent && n.lines.length);
    if (!drained) this.background(tableId, "table post", this.flush(tableId));
    else if (n.closeAfter) {
      if (n.foldTimer) clearTimeout(n.foldTimer);
      this.pending.delete(tableId);
      this.threadAllowed.delete(tableId);
      this.threads.delete(tableId);
      const w = this.watches.get(tableId);
      if (w?.timer) clearTimeout(w.timer);
      this.watches.delete(tableId);
      // Menus get their last refresh ("closed") before they are forgotten.
      setTimeout(() => this.deps.menus.forgetTable(tableId), 5_000).unref?.();
    } else if (!n.lines.length && !n.foldTimer) this.pending.delete(tableId); // nothing to say: news() makes a new entry when there is
  }

  /**
   * One message from everything pending (and clears it), or null when there is nothing to say: a
   * trick's picture and caption, a hand's score, the start or the end of the game, lines that
   * could not wait, or else a mention of someone who seems away.
   */
  private async compose(n: News): Promise<{ out: OutMessage; waits: [number, string][] | null } | null> {
    const { record, table } = n;
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
    const state = table.state;
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
      lines.push(trickCaption(record, t.trickNumber, t.trick, t.trickNumber < 12 && !scoresLater && !scores.length ? leaderMention(record, t.trick.winner) : null));
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
        m.table.gameOverPost({ winners, totals: [0, 1, 2, 3].map((s) => `${seatName(record, s, m)} ${gameOver.totals[s]}`).join(", "), hinted: record.hintsUsed }),
        m.table.rematchPrompt({ pings: allowed.map(ping).join(" ") }),
      );
      components = [row(button(encodeId({ verb: "rematch", tableId: record.id }), m.table.rematch, ButtonStyle.Success))];
    } else if (mentions.length) {
      lines.push(`${mentions.map(ping).join(" ")} ${awayText(state, m)}`);
      components = [row(button(encodeId({ verb: "hand", tableId: record.id }), m.table.myHand, ButtonStyle.Primary))];
      // A mention on its own is taken down once its wait is over.
      if (!post && state) {
        const w = this.watchOf(record.id);
        waits = [...w.since].filter(([seat]) => mentions.includes(record.seats.find((s) => s.seat === seat)?.userId ?? "")).map(([seat, s]) => [seat, s.key]);
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

// ---- private menus --------------------------------------------------------------------------

  /** Refreshes the open menus of the humans the game now waits for (or of every human). */
  private refreshAwaited(table: TableSnapshot, state: NonNullable<TableSnapshot["state"]>, everyone: boolean): void {
    const seats = everyone ? [0, 1, 2, 3] : awaiting(state);
    for (const seat of seats) this.refreshSeat(table, seat);
  }

  private refreshSeat(table: TableSnapshot, seat: number): void {
    const rec = table.record.seats.find((s) => s.seat === seat);
    if (!rec?.userId) return;
    const id = table.record.id;
    this.deps.menus.refresh(id, rec.userId, (known) =>
      this.deps.pacer.run(Lane.Menu, () => {
        // Built when it is sent, from the table as it is then, in the player's language (the
        // table's while it is not known, after a restart).
        const locale = known ?? tableLocale(table.record);
        const state = table.state;
        if (!state) return null;
        if (!isOpenStatus(table.record.status) && table.record.status !== "finished") {
          return { embeds: [{ description: messages(locale).table.closedTable, color: 0x5a5f63 }], components: [] };
        }
        const view = viewFor(state, seat as Seat);
        const selected = view.phase === "passing" && !view.passed ? this.deps.menus.pickedFor(id, rec.userId!, view.handIndex, view.hand) : undefined;
        return handMenu(table, view, this.deps.images, { selected, deadline: this.deps.service.deadline(table, seat), locale });
      }),
    );
  }

  /**
   * After a restart: the menus players still had open (their tokens still valid) are brought up to
   * date at once, instead of showing a stale "waiting" until someone presses Refresh.
   */
  async restoreMenus(saved: SavedMenu[]): Promise<number> {
    let restored = 0;
    for (const m of saved) {
      const table = this.deps.service.openTable(m.tableId);
      const seat = table?.record.seats.find((s) => s.userId === m.userId);
      if (!table || !seat || !this.deps.menus.restore(m)) continue;
      this.refreshSeat(table, seat.seat);
      restored++;
    }
    return restored;
  }

  /** A channel or thread was deleted: its table closes, or a game whose thread went carries on in the channel. */
  async channelDeleted(channelId: string): Promise<void> {
    const table = this.deps.service.tableIn(channelId);
    if (!table) return;
    const { record } = table;
    if (channelId === record.channelId) {
      this.deps.log.warn({ table: record.id, channel: channelId }, "the table's channel was deleted; closing the table");
      await this.deps.service.closeBySystem(record.id, "ended", sentence("lobby", "closedChannelDeleted"));
    } else {
      this.deps.log.warn({ table: record.id, thread: channelId }, "the game's thread was deleted; the game goes on in the channel");
      this.threads.set(record.id, null);
      await this.deps.service.attach(record.id, { threadId: null });
    }
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
      this.deps.log.warn({ table: record.id, code: errorCode(err), err: errText(err) }, "could not open a thread; the game goes on in the channel");
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
        const m = (await this.deps.rest.post(Routes.channelMessages(live.channelId), { body, files }).catch((e) => this.fail(live, e, "post"))) as { id: string } | undefined;
        return m ? { channel: live.channelId, id: m.id } : null;
      } else if (code === UNKNOWN_CHANNEL) {
        this.deps.log.warn({ table: live.id }, "the table's channel was deleted; closing the table");
        await this.deps.service.closeBySystem(live.id, "ended", sentence("lobby", "closedChannelDeleted"));
      } else this.fail(live, err, "post");
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
      if (code !== UNKNOWN_MESSAGE && code !== UNKNOWN_CHANNEL) this.fail(record, err, "delete a mention");
    }
  }

  private fail(record: TableRecord, err: unknown, what: string): void {
    const code = errorCode(err);
    if (code === MISSING_PERMISSIONS || code === MISSING_ACCESS) {
      // Once per table and problem: the log says what to fix.
      const key = `${record.id}:${what}:${code}`;
      if (this.warned.has(key)) return;
      this.warned.add(key);
      this.deps.log.warn({ table: record.id, channel: record.threadId ?? record.channelId, code, what }, "missing permission: the bot needs View Channel, Send Messages, Send Messages in Threads, Embed Links, Attach Files and Create Public Threads here");
      return;
    }
    this.deps.log.error({ table: record.id, code, what, err: errText(err) }, "Discord request failed");
  }
}

const isOpenStatus = (s: TableRecord["status"]) => s === "lobby" || s === "passing" || s === "playing";
const errorCode = (err: unknown): number | string | undefined => (err instanceof DiscordAPIError ? err.code : undefined);
const errText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
