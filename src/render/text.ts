/**
 * Text that must fit: player names can be 32 characters, emoji, or right-to-left. They are
 * shrunk down to a floor size first, then cut at a grapheme boundary with an ellipsis, so
 * nothing is ever clipped by the canvas edge and no emoji is split in half.
 */
import type { CanvasRenderingContext2D } from "canvas";
import { font, hasGlyph } from "./fonts.js";

export type Ctx = CanvasRenderingContext2D;

const RTL_SCRIPT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LETTER = /\p{L}/u;
// Controls and explicit bidi overrides would let one name reorder the text drawn after it.
const UNSAFE = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** Direction of a text by its first strong letter (the Unicode bidi rule P2, simplified). */
export function textDirection(text: string): "ltr" | "rtl" {
  for (const ch of text) if (LETTER.test(ch)) return RTL_SCRIPT.test(ch) ? "rtl" : "ltr";
  return "ltr";
}

/** Joiners, variation selectors and skin-tone modifiers shape their neighbours; they need no glyph of their own. */
const SHAPING = (cp: number) =>
  cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0xe0020 && cp <= 0xe007f);

const MISSING = "\u25a1";

/**
 * Strips controls and bidi overrides, and replaces characters no shipped font has by their
 * compatibility form when that one can be drawn: Discord "fancy text" names (ｆｕｌｌｗｉｄｔｈ,
 * 𝐛𝐨𝐥𝐝, 𝓈𝒸𝓇𝒾𝓅𝓉) then read as plain letters. Other missing characters become "□".
 */
export function cleanText(text: string): string {
  let out = "";
  for (const ch of text.replace(/[\t\n\r\f\v]/g, " ").replace(UNSAFE, "")) {
    const cp = ch.codePointAt(0)!;
    if (hasGlyph(cp) || SHAPING(cp) || cp < 0x80) {
      out += ch;
      continue;
    }
    const compat = ch.normalize("NFKC");
    // Anything still without a glyph becomes a box of our own: left to the system, Pango would
    // borrow whatever font the host has, and the same name would look different on each machine.
    out += compat !== ch && [...compat].every((c) => hasGlyph(c.codePointAt(0)!)) ? compat : MISSING;
  }
  return out.replace(/\s+/g, " ").trim();
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);

/** `text` cut to at most `max` UTF-16 units with "…", between whole graphemes: an emoji, a flag or a family is never split. */
export function cutName(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const g of graphemes(text)) {
    if (out.length + g.length > max - 1) break;
    out += g;
  }
  return `${out.trimEnd()}…`;
}

export interface Fitted {
  text: string;
  size: number;
  width: number;
  dir: "ltr" | "rtl";
}

const fitCache = new Map<string, Fitted>();
const FIT_CACHE_MAX = 2000;

/**
 * The largest size from `size` down to `minSize` at which `text` fits in `maxWidth`; below that,
 * the longest grapheme prefix plus "…" at `minSize`. Results are cached: the same names are drawn
 * on every trick of a game.
 */
export function fitText(ctx: Ctx, raw: string, maxWidth: number, size: number, bold = false, minSize = Math.round(size * 0.72)): Fitted {
  const key = `${bold ? 1 : 0}|${size}|${minSize}|${maxWidth}|${raw}`;
  const hit = fitCache.get(key);
  if (hit) return hit;
  const text = cleanText(raw);
  const dir = textDirection(text);
  ctx.font = font(size, bold);
  let width = ctx.measureText(text).width;
  let out: Fitted;
  if (width <= maxWidth) out = { text, size, width, dir };
  else {
    // Text width scales linearly with the size, so one measure gives the size that fits.
    const scaled = Math.floor((size * maxWidth) / width);
    if (scaled >= minSize) {
      ctx.font = font(scaled, bold);
      width = ctx.measureText(text).width;
      out = { text, size: scaled, width, dir };
    } else {
      ctx.font = font(minSize, bold);
      const g = graphemes(text);
      let lo = 0;
      let hi = g.length;
      let best = "…";
      let bestW = ctx.measureText(best).width;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        const candidate = g.slice(0, mid).join("").trimEnd() + "…";
        const w = ctx.measureText(candidate).width;
        if (w <= maxWidth) {
          lo = mid;
          best = candidate;
          bestW = w;
        } else hi = mid - 1;
      }
      out = { text: best, size: minSize, width: bestW, dir };
    }
  }
  if (fitCache.size >= FIT_CACHE_MAX) fitCache.clear();
  fitCache.set(key, out);
  return out;
}

/**
 * Draws fitted text. `align` is the visual anchor (left/center/right of the box starting at x),
 * independent of the text's own direction, which is set so bidi reordering is right.
 */
export function drawFitted(ctx: Ctx, f: Fitted, x: number, y: number, align: "left" | "center" | "right", bold = false): void {
  ctx.font = font(f.size, bold);
  ctx.direction = f.dir;
  ctx.textAlign = align;
  ctx.fillText(f.text, x, y);
  ctx.direction = "ltr";
}

/** Draws text (fitted to maxWidth) in one call. */
export function drawText(
  ctx: Ctx,
  text: string,
  x: number,
  y: number,
  opts: { size: number; bold?: boolean; color: string; align?: "left" | "center" | "right"; maxWidth?: number; minSize?: number },
): Fitted {
  const f = fitText(ctx, text, opts.maxWidth ?? 10_000, opts.size, opts.bold ?? false, opts.minSize);
  ctx.fillStyle = opts.color;
  drawFitted(ctx, f, x, y, opts.align ?? "left", opts.bold ?? false);
  return f;
}

/** "−5" with a real minus sign; "+5" when `plus` is set. */
export function signed(n: number, plus = false): string {
  if (n < 0) return `\u2212${-n}`;
  return plus && n > 0 ? `+${n}` : `${n}`;
}
