/**
 * Drawing a picture blocks the event loop for 5–10 ms. When many tables want pictures at once
 * (hands end together, a busy evening), drawing them back to back would hold up the gateway and
 * every interaction behind them. The pacer runs drawing jobs for at most a few milliseconds per
 * event-loop turn, so I/O gets in between, and serves the person who just clicked first, then
 * menus refreshed for a new turn, then table pictures, then posts.
 *
 * With the picture process (render-process.ts) the drawing itself leaves the main thread: a job
 * then only builds its message, around pictures drawn there in the same lane order.
 */
import type { Images } from "./images.js";

export enum Lane {
  /** The answer to an interaction: a person is waiting on it. */
  Answer = 0,
  /** A private menu refreshed because its player's turn came. */
  Menu = 1,
  /** The public table message. */
  Table = 2,
  /** Posts in the game's thread. */
  Post = 3,
}

/** Work per event-loop turn before letting I/O in (one job always runs, however long). */
const SLICE_MS = 8;

interface Job {
  run: () => void;
}

export class Pacer {
  private readonly lanes: Job[][] = [[], [], [], []];
  private scheduled = false;

  constructor(private readonly images: Images | null = null) {}

  run<T>(lane: Lane, fn: () => T): Promise<T> {
    if (this.images?.offloaded) return this.images.paced(lane, fn);
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
    return this.lanes.reduce((n, l) => n + l.length, 0);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.next());
  }

  private next(): void {
    this.scheduled = false;
    const start = performance.now();
    do {
      const lane = this.lanes.find((l) => l.length);
      if (!lane) break;
      lane.shift()!.run();
    } while (performance.now() - start < SLICE_MS);
    if (this.waiting) this.schedule();
  }
}
