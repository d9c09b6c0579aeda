/** The /hearts definition stays within Discord's limits for application commands. */
import { describe, expect, it } from "vitest";
import { commandData } from "../../commands/hearts.js";

type Node = {
  name: string;
  description?: string;
  description_localizations?: Record<string, string>;
  name_localizations?: Record<string, string>;
  options?: Node[];
  choices?: Node[];
  value?: unknown;
};

/** Characters Discord counts against 8,000 per command: names, descriptions and choice values, per locale. */
function chars(n: Node, locale: string | null): number {
  const name = (locale && n.name_localizations?.[locale]) || n.name;
  const desc = (locale && n.description_localizations?.[locale]) || n.description || "";
  const value = n.value === undefined ? 0 : String(n.value).length;
  return name.length + desc.length + value + [...(n.options ?? []), ...(n.choices ?? [])].reduce((s, c) => s + chars(c, locale), 0);
}

function walk(n: Node, visit: (n: Node) => void): void {
  visit(n);
  for (const c of [...(n.options ?? []), ...(n.choices ?? [])]) walk(c, visit);
}

describe("/hearts", () => {
  const cmd = commandData[0] as unknown as Node;
  it("has at most 25 subcommands, 25 options each, 25 choices each, descriptions of 1 to 100 characters", () => {
    walk(cmd, (n) => {
      expect((n.options ?? []).length).toBeLessThanOrEqual(25);
      expect((n.choices ?? []).length).toBeLessThanOrEqual(25);
      for (const d of [n.description, ...Object.values(n.description_localizations ?? {})])
        if (d !== undefined) expect(d.length, d).toBeLessThanOrEqual(100);
      for (const d of [n.name, ...Object.values(n.name_localizations ?? {})]) expect(d.length, d).toBeLessThanOrEqual(100);
    });
  });
  it("stays under 8,000 characters in English and in French", () => {
    expect(chars(cmd, null)).toBeLessThanOrEqual(8000);
    expect(chars(cmd, "fr")).toBeLessThanOrEqual(8000);
  });
});
