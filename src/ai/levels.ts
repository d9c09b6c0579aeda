/**
 * The computer players' levels: one row per level, the one table every layer iterates (the
 * /hearts options, the lobby's menu, settings, storage, the worker pool, the seats' names, and
 * decide.ts, which plays a row). A new level is a row here and its words in the catalogue
 * (src/i18n/messages/lobby.ts, which the compiler holds to this table); only a new way of
 * playing touches decide.ts. Data only: config, storage and the catalogue import this module
 * without loading the players themselves.
 */

/**
 * The hard player's defaults. Its search stops early once the answer is settled, so the budget is
 * a ceiling: decisions p95 ≤ 50 ms on one core (bench/ai.ts), where it used to spend 200 ms on
 * every decision. 48 rather than 50: a decision runs over by up to one world's playouts and the
 * setup before the first.
 */
export const HARD_BUDGET_MS = 48;
export const HARD_MAX_SAMPLES = 4000;
/**
 * Hard's weight of a world for each of the others' plays the rules would not have made in it
 * (inference.ts). Off: at 0.8, over 75 duplicate deals against the frozen hard, +0.69 points a
 * hand, 95% interval [−0.02, +1.40] (the others' plays say little about their hands under the
 * rules' model: bench/infer-calibrate.ts).
 */
export const HARD_INFER = 0;
/**
 * The noise of hard's playouts (policy.ts's PLAYOUT, 0.5). Screened against the frozen hard: 0.2
 * over 123 duplicate deals +0.03 points a hand, 95% interval [−0.70, +0.75] (hard shot 18 moons,
 * the frozen one 33); 0.8 stopped after 17 deals for a likelier candidate.
 */
export const HARD_PLAYOUT_NOISE = 0.5;
/**
 * Hard's temperature for weighing its worlds by the pass it received across (inference.ts,
 * PassReader: exp(−regret / this), the regret being how much worse the rules find that pass than
 * the passer's best from its hand in that world). Off: at 1.5, over 114 duplicate deals passed
 * across against the frozen hard, +0.49 points a hand, 95% interval [−0.17, +1.14], though the
 * signal is strong (over 240 passes of the frozen hard, the true deal's regret was ≤ 1 in 72% of
 * them, a sampled world's in 12%: bench/pass-calibrate.ts).
 */
export const HARD_PASS_INFER = 0;
/**
 * Medium searches too, briefly: a few dozen worlds played out by the rule-based policy beat the
 * policy on its own (bench/ai.ts, medium vs frozen-medium), at a few milliseconds a decision.
 * 2.5 ms, not 3: a decision stops before a world that would end past its budget, and the rest
 * (knowledge, the rules' own card) keeps the p95 under the 3 ms the level promises. Since issue
 * 42 it trusts its search more (half a standard error, up to 48 worlds): over 300 duplicate deals
 * that played 0.38 points a hand better than the same player at 1 standard error and 24 worlds.
 */
export const MEDIUM_BUDGET_MS = 2.5;
export const MEDIUM_MAX_SAMPLES = 48;
/** Standard errors by which the search must beat the rule's card for medium to play its own. */
export const MEDIUM_OVERRULE = 0.5;
/** Medium solves each world's last tricks exactly (endgame.ts) from this many cards in hand. */
export const MEDIUM_ENDGAME_CARDS = 3;
/** Passes medium compares by search: the rules' ranking's best few (0: the rules' pass alone). */
export const MEDIUM_PASS_CANDIDATES = 3;

/** One level: how it plays (decide.ts reads this), and what the layers around it need. */
export interface Level {
  /** The rule-based policy's style (policy.ts): "easy" slips and misjudges now and then. */
  rules: "easy" | "medium";
  /**
   * The search over sampled deals of the hidden cards (hard.ts), or null for the rules alone.
   * "decide": the search passes and plays (the rules only when no deal fits the view);
   * "check": the rules pass and play, unless the search finds a card (or, among the ranking's
   * best `passCandidates` passes and the moon set-ups, a pass) better by `overrule` standard
   * errors over the same worlds. `endgame`: with at most this many cards in hand, each world's end
   * is solved exactly (endgame.ts) instead of played out by the rules (0: always played out).
   * `infer` ("decide" only): each world is weighted by this factor for every play of the others
   * that the rules would not have made in it (inference.ts; 0: worlds unweighted by play).
   * `passInfer` ("decide" only): each world is weighted by how well the pass received across
   * fits the passer's hand in it, at this temperature (inference.ts; 0: unweighted by the pass).
   * `playoutNoise` ("decide" only): the noise of the rules that play its worlds out (policy.ts's
   * Style; "check" plays them out with PLAYOUT's).
   */
  search:
    | null
    | { mode: "decide"; budgetMs: number; samples: number; endgame: number; infer: number; passInfer: number; playoutNoise: number }
    | { mode: "check"; budgetMs: number; samples: number; endgame: number; minWorlds: number; overrule: number; passCandidates: number };
  /**
   * The worker pool's time limit for one decision: "budget", the decision's budget
   * (opts.budgetMs, else the search's) plus the pool's margin; "margin", the margin alone (a
   * level whose decisions take a few milliseconds).
   */
  poolLimit: "budget" | "margin";
  /** The names its seats take, the first free one (src/table/seats.ts). */
  names: readonly string[];
}

/** Every level, weakest first (the order menus and choices show them in). */
export const LEVELS = {
  easy: { rules: "easy", search: null, poolLimit: "margin", names: ["Pip", "Dot", "Bean", "Kit"] },
  medium: {
    rules: "medium",
    search: {
      mode: "check",
      budgetMs: MEDIUM_BUDGET_MS,
      samples: MEDIUM_MAX_SAMPLES,
      endgame: MEDIUM_ENDGAME_CARDS,
      minWorlds: 6,
      overrule: MEDIUM_OVERRULE,
      passCandidates: MEDIUM_PASS_CANDIDATES,
    },
    poolLimit: "margin",
    names: ["Max", "Sam", "Lou", "Ray"],
  },
  hard: {
    rules: "medium",
    // No exact endgame: over 195 duplicate deals at the same cost, hard solving its last three
    // tricks scored 0.43 points a hand more than without (95% interval [+0.04, +0.81]).
    search: {
      mode: "decide",
      budgetMs: HARD_BUDGET_MS,
      samples: HARD_MAX_SAMPLES,
      endgame: 0,
      infer: HARD_INFER,
      passInfer: HARD_PASS_INFER,
      playoutNoise: HARD_PLAYOUT_NOISE,
    },
    poolLimit: "budget",
    names: ["Ada", "Alan", "Grace", "Edsger"],
  },
} as const satisfies Record<string, Level>;

export type BotLevel = keyof typeof LEVELS;
export const BOT_LEVELS = Object.keys(LEVELS) as readonly BotLevel[];
export const isBotLevel = (x: unknown): x is BotLevel => typeof x === "string" && Object.hasOwn(LEVELS, x);

/** The level that advises: hints, reviews and the daily's computer players play as the strongest one. */
export const ADVISOR_LEVEL: BotLevel = "hard";
/**
 * The level of a computer seat nobody chose: the default of DEFAULT_BOT_LEVEL, and the name and
 * rating key of a stored seat without a level (a former player's seat, rows from older versions).
 */
export const DEFAULT_LEVEL: BotLevel = "medium";

/** The level's row, as the general shape (a row's own literal type is narrower than Level). */
export const levelOf = (level: BotLevel): Level => LEVELS[level];
