/**
 * The store's port (src/table/store.ts) belongs to its users: importing it, or the constants the
 * Discord layer reads from it, never loads Prisma. Checked on the import graph as the compiler
 * sees it: every module the port reaches, through value and type imports alike, and every module
 * the Discord layer's store imports reach at run time.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** The modules `file` imports: relative ones as files, packages by name; type-only imports only with `types`. */
function importsOf(file: string, types: boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022);
  const out: string[] = [];
  for (const node of source.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      // `import { type A }` still loads its module under verbatimModuleSyntax: only `import type` is erased.
      const typeOnly = !!clause?.isTypeOnly;
      if (typeOnly && !types) continue;
      spec = node.moduleSpecifier;
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (node.isTypeOnly && !types) continue;
      spec = node.moduleSpecifier;
    }
    if (!spec || !ts.isStringLiteral(spec)) continue;
    const name = spec.text;
    out.push(name.startsWith(".") ? resolve(dirname(file), name.replace(/\.js$/, ".ts")) : name);
  }
  return out;
}

/** Every module reachable from `entry`. */
function reach(entry: string, types: boolean): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith("/") && !file.includes("/src/generated/")) todo.push(...importsOf(file, types));
  }
  return seen;
}

const prismaIn = (modules: Set<string>) => [...modules].filter((m) => m.includes("@prisma") || m.includes("/src/generated/prisma"));

describe("the store's port", () => {
  it("reaches no Prisma module, not even for a type", () => {
    const port = reach(resolve(ROOT, "src/table/store.ts"), true);
    expect(port.size).toBeGreaterThan(3);
    expect(prismaIn(port)).toEqual([]);
  });

  it("is all the Discord layer and the table domain load of the store at run time", () => {
    const users = ["src/discord", "src/table"].flatMap((dir) =>
      (readdirSync(resolve(ROOT, dir), { recursive: true }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => `${dir}/${f}`),
    );
    expect(users.length).toBeGreaterThan(40);
    for (const user of users) {
      const storeImports = importsOf(resolve(ROOT, user), false).filter((m) => m.includes("/src/store/"));
      for (const m of storeImports) expect(prismaIn(reach(m, false)), `${user} → ${m}`).toEqual([]);
    }
  });

  it("would see Prisma where an adapter loads it (the check can fail)", () => {
    expect(prismaIn(reach(resolve(ROOT, "src/store/privacy.ts"), false)).length).toBeGreaterThan(0);
  });
});
