/**
 * custom_ids: a small, versioned, typed format, encoded and decoded only here.
 *
 *   h1:<verb>:<tableId>:<version>[:<argument>]      e.g. "h1:play:t8f3k2:2j:QS"
 *
 * The version (base 36) is the game's action count when the menu was built: it tells a stale menu
 * from a current one. A custom_id never says who acts: that is always the interaction's user.
 */
import { cardCode, parseCard, type Card, type MoonChoice } from "../../game/index.js";

export type ComponentId =
  | { verb: "join" | "leave" | "start" | "rules" | "hand" | "scores" | "rematch" | "hint" | "activity"; tableId: string }
  | { verb: "bot"; tableId: string }
  | { verb: "preset"; tableId: string }
  | { verb: "play"; tableId: string; version: number; card: Card }
  /** Take back `card` (the person's last card; version: the menu's action count). */
  | { verb: "undo"; tableId: string; version: number; card: Card }
  | { verb: "pick"; tableId: string; version: number }
  | { verb: "pass"; tableId: string; version: number; cards: Card[] }
  | { verb: "moon"; tableId: string; version: number; choice: MoonChoice }
  /** /hearts privacy's buttons: no table (tableId is NO_TABLE); they act on whoever clicks, where. */
  | { verb: "privacy"; tableId: typeof NO_TABLE; action: PrivacyAction }
  // The daily challenge's private menu (src/discord/handlers/daily.ts): the "table id" is the day's number.
  | { verb: "dshare"; tableId: string }
  | { verb: "dplay"; tableId: string; version: number; card: Card }
  | { verb: "dpick"; tableId: string; version: number }
  | { verb: "dpass"; tableId: string; version: number; cards: Card[] }
  | { verb: "dmoon"; tableId: string; version: number; choice: MoonChoice }
  // A tournament's sign-up message (src/discord/handlers/tournament.ts): the "table id" is the tournament's.
  | { verb: "tjoin" | "tleave"; tableId: string };

/** The table slot of a custom_id that belongs to no table. */
export const NO_TABLE = "-";
export const PRIVACY_ACTIONS = ["forget", "forget-yes", "purge", "purge-yes"] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];

const PREFIX = "h1";
const SIMPLE = new Set([
  "join",
  "leave",
  "start",
  "rules",
  "hand",
  "scores",
  "rematch",
  "hint",
  "bot",
  "preset",
  "dshare",
  "activity",
  "tjoin",
  "tleave",
]);
const TABLE_ID = /^[A-Za-z0-9_-]{1,40}$/;
const VERSION = /^[0-9a-z]{1,6}$/;
/** The daily's verbs name a day number in the table slot: digits only (it reaches the store as a number). */
const DAILY_VERBS = new Set(["dshare", "dplay", "dpick", "dpass", "dmoon"]);
const DAY = /^[1-9][0-9]{0,6}$/;

export function encodeId(id: ComponentId): string {
  const head = `${PREFIX}:${id.verb}:${id.tableId}`;
  switch (id.verb) {
    case "play":
    case "dplay":
    case "undo":
      return `${head}:${id.version.toString(36)}:${cardCode(id.card)}`;
    case "pick":
    case "dpick":
      return `${head}:${id.version.toString(36)}`;
    case "pass":
    case "dpass":
      return `${head}:${id.version.toString(36)}:${id.cards.map(cardCode).join(".")}`;
    case "moon":
    case "dmoon":
      return `${head}:${id.version.toString(36)}:${id.choice}`;
    case "privacy":
      return `${head}:${id.action}`;
    default:
      return head;
  }
}

/** The typed id, or null for anything this bot did not make (or made by an older format). */
export function decodeId(raw: string): ComponentId | null {
  if (raw.length > 100) return null;
  const parts = raw.split(":");
  if (parts[0] !== PREFIX || parts.length < 3) return null;
  const [, verb, tableId, v, arg] = parts;
  if (!TABLE_ID.test(tableId)) return null;
  if (DAILY_VERBS.has(verb) && !DAY.test(tableId)) return null;
  if (SIMPLE.has(verb)) return parts.length === 3 ? ({ verb, tableId } as ComponentId) : null;
  if (verb === "privacy") {
    const action = PRIVACY_ACTIONS.find((a) => a === v);
    return parts.length === 4 && tableId === NO_TABLE && action ? { verb, tableId: NO_TABLE, action } : null;
  }
  if (!VERSION.test(v ?? "")) return null;
  const version = parseInt(v, 36);
  switch (verb) {
    case "pick":
    case "dpick":
      return parts.length === 4 ? { verb, tableId, version } : null;
    case "play":
    case "dplay":
    case "undo": {
      const card = parts.length === 5 && /^[2-9TJQKA][CDSH]$/.test(arg) ? parseCard(arg) : null;
      return card === null ? null : { verb, tableId, version, card };
    }
    case "pass":
    case "dpass": {
      if (parts.length !== 5) return null;
      const codes = arg.split(".");
      if (codes.length !== 3 || !codes.every((c) => /^[2-9TJQKA][CDSH]$/.test(c))) return null;
      return { verb, tableId, version, cards: codes.map((c) => parseCard(c)!) };
    }
    case "moon":
    case "dmoon":
      return parts.length === 5 && (arg === "add" || arg === "subtract") ? { verb, tableId, version, choice: arg } : null;
    default:
      return null;
  }
}
