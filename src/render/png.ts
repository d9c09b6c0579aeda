/**
 * Canvases and PNG encoding, in one place so every image is encoded the same deliberate way.
 *
 * - Images are opaque RGB24 canvases: PNG then stores 3 bytes a pixel instead of 4, which makes
 *   deflate faster and the file smaller; nothing we send needs transparency.
 * - The pictures are mostly flat colour (felt rows, panels) with antialiased text and card art.
 *   zlib's own matching already finds those repeats; the per-row filters (SUB/UP/PAETH) made
 *   these images 10-25 % larger, and libpng's adaptive "try every filter" mode adds ~5 ms.
 * - zlib level 5 without filters is the knee of the curve (`npm run bench:render -- --png-matrix`,
 *   trick image): level 3 = 3.3 ms / 60 KB, level 5 = 4.8 ms / 52 KB, level 6 = 5.8 ms / 51 KB,
 *   level 9 = 18 ms / 49 KB. A palette PNG would need quantising the antialiased text ourselves.
 */
import { Canvas, createCanvas } from "canvas";
import type { Ctx } from "./text.js";

export interface Image {
  canvas: Canvas;
  ctx: Ctx;
}

const pool = new Map<string, Image>();

/**
 * A canvas of this size to draw one image on. Setting up an RGB24 surface costs about a
 * millisecond, so there is one canvas per size, reused: rendering is synchronous and every
 * image paints its whole background, so nothing of the previous image survives. The canvas
 * stays valid only until the next image of the same size is drawn.
 */
export function newImage(width: number, height: number): Image {
  const key = `${width}x${height}`;
  let img = pool.get(key);
  if (!img) {
    const canvas = createCanvas(width, height);
    img = { canvas, ctx: canvas.getContext("2d", { pixelFormat: "RGB24" }) };
    if (pool.size > 64) pool.clear();
    pool.set(key, img);
  }
  const { ctx } = img;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.setLineDash([]);
  ctx.textBaseline = "alphabetic";
  ctx.direction = "ltr";
  return img;
}

export const ENCODE = { compressionLevel: 5 as const, filters: Canvas.PNG_FILTER_NONE };

export function encodePng(canvas: Canvas, settings: { compressionLevel?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9; filters?: number } = ENCODE): Buffer {
  return canvas.toBuffer("image/png", settings);
}
