/**
 * The whole page for one state: a status line before there is a table, the lobby, or the game.
 * The page is a few parts (the header, the table, the line, a panel, the hand), each drawn again
 * only when what it shows changed (its key): a frame that moves the trick on leaves the hand's
 * cards as they are, and the trick's sweep redraws only the table. On a phone's CPU a whole
 * redraw in the middle of a trick's animation is what made it stutter (bench:activity).
 */
import {
  fourColours,
  overlay,
  pageFacts,
  placings,
  scoreRows,
  seatShown,
  trickShown,
  facts,
  headline,
  tools,
  type PageState,
} from "../state.js";
import { rankText } from "../../src/i18n/cards.js";
import { drawLobbyButtons, lobbyLine } from "../lobby.js";
import { el, type Actions } from "./dom.js";
import { prepareDeck } from "./face.js";
import { handEl, updateHand } from "./hand.js";
import { tournamentEl } from "./tournament.js";
import { gameOverEl, moonEl, rulesEl, scoresEl } from "./panels.js";
import { rulesButton, seatEl, seatsEl, trickClass, trickEl, topBar } from "./table.js";

/** A part of the page: drawn by `draw` unless the part on the page has the same key. */
interface Part {
  key: string;
  draw: () => HTMLElement;
}

/** A sentence alone on the page (signing in, a connection closed for good). */
export function drawStatus(root: HTMLElement, text: string): void {
  patch(root, [{ key: `status ${text}`, draw: () => el("p", { class: "status", role: "status" }, text) }]);
}

function linePart(s: PageState): Part {
  return {
    key: `line ${JSON.stringify(s.line)}`,
    draw: () => el("p", { class: `line ${s.line?.tone ?? ""}`, role: "status", "aria-live": "polite" }, s.line?.text ?? ""),
  };
}

/** Puts `parts` in `root`, in order, keeping every element whose key is unchanged where it is. */
export function patch(root: HTMLElement, parts: Part[]): void {
  const old = new Map<string, HTMLElement>();
  for (const e of root.children) if (e instanceof HTMLElement && e.dataset.key) old.set(e.dataset.key, e);
  let at = root.firstElementChild;
  for (const p of parts) {
    let e = old.get(p.key);
    old.delete(p.key);
    if (!e) {
      e = p.draw();
      e.dataset.key = p.key;
    }
    if (e === at) at = at.nextElementSibling;
    else root.insertBefore(e, at);
  }
  while (at) {
    const next = at.nextElementSibling;
    at.remove();
    at = next;
  }
}

/** Draws `s` into `root`; true when a game's table was drawn. */
export function drawPage(root: HTMLElement, s: PageState, a: Actions): boolean {
  const { t, table } = s;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.card : undefined;
  if (!table) {
    const text = s.session ? t.noTable : t.connecting;
    patch(root, [{ key: `status ${text}`, draw: () => el("p", { class: "status", role: "status" }, text) }, linePart(s)]);
    return false;
  }
  // For whoever drives the page from outside (the browser tests): what it shows now.
  const f = pageFacts(s);
  root.dataset.phase = f.phase;
  root.dataset.version = String(f.version);
  root.dataset.waiting = String(f.waiting);
  const seats = JSON.stringify([0, 1, 2, 3].map((n) => seatShown(s, n)));
  const rules: Part[] = s.showRules ? [{ key: `rules ${t.rules} ${JSON.stringify(s.rules)}`, draw: () => rulesEl(s, a) }] : [];
  if (!table.game) {
    const text = table.status === "lobby" ? lobbyLine({ table, you: s.you, t }) : t.closed;
    patch(root, [
      { key: `status ${text}`, draw: () => el("p", { class: "status", role: "status" }, text) },
      { key: `seats ${seats}`, draw: () => seatsEl(s) },
      {
        key: `lobby-tools ${t.rules} ${s.showRules} ${s.you} ${JSON.stringify([table.status, table.host, table.botLevel, table.seats])}`,
        draw: () => {
          const tools = el("nav", { class: "tools lobby" }, rulesButton(s, a));
          if (table.status === "lobby") drawLobbyButtons(tools, { table, you: s.you, t, send: a.send });
          return tools;
        },
      },
      linePart(s),
      ...rules,
    ]);
    return false;
  }
  const four = fourColours(s);
  const panel = overlay(s);
  prepareDeck((card) => rankText(s.cw, card));
  const parts: Part[] = [
    { key: `top ${JSON.stringify([headline(s), facts(s), tools(s), t.rules])}`, draw: () => topBar(s, a) },
    { key: "table", draw: () => el("section", { class: "table" }) },
    linePart(s),
  ];
  if (panel === "game-over")
    parts.push({
      key: `over ${s.you} ${JSON.stringify([placings(s), scoreRows(s), table.seats, table.id])}`,
      draw: () => gameOverEl(s, a),
    });
  else if (panel === "moon") parts.push({ key: `moon ${t.moonTitle}`, draw: () => moonEl(s, a) });
  parts.push(...rules);
  parts.push(
    table.hand
      ? // Kept while the deck style and the language are: updateHand changes its cards in place.
        { key: `hand ${four} ${s.t.yourHand} ${rankText(s.cw, 10)}`, draw: () => handEl(s) }
      : { key: `watching ${t.spectating}`, draw: () => el("p", { class: "spectator" }, t.spectating) },
  );
  patch(root, parts);
  const mine = root.querySelector<HTMLElement>(":scope > .mine");
  if (mine) updateHand(mine, s, a);
  // The table: each seat, and the trick, drawn again only when it changed; a sweep only changes the trick's class.
  const tableSection = root.querySelector<HTMLElement>(":scope > .table")!;
  const trick = trickShown(s);
  tableSection.setAttribute("aria-label", trick.label);
  const still = { ...trick, taken: trick.taken && { ...trick.taken, sweepTo: null } };
  patch(tableSection, [
    // The tournament the table plays for, if any: beside the table (its clock ticks in main.ts).
    ...(s.tournament ? [{ key: `tournament ${t.tournamentStandings} ${JSON.stringify(s.tournament)}`, draw: () => tournamentEl(s) }] : []),
    ...[0, 1, 2, 3].map((n) => ({ key: `seat ${JSON.stringify(seatShown(s, n))}`, draw: () => seatEl(s, n) })),
    // A hand's scores show where its tricks were played (the table is empty then): every seat stays in sight.
    panel === "scores"
      ? { key: `scores ${JSON.stringify(scoreRows(s))} ${t.ok}`, draw: () => scoresEl(s, a) }
      : { key: `trick ${four} ${JSON.stringify(still)}`, draw: () => trickEl(s) },
  ]);
  const trickNow = tableSection.lastElementChild!;
  if (panel !== "scores" && trickNow.className !== trickClass(s)) trickNow.className = trickClass(s);
  // Keyboard play: focus stays on the card it was on.
  if (focused !== undefined && !root.contains(document.activeElement)) {
    const again = root.querySelector<HTMLElement>(`[data-card="${focused}"]`) ?? root.querySelector<HTMLElement>(".hand button");
    again?.focus();
  }
  return true;
}
