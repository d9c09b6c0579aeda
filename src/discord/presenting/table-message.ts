/**
 * The public table message: posted when a table opens, then edited as the table changes. Edits
 * closer together than the interval are merged into one (Discord limits edits per channel); an
 * edit that would change nothing is not sent; the picture is redrawn only when what it shows
 * (status, hand, who sits where) changed, and otherwise kept by its attachment.
 */
import { Routes, type REST } from "discord.js";
import type { Logger } from "../../log.js";
import type { TableService } from "../../table/service.js";
import { isOpen } from "../../table/records.js";
import type { TableView } from "../../table/types.js";
import type { Images } from "../../render/runtime/images.js";
import { forRest } from "../interactions/message.js";
import { Lane, type Pacer } from "../../render/runtime/pacer.js";
import { RequestFailures, UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, errorCode, inBackground } from "./request-failures.js";
import { tableHasPicture, tableMessage } from "../views/table.js";
import { tableMessageChannel } from "./places.js";

interface EditState {
  table: TableView;
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
const imageKeyOf = (t: TableView) =>
  `${t.record.status}:${t.game?.handIndex ?? -1}:${t.record.seats.map((s) => `${s.seat}${s.name}${s.botControlled ? "*" : ""}`).join()}`;

/** The picture's URL in Discord's answer (the CDN address), to keep it in text-only edits. */
const imageUrlIn = (res: unknown): string =>
  (res as { embeds?: { image?: { url?: string } }[] })?.embeds?.[0]?.image?.url ?? "attachment://table.png";

export interface TableMessageDeps {
  rest: REST;
  service: TableService;
  images: Images;
  pacer: Pacer;
  log: Logger;
  failures: RequestFailures;
  editIntervalMs: number;
  /** The Activity is configured: the table message has its Open the table button. */
  activity?: boolean;
  /** The table's channel is gone (Discord says so when an edit fails). */
  channelGone(channelId: string): Promise<void>;
}

export class TableMessageEditor {
  /** Per open table (and a closed one until its last edit is out). */
  private readonly edits = new Map<string, EditState>();

  constructor(private readonly deps: TableMessageDeps) {}

  /** Tables with an edit on its way or waiting. */
  get pendingWork(): number {
    let n = 0;
    for (const e of this.edits.values()) n += e.inFlight || e.timer ? 1 : 0;
    return n;
  }

  /** Posts a new table message in the table's channel (a tournament table's: its thread) and records it. */
  async post(table: TableView): Promise<string> {
    const out = await this.deps.pacer.run(Lane.Table, () => tableMessage(table, this.deps.images, { activity: this.deps.activity }));
    const { body, files } = forRest(out);
    const channel = tableMessageChannel(table.record);
    const msg = (await this.deps.rest.post(Routes.channelMessages(channel), { body, files })) as { id: string };
    await this.deps.service.attach(table.record.id, { messageId: msg.id });
    const e = this.editState(table);
    if (out.files?.length) Object.assign(e, { imageKey: imageKeyOf(table), imageAt: Date.now(), imageUrl: imageUrlIn(msg) });
    e.sent = JSON.stringify([out.content, out.embeds, out.components, out.files?.length ? imageKeyOf(table) : null]);
    // Anything that changed while the message was on its way shows at the next edit.
    if (e.dirty) this.schedule(table);
    return msg.id;
  }

  /** Asks for an edit of the table message; edits closer than the interval are merged into one. */
  schedule(table: TableView, urgent = false): void {
    const id = table.record.id;
    const e = this.editState(table);
    e.table = table;
    e.dirty = true;
    if (e.inFlight || e.timer) return;
    const wait = urgent ? 0 : Math.max(0, e.last + this.deps.editIntervalMs - Date.now());
    e.timer = setTimeout(() => inBackground(this.deps.log, id, "edit table message", this.flush(id)), wait);
  }

  private editState(table: TableView): EditState {
    let e = this.edits.get(table.record.id);
    if (!e) {
      e = { table, timer: null, inFlight: false, dirty: false, last: 0, sent: "", imageKey: "", imageAt: 0, imageUrl: null };
      this.edits.set(table.record.id, e);
    }
    return e;
  }

  private async flush(id: string): Promise<void> {
    const e = this.edits.get(id);
    if (!e) return;
    e.timer = null;
    if (!e.dirty) return;
    e.dirty = false;
    e.inFlight = true;
    e.last = Date.now();
    try {
      await this.edit(e);
    } finally {
      e.inFlight = false;
      if (e.dirty) this.schedule(e.table);
      else if (!isOpen(e.table.record.status)) this.edits.delete(id);
    }
  }

  private async edit(e: EditState): Promise<void> {
    // The table as it is now (the edit waited its turn).
    const table = (e.table = this.deps.service.current(e.table));
    const { record } = table;
    if (!record.messageId) return;
    // The picture is shown in the lobby and at the end (redrawn when what it shows changed); during
    // a hand the message is text, and an edit that would change nothing is not sent.
    const key = imageKeyOf(table);
    const pictured = tableHasPicture(table);
    const redraw = pictured && (!e.imageUrl || key !== e.imageKey);
    const out = redraw
      ? await this.deps.pacer.run(Lane.Table, () => tableMessage(table, this.deps.images, { activity: this.deps.activity }))
      : tableMessage(table, this.deps.images, { imageUrl: e.imageUrl ?? undefined, activity: this.deps.activity });
    const sig = JSON.stringify([out.content, out.embeds, out.components, pictured ? key : null]);
    if (!redraw && sig === e.sent) return;
    const { body, files } = forRest(out, { edit: true, keepAttachments: pictured && !redraw });
    try {
      const res = await this.deps.rest.patch(Routes.channelMessage(tableMessageChannel(record), record.messageId), { body, files });
      e.sent = sig;
      if (redraw && out.files?.length) Object.assign(e, { imageKey: key, imageAt: Date.now(), imageUrl: imageUrlIn(res) });
      if (!pictured) e.imageUrl = null;
    } catch (err) {
      const code = errorCode(err);
      if (code === UNKNOWN_CHANNEL && isOpen(record.status)) {
        // Its channel, or a tournament table's thread (the game then goes on in the channel, with a new message there).
        await this.deps.channelGone(tableMessageChannel(record));
      } else if (code === UNKNOWN_MESSAGE && isOpen(record.status)) {
        // Someone deleted the table message: put up a new one so the game keeps its buttons.
        this.deps.log.warn({ table: record.id }, "table message was deleted; posting a new one");
        await this.post(table).catch((e2: unknown) => this.deps.failures.report(record, e2, "repost table message"));
      } else this.deps.failures.report(record, err, "edit table message");
    }
  }
}
