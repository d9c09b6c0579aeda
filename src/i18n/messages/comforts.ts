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
