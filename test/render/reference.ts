/**
 * The reference-PNG comparison every picture test uses. A failing comparison writes
 * <name>.actual.png and <name>.diff.png next to the reference; UPDATE_REFERENCES=1 rewrites the
 * references (look at them before committing).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import { expect } from "vitest";

const REF_DIR = join(dirname(fileURLToPath(import.meta.url)), "reference");
const UPDATE = process.env.UPDATE_REFERENCES === "1";
/** Per-pixel colour tolerance (pixelmatch's YIQ threshold) and the share of pixels allowed to differ. */
const THRESHOLD = 0.12;
const MAX_DIFF_RATIO = 0.002;

export function compare(name: string, png: Buffer): void {
  const refPath = join(REF_DIR, `${name}.png`);
  const actualPath = join(REF_DIR, `${name}.actual.png`);
  const diffPath = join(REF_DIR, `${name}.diff.png`);
  if (UPDATE) {
    mkdirSync(REF_DIR, { recursive: true });
    writeFileSync(refPath, png);
    rmSync(actualPath, { force: true });
    rmSync(diffPath, { force: true });
    return;
  }
  if (!existsSync(refPath)) {
    writeFileSync(actualPath, png);
    throw new Error(`No reference image for ${name}: look at ${actualPath}, then run UPDATE_REFERENCES=1 npx vitest run test/render`);
  }
  const expected = PNG.sync.read(readFileSync(refPath));
  const actual = PNG.sync.read(png);
  const sameSize = expected.width === actual.width && expected.height === actual.height;
  let differing = Infinity;
  let diff: PNG | null = null;
  if (sameSize) {
    diff = new PNG({ width: actual.width, height: actual.height });
    differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold: THRESHOLD, includeAA: false });
  }
  const allowed = Math.round(actual.width * actual.height * MAX_DIFF_RATIO);
  if (differing > allowed) {
    writeFileSync(actualPath, png);
    if (diff) writeFileSync(diffPath, PNG.sync.write(diff));
    const what = sameSize
      ? `${differing} pixels differ (allowed ${allowed})`
      : `size ${actual.width}x${actual.height}, reference ${expected.width}x${expected.height}`;
    throw new Error(`${name}: ${what}. See ${actualPath}${diff ? ` and ${diffPath}` : ""}`);
  }
  rmSync(actualPath, { force: true });
  rmSync(diffPath, { force: true });
}

export function checkPng(png: Buffer): PNG {
  const img = PNG.sync.read(png);
  expect(img.width).toBe(800);
  // Discord's limit is several MB; these images should stay far below it to post quickly.
  expect(png.length).toBeLessThan(150_000);
  return img;
}
