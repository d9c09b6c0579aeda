/**
 * Why the rules refuse a move: one sentence per refusal code of the engine (src/game/engine.ts's
 * RejectReason). The engine keeps the codes; the Discord layer words them here.
 * Values: `led` (0 clubs, 1 diamonds, 2 spades, 3 hearts) for must-follow-suit, `highSpades` for
 * first-trick-points, `passed` for pass-already-submitted.
 */
import type { RejectReason } from "../../game/reasons.js";

type MoveValues = { led?: number | null; highSpades?: boolean; passed?: boolean };

const SUITS_EN = ["clubs", "diamonds", "spades", "hearts"];

export const en: Record<RejectReason, string | ((v: MoveValues) => string)> = {
  "bad-action": "That action is not understood.",
  "game-over": "This game is over.",
  "hand-over": "This hand is over: waiting for the moon shooter's choice.",
  "pass-pending": "Cards are being passed: choose your 3 cards to pass first.",
  "not-your-turn": "It is not your turn.",
  "card-not-in-hand": "You do not hold that card.",
  "must-lead-two-clubs": "The first trick must be led with the 2♣.",
  "must-follow-suit": (v) => (typeof v.led === "number" ? `You must follow suit: you hold ${SUITS_EN[v.led]}.` : "You must follow suit."),
  "hearts-not-broken": "Hearts are not broken yet: you may not lead a heart while you hold another suit.",
  "first-trick-points": (v) =>
    v.highSpades
      ? "No points on the first trick: hearts, Q♠, K♠ and A♠ must wait while you have another card."
      : "No points on the first trick: hearts and Q♠ must wait while you have another card.",
  "no-pass-this-hand": "There is no passing this hand.",
  "pass-wrong-count": "Pass exactly 3 cards.",
  "pass-duplicate": "Pass 3 different cards.",
  "pass-card-not-in-hand": "You can only pass cards from your own hand.",
  "pass-already-submitted": (v) => (v.passed ? "You have already passed your cards." : "Passing is over for this hand."),
  "no-moon-choice": "There is no moon choice to make now.",
  "not-the-shooter": "Only the player who shot the moon chooses how it scores.",
};
