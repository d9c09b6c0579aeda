/** The header (what is happening, the tools), the seats and the trick on the table. */
import { SUIT_SYMBOLS } from "../../src/game/cards.js";
import { cardText, rankText } from "../../src/i18n/cards.js";
import { facts, fourColours, headline, seatShown, tools, trickShown, type PageState, type Tool } from "../state.js";
import { button, el, type Actions } from "./dom.js";
import { cardFace } from "./face.js";

export function topBar(s: PageState, a: Actions): HTMLElement {
  const { t } = s;
  const toolEl = (tool: Tool): HTMLElement => {
    switch (tool.kind) {
      case "hint":
        return button(t.hint, () => a.hint());
      case "undo":
        return button(t.undo, () => a.undo(tool.card));
      case "last":
        return button(tool.pressed ? t.hideLastTrick : t.showLastTrick, () => a.toggleLast(), { "aria-pressed": String(tool.pressed) });
      case "four":
        return button(t.fourColours, () => a.toggleFour(), { "aria-pressed": String(tool.pressed), class: "four-colours" });
      case "rules":
        return rulesButton(s, a);
    }
  };
  return el(
    "header",
    { class: "top" },
    el("h1", { class: "what" }, headline(s)),
    el("p", { class: "facts" }, ...facts(s).map((f) => el("span", { class: f.broken ? "broken" : "" }, f.text))),
    el("nav", { class: "tools" }, ...tools(s).map(toolEl)),
  );
}

export function rulesButton(s: PageState, a: Actions): HTMLElement {
  return button(s.t.rules, () => a.toggleRules(), { "aria-pressed": String(s.showRules), class: "rules" });
}

/**
 * Where the page reaches Discord's CDN: the Activity's URL mapping /cdn → cdn.discordapp.com, a
 * path of the page's own origin (under /.proxy when the page is), the one patchUrlMappings makes
 * of a CDN address. The page's Content-Security-Policy allows no other origin.
 */
const CDN = `${location.pathname.startsWith("/.proxy/") ? "/.proxy" : ""}/cdn/`;
/** Avatars that did not load: their initial stays, and they are not asked for again. */
const failed = new Set<string>();

/** A seat's face: its person's Discord avatar over their initial (which shows while it loads, or if it cannot). */
function avatarEl(initial: string, avatar: string | null): HTMLElement {
  const face = el("span", { class: "avatar", "aria-hidden": "true" }, initial);
  if (avatar && !failed.has(avatar)) {
    const img = el("img", { src: CDN + avatar, alt: "", draggable: "false" });
    img.addEventListener("error", () => {
      failed.add(avatar);
      img.remove();
    });
    face.append(img);
  }
  return face;
}

export function seatEl(s: PageState, seatNo: number): HTMLElement {
  const x = seatShown(s, seatNo);
  if (x.empty) return el("div", { class: `seat ${x.place} empty` }, "—");
  const clock = x.deadline ? Math.max(0, Math.round((x.deadline - Date.now()) / 1000)) : null;
  return el(
    "div",
    {
      class: `seat ${x.place}${x.turn ? " turn" : ""}${x.you ? " you" : ""}${x.bot ? " bot" : ""}`,
      "aria-label": x.label,
      "data-seat": x.seat,
    },
    avatarEl(x.initial, x.avatar),
    el("span", { class: "name" }, x.name),
    x.score ? el("span", { class: "score", title: x.score.title }, x.score.text) : null,
    x.count !== null ? el("span", { class: "count" }, x.count) : null,
    clock !== null ? el("span", { class: "clock", "data-deadline": x.deadline! }, s.t.secondsLeft({ s: clock })) : null,
  );
}

/** The four seats, in the lobby (no table drawn yet). */
export function seatsEl(s: PageState): HTMLElement {
  return el("section", { class: "seats" }, ...[0, 1, 2, 3].map((n) => seatEl(s, n)));
}

/** The trick on the table (the one just taken during its moment); its class says where it is swept (trickClass). */
export function trickEl(s: PageState): HTMLElement {
  const four = fourColours(s);
  const trick = trickShown(s);
  const taken = trick.taken;
  return el(
    "div",
    { class: trickClass(s), "data-taken": taken ? String(taken.trickNumber) : undefined },
    // The four places, each a card's width and height apart, so no card covers another.
    el(
      "div",
      { class: "spot" },
      ...trick.cards.map((c) =>
        el(
          "div",
          { class: `played ${c.place}${c.won ? " won" : ""}`, "aria-label": cardText(s.cw, c.card) },
          cardFace(c.card, four, rankText(s.cw, c.card)),
        ),
      ),
    ),
    // Who takes it, under the cards (its line is kept when empty: the cards do not move when it comes).
    el("p", { class: `taker${taken ? "" : " none"}` }, taken?.taker ?? ""),
  );
}

/** "trick taken sweep-left": the sweep starts by this class alone, the cards staying where they are. */
export function trickClass(s: PageState): string {
  const taken = trickShown(s).taken;
  return `trick${taken ? " taken" : ""}${taken?.sweepTo ? ` sweep-${taken.sweepTo}` : ""}`;
}

/** The played-cards list, as the chat's menu words it; each suit's sign in the deck style's colour. */
export function stillOutEl(s: PageState, text: string): HTMLElement {
  const four = fourColours(s);
  const parts = text.split(/([♣♦♠♥])/u).map((part) => {
    const suit = (SUIT_SYMBOLS as readonly string[]).indexOf(part);
    return suit < 0 ? part : el("span", { class: `sign s${suit}${four ? " four" : ""}` }, part);
  });
  return el("p", { class: "still-out" }, ...parts);
}

/** The seats' clocks tick between frames. */
export function tickClocks(root: HTMLElement, s: PageState): void {
  for (const c of root.querySelectorAll<HTMLElement>(".clock")) {
    const at = Number(c.dataset.deadline);
    c.textContent = s.t.secondsLeft({ s: Math.max(0, Math.round((at - Date.now()) / 1000)) });
  }
}
