/**
 * Suit pips as vector paths in a unit box centred on (0, 0), about 1 wide and 1 tall, so they
 * stay crisp at every size (index pips, centre pips, markers) without any font. The shapes are
 * card-art.ts's, which the Activity's page draws too.
 */
import { PIPS, type ArtPath } from "./card-art.js";
import type { Ctx } from "./text.js";

/** Adds `path` (card-art.ts's commands) to the context's current path. */
export function tracePath(ctx: Ctx, path: ArtPath): void {
  for (const c of path) {
    switch (c[0]) {
      case "M":
        ctx.moveTo(c[1], c[2]);
        break;
      case "L":
        ctx.lineTo(c[1], c[2]);
        break;
      case "C":
        ctx.bezierCurveTo(c[1], c[2], c[3], c[4], c[5], c[6]);
        break;
      case "Q":
        ctx.quadraticCurveTo(c[1], c[2], c[3], c[4]);
        break;
      case "O":
        ctx.moveTo(c[1] + c[3], c[2]);
        ctx.arc(c[1], c[2], c[3], 0, Math.PI * 2);
        break;
      case "Z":
        ctx.closePath();
        break;
    }
  }
}

/** Fills the pip of `suit` (0 C, 1 D, 2 S, 3 H) centred at (x, y), `size` px tall, upside down if `flip`. */
export function drawPip(ctx: Ctx, suit: number, x: number, y: number, size: number, color: string, flip = false): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size, flip ? -size : size);
  ctx.beginPath();
  tracePath(ctx, PIPS[suit]);
  ctx.fillStyle = color;
  ctx.fill("nonzero");
  ctx.restore();
}
