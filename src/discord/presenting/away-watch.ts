/**
 * Who seems away. A person learns it is their turn from their private menu; the thread mentions
 * them only when that cannot work (their menu's token has run out, or they never opened it) or
 * they have not acted within a grace period, once per wait, and takes that mention down when the
 * wait is over.
 */
import type { PublicView } from "../../game/index.js";
import type { Messages } from "../../i18n/index.js";
import { isOpen } from "../../table/records.js";
import { isBotSeat } from "../../table/seats.js";
import type { TableView } from "../../table/types.js";
import type { Posted } from "./places.js";

/** A post that only mentions someone the table waits for: deleted once they have acted. */
export interface Notice extends Posted {
  waits: [number, string][];
}

/** Whom a table waits for and since when, and whom it has mentioned for which wait. */
interface Watch {
  since: Map<number, { key: string; at: number }>;
  mentioned: Map<number, string>;
  notices: Notice[];
  timer: ReturnType<typeof setTimeout> | null;
}

/** A person with a live menu who has not acted after this long is mentioned (half the turn time at most). */
const GRACE_MS = 20_000;

/** One wait of one seat: a pass (a hand's passing), a card (the action count), a moon choice. */
function waitKey(state: Readonly<PublicView>, seat: number): string {
  return state.phase === "passing"
    ? `p${state.handIndex}:${seat}`
    : state.phase === "moon-choice"
      ? `m${state.handIndex}:${seat}`
      : `a${state.actionCount}:${seat}`;
}

/** What a mention asks of the people it names. */
export function awayText(state: Readonly<PublicView> | null, m: Messages): string {
  if (state?.phase === "passing") return m.table.awayPass;
  if (state?.phase === "moon-choice") return m.table.awayMoon;
  return m.table.awayCard;
}

export class AwayWatch {
  /** Whom each table waits for, and whom it has mentioned. */
  private readonly watches = new Map<string, Watch>();

  constructor(
    /** Whether the person learns of their turn without a mention: a fresh menu, or the Activity open at the table. */
    private readonly seesTurn: (tableId: string, userId: string) => boolean,
    /** A grace period ran out: look at the table again (and post a mention if one is due). */
    private readonly due: (tableId: string) => void,
  ) {}

  /** Follows whom the game waits for; returns the mentions whose wait is over, to take down. */
  watch(table: TableView): Notice[] {
    const id = table.record.id;
    const w = this.watchOf(id);
    const state = table.game;
    const open = isOpen(table.record.status) && !!state;
    const now = Date.now();
    const current = new Map<number, string>();
    if (open) for (const seat of this.awaitedPeople(table)) current.set(seat, waitKey(state!, seat));
    for (const [seat, since] of w.since) if (current.get(seat) !== since.key) w.since.delete(seat);
    for (const [seat, key] of current) if (!w.since.has(seat)) w.since.set(seat, { key, at: now });
    const over: Notice[] = [];
    for (const notice of w.notices.splice(0)) {
      if (notice.waits.some(([seat, key]) => current.get(seat) === key)) w.notices.push(notice);
      else over.push(notice);
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
          this.due(id);
        },
        Math.max(0, next - now) + 5,
      );
      w.timer.unref?.();
    }
    return over;
  }

  /** The host was answered with their cards: the first post does not mention them. */
  hostAnswered(table: TableView): void {
    const { record, game: state } = table;
    const host = record.seats.find((s) => s.userId === record.hostId);
    if (host && state) this.watchOf(record.id).mentioned.set(host.seat, waitKey(state, host.seat));
  }

  /** The people to mention now (and remembers they were): away, or past the grace period. */
  dueMentions(table: TableView): string[] {
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

  /** The waits a mention of these people is about (it is taken down once they are over). */
  waitsOf(table: TableView, users: string[]): [number, string][] {
    const w = this.watchOf(table.record.id);
    return [...w.since]
      .filter(([seat]) => users.includes(table.record.seats.find((s) => s.seat === seat)?.userId ?? ""))
      .map(([seat, s]) => [seat, s.key]);
  }

  /** A mention went out: it is taken down when its waits are over. */
  posted(tableId: string, notice: Notice): void {
    this.watchOf(tableId).notices.push(notice);
  }

  forget(tableId: string): void {
    const w = this.watches.get(tableId);
    if (w?.timer) clearTimeout(w.timer);
    this.watches.delete(tableId);
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

  /** A short while: a person who has not acted by then may have missed their menu. */
  private graceMs(table: TableView): number {
    const t = table.record.settings.turnSeconds;
    return t > 0 ? Math.min(GRACE_MS, (t * 1000) / 2) : GRACE_MS;
  }
}
