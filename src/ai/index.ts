/**
 * Computer players. Every level decides from a SeatView, the seat's own view of the table (its
 * hand, the cards played, who showed out, the cards it passed and received, the scores, the
 * rules), and nothing else: the type has no field for another seat's cards, so no bot can see
 * hidden hands. The hard player imagines them, sampling deals consistent with that view.
 *
 *   const action = decide(viewFor(state, seat), "hard");        // synchronous, same thread
 *   const pool = new BotPool(); await pool.decide(view, "hard"); // on worker threads
 */
export { decide, HARD_BUDGET_MS, MEDIUM_BUDGET_MS, MEDIUM_MAX_SAMPLES, type DecideOptions } from "./decide.js";
export { ADVISOR_LEVEL, BOT_LEVELS, DEFAULT_LEVEL, isBotLevel, type BotLevel } from "./levels.js";
export { BotPool, HintRefused } from "./pool.js";
