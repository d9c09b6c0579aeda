/**
 * Where a table's posts go: its game's thread once opened, else its channel. What happens when
 * either is deleted is decided here, once, whoever notices (a gateway event, a post, an edit):
 * a thread lost, the game carries on in the channel; the channel lost, the table closes.
 */
import { ChannelType, Routes, type REST } from "discord.js";
import { sentence } from "../../i18n/index.js";
import type { Logger } from "../../log.js";
import type { TableRecord } from "../../table/records.js";
import { cutGraphemes } from "../../table/names.js";
import { playsForTournament } from "../../table/tournament/integrity.js";
import type { TableService } from "../../table/service.js";
import { forRest, type OutMessage } from "../interactions/message.js";
import { RequestFailures, UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, errText, errorCode } from "./request-failures.js";

export interface PlacesDeps {
  rest: REST;
  service: TableService;
  log: Logger;
  failures: RequestFailures;
}

/** A message posted: where, and its id. */
export interface Posted {
  channel: string;
  id: string;
}

/**
 * Where a table's message is: a tournament table's in its own thread, opened first (the round's
 * tables share one channel, whose 5 posts and 5 edits in 5 s would make the last table wait
 * half a minute for its message and My hand); any other table's in its channel, its thread
 * started from it.
 */
export const tableMessageChannel = (record: Pick<TableRecord, "settings" | "threadId" | "channelId">): string =>
  (playsForTournament(record) && record.threadId) || record.channelId;

export class TablePlaces {
  /** Whether the bot may start a thread where the table is (learnt from the interaction). */
  private readonly threadAllowed = new Map<string, boolean>();
  /** The game thread of each table, once opened (saves a store read per post); null: the channel. */
  private readonly threads = new Map<string, string | null>();
  /** Threads being opened, by table. */
  private readonly opening = new Map<string, Promise<void>>();

  constructor(private readonly deps: PlacesDeps) {}

  noteThreadPermission(tableId: string, allowed: boolean): void {
    this.threadAllowed.set(tableId, allowed);
  }

  /** The game's thread was deleted: the game carries on in the channel. */
  async threadLost(tableId: string, thread?: string): Promise<void> {
    this.deps.log.warn({ table: tableId, thread }, "the game's thread was deleted; the game goes on in the channel");
    this.threads.set(tableId, null);
    await this.deps.service.attach(tableId, { threadId: null });
  }

  /** The table's channel was deleted: the table closes. */
  async channelLost(tableId: string, channel?: string): Promise<void> {
    this.deps.log.warn({ table: tableId, channel }, "the table's channel was deleted; closing the table");
    await this.deps.service.closeBySystem(tableId, "ended", sentence("lobby", "closedChannelDeleted"));
  }

  /**
   * Starts the game's thread from the table message where allowed; else the game stays in the
   * channel. A tournament round's table gets a private thread of its people instead, before its
   * message (which goes in it): the other tables of the round play the same deals, and nobody may
   * watch them before their own table has played them (src/table/tournament/integrity.ts); without
   * Create Private Threads, a public one.
   */
  openThread(record: TableRecord): Promise<void> {
    // Once per table, whoever asks first (a tournament table's message, then its game's first post).
    if (record.threadId || this.threads.has(record.id)) return Promise.resolve();
    let opening = this.opening.get(record.id);
    if (!opening) {
      opening = this.open(record).finally(() => this.opening.delete(record.id));
      this.opening.set(record.id, opening);
    }
    return opening;
  }

  private async open(record: TableRecord): Promise<void> {
    const own = playsForTournament(record);
    if ((!own && !record.messageId) || this.threadAllowed.get(record.id) === false) return;
    const name = cutGraphemes(`Hearts · ${record.seats.map((s) => s.name).join(", ")}`, 100);
    const body = { name, auto_archive_duration: 1440 };
    try {
      const thread = own
        ? ((await this.openPrivateThread(record, name)) ??
          ((await this.deps.rest.post(Routes.threads(record.channelId), { body: { ...body, type: ChannelType.PublicThread } })) as {
            id: string;
          }))
        : ((await this.deps.rest.post(Routes.threads(record.channelId, record.messageId!), { body })) as { id: string });
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

  /** A private thread for the table's people (not invitable), or null where the bot may not make one. */
  private async openPrivateThread(record: TableRecord, name: string): Promise<{ id: string } | null> {
    let thread: { id: string };
    try {
      thread = (await this.deps.rest.post(Routes.threads(record.channelId), {
        body: { name, type: ChannelType.PrivateThread, invitable: false, auto_archive_duration: 1440 },
      })) as { id: string };
    } catch (err) {
      this.deps.log.warn({ table: record.id, code: errorCode(err), err: errText(err) }, "no private thread for a tournament table");
      return null;
    }
    // Each person in (one request each); someone who cannot be added still plays from their menu.
    for (const seat of record.seats)
      if (seat.userId)
        await this.deps.rest
          .put(Routes.threadMembers(thread.id, seat.userId))
          .catch((err: unknown) => this.deps.log.warn({ table: record.id, code: errorCode(err) }, "could not add a player to the thread"));
    return thread;
  }

  /** Sends to the game's thread (or the channel): where it went, or null. */
  async send(record: TableRecord, msg: OutMessage, nonce?: string): Promise<Posted | null> {
    const thread = this.threads.has(record.id) ? this.threads.get(record.id)! : record.threadId;
    const channel = thread ?? record.channelId;
    const { body, files } = forRest(msg);
    // Sent again with its nonce (after a restart), a post Discord already has is not posted twice.
    if (nonce) Object.assign(body, { nonce, enforce_nonce: true });
    try {
      const m = (await this.deps.rest.post(Routes.channelMessages(channel), { body, files })) as { id: string };
      return { channel, id: m.id };
    } catch (err) {
      const code = errorCode(err);
      if (code === UNKNOWN_CHANNEL && channel === thread) {
        await this.threadLost(record.id, thread);
        const m = (await this.deps.rest
          .post(Routes.channelMessages(record.channelId), { body, files })
          .catch((e) => this.deps.failures.report(record, e, "post"))) as { id: string } | undefined;
        return m ? { channel: record.channelId, id: m.id } : null;
      } else if (code === UNKNOWN_CHANNEL) await this.channelLost(record.id, channel);
      else this.deps.failures.report(record, err, "post");
      return null;
    }
  }

  /** Deletes a post of the table's (already gone, or its thread gone: nothing to do). */
  async delete(record: TableRecord, posted: Posted, what: string): Promise<void> {
    try {
      await this.deps.rest.delete(Routes.channelMessage(posted.channel, posted.id));
    } catch (err) {
      const code = errorCode(err);
      if (code !== UNKNOWN_MESSAGE && code !== UNKNOWN_CHANNEL) this.deps.failures.report(record, err, what);
    }
  }

  /** The table closed and its last post is out. */
  forget(tableId: string): void {
    this.threadAllowed.delete(tableId);
    this.threads.delete(tableId);
  }
}
