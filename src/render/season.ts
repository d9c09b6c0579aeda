/**
 * A season's table (src/table/tournament/season.ts): place, name, the season's percentage (the
 * average of the person's nights) and the nights played; the people not ranked yet (fewer nights
 * than the season's minimum) below, dimmed, with a tag. Drawn as the tournament's standings are
 * (./tournament.ts), its words given in the reader's language by the presenter.
 */
import type { Canvas } from "canvas";
import { drawPill, fillRound, medal, pillWidth, type PillStyle } from "./draw.js";
import { font } from "./fonts.js";
import { encodePng, newImage } from "./png.js";
import { COLORS, WIDTH } from "./theme.js";
import { cutName, drawText } from "./text.js";
import { MAX_ROWS, percentText, titleBand } from "./tournament.js";
import type { Locale } from "../i18n/index.js";

export interface SeasonPictureRow {
  /** Among the ranked; null: not ranked yet. */
  place: number | null;
  name: string;
  percent: number;
  nights: number;
}

export interface SeasonPictureInput {
  title: string;
  /** "after night 3 of 8" */
  subtitle: string;
  columns: { player: string; percent: string; nights: string };
  /** The tag beside someone not ranked yet, and its explanation in the footer. */
  waiting: { tag: string; legend: string };
  /** Ranked first, best first, then the others. */
  rows: SeasonPictureRow[];
  more: string | null;
  locale?: Locale;
}

const PAD = 20;
const BAND = 64;
const TAG: PillStyle = { bg: COLORS.panelAlt, fg: COLORS.textDim, size: 10 };

export function drawSeason(input: SeasonPictureInput): Canvas {
  const W = WIDTH;
  const rows = input.rows.slice(0, MAX_ROWS);
  const waiting = rows.some((r) => r.place === null);
  const rowH = 38;
  const top = BAND + 38;
  const H = top + rowH * Math.max(1, rows.length) + (input.more ? 30 : 0) + (waiting ? 30 : 0) + 12;
  const { canvas, ctx } = newImage(W, H);
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, W, H);
  titleBand(ctx, input.title, input.subtitle);
  const col = { name: PAD + 44, percent: 600, nights: W - PAD - 8 };
  ctx.font = font(12, true);
  ctx.fillStyle = COLORS.textMute;
  ctx.textAlign = "left";
  ctx.fillText(input.columns.player, col.name, top - 12);
  ctx.textAlign = "right";
  ctx.fillText(input.columns.percent, col.percent, top - 12);
  ctx.fillText(input.columns.nights, col.nights, top - 12);
  rows.forEach((row, i) => {
    const y = top + i * rowH;
    fillRound(ctx, PAD - 8, y, W - 2 * PAD + 16, rowH - 5, 9, i % 2 === 0 ? COLORS.panelSolid : COLORS.panelAlt);
    const mid = y + (rowH - 5) / 2;
    if (row.place !== null) medal(ctx, row.place, PAD + 16, mid, 13);
    const tagW = row.place === null ? pillWidth(ctx, input.waiting.tag, TAG) + 8 : 0;
    const f = drawText(ctx, cutName(row.name, 28), col.name, mid + 6, {
      size: 17,
      color: row.place === null ? COLORS.textDim : COLORS.text,
      maxWidth: col.percent - 110 - col.name - tagW,
    });
    if (row.place === null) drawPill(ctx, input.waiting.tag, col.name + f.width + 8, mid, TAG);
    drawText(ctx, percentText(row.percent, input.locale), col.percent, mid + 7, {
      size: 19,
      bold: true,
      color: row.place === null ? COLORS.textDim : COLORS.gold,
      align: "right",
    });
    drawText(ctx, String(row.nights), col.nights, mid + 6, { size: 16, color: COLORS.textDim, align: "right" });
  });
  let y = top + rowH * Math.max(1, rows.length) + 14;
  if (input.more) {
    drawText(ctx, input.more, W / 2, y + 6, { size: 14, color: COLORS.textMute, align: "center" });
    y += 30;
  }
  if (waiting) {
    const w = drawPill(ctx, input.waiting.tag, PAD, y + 2, TAG);
    drawText(ctx, input.waiting.legend, PAD + w + 8, y + 7, { size: 13, color: COLORS.textDim, maxWidth: W - 3 * PAD - w });
  }
  return canvas;
}

export function renderSeason(input: SeasonPictureInput): Buffer {
  return encodePng(drawSeason(input));
}
