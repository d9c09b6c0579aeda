/** Your hand: the cards to click (lit, dim with the reason, picked for the pass) and the pass button. */
import { rankText } from "../../src/i18n/cards.js";
import { fourColours, handShown, type PageState } from "../state.js";
import { button, el, type Actions } from "./dom.js";
import { cardFace } from "./face.js";
import { stillOutEl } from "./table.js";

export function handEl(s: PageState, a: Actions): HTMLElement {
  const four = fourColours(s);
  const shown = handShown(s);
  const n = shown.cards.length;
  const cards = shown.cards.map((c, i) => {
    const b = el(
      "button",
      {
        type: "button",
        class: `card${c.playable ? " lit" : " dim"}${c.picked ? " picked" : ""}${c.hinted ? " hinted" : ""}`,
        "aria-label": c.label,
        title: c.reason ?? undefined,
        "aria-disabled": c.playable ? undefined : "true",
        "aria-pressed": shown.passing ? String(c.picked) : undefined,
        tabindex: i === Math.min(s.focusIndex, n - 1) ? 0 : -1,
        "data-card": c.card,
        style: `--i:${i};--n:${n}`,
      },
      cardFace(c.card, four, rankText(s.cw, c.card)),
    );
    b.addEventListener("click", () => {
      a.focus(i);
      if (shown.passing) a.pick(c.card);
      else if (c.playable) a.play(c.card);
      else a.refuse(c.reason!);
    });
    b.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      const next = (i + step + n) % n;
      a.focus(next);
      const all = b.parentElement!.querySelectorAll<HTMLElement>(".card");
      for (const other of all) other.tabIndex = -1;
      all[next].tabIndex = 0;
      all[next].focus();
    });
    return b;
  });
  return el(
    "section",
    { class: "mine", "aria-label": s.t.yourHand },
    shown.stillOut ? stillOutEl(s, shown.stillOut) : null,
    el(
      "div",
      { class: `hand${shown.offline ? " offline" : ""}`, role: "toolbar", "aria-label": s.t.yourHand, style: `--n:${n}` },
      ...cards,
    ),
    shown.pass
      ? el(
          "div",
          { class: "actions" },
          button(shown.pass.label, () => a.pass(), { class: "primary", disabled: !shown.pass.ready }),
        )
      : null,
  );
}
