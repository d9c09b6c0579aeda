/**
 * Where a game's chance comes from: its deal key. A game is (rules, deal key, actions).
 *
 * Format 1, games stored before deal keys had formats: a 32-bit seed through mulberry32 (rng.ts),
 * kept byte for byte so those games replay. Thirteen cards pin a 32-bit seed, so a player could
 * search for it and know every hidden hand: no new game uses it.
 *
 * Format 2: a 256-bit secret drawn by the table (node:crypto) expanded by ChaCha20's keystream
 * (RFC 8439, from node:crypto's OpenSSL: no cipher written here). Each use has its own nonce (a
 * purpose and up to two indices: the hand for a deal, the position for a computer player's
 * decision), so the streams are independent and nothing a player sees (cards, the computer
 * players' choices, hints) tells anything about the secret.
 *
 * This module and the engine are the only parts of src/game that import node:crypto; the card
 * helpers a browser would want (cards.ts, rules.ts, view.ts) stay free of it.
 */
import { createCipheriv, createHmac } from "node:crypto";
import { mix32, shuffledDeck } from "./rng.js";

export type DealKey =
  | { format: 1; seed: number }
  /** `secret`: 64 hex digits (32 bytes). Never logged, shown or put in an id. */
  | { format: 2; secret: string };

export type DealFormat = DealKey["format"];

const SECRET_RE = /^[0-9a-f]{64}$/;

/** Whether `secret` is a format 2 secret: 64 lowercase hex digits. */
export const isDealSecret = (secret: unknown): secret is string => typeof secret === "string" && SECRET_RE.test(secret);

/**
 * A deal key nobody can compute without `key`: HMAC-SHA256(key, message), the whole 256 bits as a
 * format 2 secret (format 1, for games stored before formats: its first 32 bits as a seed). The
 * daily challenge's day and a tournament's round are dealt this way, every player the same cards.
 */
export function derivedDealKey(key: string | Buffer, message: string, format: DealFormat = 2): DealKey {
  const mac = createHmac("sha256", key).update(message).digest();
  return format === 1 ? { format: 1, seed: mac.readUInt32BE(0) } : { format: 2, secret: mac.toString("hex") };
}

/** A number is a format 1 seed (simulations, benchmarks and games stored before formats). */
export const dealKeyOf = (key: DealKey | number): DealKey => (typeof key === "number" ? { format: 1, seed: key >>> 0 } : key);

/** The purposes a key's stream serves, each its own nonce space (never reuse or renumber one). */
const PURPOSE = { deal: 0, bot: 1, review: 2, hint: 3, "daily-bot": 4 } as const;
export type SeedPurpose = Exclude<keyof typeof PURPOSE, "deal">;

/** ChaCha20's keystream for (key, purpose, a, b): node's 16-byte IV is the 32-bit block counter, then the 96-bit nonce. */
function keystream(secret: string, purpose: number, a: number, b: number) {
  if (!isDealSecret(secret)) throw new Error("A format 2 deal key needs a 64-hex-digit secret.");
  const iv = Buffer.alloc(16);
  iv.writeUInt32LE(purpose, 4);
  iv.writeUInt32LE(a >>> 0, 8);
  iv.writeUInt32LE(b >>> 0, 12);
  const cipher = createCipheriv("chacha20", Buffer.from(secret, "hex"), iv);
  let buf = Buffer.alloc(0);
  let at = 0;
  return {
    /** The next 32 bits of the stream. */
    uint32(): number {
      if (at + 4 > buf.length) {
        // 256 bytes cover a whole deck (51 draws) with room for rejections; more if ever needed.
        buf = cipher.update(Buffer.alloc(256));
        at = 0;
      }
      const x = buf.readUInt32LE(at);
      at += 4;
      return x;
    },
  };
}

/** A uniform integer in [0, n) from 32-bit draws, by rejection: no modulo bias. */
function below(next: () => number, n: number): number {
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const x = next();
    if (x < limit) return x % n;
  }
}

/** The deck order of hand `handIndex`: seat s gets cards 13s..13s+12. */
export function dealtDeck(key: DealKey, handIndex: number): number[] {
  if (key.format === 1) return shuffledDeck(key.seed, handIndex);
  const stream = keystream(key.secret, PURPOSE.deal, handIndex, 0);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  // Fisher–Yates, each swap position uniform.
  for (let i = deck.length - 1; i > 0; i--) {
    const j = below(stream.uint32, i + 1);
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/**
 * The 32-bit seed of one decision's sampling randomness (a computer player's move, a hint, a
 * review, the daily's computer players), the one place these are derived. Format 2: from the
 * key's stream under its own purpose and indices. Format 1: what such games used before formats
 * (a hint then had no seed: undefined, the AI's own per-position seed).
 *
 * - bot: a table's computer player or turn-clock stand-in; `a` the action count.
 * - review: a reviewed decision; `a` the index of the action in the log.
 * - hint: `a` the action count, `b` the seat.
 * - daily-bot: the daily's computer players; `a` the seat, `b` the action count.
 */
export function decisionSeed(key: DealKey, purpose: SeedPurpose, a: number, b = 0): number | undefined {
  if (key.format === 2) return keystream(key.secret, PURPOSE[purpose], a, b).uint32();
  const seed = key.seed;
  switch (purpose) {
    case "bot":
      return seed ^ a;
    case "review":
      return mix32(seed ^ Math.imul(a + 1, 0x9e3779b1));
    case "daily-bot":
      return mix32(mix32(seed ^ Math.imul(a + 1, 0x27d4eb2d)) ^ b);
    case "hint":
      return undefined;
  }
}
