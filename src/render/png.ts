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
import { crc32, deflateSync } from "node:zlib";
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

export function encodePng(
  canvas: Canvas,
  settings: { compressionLevel?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9; filters?: number } = ENCODE,
): Buffer {
  return canvas.toBuffer("image/png", settings);
}

/**
 * A palette (indexed, 8-bit) PNG of the canvas: a third of the bytes of RGB for the same pixels.
 * The colours are chosen by median cut over the image's own colours (counted at 5-6-5 bits, each
 * bucket keeping its exact mean), so flat felt, card faces and suit ink stay exact and only the
 * antialiased edges share entries; no dithering, which would blur the edges and compress worse.
 * For the pictures sent most often (the hand in every menu), where bytes matter more than the
 * last shade of an edge.
 */
export function encodePalettePng(canvas: Canvas, colours = 256): Buffer {
  const { width, height } = canvas;
  const rgba = canvas.getContext("2d").getImageData(0, 0, width, height).data;
  // Buckets of 5-6-5 bits: how many pixels, and the sum of their exact colours.
  const count = new Uint32Array(65536);
  const sums = new Float64Array(65536 * 3);
  const bucketOf = new Uint16Array(width * height);
  for (let p = 0, i = 0; p < width * height; p++, i += 4) {
    const r = rgba[i],
      g = rgba[i + 1],
      b = rgba[i + 2];
    const k = ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3);
    bucketOf[p] = k;
    count[k]++;
    sums[k * 3] += r;
    sums[k * 3 + 1] += g;
    sums[k * 3 + 2] += b;
  }
  const used: number[] = [];
  for (let k = 0; k < 65536; k++) if (count[k]) used.push(k);
  // Each bucket's mean colour, channel by channel.
  const means = [0, 1, 2].map((c) => {
    const m = new Float32Array(65536);
    for (const k of used) m[k] = sums[k * 3 + c] / count[k];
    return m;
  });
  const mean = (k: number, c: number) => means[c][k];
  // Median cut: split the box with the most weight × spread along its widest channel.
  type Box = { keys: number[]; score: number; axis: number };
  const boxOf = (keys: number[]): Box => {
    let best = 0,
      axis = 0,
      weight = 0;
    for (let c = 0; c < 3; c++) {
      let lo = 255,
        hi = 0;
      for (const k of keys) {
        const v = mean(k, c);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      if (hi - lo > best) [best, axis] = [hi - lo, c];
    }
    for (const k of keys) weight += count[k];
    return { keys, axis, score: keys.length > 1 ? best * Math.sqrt(weight) : -1 };
  };
  const boxes: Box[] = [boxOf(used)];
  while (boxes.length < colours) {
    let at = 0;
    for (let i = 1; i < boxes.length; i++) if (boxes[i].score > boxes[at].score) at = i;
    const box = boxes[at];
    if (box.score <= 0) break;
    const sorted = box.keys.slice().sort((x, y) => mean(x, box.axis) - mean(y, box.axis));
    let half = 0,
      total = 0;
    for (const k of sorted) total += count[k];
    let cut = 0;
    while (cut < sorted.length - 1 && (half += count[sorted[cut]]) < total / 2) cut++;
    cut = Math.min(Math.max(cut, 0), sorted.length - 2);
    boxes.splice(at, 1, boxOf(sorted.slice(0, cut + 1)), boxOf(sorted.slice(cut + 1)));
  }
  const palette = Buffer.alloc(boxes.length * 3);
  const indexOf = new Uint8Array(65536);
  boxes.forEach((box, n) => {
    let w = 0,
      r = 0,
      g = 0,
      b = 0;
    for (const k of box.keys) {
      w += count[k];
      r += sums[k * 3];
      g += sums[k * 3 + 1];
      b += sums[k * 3 + 2];
    }
    palette[n * 3] = Math.round(r / w);
    palette[n * 3 + 1] = Math.round(g / w);
    palette[n * 3 + 2] = Math.round(b / w);
    for (const k of box.keys) indexOf[k] = n;
  });
  // Rows of indices, each with filter byte 0 (none: best for palette images).
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0, o = 0, p = 0; y < height; y++) {
    raw[o++] = 0;
    for (let x = 0; x < width; x++) raw[o++] = indexOf[bucketOf[p++]];
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("PLTE", palette),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
