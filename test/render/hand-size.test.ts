/**
 * The hand picture goes out in private menus many times a hand: it must stay small (a palette PNG)
 * and still show every card as the RGB drawing does.
 */
import { describe, expect, it } from "vitest";
import { parseCard } from "../../src/game/index.js";
import { drawHand, renderHand } from "../../src/render/hand.js";
import { encodePalettePng } from "../../src/render/png.js";

const hand = ["2C", "9C", "KC", "3D", "8D", "QS", "AS", "2H", "5H", "TH", "JH", "QH", "AH"].map((c) => parseCard(c)!);

/** Pixels of a PNG decoded by canvas, as RGB. */
async function pixels(png: Buffer): Promise<Uint8ClampedArray> {
  const { loadImage, createCanvas } = await import("canvas");
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext("2d");
  ctx.drawImage(img, 0, 0);
  return ctx.getImageData(0, 0, img.width, img.height).data;
}

describe("the hand picture", () => {
  it("is an indexed PNG of at most 12 KB for a full hand (the RGB fan was 68 KB)", () => {
    const png = renderHand({ cards: hand, legal: [] });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png[25]).toBe(3); // IHDR colour type: indexed
    expect(png.length).toBeLessThan(12_000);
  });

  it("stays close to the full-colour drawing: every pixel within a few shades on average", async () => {
    const canvas = drawHand({ cards: hand, legal: [], selected: hand.slice(0, 3) });
    const exact = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const quantised = await pixels(encodePalettePng(canvas, 64));
    let diff = 0;
    let worst = 0;
    for (let i = 0; i < exact.length; i += 4) {
      const d = Math.abs(exact[i] - quantised[i]) + Math.abs(exact[i + 1] - quantised[i + 1]) + Math.abs(exact[i + 2] - quantised[i + 2]);
      diff += d;
      worst = Math.max(worst, d);
    }
    expect(diff / (exact.length / 4)).toBeLessThan(4);
    expect(worst).toBeLessThan(200);
  });

  it("is the same bytes for the same hand (an unchanged picture is recognised and not sent again)", () => {
    expect(renderHand({ cards: hand, legal: [] }).equals(renderHand({ cards: hand, legal: [] }))).toBe(true);
  });
});
