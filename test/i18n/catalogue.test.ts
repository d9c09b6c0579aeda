import { describe, expect, it } from "vitest";
import { PRESETS, presetRules } from "../../src/game/index.js";
import { applyRulesSpec } from "../../src/table/options.js";
import { LOCALES, catalogueTables, localeOf, messages, words } from "../../src/i18n/index.js";

/** Sample values for a sentence with values: numbers, names and words, whatever the key asks for. */
const sample = new Proxy({} as Record<string, unknown>, {
  get: (_t, k) =>
    typeof k === "string" && /count|n$|max|seconds|points|total|retry|minutes|days|hands|score|cost|rank/i.test(k) ? 3 : `«${String(k)}»`,
});

function render(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "function") return String((value as (p: unknown) => unknown)(sample));
  throw new Error(`a catalogue entry is neither a sentence nor a function: ${typeof value}`);
}

describe("message catalogue", () => {
  const tables = catalogueTables();

  it("has every key in every language, and no language has extra keys", () => {
    for (const [area, byLocale] of Object.entries(tables)) {
      const en = Object.keys(byLocale.en).sort();
      for (const locale of LOCALES) expect(Object.keys(byLocale[locale]).sort(), `${area} in ${locale}`).toEqual(en);
    }
  });

  it("says something in each language, and French is not English copied over", () => {
    let same = 0;
    let total = 0;
    for (const [area, byLocale] of Object.entries(tables)) {
      for (const key of Object.keys(byLocale.en)) {
        const texts = LOCALES.map((l) => render(byLocale[l][key]));
        for (const [j, text] of texts.entries()) expect(text.trim().length, `${area}.${key} in ${LOCALES[j]}`).toBeGreaterThan(0);
        total++;
        if (texts[0] === texts[1]) same++;
      }
    }
    // A few entries may be the same in both (a card code, an emoji); most must not be.
    expect(same / total).toBeLessThan(0.1);
  });

  it("picks the closest language Discord names, English otherwise", () => {
    expect(localeOf("fr")).toBe("fr");
    expect(localeOf("en-US")).toBe("en");
    expect(localeOf("pt-BR")).toBe("en");
    expect(localeOf(null)).toBe("en");
    expect(messages("fr").common.storeDown).not.toBe(messages("en").common.storeDown);
  });

  it("describes every rules preset in French (a new preset without a translation fails here)", () => {
    for (const p of PRESETS) {
      expect(messages("en").presets.description({ name: p.name })).toBe(p.description);
      expect(messages("fr").presets.description({ name: p.name }), p.name).not.toBe(p.description);
    }
  });

  it("words a host's rules mistake in their language, from the rules table's code", () => {
    const bad = (spec: string) => {
      const r = applyRulesSpec(presetRules("classic")!, spec);
      if (r.ok) throw new Error(`${spec} was accepted`);
      return [words(messages("en"), r.error), words(messages("fr"), r.error)];
    };
    expect(bad("omnibus,target=abc")).toEqual([
      "target must be a whole number from 1 to 10000.",
      "target doit être un nombre entier de 1 à 10000.",
    ]);
    expect(bad("omnibuss")[1]).toMatch(/^Préréglage de règles inconnu « omnibuss »/);
    expect(bad("omnibus,target")[1]).toBe("« target » n'est pas de la forme clé=valeur.");
  });
});
