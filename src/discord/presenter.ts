/**
 * Shows the table service's updates in Discord: edits of the public table message (coalesced to
 * respect the per-channel rate limits), posts in the game's thread (tricks, scores, whose turn it
 * is, with a mention of that player only), and refreshes of players' open private menus.
 *
 * Posts of one table go out in order through that table's outbox; a failure is logged with the
 * table id and never stops the game or the other tables.
 */
import { ButtonStyle, ComponentType, DiscordAPIError, Routes, type REST } from "discord.js";
import { awaiting, cardLabel, viewFor, type Seat } from "../game/index.js";
import type { Logger } from "../log.js";
import type { TableRecord } from "../store/types.js";
import { SerialQueue } from "../table/queue.js";
import { isBotSeat } from "../table/seats.js";
import type { TableService } from "../table/service.js";
import type { TableSnapshot, TableUpdate } from "../table/types.js";
import { encodeId } from "./ids.js";
import type { Images } from "./images.js";
import { forRest, type OutMessage } from "./message.js";
import type { Menus } from "./menus.js";
import { handMenu, handResultText, newsOf, seatName, tableMessage, trickCaption, trickLine } from "./views.js";

interface EditState {
  table: TableSnapshot;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: boolean;
  dirty: boolean;
  last: number;
}

export interface PresenterDeps {
  rest: REST;
  service: TableService;
  images: Images;
  menus: Menus;
  log: Logger;
  editIntervalMs: number;
}

/** Discord error codes the presenter handles. */
const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_MESSAGE = 10008;
const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;

export class Presenter {
  private readonly outboxes = new Map<string, SerialQueue>();
  private readonly edits = new Map<string, EditState>();
  /** Whether the bot may start a thread where the table is (learnt from the interaction). */
  private readonly threadAllowed = new Map<string, boolean>();
  private readonly warned = new Set<string>();
  /** The game thread of each table, once opened (saves a store read per post). */
  private readonly threads = new Map<string, string | null>();

  constructor(private readonly deps: PresenterDeps) {
    deps.service.onUpdate((table, update) => this.onUpdate(table, update));
  }

  /** Open outboxes and pending edits (for the benchmark's memory figures and tests). */
  get pendingWork(): number {
    let n = 0;
    for (const q of this.outboxes.values()) n += q.size;
    for (const e of this.edits.values()) n += e.inFlight || e.timer ? 1 : 0;
    return n;
  }

  /** Resolves when every queued post and edit has gone out. */
  async idle(): Promise<void> {
    for (let i = 0; i < 200 && this.pendingWork > 0; i++) {
      await Promise.all([...this.outboxes.values()].map((q) => q.idle()));
      if (this.pendingWork > 0) await new Promise((r) => setTimeout(r, 10));
    }
  }

  noteThreadPermission(tableId: string, allowed: boolean): void {
    this.threadAllowed.set(tableId, allowed);
  }

  // ---- the public table message -------------------------------------------------------------

  /** Posts a new table message in the table's channel and records it. */
  async postTableMessage(table: TableSnapshot): Promise<string> {
    const { body, files } = forRest(tableMessage(table, this.deps.images));
    const msg = (await this.deps.rest.post(Routes.channelMessages(table.record.channelId), { body, files })) as { id: string };
    await this.deps.service.attach(table.record.id, { messageId: msg.id });
    // Anything that changed while the message was on its way shows at the next edit.
    const e = this.edits.get(table.record.id);
    if (e?.dirty) this.scheduleEdit(table);
    return msg.id;
  }

  /** Asks for an edit of the table message; edits closer than the interval are merged into one. */
  scheduleEdit(table: TableSnapshot, urgent = false): void {
    const id = table.record.id;
    let e = this.edits.get(id);
    if (!e) {
      e = { table, timer: null, inFlight: false, dirty: false, last: 0 };
      this.edits.set(id, e);
    }
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
      await this.editTableMessage(e.table);
    } finally {
      e.inFlight = false;
      if (e.dirty) this.scheduleEdit(e.table);
      else if (!isOpenStatus(e.table.record.status)) this.edits.delete(id);
    }
  }

  private async editTableMessage(table: TableSnapshot): Promise<void> {
    const { record } = table;
    if (!record.messageId) return;
    const { body, files } = forRest(tableMessage(table, this.deps.images), { edit: true });
    try {
      await this.deps.rest.patch(Routes.channelMessage(record.channelId, record.messageId), { body, files });
    } catch (err) {
      const code = errorCode(err);
      if (code === UNKNOWN_MESSAGE && isOpenStatus(record.status)) {
        // Someone deleted the table message: put up a new one so the game keeps its buttons.
        this.deps.log.warn({ table: record.id }, "table message was deleted; posting a new one");
        await this.postTableMessage(table).catch((e2) => this.fail(record, e2, "repost table message"));
      } else this.fail(record, err, "edit table message");
    }
  }

  // ---- updates --------------------------------------------------------------------------------

  private onUpdate(table: TableSnapshot, update: TableUpdate): void {
    // Read now: the state an update talks about (the table moves on while posts queue).
    const record = table.record;
    const state = table.state;
    switch (update.type) {
      case "lobby":
        this.scheduleEdit(table);
        break;
      case "started":
        this.scheduleEdit(table, true);
        this.post(record.id, async () => {
          await this.openThread(table);
          const fresh = table.record;
          await this.send(fresh, this.turnMessage(fresh, state!, `**Game on!** ${fresh.seats.map((s) => seatName(fresh, s.seat)).join(", ")}.`, true));
        });
        this.refreshAwaited(table, state!, true);
        break;
      case "action": {
        this.scheduleEdit(table);
        this.post(record.id, async () => {
          // Pictures are drawn here, off the table's queue, from the state this action left.
          for (const m of this.actionMessages(record, state!, update)) await this.send(record, m);
        });
        const news = newsOf(update.events);
        const everyone = news.passed || !!news.dealt || !!news.gameOver || !!news.handScored;
        this.refreshAwaited(table, state!, everyone);
        if (update.source === "timeout") this.refreshSeat(table, update.seat);
        break;
      }
      case "seat": {
        this.scheduleEdit(table, true);
        const name = seatName(record, update.seat);
        const seat = record.seats.find((s) => s.seat === update.seat);
        const text =
          update.change === "bot-took-over"
            ? `⏱ ${seat?.name ?? name} missed several turns, so a computer player plays for them. Press **Rejoin** on the table message or use \`/hearts join\` to take the seat back.`
            : update.change === "left"
              ? `${seat?.name ?? name} left; a computer player plays their seat. \`/hearts join\` brings them back.`
              : `${seat?.name ?? name} is back.`;
        this.post(record.id, () => this.send(record, { content: text }));
        if (update.change === "returned") this.refreshSeat(table, update.seat);
        break;
      }
      case "closed": {
        this.scheduleEdit(table, true);
        if (update.reason !== "finished") this.post(record.id, () => this.send(record, { content: update.note }));
        for (const s of record.seats) if (s.userId) this.refreshSeat(table, s.seat);
        this.post(record.id, async () => {
          this.deps.menus.forgetTable(record.id);
          this.threadAllowed.delete(record.id);
          this.threads.delete(record.id);
          this.outboxes.delete(record.id);
        });
        break;
      }
    }
  }

  /** The posts one action brings: trick pictures, claims, hand and game ends, whose turn it is. */
  private actionMessages(record: TableRecord, state: NonNullable<TableSnapshot["state"]>, update: Extract<TableUpdate, { type: "action" }>): OutMessage[] {
    const out: OutMessage[] = [];
    const news = newsOf(update.events);
    const images = this.deps.images;
    if (update.source === "timeout") {
      const a = update.action;
      const what = a.type === "play" ? `played ${cardLabel(a.card)}` : a.type === "pass" ? "passed 3 cards" : "chose the moon's scoring";
      out.push({ content: `⏱ ${record.seats.find((s) => s.seat === update.seat)?.name ?? "A player"} ran out of time; a computer player ${what} for them.` });
    }
    for (const t of news.tricks) {
      if (record.settings.trickImages !== "tricks") continue;
      const png = images.trick(record, t.trick, t.trickNumber, news.heartsBroken, news.queenFell);
      out.push({ content: trickCaption(record, t.trickNumber, t.trick), files: png ? [{ name: `trick-${t.trickNumber + 1}.png`, data: png }] : [] });
    }
    if (news.claim) {
      out.push({ content: `${seatName(record, news.claim.seat)} takes the last ${news.claim.tricks} trick${news.claim.tricks === 1 ? "" : "s"}: ${news.claim.reason === "tram" ? "they must win them all" : "no points were left"}.` });
    }
    if (news.handScored) {
      const png = images.handSummary(record, news.handScored.result);
      out.push({ content: handResultText(record, news.handScored.result, record.rules), files: png ? [{ name: `hand-${news.handScored.result.handIndex + 1}.png`, data: png }] : [] });
    }
    if (news.gameOver) {
      const png = images.gameOver(record, state.history, state.totals, state.placements!, record.rules);
      const winners = news.gameOver.winners.map((s) => seatName(record, s)).join(" and ");
      const humans = record.seats.filter((s) => s.userId).map((s) => s.userId!);
      out.push({
        content: `🏆 **Game over: ${winners} won!** Final totals: ${[0, 1, 2, 3].map((s) => `${seatName(record, s)} ${state.totals[s]}`).join(", ")}.${record.hintsUsed ? " (Hints were used: this game is not rated.)" : ""}\n${humans.map((u) => `<@${u}>`).join(" ")} — press **Rematch** for another game.`,
        mentions: humans,
        files: png ? [{ name: "game-over.png", data: png }] : [],
        components: [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Success, label: "Rematch", custom_id: encodeId({ verb: "rematch", tableId: record.id }) }] }],
      });
      return out;
    }
    const turn = this.turnMessage(record, state, news.passed ? "Cards exchanged." : "", !!news.dealt);
    if (turn.content) {
      // Whose turn it is rides on the last post when there is one: fewer messages, same ping.
      const last = out.at(-1);
      if (last && !last.components) out[out.length - 1] = { ...last, content: `${last.content}\n${turn.content}`, mentions: turn.mentions, components: turn.components };
      else out.push(turn);
    }
    return out;
  }

  /** "Hand 2: pass 3 cards across. @Ann @Bob" or "@Ann, your turn to lead." — only the awaited humans are pinged. */
  private turnMessage(record: TableRecord, state: NonNullable<TableSnapshot["state"]>, prefix: string, newHand: boolean): OutMessage {
    const waiting = awaiting(state);
    const humans = waiting.map((s) => record.seats.find((r) => r.seat === s)!).filter((s) => s && !isBotSeat(s) && s.userId);
    const users = humans.map((s) => s.userId!);
    const pings = users.map((u) => `<@${u}>`).join(" ");
    let text = "";
    if (state.phase === "passing" && newHand) {
      text = `**Hand ${state.handIndex + 1}:** pass 3 cards ${state.passDirection === "across" ? "across" : `to the ${state.passDirection}`}.${pings ? ` ${pings}` : ""}`;
    } else if (state.phase === "playing") {
      const lead = state.trick.length === 0;
      const head = newHand && state.trickNumber === 0 ? `**Hand ${state.handIndex + 1}:** ${state.passDirection === "hold" ? "no passing this hand. " : "cards exchanged. "}` : "";
      const onTable = lead ? "" : ` ${trickLine(record, state)}`;
      text = users.length ? `${head}${pings}, your turn to ${lead ? "lead" : "play"}.${onTable}` : head;
    } else if (state.phase === "moon-choice") {
      text = `🌙 ${seatName(record, state.turn)} shot the moon and chooses how it scores.${pings ? ` ${pings}` : ""}`;
    }
    const full = [prefix, text].filter(Boolean).join("\n");
    if (!full) return {};
    const components = users.length
      ? [{ type: ComponentType.ActionRow as const, components: [{ type: ComponentType.Button as const, style: ButtonStyle.Primary as const, label: "My hand", custom_id: encodeId({ verb: "hand", tableId: record.id }) }] }]
      : undefined;
    return { content: full, mentions: users, components };
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
    this.deps.menus.refresh(id, rec.userId, () => {
      // Built when it is sent, from the table as it is then.
      const state = table.state;
      if (!state) return null;
      if (!isOpenStatus(table.record.status) && table.record.status !== "finished") {
        return { embeds: [{ description: "This table is closed.", color: 0x5a5f63 }], components: [] };
      }
      return handMenu(table, viewFor(state, seat as Seat), this.deps.images, { deadline: this.deps.service.deadline(table, seat) });
    });
  }

  // ---- threads and sending --------------------------------------------------------------------

  /** Starts the game's thread from the table message where allowed; else the game stays in the channel. */
  private async openThread(table: TableSnapshot): Promise<void> {
    const { record } = table;
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

  private post(tableId: string, task: () => Promise<void>): void {
    let q = this.outboxes.get(tableId);
    if (!q) {
      q = new SerialQueue();
      this.outboxes.set(tableId, q);
    }
    void q.run(task).catch((err) => this.deps.log.error({ table: tableId, err: errText(err) }, "table post failed"));
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
