// Before `npm start`, `npm run backup` and `npm run deploy-commands`, which run the compiled bot
// (dist/) with plain node. Where the development tools are installed (a checkout after `npm ci`),
// compile first, so dist/ is never older than src/. A production install (`npm ci --omit=dev`) runs
// the dist/ that was built and shipped with it (docs/operators.md, "A production install"). tsx tells the two
// apart: a development tool nothing else depends on. (TypeScript itself may be there in production:
// npm keeps it as an optional peer of @prisma/client, without the type packages a build needs.)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let tsc = null;
try {
  require.resolve("tsx");
  tsc = require.resolve("typescript/bin/tsc");
} catch {
  // no development tools: a production install
}
if (tsc) {
  const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // The Activity's page script (dist/web/app.js), as `npm run build` makes it.
  const web = spawnSync(process.execPath, ["dist/src/activity/build-web.js"], { stdio: "inherit" });
  process.exit(web.status ?? 1);
}
if (!existsSync("dist/src/app/main.js")) {
  console.error(
    "\nThere is no compiled bot (dist/) and no development tools to compile it: this is a production install\n" +
      "(npm ci --omit=dev). Build dist/ where the development tools are (`npm ci && npm run build`) and\n" +
      'ship it with the project, as docs/operators.md shows ("A production install").\n',
  );
  process.exit(1);
}
