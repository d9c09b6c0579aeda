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
import type { Logger } from "../log.js";
import type { SavedMenu, TableRecord } from "../store/types.js";
import { isBotSeat } from "../table/seats.js";
import type { TableService } from "../table/service.js";
import type { TableSnapshot, TableUpdate } from "../table/types.js";
import { encodeId } from "./ids.js";
import type { Images } from "./images.js";
import { forRest, type OutMessage } from "./message.js";
import type { Menus } from "./menus.js";
import { Lane, type Pacer } from "./pacer.js";
import { handMenu, handResultText, newsOf, seatName, tableMessage, trickCaption, trickLine } from "./views.js";

interface EditState {
  table: TableSnapshot;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: boolean;
  dirty: boolean;
  last: number;
  /** The picture on the message: what it showed (status, hand, seats), when, and its URL. */
  imageKey: string;
  imageAt: number;
  imageUrl: string | null;
}

/** During a hand the table picture is redrawn at most this often; the text is always current. */
const TABLE_IMAGE_MS = 5_000;

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
  record: TableRecord;
  lines: string[];
  tricks: TrickShot[];
  hands: HandResult[];
  gameOver: GameState | null;
  turn: { state: GameState; newHand: boolean; passed: boolean } | null;
  startThread: boolean;
  closeAfter: boolean;
  sending: boolean;
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

  constructor(private readonly deps: PresenterDeps) {
    deps.service.onUpdate((table, update) => this.onUpdate(table, update));
  }

  /** Tables with posts or edits still to go out. */
  get pendingWork(): number {
    let n = 0;
    for (const p of this.pending.values()) n += p.sending || p.lines.length || p.turn || p.gameOver ? 1 : 0;
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
    // Anything that changed while the message was on its way shows at the next edit.
    if (e.dirty) this.scheduleEdit(table);
    return msg.id;
  }

  private editState(table: TableSnapshot): EditState {
    let e = this.edits.get(table.record.id);
    if (!e) {
      e = { table, timer: null, inFlight: false, dirty: false, last: 0, imageKey: "", imageAt: 0, imageUrl: null };
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
    e.timer = setTimeout(() => void this.flushEdit(id), wait);
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
    // The text is always current; the picture is redrawn when what it must show changed, or now
    // and then during a hand (not at all while the bot is busy).
    const key = imageKeyOf(table);
    const now = Date.now();
    const redraw = !e.imageUrl || key !== e.imageKey || (!this.deps.images.busy && now - e.imageAt >= TABLE_IMAGE_MS);
    const out = redraw ? await this.deps.pacer.run(Lane.Table, () => tableMessage(table, this.deps.images)) : tableMessage(table, this.deps.images, { imageUrl: e.imageUrl! });
    const { body, files } = forRest(out, { edit: true, keepAttachments: !redraw });
    try {
      const res = await this.deps.rest.patch(Routes.channelMessage(record.channelId, record.messageId), { body, files });
      if (redraw && out.files?.length) Object.assign(e, { imageKey: key, imageAt: now, imageUrl: imageUrlIn(res) });
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

  private news(record: TableRecord): News {
    let n = this.pending.get(record.id);
    if (!n) {
      n = { record, lines: [], tricks: [], hands: [], gameOver: null, turn: null, startThread: false, closeAfter: false, sending: false };
      this.pending.set(record.id, n);
    }
    n.record = record;
    return n;
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
        const n = this.news(record);
        n.startThread = true;
        n.lines.push(`**Game on!** ${record.seats.map((s) => seatName(record, s.seat)).join(", ")}.`);
        n.turn = { state: state!, newHand: true, passed: false };
        this.refreshAwaited(table, state!, true);
        break;
      }
      case "action": {
        this.scheduleEdit(table);
        this.collect(record, state!, update);
        const news = newsOf(update.events);
        this.refreshAwaited(table, state!, news.passed || !!news.dealt || !!news.gameOver || !!news.handScored);
        if (update.source === "timeout") this.refreshSeat(table, update.seat);
        break;
      }
      case "seat": {
        this.scheduleEdit(table, true);
        const name = record.seats.find((s) => s.seat === update.seat)?.name ?? seatName(record, update.seat);
        this.news(record).lines.push(
          update.change === "bot-took-over"
            ? `⏱ ${name} missed several turns, so a computer player plays for them. Press **Rejoin** on the table message or use \`/hearts join\` to take the seat back.`
            : update.change === "left"
              ? `${name} left; a computer player plays their seat. \`/hearts join\` brings them back.`
              : `${name} is back.`,
        );
        if (update.change === "returned") this.refreshSeat(table, update.seat);
        break;
      }
      case "notice":
        this.news(record).lines.push(update.note);
        break;
      case "closed": {
        this.scheduleEdit(table, true);
        const n = this.news(record);
        if (update.reason !== "finished") n.lines.push(update.note);
        // A game whose last card was stored just before a restart ends at resume, with no action
        // to announce it: say who won (and offer the Rematch) now.
        else if (!this.overAnnounced.has(record.id) && state?.phase === "game-over") n.gameOver = state;
        this.overAnnounced.delete(record.id);
        n.turn = null;
        n.closeAfter = true;
        for (const s of record.seats) if (s.userId) this.refreshSeat(table, s.seat);
        break;
      }
    }
    void this.flush(record.id);
  }

  /** Files what one action brings into the table's pending news. */
  private collect(record: TableRecord, state: NonNullable<TableSnapshot["state"]>, update: Extract<TableUpdate, { type: "action" }>): void {
    const n = this.news(record);
    const news = newsOf(update.events);
    if (update.source === "timeout") {
      const a = update.action;
      const what = a.type === "play" ? `played ${cardLabel(a.card)}` : a.type === "pass" ? "passed 3 cards" : "chose the moon's scoring";
      n.lines.push(`⏱ ${record.seats.find((s) => s.seat === update.seat)?.name ?? "A player"} ran out of time; a computer player ${what} for them.`);
    }
    if (record.settings.trickImages === "tricks") {
      for (const t of news.tricks) {
        n.lines.push(trickCaption(record, t.trickNumber, t.trick));
        n.tricks.push({ trick: t.trick, trickNumber: t.trickNumber, heartsBroken: news.heartsBroken, queenFell: news.queenFell });
      }
    }
    if (news.claim) {
      n.lines.push(`${seatName(record, news.claim.seat)} takes the last ${news.claim.tricks} trick${news.claim.tricks === 1 ? "" : "s"}: ${news.claim.reason === "tram" ? "they must win them all" : "no points were left"}.`);
    }
    if (news.handScored) {
      n.lines.push(handResultText(record, news.handScored.result, record.rules));
      n.hands.push(news.handScored.result);
    }
    if (news.gameOver) {
      n.gameOver = state;
      this.overAnnounced.add(record.id);
      n.turn = null;
    } else {
      // A hand's start or exchange not yet announced stays announced with the later turn.
      const sameHand = n.turn?.state.handIndex === state.handIndex;
      n.turn = { state, newHand: !!news.dealt || (sameHand && n.turn!.newHand), passed: news.passed || (sameHand && n.turn!.passed) };
    }
    // However far posting falls behind, a table's pending news stays small.
    if (n.lines.length > MAX_LINES) n.lines.splice(0, n.lines.length - MAX_LINES, "…");
    if (n.tricks.length > MAX_TRICK_IMAGES) n.tricks.splice(0, n.tricks.length - MAX_TRICK_IMAGES);
    if (n.hands.length > 1) n.hands.splice(0, n.hands.length - 1);
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
        const msg = await this.compose(n);
        if (!msg) break;
        await this.send(n.record, msg);
      }
    } catch (err) {
      this.deps.log.error({ table: tableId, err: errText(err) }, "table post failed");
    } finally {
      n.sending = false;
    }
    const drained = !n.lines.length && !n.tricks.length && !n.hands.length && !n.gameOver && !n.turn && !n.startThread;
    if (!drained) void this.flush(tableId);
    else if (n.closeAfter) {
      this.pending.delete(tableId);
      this.threadAllowed.delete(tableId);
      this.threads.delete(tableId);
      // Menus get their last refresh ("closed") before they are forgotten.
      setTimeout(() => this.deps.menus.forgetTable(tableId), 5_000).unref?.();
    } else this.pending.delete(tableId); // nothing to say: news() makes a new entry when there is

  }

  /** One message from everything pending (and clears it), or null when there is nothing to say. */
  private async compose(n: News): Promise<OutMessage | null> {
    const { record } = n;
    const images = this.deps.images;
    const pace = <T>(fn: () => T) => this.deps.pacer.run(Lane.Post, fn);
    // Taken at once: news arriving while the pictures are drawn goes in the next message.
    let lines = n.lines.splice(0);
    const tricks = n.tricks.splice(0);
    const hands = n.hands.splice(0);
    const gameOver = n.gameOver;
    n.gameOver = null;
    const files: OutMessage["files"] = [];
    for (const t of tricks) {
      const png = await pace(() => images.trick(record, t.trick, t.trickNumber, t.heartsBroken, t.queenFell));
      if (png) files.push({ name: `trick-${t.trickNumber + 1}.png`, data: png });
    }
    for (const h of hands) {
      const png = await pace(() => images.handSummary(record, h));
      if (png) files.push({ name: `hand-${h.handIndex + 1}.png`, data: png });
    }
    let mentions: string[] = [];
    let components: OutMessage["components"];
    if (gameOver) {
      const state = gameOver;
      const png = await pace(() => images.gameOver(record, state.history, state.totals, state.placements!, record.rules));
      if (png) files.push({ name: "game-over.png", data: png });
      const winners = (state.winners ?? []).map((s) => seatName(record, s)).join(" and ");
      mentions = record.seats.filter((s) => s.userId).map((s) => s.userId!);
      lines.push(
        `🏆 **Game over: ${winners} won!** Final totals: ${[0, 1, 2, 3].map((s) => `${seatName(record, s)} ${state.totals[s]}`).join(", ")}.${record.hintsUsed ? " (Hints were used: this game is not rated.)" : ""}`,
        `${mentions.map((u) => `<@${u}>`).join(" ")} — press **Rematch** for another game.`,
      );
      components = [row(button(encodeId({ verb: "rematch", tableId: record.id }), "Rematch", ButtonStyle.Success))];
    } else if (n.turn) {
      const turn = this.turnText(record, n.turn.state, n.turn.newHand, n.turn.passed);
      n.turn = null;
      if (turn.text) lines.push(turn.text);
      mentions = turn.users;
      if (mentions.length) components = [row(button(encodeId({ verb: "hand", tableId: record.id }), "My hand", ButtonStyle.Primary))];
    }
    if (!lines.length && !files.length) return null;
    let content = lines.join("\n");
    // Discord's 2000 characters: the oldest lines give way.
    while (content.length > 1900 && lines.length > 1) {
      lines = ["…", ...lines.slice(2)];
      content = lines.join("\n");
    }
    return { content: content.slice(0, 2000), files: files.slice(-10), mentions, components };
  }

  /** "Hand 2: pass 3 cards across. @Ann @Bob" or "@Ann, your turn to lead." — only the awaited humans are pinged. */
  private turnText(record: TableRecord, state: NonNullable<TableSnapshot["state"]>, newHand: boolean, passed: boolean): { text: string; users: string[] } {
    const humans = awaiting(state)
      .map((s) => record.seats.find((r) => r.seat === s))
      .filter((s): s is NonNullable<typeof s> => !!s && !isBotSeat(s) && !!s.userId);
    const users = humans.map((s) => s.userId!);
    const pings = users.map((u) => `<@${u}>`).join(" ");
    let text = "";
    if (state.phase === "passing" && newHand) {
      text = `**Hand ${state.handIndex + 1}:** pass 3 cards ${state.passDirection === "across" ? "across" : `to the ${state.passDirection}`}.${pings ? ` ${pings}` : ""}`;
    } else if (state.phase === "playing") {
      const lead = state.trick.length === 0;
      const head =
        newHand && state.trickNumber === 0 && state.passDirection === "hold"
          ? `**Hand ${state.handIndex + 1}:** no passing this hand. `
          : passed && state.trickNumber === 0
            ? "Cards exchanged. "
            : "";
      const onTable = lead ? "" : ` ${trickLine(record, state)}`;
      text = users.length ? `${head}${pings}, your turn to ${lead ? "lead" : "play"}.${onTable}` : head.trim();
    } else if (state.phase === "moon-choice") {
      text = `🌙 ${seatName(record, state.turn)} shot the moon and chooses how it scores.${pings ? ` ${pings}` : ""}`;
    }
    return { text, users };
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
    this.deps.menus.refresh(id, rec.userId, () =>
      this.deps.pacer.run(Lane.Menu, () => {
        // Built when it is sent, from the table as it is then.
        const state = table.state;
        if (!state) return null;
        if (!isOpenStatus(table.record.status) && table.record.status !== "finished") {
          return { embeds: [{ description: "This table is closed.", color: 0x5a5f63 }], components: [] };
        }
        const view = viewFor(state, seat as Seat);
        const selected = view.phase === "passing" && !view.passed ? this.deps.menus.pickedFor(id, rec.userId!, view.handIndex, view.hand) : undefined;
        return handMenu(table, view, this.deps.images, { selected, deadline: this.deps.service.deadline(table, seat) });
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
      await this.deps.service.closeBySystem(record.id, "ended", "The channel was deleted.");
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
        body: { name: `Hearts · ${names}`.slice(0, 100), auto_archive_duration: 1440 },
      })) as { id: string };
      this.threads.set(record.id, thread.id);
      await this.deps.service.attach(record.id, { threadId: thread.id });
      this.deps.log.info({ table: record.id, thread: thread.id }, "game thread opened");
    } catch (err) {
      this.deps.log.warn({ table: record.id, code: errorCode(err), err: errText(err) }, "could not open a thread; the game goes on in the channel");
    }
  }

  /** Sends to the game's thread (or the channel), with the current record's thread. */
  private async send(record: TableRecord, msg: OutMessage): Promise<void> {
    const live = record;
    const thread = this.threads.has(record.id) ? this.threads.get(record.id)! : record.threadId;
    const channel = thread ?? live.channelId;
    const { body, files } = forRest(msg);
    try {
      await this.deps.rest.post(Routes.channelMessages(channel), { body, files });
    } catch (err) {
      const code = errorCode(err);
      if (code === UNKNOWN_CHANNEL && channel === thread) {
        // The thread is gone: carry on in the channel.
        this.threads.set(live.id, null);
        await this.deps.service.attach(live.id, { threadId: null });
        await this.deps.rest.post(Routes.channelMessages(live.channelId), { body, files }).catch((e) => this.fail(live, e, "post"));
      } else if (code === UNKNOWN_CHANNEL) {
        this.deps.log.warn({ table: live.id }, "the table's channel was deleted; closing the table");
        await this.deps.service.closeBySystem(live.id, "ended", "The channel was deleted.");
      } else this.fail(live, err, "post");
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
