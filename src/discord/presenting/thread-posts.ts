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
import type { TableUpdate, TableView } from "../../table/types.js";
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

export class ThreadPosts {
  private readonly news = new ThreadNews((tableId) => this.flushSoon(tableId));
  private readonly away: AwayWatch;

  constructor(private readonly deps: ThreadPostsDeps) {
    const seesTurn = (tableId: string, userId: string) => deps.menus.hasFresh(tableId, userId) || !!deps.watching?.(tableId, userId);
    this.away = new AwayWatch(seesTurn, (tableId) => {
      const live = deps.service.openTable(tableId);
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
    this.news.action(table, update);
  }

  /** Follows whom the game waits for; a mention whose wait is over leaves the thread. */
  watch(table: TableView): void {
    const n = this.news.of(table);
    n.drop.push(...this.away.watch(table));
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
        const posted = await places.send(n.record, msg.out);
        if (msg.waits && posted) this.away.posted(tableId, { ...posted, waits: msg.waits });
      }
    } catch (err) {
      this.deps.log.error({ table: tableId, err: errText(err) }, "table post failed");
    } finally {
      n.sending = false;
    }
    if (!this.news.drained(n)) this.flushSoon(tableId);
    else if (n.closeAfter) {
      this.news.forget(tableId);
      places.forget(tableId);
      this.away.forget(tableId);
      this.deps.closed(tableId);
    } else if (!n.lines.length && !n.foldTimer) this.news.forget(tableId); // nothing to say: a new entry is made when there is
  }
}
