import type { PublicEvent } from "../../game/index.js";

/** Which events of an action bring news worth a post: trick images, claims, hand and game ends. */
export function newsOf(events: readonly PublicEvent[]) {
  return {
    tricks: events.flatMap((e) => (e.type === "trick-won" ? [e] : [])),
    claim: events.find((e): e is Extract<PublicEvent, { type: "tricks-claimed" }> => e.type === "tricks-claimed") ?? null,
    heartsBroken: events.some((e) => e.type === "hearts-broken"),
    queenFell: events.some((e) => e.type === "queen-played"),
    handScored: events.find((e): e is Extract<PublicEvent, { type: "hand-scored" }> => e.type === "hand-scored") ?? null,
    dealt: events.find((e): e is Extract<PublicEvent, { type: "hand-dealt" }> => e.type === "hand-dealt") ?? null,
    passed: events.some((e) => e.type === "cards-passed"),
    gameOver: events.find((e): e is Extract<PublicEvent, { type: "game-over" }> => e.type === "game-over") ?? null,
    moonPending: events.some((e) => e.type === "moon-choice-pending"),
  };
}
