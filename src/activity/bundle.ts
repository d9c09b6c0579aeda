/**
 * The Activity's page: one HTML document with its CSS inline and one script, bundled by esbuild
 * from web/ when the web server starts (about a tenth of a second), so a checkout runs it as it is
 * and nothing is loaded from outside the app's origin (Discord's proxy and CSP forbid it).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PROJECT_ROOT } from "../paths.js";

export interface AppFiles {
  html: string;
  js: string;
}

/** The page for the application `clientId` (the SDK needs it; it is public: the invite link shows it too). */
export async function buildApp(clientId: string): Promise<AppFiles> {
  // esbuild only here: a bot without the Activity never loads it.
  const esbuild = await import("esbuild");
  const web = join(PROJECT_ROOT, "web");
  const out = await esbuild.build({
    entryPoints: [join(web, "main.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  const js = out.outputFiles[0].text;
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
