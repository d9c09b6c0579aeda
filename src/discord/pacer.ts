/**
 * Drawing a picture blocks the event loop for 5–10 ms. When many tables want pictures at once
 * (hands end together, a busy evening), drawing them back to back would hold up the gateway and
 * every interaction behind them. The pacer runs one drawing job per event-loop turn, so I/O gets
 * in between, and serves people waiting on their own menu before table pictures and posts.
 */
export enum Lane {
  /** A person is waiting: their private menu. */
  Menu = 0,
  /** The public table message. */
  Table = 1,
  /** Posts in the game's thread. */
  Post = 2,
}

interface Job {
  run: () => void;
}

export class Pacer {
  private readonly lanes: Job[][] = [[], [], []];
  private scheduled = false;

  run<T>(lane: Lane, fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.lanes[lane].push({
        run: () => {
          try {
            resolve(fn());
          } catch (err) {
            reject(err);
          }
        },
      });
      this.schedule();
    });
  }

  get waiting(): number {
    return this.lanes[0].length + this.lanes[1].length + this.lanes[2].length;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.next());
  }

  private next(): void {
    this.scheduled = false;
    const job = this.lanes[0].shift() ?? this.lanes[1].shift() ?? this.lanes[2].shift();
    job?.run();
    if (this.waiting) this.schedule();
  }
}
