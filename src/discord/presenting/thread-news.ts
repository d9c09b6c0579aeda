/**
 * What a table has to say that is not posted yet: each update is filed here (a trick's picture, a
 * hand's score, the game's start and end, lines that can wait and lines that cannot), and a post
 * takes it all at once, so news arriving while a post is on its way goes out together in the next.
 */
import { type HandResult, type PublicView, type TrickRecord } from "../../game/index.js";
import { cardText, words } from "../../i18n/index.js";
import type { TableRecord } from "../../table/records.js";
import { threadPlace, toldThrough } from "../../table/catch-up.js";
import type { ActionSource, MissedAction, TableUpdate, TableView } from "../../table/types.js";
import { handResultText } from "../views/thread.js";
import { publicWords, seatName } from "../views/wording.js";
import type { Notice } from "./away-watch.js";
import { newsOf } from "./news.js";

/** Pending news kept per table while posting lags behind the game. */
const MAX_LINES = 30;
const MAX_TRICK_IMAGES = 3;

interface TrickShot {
  trick: TrickRecord;
  trickNumber: number;
  heartsBroken: boolean;
  queenFell: boolean;
  /** Played after a hand's score still waiting to be posted (the next hand's): posted after it. */
  afterScore: boolean;
  /** Its place in the thread (../../table/catch-up.ts). */
  at: number;
}

/** An action as the thread files it: a move just made (with how it came about), or one a resume tells again. */
type ActionNews = MissedAction & { source?: ActionSource };

/** The game as a post tells it: what anyone watching may see. */
export type Game = Readonly<PublicView>;

/** What a table has to say that has not been posted yet. */
export interface News {
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
  /** The place in the thread of the oldest score (or game's end) still to post. */
  scoreAt: number | null;
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
  /** The thread's mark once everything filed is posted; null while no action was filed. */
  through: number | null;
  sending: boolean;
  foldTimer: ReturnType<typeof setTimeout> | null;
}

/** Lines that wait for the next post go out on their own after this long. */
const FOLD_MS = 10_000;

export class ThreadNews {
  /** What each table has to say that is not posted yet. */
  private readonly pending = new Map<string, News>();
  /** Tables whose game over this process has announced (or is about to): the end is said once. */
  private readonly overAnnounced = new Set<string>();

  /** `post`: lines that waited long enough go out (their table's posts are flushed). */
  constructor(private readonly post: (tableId: string) => void) {}

  /** Tables with posts still to go out. */
  get pendingWork(): number {
    let n = 0;
    for (const p of this.pending.values())
      n +=
        p.sending || (p.urgent && p.lines.length) || p.tricks.length || p.scores.length || p.start || p.gameOver || p.drop.length ? 1 : 0;
    return n;
  }

  get(tableId: string): News | undefined {
    return this.pending.get(tableId);
  }

  /** Whether nothing is left that a post must say now. */
  drained(n: News): boolean {
    return (
      !n.tricks.length && !n.scores.length && !n.gameOver && !n.start && !n.startThread && !n.drop.length && !(n.urgent && n.lines.length)
    );
  }

  forget(tableId: string): void {
    const n = this.pending.get(tableId);
    if (n?.foldTimer) clearTimeout(n.foldTimer);
    this.pending.delete(tableId);
  }

  /** The game started: a thread, the first post; the host has their cards in Start's answer, so it need not call them. */
  started(table: TableView): void {
    const n = this.of(table);
    n.startThread = true;
    n.start = true;
    n.nextHand = table.game;
  }

  seatChanged(table: TableView, update: Extract<TableUpdate, { type: "seat" }>): void {
    const record = table.record;
    const m = publicWords(record);
    const name = record.seats.find((s) => s.seat === update.seat)?.name ?? seatName(record, update.seat, m);
    this.fold(
      this.of(table),
      update.change === "bot-took-over"
        ? m.table.seatTakenOver({ name })
        : update.change === "left"
          ? m.table.seatLeft({ name })
          : m.table.seatBack({ name }),
    );
  }

  /** A line that cannot wait for the next trick. */
  notice(table: TableView, line: string): void {
    const n = this.of(table);
    n.lines.push(line);
    n.urgent = true;
  }

  closed(table: TableView, update: Extract<TableUpdate, { type: "closed" }>): void {
    const { record, game: state } = table;
    const n = this.of(table);
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

  of(table: TableView): News {
    const record = table.record;
    let n = this.pending.get(record.id);
    if (!n) this.pending.set(record.id, (n = this.detached(table)));
    n.table = table;
    n.record = record;
    return n;
  }

  /** News of the table kept apart from what it has pending (a post sent again after a restart). */
  detached(table: TableView): News {
    return {
      table,
      record: table.record,
      lines: [],
      urgent: false,
      tricks: [],
      scores: [],
      hands: [],
      scoreAt: null,
      gameOver: null,
      start: false,
      nextHand: null,
      moon: false,
      drop: [],
      startThread: false,
      closeAfter: false,
      through: null,
      sending: false,
      foldTimer: null,
    };
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
      this.post(id);
    }, FOLD_MS);
    n.foldTimer.unref?.();
  }

  /** Files what one action brings into the table's pending news. */
  action(table: TableView, update: ActionNews, n: News = this.of(table)): void {
    const { record, game: state } = table;
    const news = newsOf(update.events);
    const scoreAt = threadPlace(update.seq, "score");
    n.through = toldThrough(update.seq + 1);
    if (update.source === "timeout") {
      const a = update.action;
      const m = publicWords(record);
      const name = record.seats.find((s) => s.seat === update.seat)?.name ?? m.table.aPlayer;
      this.fold(
        n,
        a.type === "play"
          ? m.table.timeoutPlayed({ name, card: cardText(m, a.card) })
          : a.type === "pass"
            ? m.table.timeoutPassed({ name })
            : m.table.timeoutMoon({ name }),
      );
    }
    if (record.settings.trickImages === "tricks") {
      const afterScore = n.scores.length > 0 || !!n.gameOver;
      for (const t of news.tricks)
        n.tricks.push({
          trick: t.trick,
          trickNumber: t.trickNumber,
          heartsBroken: news.heartsBroken,
          queenFell: news.queenFell,
          afterScore,
          at: threadPlace(update.seq, "trick"),
        });
    }
    if (news.claim || news.handScored || news.gameOver) n.scoreAt ??= scoreAt;
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
}
