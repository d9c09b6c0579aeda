/**
 * The Activity's places: which connections hold one (every open one, the strangers not yet signed
 * in, each channel's, each person's) and who has which table open. A connection leaves every count
 * the moment it is closed (`forget`), whatever its socket still does: a closed stranger once stayed
 * counted 30 s while ws waited for a close handshake it never got, and 300 sockets a second that
 * never read filled the door.
 */
import { Bucket, type DoorLimits } from "./door.js";

/** What the places need of a connection. */
export interface Placed {
  who: { userId: string } | null;
  channel: string | null;
  /** The table shown: the channel's open table, or the last one (a game just over). */
  tableId: string | null;
  /** Closed already: it holds no place. */
  gone: boolean;
}

/** The sentences a connection that loses its place is closed with (the server's close reasons). */
export type Eviction = "signInFirst" | "openedElsewhere" | "tooManyPages";

export interface PlacesDeps<C> {
  limits: DoorLimits;
  now: () => number;
  /** Closes a connection that must give its place, saying why (it is forgotten by then). */
  evict(c: C, why: Eviction): void;
  /** A connection shows another table (or none). */
  shown?(c: C): void;
  /** The person no longer has the table open on any page here. */
  stoppedWatching?(tableId: string, userId: string): void;
}

export class Places<C extends Placed> {
  /** Connections that hold a place, oldest first. */
  readonly all = new Set<C>();
  /** Connections not signed in and not signing in, oldest first: the first to go when strangers crowd the door. */
  private readonly idle = new Set<C>();
  private readonly byChannel = new Map<string, Set<C>>();
  /** Signed-in connections by person, oldest first, and what that person's sockets may send together. */
  private readonly byPerson = new Map<string, { conns: Set<C>; frames: Bucket }>();
  /** Signed-in connections by table and person ("tableId user"): who has the table open here. */
  private readonly open = new Map<string, number>();

  constructor(private readonly d: PlacesDeps<C>) {}

  arrived(c: C): void {
    this.all.add(c);
    this.idle.add(c);
  }

  /** It sent its sign-in: no longer a stranger's idle socket (the exchanges' own bound holds it). */
  signingIn(c: C): void {
    this.idle.delete(c);
  }

  /**
   * Whether one more connection may wait to sign in: strangers hold at most `maxUnsigned` of them; when
   * they are all taken, the one that has waited longest without sending a sign-in gives its place.
   */
  roomForStranger(): boolean {
    if (this.all.size >= this.d.limits.maxConnections) return false;
    if (this.idle.size < this.d.limits.maxUnsigned) return true;
    const oldest = this.idle.values().next().value;
    if (!oldest) return false;
    this.forget(oldest);
    this.d.evict(oldest, "signInFirst");
    return true;
  }

  /**
   * A signed-in connection takes its places: a few per person at a channel, `perPerson` in all;
   * past either, that person's oldest goes (the sets keep arrival order).
   */
  signedIn(c: C, userId: string, channel: string): void {
    const { limits } = this.d;
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    const here = [...set].filter((o) => o.who?.userId === userId);
    for (const old of here.slice(0, Math.max(0, here.length - limits.perPersonPerChannel + 1))) this.evict(old, "openedElsewhere");
    let mine = this.byPerson.get(userId);
    if (!mine) {
      const frames = new Bucket(limits.personFramesPerSecond, limits.personFrameBurst, this.d.now());
      this.byPerson.set(userId, (mine = { conns: new Set(), frames }));
    }
    const all = [...mine.conns];
    for (const old of all.slice(0, Math.max(0, all.length - limits.perPerson + 1))) this.evict(old, "tooManyPages");
    set.add(c);
    mine.conns.add(c);
  }

  /** What a person's sockets may send together (door.ts); undefined before sign-in. */
  personFrames(userId: string): Bucket | undefined {
    return this.byPerson.get(userId)?.frames;
  }

  /** The signed-in connections at these channels. */
  at(channels: string[]): C[] {
    return channels.flatMap((ch) => [...(this.byChannel.get(ch) ?? [])]);
  }

  /** The table a signed-in connection shows (null: none), kept in `open`. */
  show(c: C, tableId: string | null): void {
    if (c.tableId === tableId) return;
    if (c.tableId && c.who) this.count(`${c.tableId} ${c.who.userId}`, -1);
    c.tableId = tableId;
    if (tableId && c.who) this.count(`${tableId} ${c.who.userId}`, 1);
    this.d.shown?.(c);
  }

  /** Whether the person has the table open on a page here. */
  watching(tableId: string, userId: string): boolean {
    return (this.open.get(`${tableId} ${userId}`) ?? 0) > 0;
  }

  /** The connection leaves every count at once. */
  forget(c: C): void {
    if (c.gone) return;
    c.gone = true;
    this.show(c, null);
    this.all.delete(c);
    this.idle.delete(c);
    if (c.channel) {
      const set = this.byChannel.get(c.channel);
      set?.delete(c);
      if (set?.size === 0) this.byChannel.delete(c.channel);
    }
    const mine = c.who ? this.byPerson.get(c.who.userId) : undefined;
    mine?.conns.delete(c);
    if (c.who && mine?.conns.size === 0) this.byPerson.delete(c.who.userId);
  }

  private evict(c: C, why: Eviction): void {
    this.forget(c);
    this.d.evict(c, why);
  }

  private count(key: string, by: number): void {
    const n = (this.open.get(key) ?? 0) + by;
    if (n > 0) return void this.open.set(key, n);
    this.open.delete(key);
    const [tableId, userId] = key.split(" ");
    if (by < 0) this.d.stoppedWatching?.(tableId, userId);
  }
}
