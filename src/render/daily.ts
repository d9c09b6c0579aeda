/** The daily challenge's board: rank, name, points, and one coloured square per hand (no card). */
import type { Canvas } from "canvas";
import { fillRound, medal } from "./draw.js";
import { font } from "./fonts.js";
import { encodePng, newImage } from "./png.js";
import { COLORS, WIDTH } from "./theme.js";
import { cutName, drawText } from "./text.js";

export interface DailyBoardRow {
  rank: number;
  name: string;
  points: number;
  /** Per hand: the change of the player's total, and whether they shot the moon. */
  perHand: number[];
  moons: boolean[];
  /** The asker's own row is outlined. */
  mine: boolean;
}

export interface DailyBoardInput {
  title: string;
  /** Column headings, in the asker's language. */
  /** hands: null when the per-hand squares are hidden (the asker has not finished the day). */
  columns: { player: string; points: string; hands: string | null };
  rows: DailyBoardRow[];
}

const W = WIDTH;
const PAD = 20;

/** The same scale as the share line's squares: nothing taken, a little, a lot, a moon. */
function squareColour(change: number, moon: boolean): string {
  if (moon) return "#6c5ce7";
  if (change <= 0) return "#2ecc71";
  if (change < 7) return "#f1c40f";
  return "#e74c3c";
}

export function drawDailyBoard(input: DailyBoardInput): Canvas {
  const rows = input.rows.slice(0, 10);
  const rowH = 46;
  const top = 64 + 40;
  const H = top + rowH * Math.max(1, rows.length) + 18;
  const { canvas, ctx } = newImage(W, H);
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, W, H);
  const g = ctx.createLinearGradient(0, 0, 0, 64);
  g.addColorStop(0, COLORS.felt);
  g.addColorStop(1, COLORS.feltDark);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, 64);
  drawText(ctx, input.title, PAD, 42, { size: 26, bold: true, color: COLORS.text });
  const col = { name: PAD + 46, hands: 470, points: W - PAD - 8 };
  ctx.font = font(12, true);
  ctx.fillStyle = COLORS.textMute;
  ctx.textAlign = "left";
  ctx.fillText(input.columns.player, col.name, top - 14);
  if (input.columns.hands) ctx.fillText(input.columns.hands, col.hands, top - 14);
  ctx.textAlign = "right";
  ctx.fillText(input.columns.points, col.points, top - 14);
  rows.forEach((row, i) => {
    const y = top + i * rowH;
    fillRound(ctx, PAD - 8, y, W - 2 * PAD + 16, rowH - 6, 10, i % 2 === 0 ? COLORS.panelSolid : COLORS.panelAlt);
    if (row.mine) {
      ctx.strokeStyle = COLORS.gold;
      ctx.lineWidth = 2;
      ctx.strokeRect(PAD - 7, y + 1, W - 2 * PAD + 14, rowH - 8);
    }
    const mid = y + (rowH - 6) / 2;
    medal(ctx, row.rank, PAD + 18, mid, 14);
    drawText(ctx, cutName(row.name, 28), col.name, mid + 7, { size: 19, color: COLORS.text, maxWidth: col.hands - col.name - 12 });
    row.perHand.forEach((c, h) => fillRound(ctx, col.hands + h * 30, mid - 11, 22, 22, 5, squareColour(c, row.moons[h] ?? false)));
    drawText(ctx, String(row.points), col.points, mid + 8, { size: 21, bold: true, color: COLORS.gold, align: "right" });
  });
  return canvas;
}

export function renderDailyBoard(input: DailyBoardInput): Buffer {
  return encodePng(drawDailyBoard(input));
}
