/** Input types of the public render API (re-exported by index.ts). */
export interface PlayerLabel {
  name: string;
  isBot: boolean;
}

import type { Locale } from "../i18n/index.js";

export interface RenderOptions {
  /** Four-colour deck: clubs green, diamonds blue (easier to tell suits apart at a glance). */
  fourColour?: boolean;
  /**
   * Large corner indexes (a player's own hand only): a bigger rank and suit in the corner that
   * shows when the cards overlap, for small screens and tired eyes.
   */
  largeIndex?: boolean;
  /** The reader's language, for the ranks the card faces print (French cards read R, D, V). English by default. */
  locale?: Locale;
}
