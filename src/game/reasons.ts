/**
 * Why the engine refuses an action: one code per refusal, each worded by the catalogue
 * (src/i18n/messages/moves.ts). A file of its own, so the catalogue, which the Activity's page
 * carries, names the codes without the engine.
 */
import type { PlayReason } from "./legality.js";

export type RejectReason =
  | "bad-action"
  | "game-over"
  | "hand-over"
  | "pass-pending"
  | "not-your-turn"
  | "card-not-in-hand"
  | PlayReason
  | "no-pass-this-hand"
  | "pass-wrong-count"
  | "pass-duplicate"
  | "pass-card-not-in-hand"
  | "pass-already-submitted"
  | "no-moon-choice"
  | "not-the-shooter";
