/**
 * Card faces drawn by code: large corner indices (readable when Discord scales the picture
 * down), classic pip layouts, stylised court cards. Each face is drawn once per size and deck
 * style into its own small canvas, shadow included; images then only copy it.
 */
import { createCanvas, type Canvas } from "canvas";
import { rankOf, suitOf, type Card } from "../game/index.js";
import { messages, type Locale } from "../i18n/index.js";
import { font } from "./fonts.js";
import { CROWNS, CROWN_BAND, JEWEL_R, PIP_LAYOUT } from "./card-art.js";
import { drawPip, tracePath } from "./suits.js";
import { COLORS, SUIT_INK, SUIT_INK_4 } from "./theme.js";
import type { Ctx } from "./text.js";

export const CARD_W = 96;
export const CARD_H = 134;
/** Room around a cached face for its drop shadow. */
export const CARD_MARGIN = 8;

/** The 13 ranks as a language's cards print them ("J Q K" in English, "V D R" in French), from the catalogue. */
const ranksOf = (locale: Locale | undefined): string[] => Array.from({ length: 13 }, (_, rank) => messages(locale).cards.rank({ rank }));

export const suitInk = (suit: number, fourColour: boolean): string => (fourColour ? SUIT_INK_4 : SUIT_INK)[suit];

export function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * The rank and suit in one corner; the bottom corner is the same rotated half a turn. `large`: the
 * large-index style, about 1.5× as big, still inside the strip an overlapped card shows in a hand.
 */
function drawIndex(ctx: Ctx, card: Card, w: number, ink: string, ranks: readonly string[], large = false): void {
  const rank = ranks[rankOf(card)];
  const cx = w * (large ? 0.2 : 0.135);
  const size = Math.round(w * (large ? 0.36 : 0.235));
  ctx.fillStyle = ink;
  ctx.font = font(size, true);
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  const top = w * 0.045 + size * 0.78;
  if (rank === "10") {
    // DejaVu's digits are tabular (wide "1"): set the two digits tight and a little narrow so
    // the index column stays as narrow as for one character.
    ctx.save();
    ctx.translate(cx, top);
    ctx.scale(0.8, 1);
    ctx.fillText("1", -size * 0.3, 0);
    ctx.fillText("0", size * 0.27, 0);
    ctx.restore();
  } else ctx.fillText(rank, cx, top);
  drawPip(ctx, suitOf(card), cx, top + w * (large ? 0.19 : 0.125), w * (large ? 0.23 : 0.15), ink);
}

function drawCrown(ctx: Ctx, cx: number, cy: number, s: number, rank: number, ink: string, accent: string): void {
  // s is the crown width. King: five points; queen: three rounded points; jack: a cap with a feather.
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(s, s);
  ctx.lineJoin = "round";
  const crown = CROWNS[rank];
  ctx.beginPath();
  tracePath(ctx, crown.outline);
  ctx.fillStyle = accent;
  ctx.fill();
  ctx.lineWidth = 0.06;
  ctx.strokeStyle = ink;
  ctx.stroke();
  // Jewels, or the jack's feather; then the band.
  ctx.fillStyle = ink;
  for (const [x, y] of crown.jewels) {
    ctx.beginPath();
    ctx.arc(x, y, JEWEL_R, 0, Math.PI * 2);
    ctx.fill();
  }
  if (crown.feather) {
    ctx.beginPath();
    tracePath(ctx, crown.feather);
    ctx.fill();
  }
  ctx.fillRect(...CROWN_BAND);
  ctx.restore();
}

function drawCourt(ctx: Ctx, card: Card, w: number, h: number, ink: string, ranks: readonly string[]): void {
  const rank = rankOf(card);
  const suit = suitOf(card);
  const fx = w * 0.3;
  const fy = h * 0.1;
  const fw = w * 0.4;
  const fh = h * 0.8;
  // A tinted panel in the suit's ink, framed like a court card, with the figure stylised as a crown and letter.
  ctx.save();
  roundRect(ctx, fx, fy, fw, fh, w * 0.04);
  ctx.fillStyle = "#f6efd9";
  ctx.fill();
  ctx.globalAlpha = 0.12;
  ctx.fillStyle = ink;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.lineWidth = Math.max(1.2, w * 0.016);
  ctx.strokeStyle = ink;
  ctx.stroke();
  ctx.restore();
  const cx = fx + fw / 2;
  drawCrown(ctx, cx, fy + fh * 0.2, fw * 0.62, rank, ink, "#f3c746");
  ctx.fillStyle = ink;
  ctx.font = font(Math.round(w * 0.3), true);
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(ranks[rank], cx, fy + fh * 0.6);
  drawPip(ctx, suit, cx, fy + fh * 0.8, fw * 0.42, ink);
}

/** Draws a full card face with its top-left corner at (x, y). */
export function drawCardFace(
  ctx: Ctx,
  card: Card,
  x: number,
  y: number,
  w: number,
  h: number,
  fourColour: boolean,
  largeIndex = false,
  locale?: Locale,
): void {
  const ranks = ranksOf(locale);
  const suit = suitOf(card);
  const rank = rankOf(card);
  const ink = suitInk(suit, fourColour);
  ctx.save();
  ctx.translate(x, y);
  roundRect(ctx, 0.5, 0.5, w - 1, h - 1, w * 0.085);
  ctx.fillStyle = COLORS.cardFace;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLORS.cardEdge;
  ctx.stroke();

  drawIndex(ctx, card, w, ink, ranks, largeIndex);
  ctx.save();
  ctx.translate(w, h);
  ctx.rotate(Math.PI);
  drawIndex(ctx, card, w, ink, ranks, largeIndex);
  ctx.restore();

  if (rank <= 8) {
    const n = rank + 2;
    // With large indexes the pips draw a little smaller and closer in, clear of the corners.
    const pip = w * (largeIndex ? 0.15 : 0.175);
    const colX = w * (largeIndex ? 0.13 : 0.15);
    const top = h * (largeIndex ? 0.3 : 0.19);
    const bottom = h * (largeIndex ? 0.7 : 0.81);
    for (const [col, row] of PIP_LAYOUT[n]) {
      drawPip(ctx, suit, w / 2 + col * colX, top + row * (bottom - top), pip, ink, row > 0.5);
    }
  } else if (rank === 12) {
    drawPip(ctx, suit, w / 2, h / 2, w * (suit === 2 ? 0.56 : 0.46), ink);
    if (suit === 2) {
      // The ace of spades traditionally carries an ornament: a light ring inside the pip.
      drawPip(ctx, suit, w / 2, h / 2 + w * 0.01, w * 0.3, COLORS.cardFace);
      drawPip(ctx, suit, w / 2, h / 2 + w * 0.015, w * 0.22, ink);
    }
  } else drawCourt(ctx, card, w, h, ink, ranks);
  ctx.restore();
}

const faceCache = new Map<string, Canvas>();

/**
 * The face of `card` with its shadow, cached per size, deck style and language (the ranks it prints). Draw it at
 * (cardX - CARD_MARGIN, cardY - CARD_MARGIN).
 */
export function cardSprite(card: Card, fourColour: boolean, w = CARD_W, h = CARD_H, largeIndex = false, locale?: Locale): Canvas {
  const key = `${card}|${fourColour ? 4 : 2}|${w}x${h}|${largeIndex ? "L" : "n"}|${locale ?? ""}`;
  let c = faceCache.get(key);
  if (!c) {
    c = createCanvas(w + CARD_MARGIN * 2, h + CARD_MARGIN * 2);
    const ctx = c.getContext("2d");
    ctx.save();
    ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
    ctx.shadowBlur = 6;
    ctx.shadowOffsetY = 2;
    roundRect(ctx, CARD_MARGIN + 0.5, CARD_MARGIN + 0.5, w - 1, h - 1, w * 0.085);
    ctx.fillStyle = COLORS.cardFace;
    ctx.fill();
    ctx.restore();
    drawCardFace(ctx, card, CARD_MARGIN, CARD_MARGIN, w, h, fourColour, largeIndex, locale);
    faceCache.set(key, c);
  }
  return c;
}

export function drawCard(ctx: Ctx, card: Card, x: number, y: number, fourColour: boolean, locale?: Locale): void {
  ctx.drawImage(cardSprite(card, fourColour, CARD_W, CARD_H, false, locale), x - CARD_MARGIN, y - CARD_MARGIN);
}
