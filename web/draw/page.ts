/** The whole page for one state: a status line before there is a table, the lobby, or the game. */
import { overlay, pageFacts, type PageState } from "../state.js";
import { el, type Actions } from "./dom.js";
import { handEl } from "./hand.js";
import { gameOverEl, moonEl, rulesEl, scoresEl } from "./panels.js";
import { rulesButton, seatsEl, tableEl, topBar } from "./table.js";

/** A sentence alone on the page (signing in, a connection closed for good). */
export function drawStatus(root: HTMLElement, text: string): void {
  root.replaceChildren(el("p", { class: "status", role: "status" }, text));
}

function lineEl(s: PageState): HTMLElement {
  return el("p", { class: `line ${s.line?.tone ?? ""}`, role: "status", "aria-live": "polite" }, s.line?.text ?? "");
}

/** Draws `s` into `root`; true when a game's table was drawn. */
export function drawPage(root: HTMLElement, s: PageState, a: Actions): boolean {
  const { t, table } = s;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.card : undefined;
  if (!table) {
    root.replaceChildren(el("p", { class: "status", role: "status" }, s.session ? t.noTable : t.connecting), lineEl(s));
    return false;
  }
  // For whoever drives the page from outside (the browser tests): what it shows now.
  const f = pageFacts(s);
  root.dataset.phase = f.phase;
  root.dataset.version = String(f.version);
  root.dataset.waiting = String(f.waiting);
  if (!table.game) {
    root.replaceChildren(
      el("p", { class: "status", role: "status" }, table.status === "lobby" ? t.lobby({ n: table.seats.length }) : t.closed),
      seatsEl(s),
      el("nav", { class: "tools lobby" }, rulesButton(s, a)),
      lineEl(s),
      ...(s.showRules ? [rulesEl(s, a)] : []),
    );
    return false;
  }
  const panel = overlay(s);
  root.replaceChildren(
    ...[
      topBar(s, a),
      tableEl(s),
      lineEl(s),
      panel === "game-over" ? gameOverEl(s) : panel === "moon" ? moonEl(s, a) : panel === "scores" ? scoresEl(s, a) : null,
      s.showRules ? rulesEl(s, a) : null,
      table.hand ? handEl(s, a) : el("p", { class: "spectator" }, t.spectating),
    ].filter((c): c is HTMLElement => c !== null),
  );
  // Keyboard play: focus stays on the card it was on.
  if (focused !== undefined) {
    const again = root.querySelector<HTMLElement>(`[data-card="${focused}"]`) ?? root.querySelector<HTMLElement>(".hand button");
    again?.focus();
  }
  return true;
}
