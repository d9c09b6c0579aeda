/**
 * The player comforts of the seed programs: the played-cards list beside the hand (the chat's hand
 * menu and the Activity's page show the same line), one-level undo at a table of one person and
 * computer players, and each player's deck style.
 */
export const en = {
  // ---- played cards
  /** The menu line: `list` is "♣ A K 9 · ♦ Q J · ♠ — · ♥ 10 2". */
  stillOut: (p: { list: string }) => `Still out: ${p.list}`,
  playedCardsOn: "Played cards: each player's hand lists the cards still out.",
  playedCardsOff: "Played cards: not shown.",

  // ---- undo
  undoButton: "Undo",
  undone: (p: { card: string }) => `↩️ You took back ${p.card}, and the computer players' cards after it. It is your turn again.`,
  undoUnrated: "A game with an undo does not count for the standings.",
  undoOnlyAlone: "Undo is only for a table of one person and computer players: here other people have seen your card.",
  undoNothing: "There is no card of yours to take back: undo reaches back to your last card of this hand, before you play the next one.",
  undoOncePerTrick: "You already took back a card in this trick: one undo per trick, and only of your latest card.",
  undoNotNow: "There is nothing to take back now: undo is for a card you played in this hand.",
  /** Public, in the thread: a trick already posted no longer stands. */
  undoThread: (p: { name: string; trick: number }) =>
    `↩️ ${p.name} took back a card: trick ${p.trick} is played again, and its next post is the one that counts.`,

  // ---- deck style
  deckPrompt: "Your cards' look (your own hand picture only; remembered for every table; change it with the options of /hearts deck):",
  deckTwoColour: "Two colours (♠♣ black, ♥♦ red)",
  deckFourColour: "Four colours (♣ green, ♦ blue)",
  deckLargeIndex: "Large corner indexes",
  deckNormalIndex: "Normal corner indexes",
  deckSaved: (p: { style: string }) => `✅ Your cards now look like this: ${p.style}. Your hand menus show it from their next change.`,
};

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
  stillOut: (p: { list: string }) => `Encore en jeu : ${p.list}`,
  playedCardsOn: "Cartes jouées : la main de chaque joueur liste les cartes encore en jeu.",
  playedCardsOff: "Cartes jouées : non affichées.",

  undoButton: "Annuler",
  undone: (p: { card: string }) => `↩️ Vous avez repris ${p.card}, ainsi que les cartes des robots jouées après. C'est de nouveau à vous.`,
  undoUnrated: "Une partie avec une annulation ne compte pas pour le classement.",
  undoOnlyAlone: "L'annulation est réservée aux tables d'une seule personne avec des robots : ici, d'autres personnes ont vu votre carte.",
  undoNothing:
    "Aucune carte à reprendre : l'annulation porte sur votre dernière carte de cette donne, avant que vous ne jouiez la suivante.",
  undoOncePerTrick: "Vous avez déjà repris une carte dans ce pli : une annulation par pli, et seulement de votre dernière carte.",
  undoNotNow: "Rien à reprendre pour l'instant : l'annulation porte sur une carte jouée dans cette donne.",
  undoThread: (p: { name: string; trick: number }) =>
    `↩️ ${p.name} a repris une carte : le pli ${p.trick} est rejoué, et c'est son prochain message qui compte.`,

  deckPrompt:
    "L'apparence de vos cartes (seulement l'image de votre main ; retenue pour toutes les tables ; changez-la avec les options de /hearts deck) :",
  deckTwoColour: "Deux couleurs (♠♣ noirs, ♥♦ rouges)",
  deckFourColour: "Quatre couleurs (♣ vert, ♦ bleu)",
  deckLargeIndex: "Grands index dans les coins",
  deckNormalIndex: "Index normaux dans les coins",
  deckSaved: (p: { style: string }) =>
    `✅ Vos cartes ressemblent maintenant à ceci : ${p.style}. Vos menus l'affichent dès leur prochain changement.`,
};
