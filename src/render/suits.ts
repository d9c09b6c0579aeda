/**
 * Suit pips as vector paths in a unit box centred on (0, 0), about 1 wide and 1 tall, so they
 * stay crisp at every size (index pips, centre pips, markers) without any font.
 */
import type { Ctx } from "./text.js";

type PathFn = (ctx: Ctx) => void;

const heart: PathFn = (ctx) => {
  ctx.moveTo(0, 0.5);
  ctx.bezierCurveTo(-0.14, 0.36, -0.5, 0.12, -0.5, -0.16);
  ctx.bezierCurveTo(-0.5, -0.38, -0.36, -0.5, -0.25, -0.5);
  ctx.bezierCurveTo(-0.11, -0.5, -0.02, -0.42, 0, -0.3);
  ctx.bezierCurveTo(0.02, -0.42, 0.11, -0.5, 0.25, -0.5);
  ctx.bezierCurveTo(0.36, -0.5, 0.5, -0.38, 0.5, -0.16);
  ctx.bezierCurveTo(0.5, 0.12, 0.14, 0.36, 0, 0.5);
  ctx.closePath();
};

const diamond: PathFn = (ctx) => {
  ctx.moveTo(0, -0.52);
  ctx.quadraticCurveTo(0.16, -0.22, 0.4, 0);
  ctx.quadraticCurveTo(0.16, 0.22, 0, 0.52);
  ctx.quadraticCurveTo(-0.16, 0.22, -0.4, 0);
  ctx.quadraticCurveTo(-0.16, -0.22, 0, -0.52);
  ctx.closePath();
};

const spade: PathFn = (ctx) => {
  ctx.moveTo(0, -0.52);
  ctx.bezierCurveTo(0.12, -0.36, 0.5, -0.14, 0.5, 0.1);
  ctx.bezierCurveTo(0.5, 0.28, 0.37, 0.38, 0.24, 0.38);
  ctx.bezierCurveTo(0.13, 0.38, 0.06, 0.32, 0.035, 0.25);
  ctx.quadraticCurveTo(0.05, 0.44, 0.17, 0.52);
  ctx.lineTo(-0.17, 0.52);
  ctx.quadraticCurveTo(-0.05, 0.44, -0.035, 0.25);
  ctx.bezierCurveTo(-0.06, 0.32, -0.13, 0.38, -0.24, 0.38);
  ctx.bezierCurveTo(-0.37, 0.38, -0.5, 0.28, -0.5, 0.1);
  ctx.bezierCurveTo(-0.5, -0.14, -0.12, -0.36, 0, -0.52);
  ctx.closePath();
};

const club: PathFn = (ctx) => {
  const r = 0.215;
  const lobes: [number, number][] = [
    [0, -0.27],
    [-0.265, 0.07],
    [0.265, 0.07],
  ];
  for (const [x, y] of lobes) {
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
  ctx.moveTo(0.14, 0);
  ctx.arc(0, 0, 0.14, 0, Math.PI * 2);
  ctx.moveTo(-0.04, 0.1);
  ctx.quadraticCurveTo(-0.04, 0.42, -0.18, 0.52);
  ctx.lineTo(0.18, 0.52);
  ctx.quadraticCurveTo(0.04, 0.42, 0.04, 0.1);
  ctx.closePath();
};

const PATHS: PathFn[] = [club, diamond, spade, heart];

/** Fills the pip of `suit` (0 C, 1 D, 2 S, 3 H) centred at (x, y), `size` px tall, upside down if `flip`. */
export function drawPip(ctx: Ctx, suit: number, x: number, y: number, size: number, color: string, flip = false): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size, flip ? -size : size);
  ctx.beginPath();
  PATHS[suit](ctx);
  ctx.fillStyle = color;
  ctx.fill("nonzero");
  ctx.restore();
}
