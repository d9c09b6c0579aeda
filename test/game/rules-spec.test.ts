import { describe, expect, it } from "vitest";
import { parseRules, presetRules } from "../../src/game/index.js";

describe("rules specs as a host types them", () => {
  it("a preset then options starts from that preset", () => {
    const r = parseRules("omnibus,target=50");
    expect(r.ok && r.rules).toEqual({ ...presetRules("omnibus")!, target: 50 });
  });

  it("options alone change the current rules and keep the rest", () => {
    const omnibus = presetRules("omnibus")!;
    const r = parseRules("moon=choice, target=75", omnibus);
    expect(r.ok && r.rules).toEqual({ ...omnibus, moon: "choice", target: 75 });
    expect(omnibus, "the current rules are not modified in place").toEqual(presetRules("omnibus"));
  });

  it("options alone without current rules start from the classic preset", () => {
    const r = parseRules("target=50");
    expect(r.ok && r.rules).toEqual({ ...presetRules("classic")!, target: 50 });
  });

  it("refuses with a sentence: unknown preset, unknown option, bare word after the preset", () => {
    const bad = ["omnibuss", "classic,colour=red", "classic,target"];
    const errors = bad.map((s) => {
      const r = parseRules(s, presetRules("classic")!);
      return r.ok ? null : r.error;
    });
    expect(errors[0]).toMatch(/Unknown rules preset “omnibuss”.*classic/);
    expect(errors[1]).toMatch(/colour/);
    expect(errors[2]).toMatch(/“target” is not key=value/);
  });
});
