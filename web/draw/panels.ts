/** The panels over the table: the rules, the moon's choice, a hand's scores, game over. */
import { placings, scoreRows, type PageState } from "../state.js";
import { drawRematchButton } from "../lobby.js";
import { button, el, type Actions } from "./dom.js";

/** The table's rules as /hearts rules says them, after the one sentence every variant shares. */
export function rulesEl(s: PageState, a: Actions): HTMLElement {
  const { t, rules } = s;
  return el(
    "section",
    { class: "panel rules-panel", role: "dialog", "aria-label": t.rules },
    el("h2", {}, rules?.title ?? t.rules),
    rules ? el("p", { class: "about" }, rules.about) : null,
    el("p", {}, t.rulesBasics),
    ...(rules ? rules.lines.map((text) => el("p", {}, text)) : [el("p", {}, t.rulesLoading)]),
    button(t.ok, () => a.toggleRules()),
  );
}

export function moonEl(s: PageState, a: Actions): HTMLElement {
  const { t } = s;
  return el(
    "section",
    { class: "panel", role: "dialog", "aria-label": t.moonTitle },
    el("h2", {}, t.moonTitle),
    button(t.moonAdd, () => a.moon("add"), { class: "primary" }),
    button(t.moonSubtract, () => a.moon("subtract")),
  );
}

function scoresTable(s: PageState): HTMLElement {
  const { names, rows } = scoreRows(s);
  return el(
    "table",
    { class: "scores" },
    el("thead", {}, el("tr", {}, el("th", {}, "#"), ...names.map((name) => el("th", { scope: "col" }, name)))),
    el("tbody", {}, ...rows.map((r) => el("tr", {}, el("th", { scope: "row" }, String(r.hand)), ...r.cells.map((c) => el("td", {}, c))))),
  );
}

export function scoresEl(s: PageState, a: Actions): HTMLElement {
  const title = s.t.scoresTitle({ n: s.table!.game!.history.length });
  return el(
    "section",
    { class: "panel hand-scores", role: "dialog", "aria-label": title },
    el("h2", {}, title),
    scoresTable(s),
    button(s.t.ok, () => a.dismissScores(), { class: "primary" }),
  );
}

export function gameOverEl(s: PageState, a: Actions): HTMLElement {
  const { t } = s;
  const p = placings(s);
  const over = el(
    "section",
    { class: "panel over", role: "dialog", "aria-label": t.gameOver },
    el("h2", {}, t.gameOver),
    el("p", { class: "winner" }, p.winner),
    el("ol", { class: "placings" }, ...p.lines.map((line) => el("li", {}, line))),
    scoresTable(s),
  );
  drawRematchButton(over, { table: s.table!, you: s.you, t, send: a.send });
  return over;
}
