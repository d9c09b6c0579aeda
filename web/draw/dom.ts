/** Making elements, and what the drawn page may ask main.ts to do when someone clicks. */
import type { ClientMessage } from "../../src/activity/protocol.js";

/**
 * Everything a click on the page can do: main.ts changes the state or sends to the server, with
 * the version of the picture shown now (a part of the page is kept while what it shows is the same).
 */
export interface Actions {
  /** Sends a message to the server as it is (the lobby's buttons, Rematch: web/lobby.ts). */
  send(m: ClientMessage): void;
  play(card: number): void;
  pick(card: number): void;
  /** Passes the cards picked. */
  pass(): void;
  moon(choice: "add" | "subtract"): void;
  hint(): void;
  undo(card: number): void;
  /** A dim card clicked: the line says why it may not be played. */
  refuse(text: string): void;
  toggleLast(): void;
  toggleFour(): void;
  toggleRules(): void;
  dismissScores(): void;
  /** The hand's card keyboard focus is on. */
  focus(index: number): void;
}

type Child = Node | string | null | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | number | undefined | null> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = String(v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== false) e.append(c);
  return e;
}

export function button(label: string, onClick: () => void, attrs: Record<string, string | boolean | undefined> = {}): HTMLButtonElement {
  const b = el("button", { type: "button", ...attrs }, label);
  b.addEventListener("click", onClick);
  return b;
}
