/**
 * The Activity's door: what one page, one person or a crowd of strangers may cost the process.
 * Every bound here is what a stranger who never reads the answers can spend; past it they get a
 * refusal (once) or a closed connection, never a queue that grows with what they send.
 *
 * - A connection's messages: a token bucket per connection, checked before a message is parsed.
 *   Over it, the page is told once and its socket stops being read for the refill time (TCP pushes
 *   back on the sender: a flood costs the server nothing while it waits). A person's actions also
 *   spend the fair-use budgets the buttons spend (src/table/fair-use.ts).
 * - What a connection has not read: past `maxBufferedBytes` unsent, it is dropped; refusals and
 *   notes are not even written once `quietBufferedBytes` wait (a page that does not read hears nothing).
 * - Connections per person at a channel: a few; the oldest is closed with a sentence when another opens.
 * - Strangers: connections not yet signed in are few (`maxUnsigned`, the oldest idle one closed
 *   first) and short-lived (`signInMs`); a sign-in's exchange with Discord runs `exchanges` at once
 *   with a short queue. A made-up code costs one quick answer from Discord, so what bounds it is
 *   how many run at once, not a rate spent before the code is read (20 made-up codes a second
 *   used to spend the process's 20 sign-ins and refuse real people).
 */

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
  /** Connections one person may have open at one channel's table. */
  perPersonPerChannel: number;
  /** Messages a connection may send a second, and in a burst. */
  messagesPerSecond: number;
  messageBurst: number;
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
  messagesPerSecond: 8,
  messageBurst: 16,
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

  /** Takes a token if there is one. */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is back. */
  waitMs(): number {
    return Math.max(1, Math.ceil(((1 - this.tokens) / this.perSecond) * 1000));
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
