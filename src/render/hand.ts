/** A player's own hand, in a row: cards that may be played now stand clear, the rest are dimmed. */
import type { Canvas } from "canvas";
import type { Card } from "../game/index.js";
import { CARD_H, CARD_W, cardSprite, CARD_MARGIN, roundRect } from "./cards.js";
import { strokeRound } from "./draw.js";
import { encodePalettePng, newImage } from "./png.js";
import { COLORS, WIDTH } from "./theme.js";
import type { RenderOptions } from "./types.js";

const W = WIDTH;
const H = 236;
const LIFT = 16;
const SELECTED_LIFT = 30;

export interface HandInput {
  cards: Card[];
  /** Cards that may be played (or passed) now. When empty nothing is dimmed: it is not this player's turn. */
  legal: Card[];
  /** Cards picked so far (e.g. for the pass): lifted and outlined. */
  selected?: Card[];
}

export function drawHand(input: HandInput, opts: RenderOptions = {}): Canvas {
  const { canvas, ctx } = newImage(W, H);
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, W, H);
  // Flat felt and upright cards on whole pixels: the rows repeat, so the palette PNG stays small
  // (9 KB for 13 cards; a fan of turned cards on a gradient took twice that).
  roundRect(ctx, 4, 4, W - 8, H - 8, 24);
  ctx.fillStyle = COLORS.felt;
  ctx.fill();

  const cards = [...input.cards].sort((a, b) => a - b);
  const n = cards.length;
  if (n === 0) return canvas;
  const legal = new Set(input.legal);
  const selected = new Set(input.selected ?? []);
  const dimAll = legal.size > 0;
  const step = n > 1 ? Math.min(CARD_W + 8, (W - 64 - CARD_W) / (n - 1)) : 0;
  const span = step * (n - 1) + CARD_W;
  const left = (W - span) / 2;
  const baseY = H - CARD_H - 26;

  for (let i = 0; i < n; i++) {
    const card = cards[i];
    const playable = !dimAll || legal.has(card);
    const lift = selected.has(card) ? SELECTED_LIFT : dimAll && playable ? LIFT : 0;
    const x = Math.round(left + i * step);
    const y = baseY - lift + (dimAll && !playable ? 4 : 0);
    ctx.save();
    ctx.translate(Math.round(x + CARD_W / 2), Math.round(y + CARD_H));
    ctx.drawImage(
      cardSprite(card, opts.fourColour ?? false, CARD_W, CARD_H, opts.largeIndex ?? false, opts.locale),
      -CARD_W / 2 - CARD_MARGIN,
      -CARD_H - CARD_MARGIN,
    );
    if (!playable) {
      roundRect(ctx, -CARD_W / 2, -CARD_H, CARD_W, CARD_H, 8);
      ctx.fillStyle = "rgba(12, 28, 20, 0.52)";
      ctx.fill();
    }
    if (selected.has(card)) strokeRound(ctx, -CARD_W / 2 - 1.5, -CARD_H - 1.5, CARD_W + 3, CARD_H + 3, 9, COLORS.gold, 3.5);
    ctx.restore();
  }
  return canvas;
}

/**
 * The hand is the picture sent most often (in every private menu), so it is a palette PNG of 48
 * colours: 9 KB for 13 cards (the RGB fan was 68 KB), as sharp.
 */
export const HAND_COLOURS = 48;

export function renderHand(input: HandInput, opts: RenderOptions = {}): Buffer {
  return encodePalettePng(drawHand(input, opts), HAND_COLOURS);
}
