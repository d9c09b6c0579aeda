/** The option table: each option's one definition checks rules objects (stored, from the AI protocol) and typed values. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_RULES,
  OPTION_INFO,
  PRESETS,
  parseRules,
  presetRules,
  readRules,
  setOption,
  validateRules,
  type Rules,
} from "../../src/game/index.js";

const classic = (): Rules => ({ ...DEFAULT_RULES });

describe("validateRules", () => {
  it("refuses values of the wrong type that the text check used to let through (issue 16)", () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ jackOfDiamonds: "-10" }, "jackOfDiamonds must be a whole number from -100 to 100."],
      [{ countdown: "100" }, "countdown must be off or a starting total such as 50, 75 or 100."],
      [{ pointsOnFirstTrick: "false" }, "pointsOnFirstTrick must be true or false."],
      [{ moon: "NEW" }, "moon must be one of: old, new, choice, disabled."],
    ];
    for (const [change, error] of bad) expect(validateRules({ ...classic(), ...change })).toBe(error);
  });

  it("refuses unknown keys, missing options and what is not an object", () => {
    expect(validateRules({ ...classic(), colour: "red" })).toMatch(/^Unknown option “colour”\. Options: firstLead, /);
    const { target: _, ...noTarget } = classic();
    expect(validateRules(noTarget)).toBe("target is missing.");
    for (const x of [null, "classic", 42, [classic()]]) expect(validateRules(x)).toBe("Rules must be an object of options.");
  });

  it("refuses numbers that are not whole or out of range, and countdown 0 (off is null)", () => {
    for (const target of [0, 10_001, 50.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(validateRules({ ...classic(), target })).toMatch(/^target must be/);
    expect(validateRules({ ...classic(), countdown: 0 })).toMatch(/^countdown must be/);
    expect(validateRules({ ...classic(), countdown: null })).toBeNull();
  });

  it("accepts every preset, also as the store keeps it (JSON)", () => {
    for (const p of PRESETS) {
      const rules = presetRules(p.name)!;
      expect(validateRules(rules), p.name).toBeNull();
      expect(validateRules(JSON.parse(JSON.stringify(rules))), p.name).toBeNull();
    }
  });

  it("readRules returns a copy of the checked rules", () => {
    const stored = JSON.parse(JSON.stringify(presetRules("skelly")));
    const read = readRules(stored);
    expect(read).toEqual({ ok: true, rules: presetRules("skelly") });
    expect(read.ok && read.rules).not.toBe(stored);
  });
});

describe("each option's definition", () => {
  for (const o of OPTION_INFO) {
    it(`${o.key}: its default, its values and the edges of its range`, () => {
      const withValue = (value: unknown) => validateRules({ ...classic(), [o.key]: value });
      expect(DEFAULT_RULES[o.key]).toBe(o.default);
      expect(withValue(undefined)).toBe(`${o.key} is missing.`);
      switch (o.kind) {
        case "choice":
          for (const c of o.choices) expect(withValue(c)).toBeNull();
          expect(withValue(o.choices[0].toUpperCase())).not.toBeNull();
          expect(withValue(true)).not.toBeNull();
          break;
        case "flag":
          expect(withValue(true)).toBeNull();
          expect(withValue(false)).toBeNull();
          for (const v of ["true", 1, 0, null]) expect(withValue(v)).toBe(`${o.key} must be true or false.`);
          break;
        case "integer":
        case "integer-or-off":
          for (const v of [o.min, o.max, ...o.typical]) expect(withValue(v)).toBeNull();
          for (const v of [o.min - 1, o.max + 1, o.min + 0.5, String(o.max), false]) expect(withValue(v)).not.toBeNull();
          expect(withValue(null) === null).toBe(o.kind === "integer-or-off");
          break;
      }
    });
  }
});

describe("setOption, as a host types a value", () => {
  it("reads the words a host may type, and leaves the rules alone on an error", () => {
    const r = classic();
    expect(setOption(r, "POINTSONFIRSTTRICK", "on")).toBeNull();
    expect(setOption(r, "jackOfDiamonds", " -10 ")).toBeNull();
    expect(setOption(r, "countdown", "75")).toBeNull();
    expect(setOption(r, "moon", "NEW")).toBeNull();
    expect(setOption(r, "autoClaim", "yes")).toBeNull();
    expect(r).toEqual({ ...classic(), pointsOnFirstTrick: true, jackOfDiamonds: -10, countdown: 75, moon: "new", autoClaim: "tram" });
    expect(setOption(r, "countdown", "off")).toBeNull();
    expect(setOption(r, "autoClaim", "no")).toBeNull();
    expect(r.countdown).toBeNull();
    expect(r.autoClaim).toBe("off");
    const before = { ...r };
    expect(setOption(r, "target", "1e3")).toBe("target must be a whole number from 1 to 10000.");
    expect(setOption(r, "highSpades", "maybe")).toBe("highSpades must be true or false.");
    expect(setOption(r, "countdown", "-5")).toBe("countdown must be off or a starting total such as 50, 75 or 100.");
    expect(setOption(r, "passCycle", "constructor")).toMatch(/^passCycle must be one of: left-right-across-hold, /);
    expect(setOption(r, "colour", "red")).toMatch(/^Unknown option “colour”/);
    expect(r).toEqual(before);
  });

  it("a spec's result is valid rules", () => {
    const r = parseRules("bga,jackOfDiamonds=-10,pointsOnFirstTrick=false");
    expect(r.ok && validateRules(r.rules)).toBeNull();
  });
});
