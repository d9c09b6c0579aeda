/**
 * What the pictures must do beyond looking like the references: names fit, right-to-left text
 * is recognised, unplayable cards are dimmed, the deck style changes the ink, output is stable.
 */
import { createCanvas } from "canvas";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { parseCard } from "../../src/game/index.js";
import { hasGlyph } from "../../src/render/fonts.js";
import { drawHand } from "../../src/render/hand.js";
import { renderHand, renderTable, renderTrick } from "../../src/render/index.js";
import { cleanText, fitText, textDirection } from "../../src/render/text.js";
import { CYRILLIC_PLAYERS, LONG_PLAYERS, tableFixtures, trickFixtures } from "./fixtures.js";

const ctx = createCanvas(10, 10).getContext("2d");

describe("fitting names", () => {
  const names = [...LONG_PLAYERS, ...CYRILLIC_PLAYERS].map((p) => p.name);

  it("every name fits the width it is given, shrinking before it cuts", () => {
    for (const name of names) {
      for (const width of [120, 200, 300]) {
        const f = fitText(ctx, name, width, 20, true, 14);
        expect(f.width).toBeLessThanOrEqual(width);
        expect(f.size).toBeGreaterThanOrEqual(14);
        // Only a name that does not fit at the smallest size is cut.
        if (f.text.endsWith("…")) expect(f.size).toBe(14);
      }
    }
  });

  it("keeps a short name whole and at full size", () => {
    const f = fitText(ctx, "Ana", 200, 20, true);
    expect(f).toMatchObject({ text: "Ana", size: 20 });
  });

  it("cuts between graphemes, never inside an emoji sequence", () => {
    const family = "👨‍👩‍👧‍👦";
    const f = fitText(ctx, family.repeat(12), 90, 20, false, 14);
    expect(f.text.endsWith("…")).toBe(true);
    const kept = f.text.slice(0, -1);
    expect(kept.length % family.length).toBe(0);
    expect(kept.length).toBeGreaterThan(0);
  });

  it("recognises right-to-left names by their first letter", () => {
    expect(textDirection("אברהם 123")).toBe("rtl");
    expect(textDirection("123 محمد")).toBe("rtl");
    expect(textDirection("Zoë שלום")).toBe("ltr");
    expect(textDirection("🔥🔥")).toBe("ltr");
  });

  it("an ellipsis on a right-to-left name ends the text logically, so it shows on the left", () => {
    const f = fitText(ctx, LONG_PLAYERS[3].name, 100, 20, true, 14);
    expect(f.dir).toBe("rtl");
    expect(f.text.startsWith("محمد")).toBe(true);
    expect(f.text.endsWith("…")).toBe(true);
  });

  it("draws 'fancy text' names in plain letters when no shipped font has the styled ones", () => {
    expect(hasGlyph(0xff37)).toBe(false);
    expect(cleanText("ＷＩＤＥ 𝐛𝐨𝐥𝐝")).toBe("WIDE bold");
    expect(cleanText("Zoë ♠ 🔥")).toBe("Zoë ♠ 🔥");
  });

  it("draws characters no shipped font has as the same box on every machine, not a host font's glyph", () => {
    // Devanagari is outside DejaVu Sans and Noto Emoji (and the optional CJK font).
    expect(hasGlyph(0x0928)).toBe(false);
    expect(cleanText("नमस्ते Ana")).toMatch(/^□+ Ana$/);
  });

  it("drops control and bidi-override characters that would reorder the rest of the picture", () => {
    expect(cleanText("Eve\u202E evil\nname\u0007")).toBe("Eve evil name");
  });
});

/** Mean brightness of a rectangle of an RGBA PNG. */
function brightness(png: Buffer, x: number, y: number, w: number, h: number): number {
  const img = PNG.sync.read(png);
  let sum = 0;
  for (let j = y; j < y + h; j++)
    for (let i = x; i < x + w; i++) {
      const o = (j * img.width + i) * 4;
      sum += img.data[o] + img.data[o + 1] + img.data[o + 2];
    }
  return sum / (w * h * 3);
}

describe("hand", () => {
  const hand = ["2C", "9C", "KC", "3D", "8D", "QS", "AS", "2H", "5H", "TH", "JH", "QH", "AH"].map((c) => parseCard(c)!);

  it("shows playable cards clear and the others dimmed", () => {
    const clubs = hand.filter((c) => c < 13);
    const png = renderHand({ cards: hand, legal: clubs });
    const all = renderHand({ cards: hand, legal: [] });
    // The last card (A♥) is unplayable: its visible face is darker than when nothing is dimmed.
    const spot = [700, 120, 40, 40] as const;
    expect(brightness(png, ...spot)).toBeLessThan(brightness(all, ...spot) * 0.75);
    // The first card (2♣) is playable and keeps a light face.
    const first = [60, 70, 16, 40] as const;
    expect(brightness(png, ...first)).toBeGreaterThan(180);
  });

  it("lifts the selected cards", () => {
    const plain = drawHand({ cards: hand, legal: hand }).toBuffer("raw");
    const picked = drawHand({ cards: hand, legal: hand, selected: [hand[0]] }).toBuffer("raw");
    expect(Buffer.compare(plain, picked)).not.toBe(0);
  });
});

describe("output", () => {
  it("is byte-identical for the same input", () => {
    const [first] = Object.values(trickFixtures());
    const a = renderTrick(first.input);
    renderTable(Object.values(tableFixtures())[2].input);
    const b = renderTrick(first.input);
    expect(b.equals(a)).toBe(true);
  });

  it("the four-colour deck changes the ink of clubs and diamonds only", () => {
    const clubs = [0, 1, 2, 13, 14].map((c) => c);
    const two = renderHand({ cards: clubs, legal: [] });
    const four = renderHand({ cards: clubs, legal: [] }, { fourColour: true });
    expect(two.equals(four)).toBe(false);
    const spades = [26, 27, 28];
    expect(renderHand({ cards: spades, legal: [] }).equals(renderHand({ cards: spades, legal: [] }, { fourColour: true }))).toBe(true);
  });

  it("is a PNG about 800 px wide, far under Discord's attachment limit", () => {
    for (const f of Object.values(tableFixtures())) {
      const png = renderTable(f.input);
      const img = PNG.sync.read(png);
      expect(img.width).toBe(800);
      expect(png.length).toBeLessThan(100_000);
    }
  });

  it("renders a lobby with no one seated yet, and with more than four labels given", () => {
    // An empty lobby is a whole picture (800 px wide), not a blank or a crash; seated names show.
    const empty = renderTable({ players: [], view: null });
    const seated = renderTable({ players: LONG_PLAYERS, view: null });
    expect(PNG.sync.read(empty).width).toBe(800);
    expect(empty.equals(seated)).toBe(false);
    // A fifth label (a caller's mistake) is ignored: the table has four seats.
    const five = [...LONG_PLAYERS, { name: "extra", isBot: false }];
    expect(renderTable({ players: five, view: null }).equals(seated)).toBe(true);
  });
});
