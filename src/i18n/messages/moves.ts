/**
 * Why the rules refuse a move: one sentence per refusal code of the engine (src/game/engine.ts's
 * RejectReason). The engine keeps the codes; the Discord layer words them here.
 * Values: `led` (0 clubs, 1 diamonds, 2 spades, 3 hearts) for must-follow-suit, `highSpades` for
 * first-trick-points, `passed` for pass-already-submitted.
 */
import type { RejectReason } from "../../game/engine.js";

type MoveValues = { led?: number | null; highSpades?: boolean; passed?: boolean };

const SUITS_EN = ["clubs", "diamonds", "spades", "hearts"];
const SUITS_FR = ["du trèfle", "du carreau", "du pique", "du cœur"];

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

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
  "bad-action": "Cette action n'est pas comprise.",
  "game-over": "Cette partie est terminée.",
  "hand-over": "Cette donne est terminée : on attend le choix du joueur qui a tiré la lune.",
  "pass-pending": "Les cartes sont en train d'être passées : choisissez d'abord vos 3 cartes à passer.",
  "not-your-turn": "Ce n'est pas votre tour.",
  "card-not-in-hand": "Vous n'avez pas cette carte.",
  "must-lead-two-clubs": "Le premier pli doit être ouvert avec le 2♣.",
  "must-follow-suit": (v) =>
    typeof v.led === "number" ? `Vous devez fournir : vous avez ${SUITS_FR[v.led]}.` : "Vous devez fournir à la couleur demandée.",
  "hearts-not-broken": "Les cœurs ne sont pas encore ouverts : vous ne pouvez pas entamer à cœur tant que vous avez une autre couleur.",
  "first-trick-points": (v) =>
    v.highSpades
      ? "Pas de points au premier pli : les cœurs, la D♠, le R♠ et l'A♠ doivent attendre tant que vous avez une autre carte."
      : "Pas de points au premier pli : les cœurs et la Dame de pique doivent attendre tant que vous avez une autre carte.",
  "no-pass-this-hand": "Pas de passe pour cette donne.",
  "pass-wrong-count": "Passez exactement 3 cartes.",
  "pass-duplicate": "Passez 3 cartes différentes.",
  "pass-card-not-in-hand": "Vous ne pouvez passer que des cartes de votre main.",
  "pass-already-submitted": (v) => (v.passed ? "Vous avez déjà passé vos cartes." : "Les passes sont terminées pour cette donne."),
  "no-moon-choice": "Il n'y a pas de choix de lune à faire maintenant.",
  "not-the-shooter": "Seul le joueur qui a tiré la lune choisit comment elle compte.",
};
