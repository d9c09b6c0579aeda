/** Small drawing pieces shared by the images: pills, badges, panels, the seat dot. */
import { roundRect } from "./cards.js";
import { font } from "./fonts.js";
import { drawPip } from "./suits.js";
import { COLORS, SEAT_COLORS } from "./theme.js";
import type { Ctx } from "./text.js";

export { roundRect };

export function fillRound(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, color: string): void {
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = color;
  ctx.fill();
}

export function strokeRound(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  color: string,
  width: number,
  dash?: number[],
): void {
  roundRect(ctx, x, y, w, h, r);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  if (dash) ctx.setLineDash(dash);
  ctx.stroke();
  if (dash) ctx.setLineDash([]);
}

export interface PillStyle {
  bg: string;
  fg: string;
  size?: number;
  /** A suit pip drawn before the text (0 C, 1 D, 2 S, 3 H). */
  pip?: { suit: number; color: string };
  border?: string;
}

const pad = (size: number) => Math.round(size * 0.62);

export function pillWidth(ctx: Ctx, text: string, style: PillStyle): number {
  const size = style.size ?? 15;
  ctx.font = font(size, true);
  const pip = style.pip ? size * 1.05 + 5 : 0;
  return Math.ceil(ctx.measureText(text).width + pip + pad(size) * 2);
}

/** A rounded label; (x, y) is its left edge and vertical centre. Returns its width. */
export function drawPill(ctx: Ctx, text: string, x: number, y: number, style: PillStyle): number {
  const size = style.size ?? 15;
  const h = Math.round(size * 1.65);
  const w = pillWidth(ctx, text, style);
  fillRound(ctx, x, y - h / 2, w, h, h / 2, style.bg);
  if (style.border) strokeRound(ctx, x + 0.5, y - h / 2 + 0.5, w - 1, h - 1, h / 2, style.border, 1);
  let tx = x + pad(size);
  if (style.pip) {
    const ps = size * 1.05;
    // A white disc behind a black pip keeps it visible on a dark pill.
    drawPip(ctx, style.pip.suit, tx + ps / 2, y, ps, style.pip.color);
    tx += ps + 5;
  }
  ctx.font = font(size, true);
  ctx.fillStyle = style.fg;
  ctx.textAlign = "left";
  ctx.direction = "ltr";
  ctx.fillText(text, tx, y + size * 0.36);
  return w;
}

/** Discord's own "BOT" tag look, so computer players read as such at a glance. */
export const BOT_BADGE: PillStyle = { bg: COLORS.bot, fg: "#ffffff", size: 10 };

export function botBadgeWidth(ctx: Ctx, size = 10): number {
  return pillWidth(ctx, "BOT", { ...BOT_BADGE, size });
}

export function drawBotBadge(ctx: Ctx, x: number, y: number, size = 10): number {
  return drawPill(ctx, "BOT", x, y, { ...BOT_BADGE, size });
}

export function seatDot(ctx: Ctx, seat: number, x: number, y: number, r = 6): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = SEAT_COLORS[seat] ?? COLORS.textDim;
  ctx.fill();
}

/** A filled arrow from (x1, y1) to (x2, y2). */
export function arrow(ctx: Ctx, x1: number, y1: number, x2: number, y2: number, color: string, width = 4): void {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const head = width * 3;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = "round";
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2 - Math.cos(a) * head * 0.8, y2 - Math.sin(a) * head * 0.8);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - Math.cos(a - 0.45) * head, y2 - Math.sin(a - 0.45) * head);
  ctx.lineTo(x2 - Math.cos(a + 0.45) * head, y2 - Math.sin(a + 0.45) * head);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

/** A medal disc with the place number, for podiums and leaderboards. */
export function medal(ctx: Ctx, place: number, x: number, y: number, r = 14): void {
  const fill = place === 1 ? "#f3c746" : place === 2 ? "#c9d1d9" : place === 3 ? "#d08b4f" : "#3a434a";
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.font = font(Math.round(r * 1.1), true);
  ctx.fillStyle = place <= 3 ? "#1b1b1b" : COLORS.text;
  ctx.textAlign = "center";
  ctx.fillText(String(place), x, y + r * 0.4);
}

/** A crescent moon, for shooting the moon: the disc minus a second, offset disc. */
export function moonIcon(ctx: Ctx, x: number, y: number, r: number, color: string = COLORS.gold): void {
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.clip();
  ctx.beginPath();
  ctx.rect(x - r - 1, y - r - 1, 2 * r + 2, 2 * r + 2);
  ctx.arc(x + r * 0.5, y - r * 0.3, r * 0.88, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill("evenodd");
  ctx.restore();
}

export function drawTrophy(ctx: Ctx, x: number, y: number, s = 1): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(s, s);
  ctx.fillStyle = COLORS.gold;
  ctx.beginPath();
  ctx.moveTo(-20, -24);
  ctx.lineTo(20, -24);
  ctx.quadraticCurveTo(20, 6, 0, 10);
  ctx.quadraticCurveTo(-20, 6, -20, -24);
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = COLORS.gold;
  ctx.beginPath();
  ctx.arc(-20, -12, 9, Math.PI * 0.5, Math.PI * 1.5);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(20, -12, 9, -Math.PI * 0.5, Math.PI * 0.5);
  ctx.stroke();
  ctx.fillRect(-4, 8, 8, 12);
  ctx.fillRect(-14, 20, 28, 6);
  ctx.restore();
}
