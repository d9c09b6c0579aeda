/** Deal keys: format 2 deals nobody can compute (a 256-bit secret through ChaCha20), format 1 as games stored before. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dealtDeck } from "../../src/game/deal.js";
import { shuffledDeck } from "../../src/game/rng.js";
import {
  apply,
  awaiting,
  createGame,
  decisionSeed,
  mix32,
  presetRules,
  replay,
  viewFor,
  type Action,
  type DealKey,
  type Seat,
} from "../../src/game/index.js";
import { firstLegalAction } from "../../src/table/players.js";

/** The n-th test secret: seeded, so the test is the same at every run. */
const secretOf = (n: number): string => createHash("sha256").update(`deal-test-${n}`).digest("hex");
const key = (secret: string): DealKey => ({ format: 2, secret });

const isPermutation = (deck: number[]) => deck.length === 52 && [...deck].sort((a, b) => a - b).every((c, i) => c === i);

describe("format 2 deals", () => {
  it("are a deterministic stream per secret: the same secret deals the same cards, each hand its own deck", () => {
    const k = key(secretOf(1));
    for (let hand = 0; hand < 6; hand++) {
      const deck = dealtDeck(k, hand);
      expect(isPermutation(deck)).toBe(true);
      expect(dealtDeck({ format: 2, secret: secretOf(1) }, hand)).toEqual(deck);
    }
    expect(dealtDeck(k, 1)).not.toEqual(dealtDeck(k, 0));
  });

  it("differ when two secrets differ in one high bit", () => {
    const a = secretOf(2);
    // The top bit of the first byte.
    const b = (parseInt(a[0], 16) ^ 8).toString(16) + a.slice(1);
    expect(b).not.toBe(a);
    for (let hand = 0; hand < 4; hand++) expect(dealtDeck(key(b), hand)).not.toEqual(dealtDeck(key(a), hand));
  });

  it("look uniform: the first card's position over 5,200 secrets passes a chi-square test", () => {
    const bins = new Array<number>(52).fill(0);
    const n = 5200;
    for (let i = 0; i < n; i++) bins[dealtDeck(key(secretOf(1000 + i)), 0).indexOf(0)]++;
    const expected = n / 52;
    const chi2 = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    // 51 degrees of freedom: 0.1% of uniform samples score above 87.0, 0.1% below 24.7.
    expect(chi2).toBeLessThan(87);
    expect(chi2).toBeGreaterThan(24.7);
  });

  it("are not the 32-bit generator's: no format 1 seed gives the same deck by accident of the key's bits", () => {
    const secret = secretOf(3);
    const k = key(secret);
    const seeds = [parseInt(secret.slice(0, 8), 16), parseInt(secret.slice(-8), 16)];
    for (const seed of seeds) expect(dealtDeck(k, 0)).not.toEqual(shuffledDeck(seed, 0));
  });

  it("replay exactly from (rules, deal key, actions)", () => {
    const rules = { ...presetRules("classic")!, target: 40 };
    const k = key(secretOf(4));
    let state = createGame(rules, k);
    const actions: Action[] = [];
    while (state.phase !== "game-over" && actions.length < 400) {
      const seat = awaiting(state)[0] as Seat;
      const action = firstLegalAction(viewFor(state, seat));
      const r = apply(state, action);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
      actions.push(action);
    }
    const again = replay(rules, { format: 2, secret: secretOf(4) }, actions);
    expect(again.ok && again.state).toEqual(state);
    // Another secret does not replay the same log to the same game.
    const other = replay(rules, key(secretOf(5)), actions);
    expect(other.ok && other.state.totals).not.toEqual(state.totals);
  });

  it("refuse a secret that is not 64 hex digits, without repeating it", () => {
    const bad = "zz" + secretOf(6).slice(2);
    expect(() => dealtDeck(key(bad), 0)).toThrow(/64-hex-digit/);
    try {
      dealtDeck(key(bad), 0);
    } catch (e) {
      expect(String((e as Error).message)).not.toContain(bad);
    }
  });
});

describe("format 1 deals (games stored before formats)", () => {
  it("are today's generator byte for byte: a plain seed and a format 1 key deal the same as shuffledDeck", () => {
    const h = createHash("sha256");
    for (let seed = 0; seed < 200; seed++)
      for (let hand = 0; hand < 4; hand++) {
        const deck = dealtDeck({ format: 1, seed: seed * 2654435761 }, hand);
        expect(deck).toEqual(shuffledDeck(seed * 2654435761, hand));
        h.update(Uint8Array.from(deck));
      }
    // Recorded from the generator before deal formats existed (src/game/rng.ts at 5143d17).
    expect(h.digest("hex").slice(0, 16)).toBe("0ee7899aad0af99f");
    expect(createGame(presetRules("classic")!, 12345).hands).toEqual(createGame(presetRules("classic")!, { format: 1, seed: 12345 }).hands);
  });
});

describe("decision seeds", () => {
  it("format 1: the derivations games stored before used (table bots, reviews, the daily's bots; no hint seed)", () => {
    const seed = 0xdeadbeef;
    const k: DealKey = { format: 1, seed };
    expect(decisionSeed(k, "bot", 17)).toBe(seed ^ 17);
    expect(decisionSeed(k, "review", 9)).toBe(mix32(seed ^ Math.imul(10, 0x9e3779b1)));
    expect(decisionSeed(k, "daily-bot", 2, 31)).toBe(mix32(mix32(seed ^ Math.imul(3, 0x27d4eb2d)) ^ 31));
    expect(decisionSeed(k, "hint", 5, 1)).toBeUndefined();
  });

  it("format 2: from the secret, per purpose and index, and another secret gives others", () => {
    const k = key(secretOf(7));
    const seeds = new Set<number>();
    for (const purpose of ["bot", "review", "hint", "daily-bot"] as const)
      for (let i = 0; i < 50; i++) {
        const s = decisionSeed(k, purpose, i, 1)!;
        expect(Number.isInteger(s) && s >= 0 && s < 2 ** 32).toBe(true);
        expect(decisionSeed(key(secretOf(7)), purpose, i, 1)).toBe(s);
        seeds.add(s);
      }
    expect(seeds.size).toBe(200);
    expect(decisionSeed(key(secretOf(8)), "bot", 0)).not.toBe(decisionSeed(k, "bot", 0));
    expect(decisionSeed(k, "hint", 4, 1)).not.toBe(decisionSeed(k, "hint", 4, 2));
  });
});

describe("where node:crypto is imported", () => {
  /** The modules a file loads at run time (type-only imports are erased), transitively, within src/game. */
  function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const code = readFileSync(new URL(`../../src/game/${file}`, import.meta.url), "utf8");
    for (const m of code.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gms)) {
      if (m[1].startsWith("./")) runtimeImports(m[1].slice(2).replace(/\.js$/, ".ts"), seen);
      else seen.add(m[1]);
    }
    return seen;
  }

  it("only the deal module and the engine load it: cards, rules, seat views, legality and scoring stay free of it (a browser bundle)", () => {
    for (const file of ["cards.ts", "rules.ts", "view.ts", "legality.ts", "scoring.ts", "messages.ts", "rng.ts"]) {
      const reached = runtimeImports(file);
      expect(
        [...reached].filter((m) => m.startsWith("node:") || m === "deal.ts" || m === "engine.ts"),
        file,
      ).toEqual([]);
    }
    expect(runtimeImports("engine.ts").has("node:crypto")).toBe(true);
  });
});
