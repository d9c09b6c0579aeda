/**
 * The lobby's buttons and game over's Rematch, as the chat's table message offers them: Join or
 * Leave for anyone, Add a computer player (of a level) and Start for the host. The page only
 * offers; the server's table service decides who may do what and answers a refusal with the
 * chat's sentence. Each function draws into the element it is given and calls the `send` it is
 * given, nothing else (web/main.ts hooks them in).
 */
import { BOT_LEVELS, type BotLevel } from "../src/ai/levels.js";
import type { ClientMessage, TableFrame } from "../src/activity/protocol.js";
import type { Messages } from "../src/i18n/catalogue.js";

type Strings = Messages["activity"];

export interface LobbyView {
  table: TableFrame;
  /** The signed-in person's Discord id. */
  you: string;
  t: Strings;
  send(m: ClientMessage): void;
}

function action(label: string, name: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.action = name;
  if (primary) b.className = "primary";
  b.addEventListener("click", onClick);
  return b;
}

/** What the lobby's page says above its seats: to the host, that Start is theirs. */
export function lobbyLine(v: Omit<LobbyView, "send">): string {
  const n = v.table.seats.length;
  return v.table.host === v.you ? v.t.lobbyHost({ n }) : v.t.lobby({ n });
}

/** The lobby's buttons, before the Rules button already in `into`. */
export function drawLobbyButtons(into: HTMLElement, v: LobbyView): void {
  const { table, you, t, send } = v;
  const seated = table.seats.some((s) => s.id === you);
  const buttons: HTMLElement[] = [
    seated ? action(t.leave, "leave", () => send({ t: "leave" })) : action(t.join, "join", () => send({ t: "join" })),
  ];
  if (table.host === you) {
    if (table.seats.length < 4) {
      const level = document.createElement("select");
      level.setAttribute("aria-label", t.botLevel);
      level.dataset.action = "level";
      for (const l of BOT_LEVELS) level.append(new Option(t.level({ level: l }), l, false, l === table.botLevel));
      buttons.push(
        level,
        action(t.addBot, "addBot", () => send({ t: "addBot", level: level.value as BotLevel })),
      );
    }
    buttons.push(action(t.start, "start", () => send({ t: "start" }), true));
  }
  into.prepend(...buttons);
}

/** Rematch at game over, for the players of the finished game (the server refuses anyone else with the chat's sentence). */
export function drawRematchButton(into: HTMLElement, v: LobbyView): void {
  if (!v.table.rematch || !v.table.seats.some((s) => s.id === v.you)) return;
  into.append(action(v.t.rematch, "rematch", () => v.send({ t: "rematch" }), true));
}
