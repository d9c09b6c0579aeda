/**
 * Player names as the bot shows them. A name comes from a Discord nickname, which anyone can set
 * to anything, and the bot repeats it under its own name in every post and picture. Messages put
 * names in as they are (no markdown escaping: a backslash would show in a picture and inside the
 * score table's code block), so the name itself has to be harmless text:
 * - line breaks and tabs become spaces, and runs of spaces one space;
 * - nothing invisible: controls, format characters (bidi overrides, zero-width spaces and joiners,
 *   soft hyphens) and other default-ignorable characters are dropped, except the joiners,
 *   variation selectors and tags that hold one emoji together;
 * - no markup: the characters that ping, format or hide text (@ # * _ ~ ` | < > \ [ ] ( )) go;
 * - no links: a scheme (`https://`) is dropped and a dot between two letters or digits becomes
 *   "·", so neither a URL nor an invite (`discord.gg/abc`) is clickable or embeds, and the reader
 *   still sees what was written;
 * - at most NAME_LENGTH whole grapheme clusters, so a flag or a family emoji is never cut in half.
 */

export const NAME_LENGTH = 24;
export const DEFAULT_NAME = "Player";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const clusters = (text: string): string[] => Array.from(graphemes.segment(text), (s) => s.segment);

/** Characters that draw nothing of their own (or, like U+202E, reorder what follows). */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;
const ZWJ = "\u200d";
const isVariationSelector = (ch: string): boolean => ch === "\ufe0e" || ch === "\ufe0f";
const isTag = (ch: string): boolean => ch.codePointAt(0)! >= 0xe0020 && ch.codePointAt(0)! <= 0xe007f;
const BLACK_FLAG = "\u{1f3f4}";
/** Discord markdown, mentions (<@id>, <#id>, @everyone), masked links, spoilers, quotes, escapes. */
const MARKUP = /[@#*_~`|<>\\[\]()]/g;
/** Spaces, line breaks and tabs, and the braille blank (a favourite "empty name"): one space each run. */
const BLANK = /[\p{White_Space}\u2800]+/gu;
/** `https://`, `steam://`…: dropped, since Discord links anything after one. */
const SCHEME = /[a-z][a-z0-9+.-]*:\/\//giu;

/** A dot (or a full-width or ideographic one) joining two parts of a host name. */
const HOST_DOT = /(?<=[\p{L}\p{N}\p{M}-])[.\u3002\uff0e\uff61](?=[\p{L}\p{N}])/gu;

/** Drops schemes until none is left: removing one must not join `https:` and `//` into another. */
function withoutSchemes(text: string): string {
  let out = text;
  for (let before = ""; before !== out;) [before, out] = [out, out.replace(SCHEME, "")];
  return out;
}

/**
 * One grapheme without its invisible characters. An emoji keeps only what holds it together: a
 * variation selector right after a visible character, a ZWJ between two pictographs (👨‍👩‍👧),
 * the tags of a subdivision flag (🏴 followed by tags).
 */
function visible(cluster: string): string {
  const chars = Array.from(cluster);
  const emoji = EMOJI.test(cluster);
  return chars
    .filter((ch, i) => {
      if (!INVISIBLE.test(ch)) return true;
      if (!emoji) return false;
      if (ch === ZWJ) return i > 0 && i + 1 < chars.length && PICTOGRAPH.test(chars[i + 1]);
      if (isVariationSelector(ch)) return i > 0 && !INVISIBLE.test(chars[i - 1]);
      return isTag(ch) && chars[0] === BLACK_FLAG;
    })
    .join("");
}

/** Keeps names short, visible and free of Discord markup and links, so they cannot ping, format or advertise. */
export function cleanName(name: string): string {
  const plain = clusters(name.replace(BLANK, " ")).map(visible).join("").replace(MARKUP, "").replace(BLANK, " ");
  const text = withoutSchemes(plain).replace(HOST_DOT, "·").trim();
  const cut = clusters(text).slice(0, NAME_LENGTH).join("").trimEnd();
  return cut || DEFAULT_NAME;
}

/**
 * `text.slice(0, maxLength)` that never splits a grapheme: the longest run of whole clusters whose
 * length (UTF-16 units, as Discord's limits and padEnd count) is at most `maxLength`.
 */
export function cutGraphemes(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let out = "";
  for (const g of clusters(text)) {
    if (out.length + g.length > maxLength) break;
    out += g;
  }
  return out;
}
