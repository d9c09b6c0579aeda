/** The sentences a player reads when an action is refused. A refused play's sentence is its restriction's, in legality.ts. */
import type { GameState, RejectReason } from "./engine.js";
import { playRestriction } from "./legality.js";

export function reasonMessage(reason: RejectReason, state?: GameState, seat?: number): string {
  switch (reason) {
    case "bad-action":
      return "That action is not understood.";
    case "game-over":
      return "This game is over.";
    case "hand-over":
      return "This hand is over: waiting for the moon shooter's choice.";
    case "pass-pending":
      return "Cards are being passed: choose your 3 cards to pass first.";
    case "not-your-turn":
      return "It is not your turn.";
    case "card-not-in-hand":
      return "You do not hold that card.";
    case "must-lead-two-clubs":
    case "must-follow-suit":
    case "hearts-not-broken":
    case "first-trick-points":
      return playRestriction(reason).message(state);
    case "no-pass-this-hand":
      return "There is no passing this hand.";
    case "pass-wrong-count":
      return "Pass exactly 3 cards.";
    case "pass-duplicate":
      return "Pass 3 different cards.";
    case "pass-card-not-in-hand":
      return "You can only pass cards from your own hand.";
    case "pass-already-submitted":
      return seat !== undefined && state?.passes[seat] ? "You have already passed your cards." : "Passing is over for this hand.";
    case "no-moon-choice":
      return "There is no moon choice to make now.";
    case "not-the-shooter":
      return "Only the player who shot the moon chooses how it scores.";
  }
}
