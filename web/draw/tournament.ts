/** The tournament panel beside the table: its name, the round and its clock, the standings (the top few and you). */
import { tournamentShown, type PageState } from "../state.js";
import { el } from "./dom.js";

export function tournamentEl(s: PageState): HTMLElement {
  const x = tournamentShown(s, Date.now())!;
  return el(
    "aside",
    { class: "tournament", "aria-label": x.name },
    el("h2", {}, x.name),
    el("p", { class: "round" }, el("span", {}, x.round), " · ", el("span", { class: "t-clock" }, x.clock)),
    x.tables ? el("p", { class: "t-tables" }, x.tables) : null,
    el("p", { class: "t-heading" }, x.heading),
    x.rows.length ? el("ol", { class: "t-standings" }, ...x.rows.map((r) => el("li", { class: r.you ? "you" : "" }, r.text))) : null,
  );
}

/** The round clock ticks between frames. */
export function tickTournament(root: HTMLElement, s: PageState): void {
  const clock = root.querySelector<HTMLElement>(".tournament .t-clock");
  const x = clock && tournamentShown(s, Date.now());
  if (x && clock.textContent !== x.clock) clock.textContent = x.clock;
}
