/** Seeded randomness: the engine's only source of chance, so a game replays exactly. */

/** splitmix32: a good 32-bit mixer, used to derive independent streams from (seed, index). */
export function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

/** mulberry32: tiny, fast, and plenty for shuffling and playouts. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => (next() * n) | 0 };
}

export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}

/** The deck order of hand `handIndex` of the game with `seed`. */
export function shuffledDeck(seed: number, handIndex: number): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  return shuffleInPlace(deck, createRng(mix32(mix32(seed) ^ Math.imul(handIndex + 1, 0x27d4eb2d))));
}
