// npm ci's last step: the Prisma clients (SQLite and PostgreSQL) generated into src/generated,
// which `npm run build` compiles into dist/. A production install (`npm ci --omit=dev`) needs no
// Prisma CLI: the clients come compiled inside the dist/ shipped with it. npm may still install
// the CLI there (an optional peer of @prisma/client); then this generates as in development.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

let cli = null;
try {
  cli = createRequire(import.meta.url).resolve("prisma/build/index.js");
} catch {
  console.log("postinstall: no Prisma CLI here: the Prisma clients come compiled in dist/.");
  process.exit(0);
}
for (const args of [["generate"], ["generate", "--config", "prisma/postgres/prisma.config.ts"]]) {
  const r = spawnSync(process.execPath, [cli, ...args], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
