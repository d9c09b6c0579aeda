/**
 * The card art both front ends draw, as plain data: the chat's pictures trace it on a canvas
 * (suits.ts, cards.ts) and the Activity's page turns it into SVG (web/draw/face.ts), so a card
 * looks the same in both. Shapes are path commands in a unit box centred on (0, 0), about 1 wide
 * and 1 tall; nothing here draws, so the page's bundle carries it as it is (it imports nothing).
 */

/**
 * A path command: M move, L line, C cubic and Q quadratic curve (control points, then the end),
 * O a whole circle (centre, radius; a figure of its own), Z close.
 */
export type PathCommand =
  | readonly ["M", number, number]
  | readonly ["L", number, number]
  | readonly ["C", number, number, number, number, number, number]
  | readonly ["Q", number, number, number, number]
  | readonly ["O", number, number, number]
  | readonly ["Z"];

export type ArtPath = readonly PathCommand[];

export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;

const HEART: ArtPath = [
  ["M", 0, 0.5],
  ["C", -0.14, 0.36, -0.5, 0.12, -0.5, -0.16],
  ["C", -0.5, -0.38, -0.36, -0.5, -0.25, -0.5],
  ["C", -0.11, -0.5, -0.02, -0.42, 0, -0.3],
  ["C", 0.02, -0.42, 0.11, -0.5, 0.25, -0.5],
  ["C", 0.36, -0.5, 0.5, -0.38, 0.5, -0.16],
  ["C", 0.5, 0.12, 0.14, 0.36, 0, 0.5],
  ["Z"],
];

const DIAMOND: ArtPath = [
  ["M", 0, -0.52],
  ["Q", 0.16, -0.22, 0.4, 0],
  ["Q", 0.16, 0.22, 0, 0.52],
  ["Q", -0.16, 0.22, -0.4, 0],
  ["Q", -0.16, -0.22, 0, -0.52],
  ["Z"],
];

const SPADE: ArtPath = [
  ["M", 0, -0.52],
  ["C", 0.12, -0.36, 0.5, -0.14, 0.5, 0.1],
  ["C", 0.5, 0.28, 0.37, 0.38, 0.24, 0.38],
  ["C", 0.13, 0.38, 0.06, 0.32, 0.035, 0.25],
  ["Q", 0.05, 0.44, 0.17, 0.52],
  ["L", -0.17, 0.52],
  ["Q", -0.05, 0.44, -0.035, 0.25],
  ["C", -0.06, 0.32, -0.13, 0.38, -0.24, 0.38],
  ["C", -0.37, 0.38, -0.5, 0.28, -0.5, 0.1],
  ["C", -0.5, -0.14, -0.12, -0.36, 0, -0.52],
  ["Z"],
];

const CLUB: ArtPath = [
  ["O", 0, -0.27, 0.215],
  ["O", -0.265, 0.07, 0.215],
  ["O", 0.265, 0.07, 0.215],
  ["O", 0, 0, 0.14],
  ["M", -0.04, 0.1],
  ["Q", -0.04, 0.42, -0.18, 0.52],
  ["L", 0.18, 0.52],
  ["Q", 0.04, 0.42, 0.04, 0.1],
  ["Z"],
];

/** The pip of each suit (0 ♣, 1 ♦, 2 ♠, 3 ♥), filled with the non-zero rule. */
export const PIPS: readonly ArtPath[] = [CLUB, DIAMOND, SPADE, HEART];

/** Pip positions for 2..10 as (column -1/0/1, row 0..1); rows past the middle are drawn upside down. */
export const PIP_LAYOUT: Record<number, readonly (readonly [number, number])[]> = {
  2: [
    [0, 0],
    [0, 1],
  ],
  3: [
    [0, 0],
    [0, 0.5],
    [0, 1],
  ],
  4: [
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, 0],
    [1, 0],
    [0, 0.5],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, 0],
    [1, 0],
    [-1, 0.5],
    [1, 0.5],
    [-1, 1],
    [1, 1],
  ],
  7: [
    [-1, 0],
    [1, 0],
    [0, 0.25],
    [-1, 0.5],
    [1, 0.5],
    [-1, 1],
    [1, 1],
  ],
  8: [
    [-1, 0],
    [1, 0],
    [0, 0.25],
    [-1, 0.5],
    [1, 0.5],
    [0, 0.75],
    [-1, 1],
    [1, 1],
  ],
  9: [
    [-1, 0],
    [1, 0],
    [-1, 1 / 3],
    [1, 1 / 3],
    [0, 0.5],
    [-1, 2 / 3],
    [1, 2 / 3],
    [-1, 1],
    [1, 1],
  ],
  10: [
    [-1, 0],
    [1, 0],
    [0, 1 / 6],
    [-1, 1 / 3],
    [1, 1 / 3],
    [-1, 2 / 3],
    [1, 2 / 3],
    [0, 5 / 6],
    [-1, 1],
    [1, 1],
  ],
};

/**
 * The court cards' crowns, by rank (9 jack, 10 queen, 11 king), in a box one crown wide: the
 * outline (filled gold, edged in the suit's ink), its jewels (circles of JEWEL_R), the jack's
 * feather, and the band across the bottom (x, y, width, height).
 */
export const CROWNS: Record<number, { outline: ArtPath; jewels: readonly (readonly [number, number])[]; feather: ArtPath | null }> = {
  11: {
    outline: [
      ["M", -0.5, 0.3],
      ["L", -0.5, -0.25],
      ["L", -0.28, 0.02],
      ["L", -0.13, -0.38],
      ["L", 0, 0.0],
      ["L", 0.13, -0.38],
      ["L", 0.28, 0.02],
      ["L", 0.5, -0.25],
      ["L", 0.5, 0.3],
      ["Z"],
    ],
    jewels: [
      [-0.5, -0.25],
      [-0.13, -0.38],
      [0.13, -0.38],
      [0.5, -0.25],
    ],
    feather: null,
  },
  10: {
    outline: [
      ["M", -0.46, 0.3],
      ["L", -0.46, -0.1],
      ["Q", -0.3, 0.06, -0.2, -0.22],
      ["Q", -0.1, 0.02, 0, -0.34],
      ["Q", 0.1, 0.02, 0.2, -0.22],
      ["Q", 0.3, 0.06, 0.46, -0.1],
      ["L", 0.46, 0.3],
      ["Z"],
    ],
    jewels: [[0, -0.34]],
    feather: null,
  },
  9: {
    outline: [["M", -0.46, 0.3], ["Q", -0.5, -0.2, 0, -0.22], ["Q", 0.5, -0.2, 0.46, 0.3], ["Z"]],
    jewels: [],
    feather: [["M", 0.12, -0.18], ["Q", 0.5, -0.5, 0.62, -0.62], ["Q", 0.42, -0.22, 0.26, -0.12], ["Z"]],
  },
};
export const JEWEL_R = 0.07;
export const CROWN_BAND = [-0.5, 0.2, 1, 0.1] as const;

/** The path as an SVG path's `d` (a circle as two half arcs, turning the way a canvas arc does). */
export function svgPath(path: ArtPath): string {
  const n = (x: number) => String(Math.round(x * 10000) / 10000);
  return path
    .map((c) => {
      if (c[0] === "O") {
        const [, x, y, r] = c;
        return `M${n(x + r)} ${n(y)}A${n(r)} ${n(r)} 0 1 1 ${n(x - r)} ${n(y)}A${n(r)} ${n(r)} 0 1 1 ${n(x + r)} ${n(y)}Z`;
      }
      return (
        c[0] +
        c
          .slice(1)
          .map((v) => n(v as number))
          .join(" ")
      );
    })
    .join("");
}
