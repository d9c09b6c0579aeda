import { describe, expect, it } from "vitest";
import { PRESETS, presetRules } from "../../src/game/index.js";
import { applyRulesSpec } from "../../src/table/options.js";
import { LOCALES, catalogueTables, localeOf, messages, words } from "../../src/i18n/index.js";

/** Sample values for a sentence with values: numbers, names and words, whatever the key asks for. */
const sample = new Proxy({} as Record<string, unknown>, {
  get: (_t, k) =>
    typeof k === "string" && /count|n$|max|seconds|points|total|retry|minutes|days|hands|score|cost|rank|percent/i.test(k)
      ? 3
      : `«${String(k)}»`,
});

/** The entries of a catalogue area whose keys match. */
const pick = (area: Record<string, unknown>, keys: RegExp) => Object.fromEntries(Object.entries(area).filter(([k]) => keys.test(k)));

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

  it("writes French as a French person does: decimal commas, French plurals and ordinals, no masculine default", () => {
    const fr = messages("fr");
    expect(fr.review.cost({ cost: 4.9, mine: 7.25, theirs: 2.35 })).toMatch(
      /^Coût estimé : \*\*4,9 points\*\* \(cette donne : 7,3 attendus .*, 2,4 avec/,
    );
    expect(fr.review.cost({ cost: 0.8, mine: 1, theirs: 0.2 })).toContain("**0,8 point**");
    expect(fr.review.summary({ matched: 5, decisions: 9, cost: 1.5 })).toContain("1,5 point.");
    expect(messages("en").review.cost({ cost: 4.9, mine: 7.25, theirs: 2.35 })).toContain("**4.9 points**");
    expect(fr.daily.myRank({ rank: 1, count: 3, points: 6 })).toBe("Vous êtes à la 1re place sur 3 avec 6 points.");
    expect(fr.daily.myRank({ rank: 2, count: 3, points: 1 })).toBe("Vous êtes à la 2e place sur 3 avec 1 point.");
    const caption = { n: 3, cards: "…", winner: "Bob", points: "aucun point", none: true, leader: null };
    expect(fr.table.trickCaption(caption)).toBe("Pli 3 : … → **Bob** ne remporte aucun point.");
    expect(fr.table.trickCaption({ ...caption, points: "2 points", none: false })).toBe("Pli 3 : … → **Bob** remporte 2 points.");
    // A count's word agrees with it in every language, never "table(s)".
    for (const locale of ["en", "fr"] as const) {
      const m = messages(locale);
      for (const [area, byLocale] of Object.entries(tables))
        for (const key of Object.keys(byLocale[locale]))
          expect(render(byLocale[locale][key]), `${locale} ${area}.${key}`).not.toMatch(/\(s\)/);
      expect(m.privacy.purged({ tables: 1, games: 0, open: 2 })).toBe(
        locale === "fr"
          ? "C'est fait : 1 table effacée et 0 partie effacée ; 2 tables ouvertes fermées."
          : "Done: 1 table and 0 games deleted; 2 open tables ended.",
      );
    }
    // Over every French sentence: no decimal point in a number, no "1e", no sentence that assumes a man.
    for (const [area, byLocale] of Object.entries(tables))
      for (const key of Object.keys(byLocale.fr)) {
        const text = render(byLocale.fr[key]);
        expect(text, `fr ${area}.${key}`).not.toMatch(/\d\.\d|\b1e\b|Soyez le premier|Vous êtes sûr\b|vous ai oublié/);
      }
  });

  it("writes every tournament sentence in French as a French club does: no agreement with the name, non-breaking spaces, 1re/2e", () => {
    // The tournament's areas, and the round tables' own sentences in the table area.
    const areas = [tables.tournament.fr, tables.tournamentChat.fr, pick(tables.table.fr, /^(roundTable|goalHands)/)];
    const ones = new Proxy({} as Record<string, unknown>, { get: (_t, k) => (k === "list" || k === "name" ? `«${String(k)}»` : 1) });
    for (const area of areas)
      for (const [key, value] of Object.entries(area))
        for (const text of [render(value), typeof value === "function" ? String((value as (p: unknown) => unknown)(ones)) : ""]) {
          // Code, times and links aside ("21:00", `/hearts settings`, <t:…:R>).
          const prose = text.replace(/`[^`]*`|<[^>]*>|\d:\d/g, "");
          // "**Soirée duplicate** est terminé": the name decides the agreement; say "le tournoi **…**".
          expect(prose, key).not.toMatch(/(?<!tournoi )\*\*«name»\*\* (est|sera|a été) /);
          // A non-breaking space (U+00A0 or U+202F) before : ; ! ?, never a plain one or none.
          expect(prose, key).not.toMatch(/(?<![\u00a0\u202f])[:;!?](?=\s|$|\*)/);
          // "1er" for everyone: a place is feminine (1re place); "Vous êtes inscrit" assumes a man.
          expect(prose, key).not.toMatch(/\b1er\b|Vous (n'|ne )?êtes (déjà |plus )?(inscrit|comparé|remplacé)\b/);
        }
    const fr = messages("fr").tournamentChat;
    expect(fr.finished({ name: "Soirée duplicate", winners: "Chloé" })).toBe("🏆 Fin du tournoi **Soirée duplicate**. Bravo, Chloé\u202f!");
    expect(fr.summary({ place: 1, of: 4, percent: "62,5\u202f%", deals: 2 })).toMatch(/^Vous finissez à la 1re place sur 4/);
    expect(fr.summary({ place: 2, of: 4, percent: "50\u202f%", deals: 2 })).toMatch(/^Vous finissez à la 2e place sur 4/);
    expect(fr.summaryLine({ name: "Chloé", said: "…" })).toBe("**Chloé**\u00a0: …");
  });

  it("reads French cards and the game's French name in every French sentence: no J/Q/K beside a suit, no English word", () => {
    // The commands stay /hearts …, and other programs' names (Hearts 2.0, RustyHearts, Skelly's Hearts) are names.
    const names = /`[^`]*`|\/hearts[\w ]*|Hearts 2\.0|RustyHearts|Hearts de Skelly|Hearts mobile/g;
    for (const [area, byLocale] of Object.entries(tables))
      for (const key of Object.keys(byLocale.fr)) {
        const text = render(byLocale.fr[key]).replace(names, "");
        expect(text, `fr ${area}.${key}`).not.toMatch(/(?<![\p{L}\d])[JQK][♠♥♦♣]/u);
        expect(text, `fr ${area}.${key}`).not.toMatch(/\b(daily|pts|Hearts)\b/i);
      }
    expect(messages("fr").daily.boardTitle({ day: 332 })).toBe("Dame de pique · défi n° 332");
    expect(messages("fr").daily.shareLine({ day: 332, points: 6, squares: "🟩" })).toBe("Dame de pique · défi n° 332 · 6 points · 🟩");
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
