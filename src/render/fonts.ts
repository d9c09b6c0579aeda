/**
 * Fonts are shipped as npm packages and registered explicitly, so a PNG looks the same on every
 * machine whatever the host has installed. Only the family names below are ever used in a CSS
 * font string: DejaVu Sans covers Latin, Greek, Cyrillic, Hebrew, Arabic and the suit symbols;
 * Noto Emoji (monochrome) catches emoji in player names. A CJK font is used too when its package
 * is installed (it is optional: several MB).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { registerFont } from "canvas";

const require = createRequire(import.meta.url);

export const SANS = "HFD Sans";
export const EMOJI = "HFD Emoji";
export const CJK = "HFD CJK";

const FILES = {
  sans: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
  emoji: "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
  cjk: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
};

let families = `"${SANS}", "${EMOJI}"`;
const coverage = new Set<number>();

function tryResolve(spec: string): string | null {
  try {
    return require.resolve(spec);
  } catch {
    return null;
  }
}

/** Reads the code points a TrueType font maps (cmap formats 4 and 12). */
export function cmapCodePoints(file: string, into: Set<number> = new Set()): Set<number> {
  const buf = readFileSync(file);
  const numTables = buf.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    if (buf.toString("latin1", rec, rec + 4) === "cmap") cmap = buf.readUInt32BE(rec + 8);
  }
  if (cmap < 0) return into;
  const n = buf.readUInt16BE(cmap + 2);
  for (let i = 0; i < n; i++) {
    const platform = buf.readUInt16BE(cmap + 4 + i * 8);
    const sub = cmap + buf.readUInt32BE(cmap + 4 + i * 8 + 4);
    if (platform !== 0 && platform !== 3) continue;
    const format = buf.readUInt16BE(sub);
    if (format === 4) {
      const segs = buf.readUInt16BE(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + segs * 2 + 2;
      for (let s = 0; s < segs; s++) {
        const end = buf.readUInt16BE(ends + s * 2);
        const start = buf.readUInt16BE(starts + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) into.add(c);
      }
    } else if (format === 12) {
      const groups = buf.readUInt32BE(sub + 12);
      for (let g = 0; g < groups; g++) {
        const start = buf.readUInt32BE(sub + 16 + g * 12);
        const end = buf.readUInt32BE(sub + 16 + g * 12 + 4);
        for (let c = start; c <= end; c++) into.add(c);
      }
    }
  }
  return into;
}

let registered = false;

/** Registers the fonts once; canvas needs this before the first canvas that draws text. */
export function ensureFonts(): void {
  if (registered) return;
  registered = true;
  const sans = require.resolve(FILES.sans);
  const emoji = require.resolve(FILES.emoji);
  registerFont(sans, { family: SANS });
  registerFont(require.resolve(FILES.bold), { family: SANS, weight: "bold" });
  registerFont(emoji, { family: EMOJI });
  cmapCodePoints(sans, coverage);
  cmapCodePoints(emoji, coverage);
  const cjk = tryResolve(FILES.cjk);
  if (cjk) {
    registerFont(cjk, { family: CJK });
    cmapCodePoints(cjk, coverage);
    families += `, "${CJK}"`;
  }
}

ensureFonts();

/** Whether a registered font has a glyph for this code point. */
export const hasGlyph = (cp: number): boolean => coverage.has(cp);

/** A CSS font string using only the registered families. */
export function font(size: number, bold = false): string {
  return `${bold ? "bold " : ""}${size}px ${families}`;
}
