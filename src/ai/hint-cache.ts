/**
 * What the worker pool keeps for hints: the answers by position (a hint asked again is answered
 * at once), oldest dropped first and none older than its time to live, and the refusals a person
 * reads when the pool has no room or time for a hint.
 */
import type { Action, SeatView } from "../game/index.js";

/** A hint the pool will not work out now. `message` is written for the player who asked. */
export class HintRefused extends Error {
  constructor(
    /** busy: the hint lane is full or the hint waited too long; pending: this seat's previous hint is still being worked out. */
    readonly reason: "busy" | "pending",
    message: string,
  ) {
    super(message);
    this.name = "HintRefused";
  }
}

export const HINT_BUSY = "The computer players are busy right now; try the hint again in a few seconds.";
export const HINT_PENDING = "Your previous hint is still being worked out; ask again in a moment.";

/** The position a hint is about: the seat (key) and the view's place in the game and hand. */
export const positionOf = (key: string, view: SeatView) =>
  `${key}|${view.handIndex}|${view.actionCount}|${view.phase}|${view.hand.join(",")}`;

export class HintCache {
  /** Answers by position, oldest first (a Map keeps insertion order: LRU by re-inserting). */
  private readonly answers = new Map<string, { action: Action; at: number }>();

  constructor(private readonly limits: { size: number; ttlMs: number }) {}

  get(position: string): Action | null {
    const hit = this.answers.get(position);
    if (!hit) return null;
    this.answers.delete(position);
    if (Date.now() - hit.at > this.limits.ttlMs) return null;
    this.answers.set(position, hit);
    return hit.action;
  }

  put(position: string, action: Action): void {
    this.answers.delete(position);
    this.answers.set(position, { action, at: Date.now() });
    while (this.answers.size > this.limits.size) this.answers.delete(this.answers.keys().next().value!);
  }

  clear(): void {
    this.answers.clear();
  }
}
