/**
 * Shows the table service's updates in Discord, through three parts with their own lifetimes:
 * the public table message (TableMessageEditor), the game's thread (ThreadPosts) and the players'
 * private menus (MenuRefresher); where a table's posts go, and what a deleted channel or thread
 * means, is TablePlaces'. This class only routes each update to them; a failure is logged with the
 * table id and never stops the game or the other tables.
 */
import { sentence, words } from "../../i18n/index.js";
import type { Logger } from "../../log.js";
import type { SavedMenu } from "../../table/store.js";
import type { TableService } from "../../table/service.js";
import type { TableView, TableUpdate } from "../../table/types.js";
import type { REST } from "discord.js";
import type { Images } from "../../render/runtime/images.js";
import type { DeckStyles } from "./deck-styles.js";
import { MenuRefresher } from "./menu-refresher.js";
import type { Menus } from "./menus.js";
import type { Pacer } from "../../render/runtime/pacer.js";
import { RequestFailures } from "./request-failures.js";
import { TableMessageEditor } from "./table-message.js";
import { TablePlaces } from "./places.js";
import { ThreadPosts } from "./thread-posts.js";
import { newsOf } from "./news.js";
import { publicWords } from "../views/wording.js";
import { playsForTournament } from "../../table/tournament/integrity.js";

export interface PresenterDeps {
  rest: REST;
  service: TableService;
  images: Images;
  menus: Menus;
  pacer: Pacer;
  log: Logger;
  editIntervalMs: number;
  /** Players' deck styles (their hand pictures); without it, the table's deck. */
  decks?: DeckStyles;
  /** The Activity is configured: the table message offers Open the table. */
  activity?: boolean;
  /** The person has the table open in the Activity (ActivityServer.watching). */
  watching?(tableId: string, userId: string): boolean;
}

export class Presenter {
  private readonly tableMessage: TableMessageEditor;
  private readonly posts: ThreadPosts;
  private readonly places: TablePlaces;
  private readonly menus: MenuRefresher;
  /** Rematches' table messages on their way or posted, by table (forgotten when the table closes). */
  private readonly posting = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: PresenterDeps) {
    const failures = new RequestFailures(deps.log);
    this.tableMessage = new TableMessageEditor({ ...deps, failures, channelGone: (id) => this.channelDeleted(id) });
    this.menus = new MenuRefresher(deps);
    this.places = new TablePlaces({ ...deps, failures });
    this.posts = new ThreadPosts({
      ...deps,
      places: this.places,
      closed: (tableId) => {
        failures.forget(tableId);
        this.menus.forgetSoon(tableId);
      },
    });
    deps.service.onUpdate((table, update) => this.onUpdate(table, update));
  }

  /** Tables with posts or edits still to go out. */
  get pendingWork(): number {
    return this.posts.pendingWork + this.tableMessage.pendingWork;
  }

  /** Resolves when every pending post and edit has gone out (or after about 2 s). */
  async idle(): Promise<void> {
    for (let i = 0; i < 200 && this.pendingWork > 0; i++) await new Promise((r) => setTimeout(r, 10));
  }

  noteThreadPermission(tableId: string, allowed: boolean): void {
    this.places.noteThreadPermission(tableId, allowed);
  }

  /** Posts a new table message in the table's channel and records it. */
  postTableMessage(table: TableView): Promise<string> {
    return this.tableMessage.post(table);
  }

  /**
   * A rematch's table message, posted once whoever asks first: the rematch's update (from any
   * door), or the chat's Rematch button waiting to answer. False when it could not be posted:
   * the new table then closes, as a /hearts new whose message could not go out.
   */
  tablePosted(table: TableView): Promise<boolean> {
    const id = table.record.id;
    let posting = this.posting.get(id);
    if (!posting) {
      // A tournament table's message goes in its own thread (./places.ts): the thread first.
      const where = playsForTournament(table.record) ? this.places.openThread(table.record) : Promise.resolve();
      posting = where
        .then(() => this.tableMessage.post(this.deps.service.current(table)))
        .then(
          () => true,
          async (err: unknown) => {
            this.deps.log.warn(
              { table: id, err: err instanceof Error ? err.message : String(err) },
              "could not post the rematch's table message",
            );
            await this.deps.service.closeBySystem(id, "ended", sentence("lobby", "closedNotPosted"));
            return false;
          },
        );
      this.posting.set(id, posting);
    }
    return posting;
  }

  /**
   * After a restart: a table opened already started (a tournament round's) whose message never went
   * out, the process stopped in between, gets it now, and its game its first post; how many.
   */
  async postMissing(): Promise<number> {
    let n = 0;
    for (const id of this.deps.service.openTableIds) {
      const table = this.deps.service.system.openTable(id);
      if (!table || table.record.messageId || table.record.status === "lobby") continue;
      if (await this.tablePosted(table)) this.gameBegun(this.deps.service.current(table));
      n++;
    }
    return n;
  }

  /** After a restart: brings the menus players still had open up to date. */
  restoreMenus(saved: SavedMenu[]): Promise<number> {
    return Promise.resolve(this.menus.restore(saved));
  }

  /** A channel or thread was deleted: its table closes, or a game whose thread went carries on in the channel (./places.ts). */
  async channelDeleted(channelId: string): Promise<void> {
    // Every table there: a tournament's channel holds each of its round's tables.
    for (const { record } of this.deps.service.system.tablesIn(channelId)) {
      if (channelId === record.channelId) await this.places.channelLost(record.id, channelId);
      else await this.places.threadLost(record.id, channelId);
    }
  }

  /** Someone closed the table's page in the Activity: if the game waits for them, the thread mentions them now, not after the grace period. */
  turnUnseen(tableId: string): void {
    const live = this.deps.service.system.openTable(tableId);
    if (!live) return;
    this.posts.watch(live);
    this.posts.flushSoon(tableId);
  }

  /** The game is under way: its thread and first post, the awaited players' menus, the away watch. */
  private gameBegun(table: TableView): void {
    this.posts.started(table);
    this.menus.awaited(table, true);
    this.posts.watch(table);
  }

  private onUpdate(table: TableView, update: TableUpdate): void {
    // The table as this update left it (it moves on while posts wait).
    const { record } = table;
    switch (update.type) {
      case "lobby":
        this.tableMessage.schedule(table);
        return;
      case "opened":
        this.tablePosted(table)
          .then((posted) => {
            // A table opened already started (a tournament round's): its game begins as Start's does, once its message is there.
            if (posted && record.status !== "lobby") this.gameBegun(this.deps.service.current(table));
          })
          .catch((err: unknown) => this.deps.log.error({ table: record.id, err }, "rematch post failed"));
        return;
      case "started":
        this.tableMessage.schedule(table, true);
        this.gameBegun(table);
        this.posts.hostAnswered(table);
        break;
      case "action": {
        this.tableMessage.schedule(table);
        this.posts.action(table, update);
        const news = newsOf(update.events);
        if (news.passed || !!news.dealt || !!news.gameOver || !!news.handScored) this.menus.awaited(table, true);
        else if (update.action.type === "pass") {
          // Only the menus that show who is still choosing change; the others' pass menus stay as they are.
          const still = table.awaiting;
          for (const s of [0, 1, 2, 3]) if (s !== update.seat && !still.includes(s)) this.menus.seat(table, s);
        } else this.menus.awaited(table, false);
        if (update.source === "timeout") this.menus.seat(table, update.seat);
        break;
      }
      case "seat":
        this.tableMessage.schedule(table, true);
        this.posts.seatChanged(table, update);
        if (update.change === "returned") this.menus.seat(table, update.seat);
        break;
      case "notice":
        this.posts.notice(table, words(publicWords(record), update.note));
        break;
      case "missed":
        this.posts.missed(table, update.actions, update.lastPostTo);
        break;
      case "closed":
        this.posting.delete(record.id);
        this.tableMessage.schedule(table, true);
        this.posts.closed(table, update);
        for (const s of record.seats) if (s.userId) this.menus.seat(table, s.seat);
        break;
    }
    this.posts.watch(table);
    this.posts.flushSoon(record.id);
  }
}
