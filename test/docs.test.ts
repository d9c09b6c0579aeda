/** The README's rules tables are generated from the rule table; this keeps them from going stale. */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { withTables } from "../scripts/rules-table.js";

it("README lists every rule option and preset as the engine defines them", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  expect(readme, "run: npx tsx scripts/rules-table.ts --write").toBe(withTables(readme));
});

it("README's PostgreSQL examples keep passwords off the command line (PGPASSWORD or ~/.pgpass, as libpq)", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const urls = readme.match(/postgres(?:ql)?:\/\/[^\s`)]+/g) ?? [];
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url, "a password in a README URL").not.toMatch(/:\/\/[^/@\s]*:[^/@\s]*@/);
  expect(readme).toMatch(/PGPASSWORD/);
  expect(readme).toMatch(/\.pgpass/);
});
