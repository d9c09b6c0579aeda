/**
 * Card faces as the chat's pictures draw them (src/render/cards.ts, the large-index style of a
 * hand), from the same art (src/render/card-art.ts): the rank and suit in two corners, the pips
 * laid out as on a real card, a large pip on an ace, a crown, letter and pip on a court card.
 * Each of the 52 faces is an SVG symbol, made once into one hidden sprite in the page; a card on
 * screen is a small SVG that uses its symbol in the suit's ink (the chat's colours, two or four),
 * so drawing a hand again costs a few elements, not hundreds.
 */
import { CROWNS, CROWN_BAND, JEWEL_R, PIP_LAYOUT, PIPS, RANKS, svgPath } from "../../src/render/card-art.js";
import { COLORS, SUIT_INK, SUIT_INK_4 } from "../../src/render/theme.js";

/** The chat's card size (src/render/cards.ts CARD_W, CARD_H): the faces' coordinates. */
const W = 96;
const H = 134;
const SVG = "http://www.w3.org/2000/svg";
const FONT = `font-family="DejaVu Sans, system-ui, sans-serif" font-weight="700" text-anchor="middle"`;

const n = (x: number) => String(Math.round(x * 100) / 100);
/** A pip of `suit` centred at (x, y), `size` tall, upside down if `flip`; `fill` defaults to the ink. */
const pip = (suit: number, x: number, y: number, size: number, flip = false, fill = "") =>
  `<use href="#pip${suit}" transform="translate(${n(x)} ${n(y)}) scale(${n(size)} ${n(flip ? -size : size)})"${fill ? ` fill="${fill}"` : ""}/>`;

/** One corner's rank and pip (the large-index style: about 1.5× the chat table's, readable in a fanned hand). */
function index(card: number, rank: string): string {
  const suit = Math.floor(card / 13);
  const cx = W * 0.2;
  const size = Math.round(W * 0.36);
  const top = W * 0.045 + size * 0.78;
  const text =
    rank === "10"
      ? // Two digits set tight and a little narrow, as the chat's pictures do.
        `<g transform="translate(${n(cx)} ${n(top)}) scale(0.8 1)"><text x="${n(-size * 0.3)}" ${FONT} font-size="${size}">1</text><text x="${n(size * 0.27)}" ${FONT} font-size="${size}">0</text></g>`
      : `<text x="${n(cx)}" y="${n(top)}" ${FONT} font-size="${size}">${rank}</text>`;
  return text + pip(suit, cx, top + W * 0.19, W * 0.23);
}

function court(card: number, letter: string): string {
  const rank = card % 13;
  const suit = Math.floor(card / 13);
  const [fx, fy, fw, fh] = [W * 0.3, H * 0.1, W * 0.4, H * 0.8];
  const crown = CROWNS[rank];
  const s = fw * 0.62;
  const at = `transform="translate(${n(W / 2)} ${n(fy + fh * 0.2)}) scale(${n(s)})"`;
  return (
    `<rect x="${n(fx)}" y="${n(fy)}" width="${n(fw)}" height="${n(fh)}" rx="${n(W * 0.04)}" fill="#f6efd9"/>` +
    `<rect x="${n(fx)}" y="${n(fy)}" width="${n(fw)}" height="${n(fh)}" rx="${n(W * 0.04)}" fill="currentColor" fill-opacity="0.12" stroke="currentColor" stroke-width="${n(Math.max(1.2, W * 0.016))}"/>` +
    `<g ${at}><path d="${svgPath(crown.outline)}" fill="${COLORS.gold}" stroke="currentColor" stroke-width="0.06" stroke-linejoin="round"/>` +
    crown.jewels.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${JEWEL_R}"/>`).join("") +
    (crown.feather ? `<path d="${svgPath(crown.feather)}"/>` : "") +
    `<rect x="${CROWN_BAND[0]}" y="${CROWN_BAND[1]}" width="${CROWN_BAND[2]}" height="${CROWN_BAND[3]}"/></g>` +
    `<text x="${n(W / 2)}" y="${n(fy + fh * 0.6)}" ${FONT} font-size="${Math.round(W * 0.3)}">${letter}</text>` +
    pip(suit, W / 2, fy + fh * 0.8, fw * 0.42)
  );
}

/** The middle of the card: the pips of 2 to 10 (as laid out with large indexes), an ace's big pip, a court card. */
function middle(card: number, rank: string): string {
  const suit = Math.floor(card / 13);
  if (card % 13 <= 8) {
    const [size, colX, top, bottom] = [W * 0.15, W * 0.13, H * 0.3, H * 0.7];
    return PIP_LAYOUT[(card % 13) + 2]
      .map(([col, row]) => pip(suit, W / 2 + col * colX, top + row * (bottom - top), size, row > 0.5))
      .join("");
  }
  if (card % 13 === 12) {
    // The ace of spades carries an ornament: a light ring inside the pip.
    return (
      pip(suit, W / 2, H / 2, W * (suit === 2 ? 0.56 : 0.46)) +
      (suit === 2
        ? pip(suit, W / 2, H / 2 + W * 0.01, W * 0.3, false, COLORS.cardFace) + pip(suit, W / 2, H / 2 + W * 0.015, W * 0.22)
        : "")
    );
  }
  return court(card, rank);
}

function symbol(card: number, rank: string, id: string): string {
  return (
    `<symbol id="${id}" viewBox="0 0 ${W} ${H}" fill="currentColor">` +
    `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="${n(W * 0.085)}" fill="${COLORS.cardFace}" stroke="${COLORS.cardEdge}"/>` +
    index(card, rank) +
    `<g transform="rotate(180 ${W / 2} ${H / 2})">${index(card, rank)}</g>` +
    middle(card, rank) +
    `</symbol>`
  );
}

let sprite: SVGSVGElement | null = null;
/** The symbols made, by rank letters ("J Q K" or "V D R"): a language's faces once, when first drawn. */
const made = new Map<string, string>();

/**
 * Makes the 52 faces with the ranks as `rankOf` prints them, all at once: drawn when a game is
 * first shown, so that a card first seen in the middle of a trick's animation adds nothing to the
 * page then (bench:activity's long tasks on a phone's CPU).
 */
export function prepareDeck(rankOf: (card: number) => string): void {
  const missing = Array.from({ length: 52 }, (_, card) => card).filter((card) => !made.has(`${card} ${rankOf(card)}`));
  if (!missing.length) return;
  const html = missing
    .map((card) => {
      const id = `card${made.size}`;
      made.set(`${card} ${rankOf(card)}`, id);
      return symbol(card, rankOf(card), id);
    })
    .join("");
  spriteDefs().insertAdjacentHTML("beforeend", html);
}

/** The hidden sprite's definitions, made at the first use. */
function spriteDefs(): Element {
  if (!sprite) {
    sprite = document.createElementNS(SVG, "svg");
    sprite.setAttribute("aria-hidden", "true");
    sprite.setAttribute("class", "card-art");
    sprite.innerHTML = `<defs>${PIPS.map((p, suit) => `<path id="pip${suit}" d="${svgPath(p)}"/>`).join("")}</defs>`;
    document.body.append(sprite);
  }
  return sprite.firstElementChild!;
}

/** The symbol of `card` with its rank as `rank` reads, made once into the sprite outside the part of the page drawn again. */
function symbolOf(card: number, rank: string): string {
  const key = `${card} ${rank}`;
  let id = made.get(key);
  if (!id) {
    id = `card${made.size}`;
    made.set(key, id);
    spriteDefs().insertAdjacentHTML("beforeend", symbol(card, rank, id));
  }
  return id;
}

/** A card's face, its rank as the page's language prints it (`rank`, default the chat's English), in the suit's ink of the deck style. */
export function cardFace(card: number, four: boolean, rank: string = RANKS[card % 13]): Element {
  const id = symbolOf(card, rank);
  const suit = Math.floor(card / 13);
  const face = document.createElementNS(SVG, "svg");
  face.setAttribute("class", `face s${suit}${four ? " four" : ""}`);
  face.setAttribute("viewBox", `0 0 ${W} ${H}`);
  face.setAttribute("aria-hidden", "true");
  // The rank it prints (inside the symbol, where the page's own queries do not reach).
  face.dataset.rank = rank;
  face.setAttribute("style", `color:${(four ? SUIT_INK_4 : SUIT_INK)[suit]}`);
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#${id}`);
  face.append(use);
  return face;
}
