/**
 * Your hand: the cards to click (lit, dim with the reason, picked for the pass) and the pass button.
 * The hand's cards are kept on the page from frame to frame, one button a card: a frame changes
 * only what it must (a card lit or dimmed, picked, gone, new after the pass), so a frame that moves
 * the trick on does not draw thirteen faces again in the middle of its animation (bench:activity).
 */
import { rankText } from "../../src/i18n/cards.js";
import { fourColours, handShown, type CardShown, type HandShown, type PageState } from "../state.js";
import { button, el, type Actions } from "./dom.js";
import { cardFace } from "./face.js";
import { stillOutEl } from "./table.js";

/** What the hand's buttons act on: the hand as last drawn (a click reads it then, not as it was when the button was made). */
let latest: { shown: HandShown; a: Actions } | null = null;

/** The hand's frame: its cards' row, the played-cards line and the pass button go in it (updateHand). */
export function handEl(s: PageState): HTMLElement {
  return el(
    "section",
    { class: "mine", "aria-label": s.t.yourHand },
    el("p", { class: "still-out" }),
    el("div", { class: "hand", role: "toolbar", "aria-label": s.t.yourHand }),
    el("div", { class: "actions" }),
  );
}

/** Brings the hand drawn in `section` (handEl) to what `s` shows, keeping every card's button. */
export function updateHand(section: HTMLElement, s: PageState, a: Actions): void {
  const shown = handShown(s);
  latest = { shown, a };
  const four = fourColours(s);
  const [still, hand, actions] = [...section.children] as HTMLElement[];
  const stillKey = `${four} ${shown.stillOut ?? ""}`;
  if (still.dataset.key !== stillKey) {
    still.dataset.key = stillKey;
    still.replaceChildren(...(shown.stillOut ? stillOutEl(s, shown.stillOut).childNodes : []));
    still.hidden = !shown.stillOut;
  }
  const n = shown.cards.length;
  hand.className = `hand${shown.offline ? " offline" : ""}`;
  hand.style.setProperty("--n", String(n));
  const old = new Map<number, HTMLButtonElement>();
  for (const b of hand.children) if (b instanceof HTMLButtonElement) old.set(Number(b.dataset.card), b);
  let at = hand.firstElementChild;
  shown.cards.forEach((c, i) => {
    let b = old.get(c.card);
    old.delete(c.card);
    if (!b) b = cardButton(s, c.card, four);
    setCard(b, c, i, n, shown.passing, i === Math.min(s.focusIndex, n - 1));
    if (b === at) at = at.nextElementSibling;
    else hand.insertBefore(b, at);
  });
  for (const gone of old.values()) gone.remove();
  const passKey = shown.pass ? `${shown.pass.label} ${shown.pass.ready}` : "";
  if (actions.dataset.key !== passKey) {
    actions.dataset.key = passKey;
    actions.replaceChildren(
      ...(shown.pass ? [button(shown.pass.label, () => latest?.a.pass(), { class: "primary", disabled: !shown.pass.ready })] : []),
    );
    actions.hidden = !shown.pass;
  }
}

function cardButton(s: PageState, card: number, four: boolean): HTMLButtonElement {
  const b = el("button", { type: "button", class: "card", "data-card": card }, cardFace(card, four, rankText(s.cw, card)));
  b.addEventListener("click", () => {
    if (!latest) return;
    const { shown, a } = latest;
    const i = shown.cards.findIndex((x) => x.card === card);
    const c = shown.cards[i];
    if (!c) return;
    a.focus(i);
    if (shown.passing) a.pick(card);
    else if (c.playable) a.play(card);
    else a.refuse(c.reason!);
  });
  b.addEventListener("keydown", (e) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step || !latest) return;
    e.preventDefault();
    const all = [...b.parentElement!.querySelectorAll<HTMLElement>(".card")];
    const next = (all.indexOf(b) + step + all.length) % all.length;
    latest.a.focus(next);
    for (const other of all) other.tabIndex = -1;
    all[next].tabIndex = 0;
    all[next].focus();
  });
  return b;
}

/** Sets a card's button to what it shows now; an attribute is written only when it changes. */
function setCard(b: HTMLButtonElement, c: CardShown, i: number, n: number, passing: boolean, focusable: boolean): void {
  const attr = (name: string, value: string | null) => {
    if (b.getAttribute(name) === value) return;
    if (value === null) b.removeAttribute(name);
    else b.setAttribute(name, value);
  };
  const cls = `card${c.playable ? " lit" : " dim"}${c.picked ? " picked" : ""}${c.hinted ? " hinted" : ""}`;
  if (b.className !== cls) b.className = cls;
  attr("aria-label", c.label);
  attr("title", c.reason);
  attr("aria-disabled", c.playable ? null : "true");
  attr("aria-pressed", passing ? String(c.picked) : null);
  attr("tabindex", focusable ? "0" : "-1");
  attr("style", `--i:${i};--n:${n}`);
}
