/** Prints the players' guide's rules tables (options and presets) from the rule table in src/game/rules.ts. */
import { readFileSync, writeFileSync } from "node:fs";
import { DEFAULT_RULES, OPTION_INFO, PRESETS, describeRules, presetRules } from "../src/game/index.js";

export function optionsTable(): string {
  const rows = OPTION_INFO.map(
    (o) => `| \`${o.key}\` | ${o.values.replaceAll(" | ", " / ")} | \`${DEFAULT_RULES[o.key] ?? "off"}\` | ${o.help} | ${o.source} |`,
  );
  return ["| option | values | default | what it does | from |", "|---|---|---|---|---|", ...rows].join("\n");
}

export function presetsTable(): string {
  const rows = PRESETS.map(
    (p) =>
      `| \`${p.name}\` | ${p.description} | ${
        describeRules(presetRules(p.name)!)
          .map((d) => `\`${d}\``)
          .join(", ") || "—"
      } |`,
  );
  return ["| preset | what it is | options that differ from the defaults |", "|---|---|---|", ...rows].join("\n");
}

/** The page that holds the generated tables (docs/players.md, "Rules"). */
export const RULES_PAGE = "docs/players.md";

/** The page with its generated tables brought up to date. */
export function withTables(page: string): string {
  const put = (text: string, name: string, table: string) =>
    text.replace(new RegExp(`(<!-- ${name}:START -->)[\\s\\S]*?(<!-- ${name}:END -->)`), `$1\n${table}\n$2`);
  return put(put(page, "PRESETS", presetsTable()), "OPTIONS", optionsTable());
}

// `npx tsx scripts/rules-table.ts --write` refreshes docs/players.md; a test fails while it is stale.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--write")) writeFileSync(RULES_PAGE, withTables(readFileSync(RULES_PAGE, "utf8")));
  else console.log(`${optionsTable()}\n\n${presetsTable()}`);
}
