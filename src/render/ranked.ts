/**
 * A ranked list's picture, as a tournament's standings and a season's table draw it: the page,
 * the title band, the column heads (the first, the names, on the left; the figures' right-aligned
 * at their column's right edge), a striped panel a row, the "and 12 more" line under the rows and
 * a tag's legend in the footer. Each picture draws what its rows say (row); this draws the rest.
 */
import type { Canvas } from "canvas";
import { drawPill, fillRound, type PillStyle } from "./draw.js";
import { font } from "./fonts.js";
import { newImage } from "./png.js";
import { COLORS, WIDTH } from "./theme.js";
import { drawText, type Ctx } from "./text.js";
import type { Locale } from "../i18n/index.js";

/** Rows a ranked picture draws (a longer list is cut with a line saying how many more). */
export const MAX_ROWS = 24;

const W = WIDTH;
export const PAD = 20;
export const BAND = 64;
const ROW_H = 38;
/** From the band's foot to the first row: the column heads. */
const HEADS = 38;

/** 62.5 → "62.5%" or "62,5 %": one decimal, the reader's separators. */
export function percentText(p: number | null, locale: Locale | undefined): string {
  if (p === null) return "–";
  return new Intl.NumberFormat(locale ?? "en", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(p / 100);
}

/** The picture's page and its title band (the name, then the subtitle after it). */
export function titledPage(height: number, title: string, subtitle: string): { canvas: Canvas; ctx: Ctx } {
  const { canvas, ctx } = newImage(W, height);
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, W, height);
  const g = ctx.createLinearGradient(0, 0, 0, BAND);
  g.addColorStop(0, COLORS.felt);
  g.addColorStop(1, COLORS.feltDark);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, BAND);
  const f = drawText(ctx, title, PAD, 41, { size: 26, bold: true, color: COLORS.text, maxWidth: W * 0.62, minSize: 16 });
  drawText(ctx, subtitle, PAD + f.width + 14, 40, { size: 16, color: "#cfe3d7", maxWidth: W - 2 * PAD - f.width - 14, minSize: 11 });
  return { canvas, ctx };
}

/** A tag (drawn after a name) and the sentence that explains it once, in the footer. */
export interface Tag {
  tag: string;
  legend: string;
  style: PillStyle;
}

/** The tag, then its explanation, from the left margin at `y`. */
export function drawLegend(ctx: Ctx, t: Tag, y: number): void {
  const w = drawPill(ctx, t.tag, PAD, y, t.style);
  drawText(ctx, t.legend, PAD + w + 8, y + 5, { size: 13, color: COLORS.textDim, maxWidth: W - 3 * PAD - w });
}

export interface RankedList<R> {
  title: string;
  subtitle: string;
  /** The names' head, then each figure's head with its column's right edge (x). */
  heads: [string, ...{ text: string; x: number }[]];
  /** At most MAX_ROWS are drawn. */
  rows: R[];
  /** "and 12 more", or null when every row fits. */
  more: string | null;
  /** The legend of a tag some row carries, or null when none does. */
  legend: Tag | null;
  /** Draws one row's content; `mid` is the middle of its panel, `name` where its name starts. */
  row(ctx: Ctx, row: R, at: { mid: number; name: number }): void;
}

export function drawRankedList<R>(list: RankedList<R>): Canvas {
  const rows = list.rows.slice(0, MAX_ROWS);
  const top = BAND + HEADS;
  const footer = (list.more ? 30 : 0) + (list.legend ? 30 : 0) + 12;
  const { canvas, ctx } = titledPage(top + ROW_H * Math.max(1, rows.length) + footer, list.title, list.subtitle);
  const name = PAD + 44;
  const [first, ...figures] = list.heads;
  ctx.font = font(12, true);
  ctx.fillStyle = COLORS.textMute;
  ctx.textAlign = "left";
  ctx.fillText(first, name, top - 12);
  ctx.textAlign = "right";
  for (const h of figures) ctx.fillText(h.text, h.x, top - 12);
  rows.forEach((row, i) => {
    const y = top + i * ROW_H;
    fillRound(ctx, PAD - 8, y, W - 2 * PAD + 16, ROW_H - 5, 9, i % 2 === 0 ? COLORS.panelSolid : COLORS.panelAlt);
    list.row(ctx, row, { mid: y + (ROW_H - 5) / 2, name });
  });
  let y = top + ROW_H * Math.max(1, rows.length) + 14;
  if (list.more) {
    drawText(ctx, list.more, W / 2, y + 6, { size: 14, color: COLORS.textMute, align: "center" });
    y += 30;
  }
  if (list.legend) drawLegend(ctx, list.legend, y + 2);
  return canvas;
}
