/**
 * The game's thread: one post per trick (its picture and a caption), one per hand's end, the start
 * and the end of the game, and lines that cannot wait (a notice, a seat change). A person learns it
 * is their turn from their private menu; the thread mentions someone only when they seem away,
 * once per wait, and takes that mention down when the wait is over.
 *
 * This module is the post queue: posts of one table go out in order, one at a time, and news
 * arriving while a post is on its way goes out together in the next one, so when Discord is slow
 * posts merge instead of piling up. What is pending is ./thread-news.ts's, a post is composed by
 * ./thread-compose.ts, who seems away is ./away-watch.ts's, and where posts go (and what happens
 * when that place is deleted) is ./places.ts's.
 */
import type { Logger } from "../../log.js";
import type { Images } from "../../render/runtime/images.js";
import type { Pacer } from "../../render/runtime/pacer.js";
import type { TableService } from "../../table/service.js";
import { threadPlace } from "../../table/catch-up.js";
import type { TableRecord } from "../../table/records.js";
import type { MissedAction, TableUpdate, TableView } from "../../table/types.js";
import { AwayWatch } from "./away-watch.js";
import type { Menus } from "./menus.js";
import type { TablePlaces } from "./places.js";
import { errText, inBackground } from "./request-failures.js";
import { composePost } from "./thread-compose.js";
import { ThreadNews } from "./thread-news.js";

export interface ThreadPostsDeps {
  service: TableService;
  images: Images;
  menus: Menus;
  pacer: Pacer;
  log: Logger;
  places: TablePlaces;
  /** The table closed and its last post is out: what else is kept about it can go. */
  closed(tableId: string): void;
  /** The Activity is configured: a mention offers Open the table beside My hand. */
  activity?: boolean;
  /** The person has the table open in the Activity, which shows them their turn as a fresh menu does. */
  watching?(tableId: string, userId: string): boolean;
}

/** Mentions are for the posts of now, not for one sent again. */
const NO_MENTIONS = { dueMentions: () => [], waitsOf: () => [] };

/**
 * A post's nonce, the same when it is sent again after a restart (Discord's enforce_nonce): the
 * table, its undos (places are told again after one) and the end of what it tells; 25 characters at most.
 */
const postNonce = (record: TableRecord, to: number): string => `${record.id.slice(-12)}.${record.undos.toString(36)}.${to.toString(36)}`;

export class ThreadPosts {
  private readonly news = new ThreadNews((tableId) => this.flushSoon(tableId));
  private readonly away: AwayWatch;

  constructor(private readonly deps: ThreadPostsDeps) {
    const seesTurn = (tableId: string, userId: string) => deps.menus.hasFresh(tableId, userId) || !!deps.watching?.(tableId, userId);
    this.away = new AwayWatch(seesTurn, (tableId) => {
      const live = deps.service.system.openTable(tableId);
      if (!live) return;
      this.watch(live);
      this.flushSoon(tableId);
    });
  }

  /** Tables with posts still to go out. */
  get pendingWork(): number {
    return this.news.pendingWork;
  }

  /** The game started: a thread, the first post. */
  started(table: TableView): void {
    this.news.started(table);
  }

  /** The host was answered with their cards: the first post does not mention them. */
  hostAnswered(table: TableView): void {
    this.away.hostAnswered(table);
  }

  seatChanged(table: TableView, update: Extract<TableUpdate, { type: "seat" }>): void {
    this.news.seatChanged(table, update);
  }

  /** A line that cannot wait for the next trick. */
  notice(table: TableView, line: string): void {
    this.news.notice(table, line);
  }

  closed(table: TableView, update: Extract<TableUpdate, { type: "closed" }>): void {
    this.news.closed(table, update);
  }

  /** Files what one action brings into the table's pending news. */
  action(table: TableView, update: Extract<TableUpdate, { type: "action" }>): void {
    // The view is the table as this action left it: the action is the last of its log.
    this.news.action(table, { ...update, seq: table.record.actionCount - 1 });
  }

  /**
   * After a restart, before anything new: the thread's last post with news (the places before
   * `lastPostTo`) again, with its nonce (Discord answers with the message it has, if the post went
   * out before the stop), then what the thread had not told.
   */
  missed(table: TableView, actions: readonly MissedAction[], lastPostTo: number): void {
    const again = this.news.detached(table);
    for (const a of actions) {
      if (threadPlace(a.seq, "score") < lastPostTo) this.news.action(table, a, again);
      else if (threadPlace(a.seq, "trick") >= lastPostTo) this.news.action(table, a);
      else {
        // That post told the action's trick, not its score.
        this.news.action(table, { ...a, events: a.events.filter((e) => e.type === "trick-won") }, again);
        this.news.action(table, { ...a, events: a.events.filter((e) => e.type !== "trick-won") });
      }
    }
    if (this.news.drained(again)) return;
    const n = this.news.of(table);
    const id = table.record.id;
    // The table's other posts wait for it (flush() skips a table that is sending).
    n.sending = true;
    inBackground(
      this.deps.log,
      id,
      "table post",
      (async () => {
        try {
          const msg = await composePost(again, table, { images: this.deps.images, pacer: this.deps.pacer, away: NO_MENTIONS });
          if (msg) await this.deps.places.send(again.record, msg.out, postNonce(again.record, lastPostTo));
        } finally {
          n.sending = false;
          this.flushSoon(id);
        }
      })(),
    );
  }

  /** Follows whom the game waits for; a mention whose wait is over leaves the thread. */
  watch(table: TableView): void {
    const n = this.news.of(table);
    n.drop.push(...this.away.watch(table));
  }

  private async notePost(record: TableRecord, told: { from: number; to: number }): Promise<void> {
    await this.deps.service.notePost(record.id, told.from, told.to).catch((err: unknown) =>
      // Not stored: a restart may post this news again (or miss the next), no more.
      this.deps.log.warn({ table: record.id, err: errText(err) }, "could not store what the game's thread is posting"),
    );
  }

  /** Posts what is pending, in the background. */
  flushSoon(tableId: string): void {
    inBackground(this.deps.log, tableId, "table post", this.flush(tableId));
  }

  /**
   * Sends a table's pending news, one message at a time. While a message is on its way, new news
   * waits and goes out together in the next one: when Discord is slow, posts merge instead of
   * piling up.
   */
  private async flush(tableId: string): Promise<void> {
    const n = this.news.get(tableId);
    if (!n || n.sending) return;
    const { places } = this.deps;
    n.sending = true;
    try {
      for (;;) {
        if (n.startThread) {
          n.startThread = false;
          await places.openThread(n.record);
        }
        for (const notice of n.drop.splice(0)) await places.delete(n.record, notice, "delete a mention");
        // The table as it is now: whom a mention names and what it asks are never out of date.
        const table = (n.table = this.deps.service.current(n.table));
        const msg = await composePost(n, table, {
          images: this.deps.images,
          pacer: this.deps.pacer,
          away: this.away,
          activity: this.deps.activity,
        });
        if (!msg) break;
        // Which places of the game it tells, stored before it goes: a restart sends it again with the
        // same nonce (Discord answers with the message it has, if it went out), then what follows.
        if (msg.told) await this.notePost(n.record, msg.told);
        const posted = await places.send(n.record, msg.out, msg.told ? postNonce(n.record, msg.told.to) : undefined);
        if (msg.waits && posted) this.away.posted(tableId, { ...posted, waits: msg.waits });
      }
    } catch (err) {
      this.deps.log.error({ table: tableId, err: errText(err) }, "table post failed");
    } finally {
      n.sending = false;
    }
    if (!this.news.drained(n)) this.flushSoon(tableId);
    else if (n.closeAfter) {
      // Its last post is out: a restart has nothing of this game to tell again (../../table/catch-up.ts).
      if (n.record.actionCount > 0)
        await this.deps.service
          .noteThreadDone(tableId)
          .catch((err: unknown) =>
            this.deps.log.warn({ table: tableId, err: errText(err) }, "could not store that the game's thread told everything"),
          );
      this.news.forget(tableId);
      places.forget(tableId);
      this.away.forget(tableId);
      this.deps.closed(tableId);
    } else if (!n.lines.length && !n.foldTimer) this.news.forget(tableId); // nothing to say: a new entry is made when there is
  }
}
