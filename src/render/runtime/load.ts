/**
 * How busy the bot's event loop is. Pictures are the bot's heaviest work (drawing and PNG
 * encoding run on the main thread); when the loop lags, optional pictures step aside so that
 * every interaction is still answered quickly. Hysteresis keeps the mode from flickering.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

export interface LoadOptions {
  /** Busy when the loop's p99 delay over one second exceeds this. */
  highMs?: number;
  /** Stay busy at least this long after the last lagging second. */
  holdMs?: number;
}

export class LoadGauge {
  private readonly histogram: IntervalHistogram;
  private readonly timer: ReturnType<typeof setInterval>;
  private busyUntil = 0;
  /** Optional pictures left out because of load (for logs and the benchmark). */
  skipped = 0;

  constructor(private readonly opts: LoadOptions = {}) {
    this.histogram = monitorEventLoopDelay({ resolution: 10 });
    this.histogram.enable();
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  private sample(): void {
    const p99 = this.histogram.percentile(99) / 1e6;
    this.histogram.reset();
    if (p99 > (this.opts.highMs ?? 60)) this.busyUntil = Date.now() + (this.opts.holdMs ?? 10_000);
  }

  get busy(): boolean {
    return Date.now() < this.busyUntil;
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

/** A gauge that is never busy (tests that check pictures). */
export const idleGauge = { busy: false, skipped: 0, stop() {} } as unknown as LoadGauge;
