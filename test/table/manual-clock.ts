/** A clock the test moves by hand: timers fire in order as `advance` passes their time. */
import type { Clock, TimerHandle } from "../../src/table/clock.js";

interface Pending {
  at: number;
  fn: () => void;
  handle: TimerHandle;
}

export const settle = async (rounds = 3): Promise<void> => {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
};

export class ManualClock implements Clock {
  private t = Date.parse("2025-01-01T12:00:00Z");
  private timers: Pending[] = [];
  /** With a real database, work started by a timer takes real time: wait this long after each. */
  realWaitMs = 0;

  private async settleWork(): Promise<void> {
    await settle();
    if (this.realWaitMs) await new Promise((r) => setTimeout(r, this.realWaitMs));
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const handle = { id: Symbol("timer") };
    this.timers.push({ at: this.t + Math.max(0, ms), fn, handle });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((p) => p.handle !== handle);
  }

  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing due timers one by one and letting their work finish. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    await this.settleWork();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.t = next.at;
      next.fn();
      await this.settleWork();
    }
    this.t = end;
  }
}
