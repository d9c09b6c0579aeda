/**
 * Secrecy checker: no card of anyone's hand reaches someone who may not see it.
 *
 * It listens to every REST call the fake Discord answers (fake.onCall) and keeps, per call, who sees
 * it (`seenBy`: null = everyone), its channel, the cards its text shows and the card-bearing
 * components it carries. `check(store)` then rebuilds each table's game from the stored action log
 * (with each action's commit time) and judges every payload:
 *
 * - Components are exact: a play/pass button or a pick menu carries the version (action count) it
 *   was built at, so the checker replays to that version and requires every card on it to be in
 *   the viewer's own hand (or among the cards the viewer passed). Any such component in a payload
 *   everyone sees is a leak.
 * - Text (content, embeds, labels, options, placeholders) is judged against the game at the
 *   payload's version when it has one, else at the moment Discord received it: a card still held
 *   by another seat, that the viewer does not know of, is a leak. Cards played this hand are public.
 *   During the first GRACE_MS of a hand and its first two tricks, text without a version is not
 *   judged: the previous hand's last tricks and summary (every card of it, played or claimed) are
 *   posted as the new deal begins, and those same cards now sit in new hands. A text whose cards
 *   are exactly those of a trick already taken tells that trick, whenever it comes. Hand-shaped leaks
 *   (menus, card controls, hand pictures) are caught exactly at all times.
 * - Attachment names: a hand picture ("hand.png") must never be public, and no name may carry a card.
 * - Deal secrets: no table's format 2 secret (nor a 16-digit piece of it, in hex or base64) appears
 *   in any call the bot made (its path, body, custom_ids, file names, refused or not), nor in the
 *   log lines given to `check`.
 *
 * Text is judged against the table it is about: the one whose control the person used, or whose
 * controls the payload carries; else the tables of its channel (each test table plays in its own
 * channel or thread, one game after another), so a card of one table's trick is never compared
 * with another table's hands.
 */
import {
  OPTION_INFO,
  PRESETS,
  cardCode,
  cardLabel,
  createGame,
  parseCard,
  step,
  viewFor,
  type Card,
  type Seat,
} from "../../src/game/index.js";
import { decodeId } from "../../src/discord/interactions/ids.js";
import type { Store } from "../../src/table/store.js";
import type { StoredTable } from "../../src/table/records.js";
import type { FakeDiscord, RecordedCall } from "../fake-discord/server.js";

/** How long after a new deal the previous hand's cards still count as public (its summary may lag). */
export const GRACE_MS = 5000;
/** …and until this many cards of the new hand are played (under faults, posts may lag longer). */
export const GRACE_PLAYS = 8;

interface CompCards {
  tableId: string;
  version: number;
  verb: string;
  cards: Card[];
}

interface Payload {
  at: number;
  seenBy: string | null;
  channelId: string | null;
  /** The table of the control the person used, when this answers one (its custom_id names it). */
  clicked: string | null;
  what: string;
  textCards: Card[];
  /** The start of its text, for the report. */
  excerpt: string;
  comps: CompCards[];
  files: string[];
}

export interface SecrecyReport {
  /** REST calls that showed something to someone (messages, edits, replies, follow-ups). */
  payloads: number;
  /** Of those, payloads that showed at least one card. */
  withCards: number;
  /** Tables whose action logs were used. */
  tables: number;
  leaks: string[];
  /** Deal secrets looked for (tables of format 2, and any given to `check`). */
  secrets: number;
}

/** The forms a 64-hex-digit secret could leak in: whole (hex either case, base64, base64url), and its pieces of 16 hex digits. */
function secretForms(hex: string): string[] {
  const bytes = Buffer.from(hex, "hex");
  const pieces = [0, 16, 32, 48].map((i) => hex.slice(i, i + 16));
  return [hex, hex.toUpperCase(), bytes.toString("base64").slice(0, 40), bytes.toString("base64url").slice(0, 40), ...pieces];
}

/** A card as a person reads it, in English (Q♠) or French (D♠: R, D, V for the king, queen and jack). */
const LABEL_RE = /(10|[2-9JQKAVDR])([♣♦♠♥])/g;
const FRENCH_RANK: Record<string, string> = { V: "J", D: "Q", R: "K" };
const CODE_RE = /^[2-9TJQKA][CDSH]$/;

/**
 * Fixed sentences that name cards as rules, not as anyone's cards (presets, options, refusals,
 * statistics): taken out before looking for cards.
 */
const RULE_TEXTS = [
  ...PRESETS.flatMap((p) => [p.description, p.description.slice(0, 100)]),
  ...OPTION_INFO.map((o) => o.help),
  "The first trick must be led with the 2♣.",
  "No points on the first trick: hearts, Q♠, K♠ and A♠ must wait while you have another card.",
  "No points on the first trick: hearts and Q♠ must wait while you have another card.",
  "Fewest Q♠ taken",
  "Q♠ taken",
].sort((a, b) => b.length - a.length);

export function cardsInText(raw: string): Card[] {
  let text = raw;
  for (const t of RULE_TEXTS) if (text.includes(t)) text = text.split(t).join(" ");
  const out: Card[] = [];
  for (const m of text.matchAll(LABEL_RE)) {
    const c = parseCard((m[1] === "10" ? "T" : (FRENCH_RANK[m[1]] ?? m[1])) + m[2]);
    if (c !== null) out.push(c);
  }
  return out;
}

/** The message a call shows, or null when it shows none (GETs, deletes, deferrals, typing). */
function shownMessage(call: RecordedCall): any | null {
  if (call.method === "GET" || call.method === "DELETE" || !call.body || typeof call.body !== "object") return null;
  if (call.path.startsWith("/interactions/")) {
    const t = call.body.type;
    return t === 4 || t === 7 ? (call.body.data ?? null) : null;
  }
  if (call.path.startsWith("/webhooks/") || /^\/channels\/\d+\/messages/.test(call.path)) return call.body;
  return null;
}

function texts(msg: any): string[] {
  const out: string[] = [];
  const push = (v: unknown) => typeof v === "string" && v && out.push(v);
  push(msg.content);
  for (const e of msg.embeds ?? []) {
    push(e.title);
    push(e.description);
    push(e.footer?.text);
    push(e.author?.name);
    for (const f of e.fields ?? []) {
      push(f.name);
      push(f.value);
    }
  }
  for (const row of msg.components ?? []) {
    for (const c of row.components ?? []) {
      push(c.label);
      push(c.placeholder);
      for (const o of c.options ?? []) {
        push(o.label);
        push(o.description);
      }
    }
  }
  return out;
}

function componentCards(msg: any): CompCards[] {
  const out: CompCards[] = [];
  for (const row of msg.components ?? []) {
    for (const c of row.components ?? []) {
      const id = typeof c.custom_id === "string" ? decodeId(c.custom_id) : null;
      if (!id) continue;
      if (id.verb === "play") out.push({ tableId: id.tableId, version: id.version, verb: "play", cards: [id.card] });
      else if (id.verb === "pass") out.push({ tableId: id.tableId, version: id.version, verb: "pass", cards: id.cards });
      else if (id.verb === "pick") {
        const cards = (c.options ?? [])
          .map((o: any) => (typeof o.value === "string" && CODE_RE.test(o.value) ? parseCard(o.value) : null))
          .filter((x: Card | null): x is Card => x !== null);
        out.push({ tableId: id.tableId, version: id.version, verb: "pick", cards });
      } else if (id.verb === "moon") out.push({ tableId: id.tableId, version: id.version, verb: "moon", cards: [] });
    }
  }
  return out;
}

/** A table's game, action by action: who held what, and when each action was committed. */
interface Timeline {
  record: StoredTable;
  /** at[k]: commit time (ms) of action k. */
  at: number[];
  /** For each action count k = 0..n: per seat, cards held and cards passed; hand index; cards played this hand. */
  held: Card[][][];
  passed: (Card[] | null)[][];
  hand: number[];
  playedThisHand: Set<Card>[];
  /** Per hand index: when it was dealt (commit time of the action that dealt it; 0 for the first). */
  dealtAt: Map<number, number>;
  /** tricksBy[k]: the tricks completed within the first k actions, each its cards as one key (see trickKey). */
  tricksBy: Set<string>[];
}

/** A trick's cards (or a text's), in one order: equal keys, same cards. */
const trickKey = (cards: readonly Card[]): string => [...new Set(cards)].sort((a, b) => a - b).join(",");

async function timeline(store: Store, tableId: string): Promise<Timeline | null> {
  const record = await store.getTable(tableId);
  if (!record || record.status === "lobby") return null;
  const actions = await store.loadActions(tableId);
  const state = createGame(record.rules, record.deal);
  const t: Timeline = {
    record,
    at: actions.map((a) => a.at.getTime()),
    held: [],
    passed: [],
    hand: [],
    playedThisHand: [],
    dealtAt: new Map([[state.handIndex, 0]]),
    tricksBy: [],
  };
  let played = new Set<Card>();
  let trick: Card[] = [];
  const tricks = new Set<string>();
  const snap = () => {
    t.tricksBy.push(new Set(tricks));
    const views = ([0, 1, 2, 3] as Seat[]).map((s) => viewFor(state, s));
    t.held.push(views.map((v) => v.hand));
    t.passed.push(views.map((v) => v.passed));
    t.hand.push(state.handIndex);
    t.playedThisHand.push(new Set(played));
  };
  snap();
  for (let k = 0; k < actions.length; k++) {
    const before = state.handIndex;
    const a = actions[k].action;
    if (step(state, a, null)) break; // the log does not replay: loadGame reports that elsewhere
    if (a.type === "play") {
      played.add(a.card);
      trick.push(a.card);
      if (trick.length === 4) {
        tricks.add(trickKey(trick));
        trick = [];
      }
    }
    if (state.handIndex !== before) {
      trick = [];
      played = new Set();
      t.dealtAt.set(state.handIndex, t.at[k]);
    }
    snap();
  }
  return t;
}

/** Number of actions committed at or before `ms`. */
function countAt(t: Timeline, ms: number): number {
  let lo = 0;
  let hi = t.at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.at[mid] <= ms) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, t.held.length - 1);
}

export class SecrecyChecker {
  private readonly payloads: Payload[] = [];
  /** Every call as text (method, path, body, file names), for the deal secrets. */
  private readonly calls: string[] = [];
  private readonly tableIds = new Set<string>();
  private readonly off: () => void;
  private counted = 0;

  constructor(private readonly fake: FakeDiscord) {
    this.off = fake.onCall((call) => this.record(call));
  }

  /** Tables to judge even if no payload named them (the store's ids of tables the test made). */
  addTable(id: string): void {
    this.tableIds.add(id);
  }

  get seen(): number {
    return this.counted;
  }

  private record(call: RecordedCall): void {
    this.calls.push(
      `${call.method} ${call.path}?${call.query} ${JSON.stringify(call.body ?? null)} ${call.files.map((f) => f.name).join(" ")}`,
    );
    if (call.status >= 300) return;
    const msg = shownMessage(call);
    if (!msg) return;
    this.counted++;
    const channelId =
      /^\/channels\/(\d+)/.exec(call.path)?.[1] ?? (call.token ? (this.fake.interaction(call.token)?.channelId ?? null) : null);
    const customId = call.token ? (this.fake.interaction(call.token)?.customId ?? null) : null;
    const clicked = customId ? (decodeId(customId)?.tableId ?? null) : null;
    if (clicked) this.tableIds.add(clicked);
    const comps = componentCards(msg);
    for (const c of comps) this.tableIds.add(c.tableId);
    for (const row of msg.components ?? [])
      for (const c of row.components ?? []) {
        const id = typeof c.custom_id === "string" ? decodeId(c.custom_id) : null;
        if (id) this.tableIds.add(id.tableId);
      }
    const all = texts(msg);
    const textCards = all.flatMap(cardsInText);
    const files = [...(msg.attachments ?? []).map((a: any) => String(a.filename ?? "")), ...call.files.map((f) => f.name)];
    if (!textCards.length && !comps.length && !files.length) return;
    this.payloads.push({
      at: Date.now(),
      seenBy: call.seenBy,
      channelId,
      clicked,
      what: call.route,
      textCards,
      excerpt: all.join(" | ").replace(/\s+/g, " ").slice(0, 160),
      comps,
      files,
    });
  }

  stop(): void {
    this.off();
  }

  /**
   * Judges every payload recorded so far against the stored games; `logLines`: the bot's log,
   * searched for deal secrets with every call; `secrets`: more secrets to look for (read from the
   * database file by the test).
   */
  async check(store: Store, opts: { logLines?: readonly string[]; secrets?: readonly string[] } = {}): Promise<SecrecyReport> {
    const lines = new Map<string, Timeline>();
    for (const id of this.tableIds) {
      const t = await timeline(store, id).catch(() => null);
      if (t) lines.set(id, t);
    }
    const byChannel = new Map<string, Timeline[]>();
    for (const t of lines.values()) {
      for (const ch of [t.record.channelId, t.record.threadId]) if (ch) byChannel.set(ch, [...(byChannel.get(ch) ?? []), t]);
    }
    const leaks: string[] = [];
    let withCards = 0;
    for (const p of this.payloads) {
      if (p.textCards.length || p.comps.some((c) => c.cards.length)) withCards++;
      const leak = (why: string) => leaks.length < 50 && leaks.push(`${p.what} seen by ${p.seenBy ?? "everyone"}: ${why}`);
      for (const f of p.files) {
        if (p.seenBy === null && /^hand\.png$/i.test(f)) leak(`a private hand picture (${f})`);
        if (/(^|[^A-Za-z0-9])(10|[2-9TJQKA])[CDSH]([^A-Za-z0-9]|$)/.test(f.replace(/\.png$/i, "")))
          leak(`an attachment named after a card (${f})`);
      }
      // Components: exact, by the version they were built at.
      const versionOf = new Map<string, number>();
      for (const c of p.comps) {
        versionOf.set(c.tableId, Math.max(versionOf.get(c.tableId) ?? -1, c.version));
        if (p.seenBy === null) {
          leak(`a ${c.verb} control of table ${c.tableId} in a message everyone sees`);
          continue;
        }
        const t = lines.get(c.tableId);
        if (!t) continue;
        const seat = t.record.seats.find((s) => s.userId === p.seenBy)?.seat;
        if (seat === undefined) {
          if (c.cards.length)
            leak(`${c.verb} control with ${c.cards.map(cardCode).join(" ")} of table ${c.tableId}, where this user has no seat`);
          continue;
        }
        const k = Math.min(c.version, t.held.length - 1);
        const known = new Set([...t.held[k][seat], ...(t.passed[k][seat] ?? [])]);
        const foreign = c.cards.filter((x) => !known.has(x));
        if (foreign.length)
          leak(
            `${c.verb} control of table ${c.tableId} v${c.version} shows ${foreign.map(cardLabel).join(" ")}, not in seat ${seat}'s hand`,
          );
      }
      // Text: against the game at the payload's version, or at the time it was shown.
      if (!p.textCards.length) continue;
      // What the text is about: the tables its controls name, and the table of the control the
      // person used (an answer to a click on an earlier game's button, in the same channel, is
      // about that game), when they exist. Else the tables of its channel, each from its first action until it
      // closed (an earlier or later game in the same channel has other hands).
      const during = (t: Timeline) =>
        t.at.length > 0 &&
        p.at >= t.at[0] &&
        (["lobby", "passing", "playing"].includes(t.record.status) || p.at <= t.record.updatedAt.getTime());
      const named = [...versionOf.keys(), ...(p.clicked ? [p.clicked] : [])].map((id) => lines.get(id)).filter((x): x is Timeline => !!x);
      const tables = new Set<Timeline>(named.length ? named : p.channelId ? (byChannel.get(p.channelId) ?? []).filter(during) : []);
      for (const t of tables) {
        const v = versionOf.get(t.record.id);
        const k = v !== undefined ? Math.min(v, t.held.length - 1) : countAt(t, p.at);
        const viewerSeat = p.seenBy === null ? undefined : t.record.seats.find((s) => s.userId === p.seenBy)?.seat;
        const known = new Set<Card>(t.playedThisHand[k]);
        if (viewerSeat !== undefined) {
          for (const c of t.held[k][viewerSeat]) known.add(c);
          for (const c of t.passed[k][viewerSeat] ?? []) known.add(c);
        }
        // A new deal: the previous hand's cards are still being shown for a moment.
        const dealt = t.dealtAt.get(t.hand[k]) ?? 0;
        const inGrace = dealt > 0 && (p.at - dealt < GRACE_MS || t.playedThisHand[k].size < GRACE_PLAYS);
        // Every card of the previous hand was shown (played, or claimed at its end), so while its
        // news may still be on its way the text cannot be judged.
        if (inGrace) continue;
        // A text whose cards are exactly a trick already taken (of this hand or an earlier one)
        // tells that trick: a restarted bot tells the tricks its thread missed, after the new
        // deal's first tricks when a kill came at a hand's end (22 s late at load 8).
        if (t.tricksBy[k].has(trickKey(p.textCards))) continue;
        for (const seat of [0, 1, 2, 3]) {
          if (seat === viewerSeat) continue;
          const secret = t.held[k][seat].filter((c) => !known.has(c) && p.textCards.includes(c));
          if (secret.length)
            leak(
              `text shows ${secret.map(cardLabel).join(" ")} held by seat ${seat} of table ${t.record.id} (after ${k} actions, hand ${t.hand[k]} dealt ${p.at - dealt} ms before; shown ${t.at[k] !== undefined ? `${t.at[k] - p.at} ms before action ${k} was committed` : "after the last action"}; judged at ${v !== undefined ? `the version its controls carry, ${v}` : "the time it was shown"}; table ${t.record.status}, ${t.record.undos} undo(s)): "${p.excerpt}"`,
            );
        }
      }
    }
    // Deal secrets: in no call and no log line, whole or in part.
    const secrets = new Map<string, string>();
    for (const t of lines.values()) if (t.record.deal.format === 2) secrets.set(t.record.deal.secret, `table ${t.record.id}`);
    for (const s of opts.secrets ?? []) if (!secrets.has(s)) secrets.set(s, "a secret from the database");
    const where = [
      ...this.calls.map((text) => ({ text, what: "a call to Discord" })),
      ...(opts.logLines ?? []).map((text) => ({ text, what: "a log line" })),
    ];
    for (const [secret, whose] of secrets) {
      const forms = secretForms(secret);
      for (const { text, what } of where) {
        const form = forms.find((f) => text.includes(f));
        // Never the secret itself in the report: it is printed.
        if (form && leaks.length < 50)
          leaks.push(
            `the deal secret of ${whose} (${form === secret ? "whole" : "in part"}) in ${what}: ${forms.reduce((t, f) => t.split(f).join("<secret>"), text).slice(0, 160)}`,
          );
      }
    }
    return { payloads: this.counted, withCards, tables: lines.size, leaks, secrets: secrets.size };
  }
}
