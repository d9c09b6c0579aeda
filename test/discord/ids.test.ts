import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseCard } from "../../src/game/index.js";
import { decodeId, encodeId, type ComponentId } from "../../src/discord/interactions/ids.js";
import { ruleSuggestions } from "../../src/discord/interactions/autocomplete.js";

describe("custom_id codec", () => {
  const samples: ComponentId[] = [
    { verb: "join", tableId: "cm3x9k2a0000abcd" },
    { verb: "bot", tableId: "t1" },
    { verb: "play", tableId: "t1", version: 417, card: parseCard("QS")! },
    { verb: "play", tableId: "t1", version: 0, card: parseCard("10H")! },
    { verb: "pick", tableId: "t_1-x", version: 12 },
    { verb: "pass", tableId: "t1", version: 3, cards: [parseCard("2C")!, parseCard("AH")!, parseCard("QS")!] },
    { verb: "moon", tableId: "t1", version: 99, choice: "subtract" },
    { verb: "privacy", tableId: "-", action: "forget" },
    { verb: "privacy", tableId: "-", action: "purge-yes" },
  ];

  it("a privacy button names no table and one of its four actions", () => {
    expect(encodeId({ verb: "privacy", tableId: "-", action: "forget-yes" })).toBe("h1:privacy:-:forget-yes");
    for (const forged of ["h1:privacy:t1:forget", "h1:privacy:-:delete-all", "h1:privacy:-", "h1:privacy:-:forget:x"])
      expect(decodeId(forged)).toBeNull();
  });

  it("decodes what it encodes, within Discord's 100 characters", () => {
    for (const id of samples) {
      const raw = encodeId(id);
      expect(raw.length).toBeLessThanOrEqual(100);
      expect(decodeId(raw)).toEqual(id);
    }
    expect(encodeId(samples[2])).toBe("h1:play:t1:bl:QS");
  });

  it("round-trips every card and version", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 51 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        (card, version, tableId) => {
          expect(decodeId(encodeId({ verb: "play", tableId, version, card }))).toEqual({ verb: "play", tableId, version, card });
        },
      ),
    );
  });

  it("refuses forged, foreign and malformed ids", () => {
    for (const raw of [
      "",
      "join",
      "h2:join:t1",
      "h1:join:t1:extra",
      "h1:play:t1:5",
      "h1:play:t1:5:1S",
      "h1:play:t1:5:QX",
      "h1:play:t1:-5:QS",
      "h1:play:t1:5:QS:more",
      "h1:pass:t1:5:2C.3C",
      "h1:pass:t1:5:2C.3C.4C.5C",
      "h1:moon:t1:5:maybe",
      "h1:dance:t1:5",
      "h1:join:../../etc",
      `h1:join:${"x".repeat(41)}`,
      "h1:play:t1:zzzzzzz:QS",
    ]) {
      expect(decodeId(raw), raw).toBeNull();
    }
  });
});

describe("rules autocomplete", () => {
  it("suggests presets, option names and option values", () => {
    expect(ruleSuggestions("omn").map((c) => c.value)).toContain("omnibus");
    expect(ruleSuggestions("omnibus,tar").map((c) => c.value)).toEqual(["omnibus,target="]);
    expect(ruleSuggestions("moon=c").map((c) => c.value)).toEqual(["moon=choice"]);
    expect(ruleSuggestions("").length).toBeLessThanOrEqual(25);
    for (const c of ruleSuggestions("")) expect(c.name.length).toBeLessThanOrEqual(100);
  });
});
