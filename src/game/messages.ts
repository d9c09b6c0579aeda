/** The sentences a player reads when an action is refused. */
import { SUIT_NAMES, suitOf } from "./cards.js";
import type { GameState, RejectReason } from "./engine.js";

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
      return "The first trick must be led with the 2♣.";
    case "must-follow-suit": {
      const led = state && state.trick.length ? SUIT_NAMES[suitOf(state.trick[0])] : null;
      return led ? `You must follow suit: you hold ${led}.` : "You must follow suit.";
    }
    case "hearts-not-broken":
      return "Hearts are not broken yet: you may not lead a heart while you hold another suit.";
    case "first-trick-points":
      return state?.rules.highSpades
        ? "No points on the first trick: hearts, Q♠, K♠ and A♠ must wait while you have another card."
        : "No points on the first trick: hearts and Q♠ must wait while you have another card.";
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
