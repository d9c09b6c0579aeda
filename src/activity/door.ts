/**
 * The Activity's door: what one page, one person or a crowd of strangers may cost the process.
 * Every bound here is what a stranger who never reads the answers can spend; past it they get a
 * refusal (once) or a closed connection, never a queue that grows with what they send.
 *
 * - What a socket sends, as it arrives: every WebSocket frame (pings, pongs and fragments as much
 *   as messages) and every byte is counted from the socket's raw data, before `ws` parses any of it,
 *   against that socket's budget and, once signed in, the person's over all their sockets. Past
 *   either the socket is terminated (no close handshake to wait for): a stream of control frames
 *   costs a few header reads, then nothing (RFC 6455 lets a peer send pongs unasked, and `ws` answers
 *   every ping, so neither may be free).
 * - A connection's messages: a token bucket per connection, checked before a message is parsed.
 *   Over it, the page is told once and its socket stops being read for the refill time (TCP pushes
 *   back on the sender: a flood costs the server nothing while it waits). A person's actions also
 *   spend the fair-use budgets the buttons spend (src/table/fair-use.ts).
 * - What a connection has not read: past `maxBufferedBytes` unsent, it is dropped; refusals and
 *   notes are not even written once `quietBufferedBytes` wait (a page that does not read hears nothing).
 * - Connections per person: a few at a channel, `perPerson` in all; the oldest is closed with a
 *   sentence when another opens. A signed-in connection with nothing from the page and no table
 *   news for `idleMs` is closed. A closed connection frees its place at once (the close handshake
 *   is not waited for: a stranger is terminated, a signed-in page has `closeGraceMs` to read why).
 * - Strangers: a crowd's upgrades are handled `upgradesPerTurn` per turn of the event loop (a burst
 *   of 250 sockets arriving together once held the loop 60–100 ms, and everyone's acknowledgements
 *   with it), `upgradeQueue` more waiting, past it a 503 at once; connections not yet signed in are
 *   few (`maxUnsigned`, the oldest idle one cut off first, without a close frame: a page that has not
 *   sent its sign-in reconnects by itself whatever the code) and short-lived (`signInMs`, which
 *   stops once the page has sent its sign-in); a
 *   sign-in's exchange with Discord runs `exchanges` at once with a short queue, each bounded by
 *   `exchangeMs` (past it the page is told to try again with a fresh code). A made-up code costs one quick answer from Discord, so what bounds it is
 *   how many run at once, not a rate spent before the code is read (20 made-up codes a second
 *   used to spend the process's 20 sign-ins and refuse real people).
 */
import type { Duplex } from "node:stream";

export interface DoorLimits {
  /** Connections at once, signed in or not. */
  maxConnections: number;
  /** Connections not yet signed in, at once (well under maxConnections: signed-in people always find a slot). */
  maxUnsigned: number;
  /** How long a connection has to sign in. */
  signInMs: number;
  /** Sign-in exchanges with Discord at once, and how many more may wait for one. */
  exchanges: number;
  exchangeQueue: number;
  /** Sign-ins (fresh or resumed) one person may make in `signInWindowS`. */
  signInsPerPerson: number;
  signInWindowS: number;
  /** Connections one person may have open at one channel's table, and in all. */
  perPersonPerChannel: number;
  perPerson: number;
  /** A signed-in connection with no message from the page and no table news this long is closed. */
  idleMs: number;
  /** How long the code exchange with Discord (both its requests) may take. */
  exchangeMs: number;
  /** Frames (any kind) and bytes a socket may send a second, and in a burst; frames one person may send over all their sockets. */
  framesPerSecond: number;
  frameBurst: number;
  bytesPerSecond: number;
  byteBurst: number;
  personFramesPerSecond: number;
  personFrameBurst: number;
  /** How long a signed-in page closed with a sentence keeps its socket to read it (its place is freed at once). */
  closeGraceMs: number;
  /** Messages a connection may send a second, and in a burst. */
  messagesPerSecond: number;
  messageBurst: number;
  /** WebSocket upgrades handled per turn of the event loop, and how many more may wait for theirs (past it: 503 at once). */
  upgradesPerTurn: number;
  upgradeQueue: number;
  /** Unsent bytes past which a connection is dropped, and past which refusals and notes are left out. */
  maxBufferedBytes: number;
  quietBufferedBytes: number;
  /** The HTTP server's bounds: a request's headers, a whole request. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

export const DOOR: DoorLimits = {
  maxConnections: 5000,
  maxUnsigned: 256,
  signInMs: 5000,
  exchanges: 16,
  exchangeQueue: 64,
  signInsPerPerson: 12,
  signInWindowS: 60,
  perPersonPerChannel: 3,
  perPerson: 8,
  idleMs: 30 * 60_000,
  exchangeMs: 10_000,
  framesPerSecond: 20,
  frameBurst: 40,
  bytesPerSecond: 16 << 10,
  byteBurst: 64 << 10,
  personFramesPerSecond: 40,
  personFrameBurst: 80,
  closeGraceMs: 2000,
  messagesPerSecond: 8,
  messageBurst: 16,
  upgradesPerTurn: 8,
  upgradeQueue: 256,
  maxBufferedBytes: 1 << 20,
  quietBufferedBytes: 64 << 10,
  headersTimeoutMs: 5000,
  requestTimeoutMs: 10_000,
};

/** A token bucket: `burst` tokens, refilled at `perSecond`. */
export class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  /** Takes `n` tokens if there are as many. */
  take(now: number, n = 1): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }

  /** Milliseconds until a token is back. */
  waitMs(): number {
    return Math.max(1, Math.ceil(((1 - this.tokens) / this.perSecond) * 1000));
  }
}

/**
 * Work handed in bursts, done `perTurn` at a time per turn of the event loop (setImmediate: the
 * I/O that arrived meanwhile, other people's clicks among it, goes in between), `queue` waiting at
 * most: `add` says false past it, at once. An item whose work throws is handed to `failed` and the
 * rest go on (a throw once left the queue stopped for good, and the process without a handler).
 */
export class Paced<T> {
  private readonly waiting: T[] = [];
  private scheduled = false;

  constructor(
    private readonly perTurn: number,
    private readonly queue: number,
    private readonly run: (item: T) => void,
    private readonly failed: (item: T, err: unknown) => void,
  ) {}

  add(item: T): boolean {
    if (this.waiting.length >= this.queue) return false;
    this.waiting.push(item);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.turn());
    }
    return true;
  }

  private turn(): void {
    for (const item of this.waiting.splice(0, this.perTurn))
      try {
        this.run(item);
      } catch (err) {
        this.failed(item, err);
      }
    if (this.waiting.length) setImmediate(() => this.turn());
    else this.scheduled = false;
  }
}

/**
 * At most `slots` tasks at once, `queue` more waiting in order; past that `run` says so (null)
 * at once, without queueing.
 */
export class Slots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.busy >= this.slots) {
      if (this.waiting.length >= this.queue) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.busy++;
    try {
      return { value: await task() };
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}

/**
 * Puts `admit` before the socket's own readers (ws's): each chunk of raw bytes is shown to it
 * first, and read only if it says so. ws removes its reader by name (after a close frame, at the
 * socket's close): the guard is named after it (as Node names a `once` wrapper), so it goes too.
 */
export function guardData(socket: Duplex, admit: (chunk: Buffer) => boolean): void {
  for (const listener of socket.rawListeners("data") as ((this: Duplex, chunk: Buffer) => void)[]) {
    socket.removeListener("data", listener);
    const guarded = function (this: Duplex, chunk: Buffer): void {
      if (admit(chunk)) listener.call(this, chunk);
    };
    socket.on("data", Object.assign(guarded, { listener }));
  }
}

/**
 * Counts the WebSocket frames that begin in a socket's raw bytes (RFC 6455 §5.2: two header bytes,
 * 2 or 8 more for a long length, 4 for the mask, then the payload), across chunks, without reading
 * a payload: what a socket sent is known before `ws` parses it.
 */
export class FrameCounter {
  /** Payload bytes of the current frame still to come. */
  private skip = 0;
  /** The current frame's header bytes read so far (empty between frames). */
  private readonly head: number[] = [];

  count(chunk: Buffer): number {
    let frames = 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        continue;
      }
      if (this.head.length === 0) frames++;
      this.head.push(chunk[i++]);
      if (this.head.length < 2) continue;
      const len7 = this.head[1] & 0x7f;
      const size = 2 + (len7 === 126 ? 2 : len7 === 127 ? 8 : 0) + (this.head[1] & 0x80 ? 4 : 0);
      if (this.head.length < size) continue;
      let payload = len7;
      if (len7 === 126) payload = (this.head[2] << 8) | this.head[3];
      // A 64-bit length: past 2^53 it is garbage anyway, and ws closes it (maxPayload).
      else if (len7 === 127) payload = this.head.slice(2, 10).reduce((a, b) => a * 256 + b, 0);
      this.head.length = 0;
      this.skip = payload;
    }
    return frames;
  }
}
