/**
 * The layout of the hard player's playout board (fast.ts): one Int32Array per hand in play. The
 * board, its scoring and the playout policy read it through module-local copies of these numbers.
 */
/** Layout of the board's Int32Array. */
const HANDS = 0; // seat*4+suit: the cards each seat holds
const TAKEN = 16; // seat*4+suit: the cards each seat has won
const TRICK = 32; // up to 4 cards of the trick in progress
const TRICK_LEN = 36;
const LEADER = 37;
const TURN = 38;
const TRICK_NO = 39;
const BROKEN = 40;
const WON = 41; // 4 counts of tricks won
const DONE = 45; // 1 once the hand is over (played out or ended early)
const VOIDS = 46; // bit seat*4+suit: the seat has shown out of the suit (public)
// What the playout policy reads at every move, kept up to date as cards are played (rather than
// worked out again from the taken cards at each move):
const PLAYED = 48; // suit: the cards played this hand (taken, and the trick in progress)
const POINTS = 52; // seat: penalty points taken (♥, Q♠, K♠/A♠ with high spades; not J♦)
const QUEEN_BY = 56; // the seat that took Q♠, or -1
const JACK_BY = 57; // the seat that took J♦, or -1
const TRICK_VALUE = 58; // what the trick in progress is worth (penalties and J♦)
const TRICK_RANK = 59; // rank of the card winning the trick so far, -1 before the lead
const TRICK_WINNER = 60; // the seat winning it so far (the leader before the lead)
const SIZE = 61;

/** The layout, for the board and the policy's reads of it (each copies it into module consts). */
export const LAYOUT = {
  HANDS,
  TAKEN,
  TRICK,
  TRICK_LEN,
  LEADER,
  TURN,
  TRICK_NO,
  BROKEN,
  WON,
  DONE,
  VOIDS,
  PLAYED,
  POINTS,
  QUEEN_BY,
  JACK_BY,
  TRICK_VALUE,
  TRICK_RANK,
  TRICK_WINNER,
  SIZE,
} as const;
