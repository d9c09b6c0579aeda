/**
 * The Activity's page: one HTML document with its CSS inline and one script, bundled by esbuild
 * from web/, so nothing is loaded from outside the app's origin (Discord's proxy and CSP forbid it).
 * Where esbuild is installed (a checkout after `npm ci`: tests, `npm start` in development) the
 * script is bundled fresh when the web server starts (about a tenth of a second); `npm run build`
 * also writes it to dist/web/app.js, which a production install (`npm ci --omit=dev`, no esbuild)
 * serves as shipped.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { PROJECT_ROOT } from "../paths.js";

export interface AppFiles {
  html: string;
  js: string;
}

/** Where `npm run build` leaves the bundled script. */
const BUILT = join(PROJECT_ROOT, "dist", "web", "app.js");

/** The page's script bundled from web/ now, or null without esbuild (a production install). */
async function bundleNow(): Promise<string | null> {
  let esbuild: typeof import("esbuild");
  try {
    esbuild = await import("esbuild");
  } catch {
    return null;
  }
  const out = await esbuild.build({
    entryPoints: [join(PROJECT_ROOT, "web", "main.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

/** Writes the bundled script to dist/web/app.js (`npm run build`). */
export async function writeBuiltScript(): Promise<string> {
  const js = await bundleNow();
  if (js === null) throw new Error("esbuild is not installed: the Activity's page is bundled where the development tools are.");
  await mkdir(dirname(BUILT), { recursive: true });
  await writeFile(BUILT, js);
  return BUILT;
}

/** The page for the application `clientId` (the SDK needs it; it is public: the invite link shows it too). */
export async function buildApp(clientId: string): Promise<AppFiles> {
  const js = (await bundleNow()) ?? (await readFile(BUILT, "utf8"));
  const web = join(PROJECT_ROOT, "web");
  const css = await readFile(join(web, "style.css"), "utf8");
  const html = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Hearts</title>",
    `<style>${css}</style>`,
    `</head><body><main id="app" data-client-id="${clientId.replace(/\D/g, "")}"></main>`,
    '<script src="app.js"></script>',
    "</body></html>",
  ].join("");
  return { html, js };
}
