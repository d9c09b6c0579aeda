/** Property tests: thousands of random games under random rule sets. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACE_OF_SPADES,
  DEFAULT_RULES,
  HEARTS,
  KING_OF_SPADES,
  OPTION_INFO,
  PLAY_RESTRICTIONS,
  QUEEN_OF_SPADES,
  TWO_OF_CLUBS,
  apply,
  awaiting,
  cardsOf,
  cloneState,
  countCards,
  createGame,
  createRng,
  emptyMasks,
  hasCard,
  legalMasks,
  moonValue,
  readRules,
  refusalValues,
  replay,
  step,
  suitOf,
  validateRules,
  type Action,
  type AnyOption,
  type Card,
  type GameEvent,
  type GameState,
  type PlayReason,
  type Rules,
  type Seat,
} from "../../src/game/index.js";

/**
 * Values of one option, drawn from its definition in the option table: every choice, both flags,
 * and whole numbers around the values the sources use (the whole range would make endless games).
 */
function optionValues(o: AnyOption): fc.Arbitrary<unknown> {
  switch (o.kind) {
    case "choice":
      return fc.constantFrom(...o.choices);
    case "flag":
      return fc.boolean();
    case "integer":
      return fc.oneof(fc.constantFrom(...o.typical), fc.integer({ min: Math.min(...o.typical), max: Math.max(...o.typical) }));
    case "integer-or-off":
      return fc.oneof(
        fc.constant(null),
        fc.constantFrom(...o.typical),
        fc.integer({ min: Math.min(...o.typical), max: Math.max(...o.typical) }),
      );
  }
}

/** Random rule sets over every option of the table, so a new option is fuzzed as soon as it is defined. */
const rulesArb: fc.Arbitrary<Rules> = fc.record(Object.fromEntries(OPTION_INFO.map((o) => [o.key, optionValues(o)]))).map((drawn) => {
  const read = readRules(drawn);
  if (!read.ok) throw new Error(`the option table drew rules it refuses: ${read.error}`);
  return read.rules;
});

interface Played {
  state: GameState;
  actions: Action[];
  events: GameEvent[];
}

/** Three distinct cards of the seat's hand, drawn at random, to pass. */
function randomPass(state: GameState, seat: Seat, rng: ReturnType<typeof createRng>): Action {
  const hand = cardsOf(state.hands[seat]);
  const picks = new Set<number>();
  while (picks.size < 3) picks.add(hand[rng.int(hand.length)]);
  return { type: "pass", seat, cards: [...picks] };
}

/** Plays a whole game with random legal choices, checking invariants at every step. */
function playRandomGame(rules: Rules, seed: number, policySeed: number): Played {
  const rng = createRng(policySeed);
  const state = createGame(rules, seed);
  const actions: Action[] = [];
  const events: GameEvent[] = [];
  const legal = emptyMasks();
  let steps = 0;
  while (state.phase !== "game-over") {
    if (++steps > 20_000) throw new Error("game did not end");
    const seat = awaiting(state)[0] as Seat;
    let action: Action;
    if (state.phase === "passing") {
      action = randomPass(state, seat, rng);
    } else if (state.phase === "moon-choice") {
      action = { type: "moon", seat, choice: rng.int(2) ? "add" : "subtract" };
    } else {
      const options = cardsOf(legalMasks(state, seat, legal));
      if (options.length === 0) throw new Error(`empty legal set for seat ${seat}`);
      action = { type: "play", seat, card: options[rng.int(options.length)] };
    }
    const tricksScore = rules.shootTheSun !== 0 || (rules.noTricksBonus !== 0 && rules.noTricksCondition === "no-tricks");
    const before = state.phase === "playing" && state.trick.length === 3 && rules.autoClaim !== "off" ? cloneState(state) : null;
    const eventsBefore = events.length;
    const why = step(state, action, events);
    if (why) throw new Error(`legal action refused: ${why}`);
    const claim = events.slice(eventsBefore).find((e) => e.type === "tricks-claimed");
    if (before && claim?.type === "tricks-claimed" && (claim.reason === "tram" || tricksScore)) checkTram(before, action, claim.seat, rng);
    actions.push(action);
    checkConservation(state);
  }
  return { state, actions, events };
}

/** A tram claim is right only if the claimer wins every remaining trick however the others play. */
function checkTram(before: GameState, action: Action, claimer: Seat, rng: ReturnType<typeof createRng>): void {
  for (let trial = 0; trial < 5; trial++) {
    const s = cloneState(before);
    s.rules = { ...s.rules, autoClaim: "off" };
    step(s, action);
    const handIndex = s.handIndex;
    const legal = emptyMasks();
    while (s.handIndex === handIndex && s.phase === "playing") {
      if (s.trick.length === 0 && s.turn !== claimer) throw new Error(`tram claimed by seat ${claimer}, but seat ${s.turn} won a trick`);
      const options = cardsOf(legalMasks(s, s.turn, legal));
      step(s, { type: "play", seat: s.turn, card: options[rng.int(options.length)] });
    }
  }
}

function checkConservation(state: GameState): void {
  if (state.phase === "game-over") return;
  const seen = new Set<number>();
  const add = (c: number) => {
    if (seen.has(c)) throw new Error(`card ${c} is in two places`);
    seen.add(c);
  };
  for (let s = 0; s < 4; s++) {
    cardsOf(state.hands[s]).forEach(add);
    cardsOf(state.taken[s]).forEach(add);
  }
  state.trick.forEach(add);
  if (seen.size !== 52) throw new Error(`${seen.size} cards in play, not 52`);
}

const penaltyTotal = (r: Rules) => (r.heartValues === "spot" ? 104 : 13) + 13 + (r.highSpades ? 17 : 0);

/**
 * The rules engine's properties under random rules and positions (fast-check, fixed seeds).
 * `scale`: the share of each property's full number of runs: the unit project runs a tenth
 * (test/game/properties.test.ts, for a quick `npm run test:unit`), the system project all of
 * them (test/properties/full.test.ts).
 */
export function engineProperties(scale: number): void {
  const runs = (full: number) => Math.max(10, Math.round(full * scale));
  describe("random games under random rules", () => {
    it("end, conserve the 52 cards, never offer an empty legal set, and replay exactly", () => {
      fc.assert(
        fc.property(rulesArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer(), (rules, seed, policySeed) => {
          expect(validateRules(rules)).toBeNull();
          const { state, actions } = playRandomGame(rules, seed, policySeed);
          expect(state.winners!.length).toBeGreaterThan(0);
          expect(state.placements!.filter((p) => p === 1).length).toBe(state.winners!.length);
          const again = replay(rules, seed, actions);
          expect(again.ok).toBe(true);
          if (again.ok) expect(again.state).toEqual(state);
        }),
        { numRuns: runs(1500), seed: 20261121 },
      );
    });

    it("score every hand to the variant's total, or its moon / bonus transform", () => {
      fc.assert(
        fc.property(rulesArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (rules, seed) => {
          const { state } = playRandomGame(rules, seed, seed ^ 0x5bd1e995);
          const sign = rules.countdown === null ? 1 : -1;
          for (const h of state.history) {
            expect(h.handPoints.reduce((a, b) => a + b)).toBe(penaltyTotal(rules));
            expect(h.tricksWon.reduce((a, b) => a + b)).toBe(13);
            // Totals move by the raw delta unless a clamp or Perfect 100 intervened.
            const clamped =
              rules.countdown === null && rules.bonusMode === "total-clamped" && (rules.jackOfDiamonds !== 0 || rules.noTricksBonus !== 0);
            if (clamped || h.perfect100.length) continue;
            const mv = moonValue(rules);
            let expected = penaltyTotal(rules);
            if (h.moon) expected += h.moon.choice === "add" ? 2 * mv : -2 * mv;
            if (h.jackTakenBy !== null) expected += rules.jackOfDiamonds;
            expected += h.noTricksBonus.length * rules.noTricksBonus;
            if (h.sun !== null) expected += rules.shootTheSun;
            expect(sign * h.change.reduce((a, b) => a + b)).toBe(expected);
          }
        }),
        { numRuns: runs(500), seed: 7 },
      );
    });
  });

  /**
   * The referee: RULES.md's play rules written card by card, apart from the engine's table. Returns
   * the first rule, in RULES.md's order of reasons, that forbids the seat to play `card` now.
   */
  function refereeReason(state: GameState, card: Card): PlayReason | null {
    const r = state.rules;
    const hand = cardsOf(state.hands[state.turn]);
    const leading = state.trick.length === 0;
    const led = leading ? null : suitOf(state.trick[0]);
    const trickOne = state.trickNumber === 0;
    const isPoint = (c: Card) =>
      suitOf(c) === HEARTS || c === QUEEN_OF_SPADES || (r.highSpades && (c === KING_OF_SPADES || c === ACE_OF_SPADES));
    const onlyHearts = hand.every((c) => suitOf(c) === HEARTS);
    const onlyHeartsAndQueen = hand.every((c) => suitOf(c) === HEARTS || c === QUEEN_OF_SPADES);
    const mayLeadHeart = onlyHearts || (r.heartsLeadException === "hearts-and-queen" && onlyHeartsAndQueen);
    const before: [PlayReason, (c: Card) => boolean][] = [
      ["must-lead-two-clubs", (c) => leading && trickOne && r.firstLead === "two-clubs" && c !== TWO_OF_CLUBS],
      ["must-follow-suit", (c) => led !== null && suitOf(c) !== led && hand.some((h) => suitOf(h) === led)],
      ["hearts-not-broken", (c) => leading && suitOf(c) === HEARTS && r.heartsLeadRestriction && !state.heartsBroken && !mayLeadHeart],
    ];
    // Trick 1: no point card while the cards the other rules allow include a non-point card; if
    // they are all point cards, queen-first wants Q♠ among them.
    const otherwiseAllowed = hand.filter((c) => !before.some(([, breaks]) => breaks(c)));
    const firstTrickPoints = (c: Card): boolean => {
      if (!trickOne || r.pointsOnFirstTrick) return false;
      if (otherwiseAllowed.some((a) => !isPoint(a))) return isPoint(c);
      return r.firstTrickPointsFallback === "queen-first" && otherwiseAllowed.includes(QUEEN_OF_SPADES) && c !== QUEEN_OF_SPADES;
    };
    for (const [reason, breaks] of [...before, ["first-trick-points", firstTrickPoints] as const]) if (breaks(card)) return reason;
    return null;
  }

  describe("refusals", () => {
    it("the table has one restriction per play reason, in RULES.md's order", () => {
      expect(PLAY_RESTRICTIONS.map((p) => p.reason)).toEqual([
        "must-lead-two-clubs",
        "must-follow-suit",
        "hearts-not-broken",
        "first-trick-points",
      ]);
    });

    it("in random positions under random rules, legal cards are accepted and every other card is refused for a rule it breaks", () => {
      const seen = new Map<string, number>();
      const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
      const legal = emptyMasks();
      fc.assert(
        fc.property(rulesArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer(), (rules, seed, policySeed) => {
          const rng = createRng(policySeed);
          const state = createGame(rules, seed);
          // The first two hands: trick 1 twice, with and without passing.
          while (state.phase !== "game-over" && state.handIndex < 2) {
            const seat = awaiting(state)[0] as Seat;
            let action: Action;
            if (state.phase === "passing") {
              action = randomPass(state, seat, rng);
            } else if (state.phase === "moon-choice") {
              action = { type: "moon", seat, choice: "add" };
            } else {
              legalMasks(state, seat, legal);
              for (const card of cardsOf(state.hands[seat])) {
                const expected = refereeReason(state, card);
                const result = apply(state, { type: "play", seat, card });
                if (expected === null) {
                  if (!hasCard(legal, card) || !result.ok) throw new Error(`legal ${card} refused or missing from legalMasks`);
                  continue;
                }
                note(expected);
                if (state.trick.length && suitOf(card) === suitOf(state.trick[0])) note(`${expected} while following suit`);
                expect(hasCard(legal, card)).toBe(false);
                expect(result).toEqual({ ok: false, reason: expected, values: refusalValues(state, seat) });
              }
              const options = cardsOf(legal);
              action = { type: "play", seat, card: options[rng.int(options.length)] };
            }
            if (step(state, action)) throw new Error("legal action refused");
          }
        }),
        { numRuns: runs(300), seed: 16 },
      );
      // The positions reached every reason, and the case of issue 16: a card of the led suit refused on trick 1.
      for (const what of [
        "must-lead-two-clubs",
        "must-follow-suit",
        "hearts-not-broken",
        "first-trick-points",
        "first-trick-points while following suit",
      ]) {
        expect(seen.get(what), what).toBeGreaterThan(Math.max(1, Math.round(10 * scale)));
      }
    });
  });

  it("the classic defaults match RULES.md", () => {
    expect(DEFAULT_RULES).toMatchObject({
      target: 100,
      moon: "old",
      passCycle: "left-right-across-hold",
      firstLead: "two-clubs",
      pointsOnFirstTrick: false,
    });
  });

  it("hands in a fresh deal are 13 cards each and the deal depends only on the seed", () => {
    const a = createGame(DEFAULT_RULES, 42);
    const b = createGame(DEFAULT_RULES, 42);
    const c = createGame(DEFAULT_RULES, 43);
    expect(a.hands.map(countCards)).toEqual([13, 13, 13, 13]);
    expect(a.hands).toEqual(b.hands);
    expect(a.hands).not.toEqual(c.hands);
  });
}
