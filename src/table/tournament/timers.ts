/**
 * The tournaments' timers: reminders, starts and the pause between rounds, by tournament, on the
 * table service's clock. A timer due in days waits in steps (setTimeout's ceiling is 24.8 days), so
 * a start a month ahead still fires on time; nothing is remembered over a restart but the store's
 * rows, from which the service arms them again (TournamentService.resume).
 */
import type { Logger } from "../../log.js";
import type { Clock, TimerHandle } from "../clock.js";

/** A timer never waits longer than this at once: it re-arms until its time. */
const MAX_TIMER_MS = 6 * 3_600_000;

export class TournamentTimers {
  private readonly timers = new Map<string, TimerHandle[]>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Runs `fn` at `when` (ms since the epoch) for tournament `id`. */
  at(id: string, when: number, fn: () => Promise<unknown>): void {
    if (this.stopped) return;
    const wait = Math.max(0, when - this.clock.now());
    const handle = this.clock.setTimeout(
      () => {
        this.timers.set(
          id,
          (this.timers.get(id) ?? []).filter((h) => h !== handle),
        );
        if (this.stopped) return;
        if (when > this.clock.now()) this.at(id, when, fn);
        else fn().catch((err: unknown) => this.log.error({ tournament: id, err }, "tournament timer failed"));
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    this.timers.set(id, [...(this.timers.get(id) ?? []), handle]);
  }

  /** Clears the tournament's timers. */
  disarm(id: string): void {
    for (const h of this.timers.get(id) ?? []) this.clock.clearTimeout(h);
    this.timers.delete(id);
  }

  stop(): void {
    this.stopped = true;
    for (const id of [...this.timers.keys()]) this.disarm(id);
  }
}
