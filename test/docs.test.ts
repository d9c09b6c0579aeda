/** The README's rules tables are generated from the rule table; this keeps them from going stale. */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { withTables } from "../scripts/rules-table.js";

it("README lists every rule option and preset as the engine defines them", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  expect(readme, "run: npx tsx scripts/rules-table.ts --write").toBe(withTables(readme));
});
