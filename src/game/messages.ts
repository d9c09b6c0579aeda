/**
 * What a refusal's sentence needs to know besides its code (engine.ts's RejectReason): the words
 * live in the message catalogue (src/i18n/messages/moves.ts), never here — the engine imports nothing.
 */
import { suitOf } from "./cards.js";
import type { GameState } from "./engine.js";

export interface RefusalValues {
  /** The suit led in the current trick (0 clubs … 3 hearts), for must-follow-suit. */
  led: number | null;
  /** Whether K♠ and A♠ score too, for first-trick-points. */
  highSpades: boolean;
  /** Whether this seat has passed already, for pass-already-submitted. */
  passed: boolean;
}

export function refusalValues(state?: GameState, seat?: number): RefusalValues {
  return {
    led: state && state.trick.length ? suitOf(state.trick[0]) : null,
    highSpades: !!state?.rules.highSpades,
    passed: seat !== undefined && !!state?.passes[seat],
  };
}
