/** Time and timers, injectable so tests can run a game's timeouts without waiting. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export type TimerHandle = { readonly id: unknown };

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    // A pending turn timer must not keep a stopping process alive.
    t.unref?.();
    return { id: t };
  },
  clearTimeout(handle) {
    clearTimeout(handle.id as ReturnType<typeof setTimeout>);
  },
};
