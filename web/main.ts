/**
 * The Activity's page: the table live, your hand as cards to click. It signs in through the
 * Discord SDK (authorize gives a code; the server asks Discord who that is), then draws every
 * picture the server pushes over one WebSocket. It knows no rule: which cards are legal, and why
 * the others are not, come with the picture; every action goes to the server, which decides.
 *
 * Everything is bundled (esbuild) into one script served by the bot's web server; nothing is
 * loaded from another origin. Card helpers come from src/game/cards.ts only (never the engine).
 */
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { SUIT_SYMBOLS, suitOf } from "../src/game/cards.js";
import { cardText, cardsText, rankText } from "../src/i18n/cards.js";
import { messages, type Messages } from "../src/i18n/catalogue.js";
import type { ClientMessage, RulesInfo, ServerMessage, TableFrame } from "../src/activity/protocol.js";
import { drawLobbyButtons, drawRematchButton, lobbyLine } from "./lobby.js";

type Strings = Messages["activity"];

performance.mark("hearts:script");
const app = document.getElementById("app")!;
const clientId = app.dataset.clientId ?? "";
let t: Strings = messages().activity;
/** How a card reads in the page's language ("D♠" in French). */
let cw: Messages = messages();
const cardLabel = (card: number) => cardText(cw, card);
let ws: WebSocket | null = null;
let session: string | null = null;
/** The signed-in person's Discord id (the lobby's buttons: seated or not, the host or not). */
let you = "";
let channel = "";
/** The server the Activity is open in: with SHARDS the bot's port routes the connection by it. */
let guild = "";
let table: TableFrame | null = null;
/** Cards picked for the pass. */
let picked: number[] = [];
/** Lines under the table: refusals, notes, the reconnect line. */
let line: { text: string; tone: string } | null = null;
let hint: number[] = [];
let showLast = false;
let showRules = false;
/** The table's rules in words (the server sends them once per table). */
let rules: RulesInfo | null = null;
/** The hand whose scores were dismissed (the scores screen shows once per hand). */
let scoresSeen = -1;
let focusIndex = 0;
let retries = 0;
let sdk: DiscordSDK | null = null;
/** The person's own deck style (four colours or two), kept in the page's storage; null: the table's. */
let fourMine: boolean | null = stored();
/** Whether the first table was drawn (the "hearts:table" performance mark: bench:activity's firstRenderMs). */
let drawn = false;
/**
 * The trick just taken, held on the table a moment (HOLD_MS) whole, with who takes it, then swept to
 * its taker (SWEEP_MS; none with prefers-reduced-motion): the frame that completed it already shows
 * the next trick, or for the 13th the next hand. The next leader may play meanwhile: their card ends it.
 */
let moment: { trick: NonNullable<NonNullable<TableFrame["game"]>["taken"]>; sweeping: boolean } | null = null;
let momentTimers: ReturnType<typeof setTimeout>[] = [];
const HOLD_MS = 1000;
const SWEEP_MS = 350;
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | number | undefined> = {},
  ...children: (Node | string | null | false)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === "class") e.className = String(v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== false) e.append(c);
  return e;
}

function button(label: string, onClick: () => void, attrs: Record<string, string | boolean | undefined> = {}): HTMLButtonElement {
  const b = el("button", { type: "button", ...attrs }, label);
  b.addEventListener("click", onClick);
  return b;
}

function stored(): boolean | null {
  try {
    const v = localStorage.getItem("hearts.fourColours");
    return v === null ? null : v === "1";
  } catch {
    return null; // storage blocked in the frame: the table's style
  }
}

/** Four colours (♣ green, ♦ blue) when the person chose it, else as the table's settings say. */
function fourColours(): boolean {
  return fourMine ?? !!table?.fourColour;
}

function toggleFourColours(): void {
  fourMine = !fourColours();
  try {
    localStorage.setItem("hearts.fourColours", fourMine ? "1" : "0");
  } catch {
    // kept for this page only
  }
  render();
}

// ---- connecting ---------------------------------------------------------------------------------

async function start(): Promise<void> {
  status(messages().activity.signingIn);
  const params = new URLSearchParams(location.search);
  channel = params.get("channel_id") ?? "";
  guild = params.get("guild_id") ?? "";
  sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  const signIn = (async (): Promise<ClientMessage> => {
    await sdk!.ready();
    performance.mark("hearts:ready");
    channel = sdk!.channelId ?? channel;
    guild = sdk!.guildId ?? guild;
    const code = await authorize();
    performance.mark("hearts:authorized");
    return { t: "auth", code, channel };
  })();
  // The socket opens while Discord answers the handshake and authorize (a round trip saved: through
  // Discord's proxy a new connection costs several); the code goes out as soon as it is here.
  connect(signIn);
  await signIn;
}

async function authorize(): Promise<string> {
  const { code } = await sdk!.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  return code;
}

function connect(first: ClientMessage | Promise<ClientMessage>): void {
  const prefix = location.pathname.startsWith("/.proxy/") ? "/.proxy" : "";
  const query = guild ? `?guild=${encodeURIComponent(guild)}` : "";
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${prefix}/ws${query}`);
  ws = socket;
  let signingIn = false;
  socket.addEventListener("open", () => {
    Promise.resolve(first).then(
      (m) => {
        if (ws !== socket || socket.readyState !== WebSocket.OPEN) return;
        socket.send(JSON.stringify(m));
        signingIn = true;
      },
      () => undefined, // start() says why
    );
  });
  socket.addEventListener("message", (e) => received(JSON.parse(String(e.data)) as ServerMessage));
  socket.addEventListener("close", (e) => {
    if (ws !== socket) return;
    ws = null;
    if (!signingIn) {
      // Closed before the code was here (the server waits 30 s; a first authorize asks the person):
      // again once it is, a little later each time.
      const wait = Math.min(5000, 300 * 2 ** retries++);
      Promise.resolve(first).then(
        (m) => setTimeout(() => connect(m), wait),
        () => undefined,
      );
      return;
    }
    if (e.code === 4003) {
      // The session ended: ask Discord again.
      session = null;
      authorize()
        .then((code) => connect({ t: "auth", code, channel }))
        .catch(() => status(t.sessionExpired));
      return;
    }
    if (e.code >= 4000) {
      status(e.reason || t.signInFailed);
      return;
    }
    // A blip or a bot restart: come back with the session, a little later each time.
    line = { text: t.reconnecting, tone: "note" };
    render();
    const wait = Math.min(5000, 300 * 2 ** retries++);
    setTimeout(() => connect(session ? { t: "resume", session, channel } : first), wait);
  });
}

function send(m: ClientMessage): void {
  if (ws && ws.readyState === WebSocket.OPEN) return ws.send(JSON.stringify(m));
  // Never a click lost in silence: nothing was sent, and the page says so (the hand is dimmed meanwhile).
  line = { text: t.offlineClick, tone: "refusal" };
  render();
}

const online = () => !!ws && ws.readyState === WebSocket.OPEN && !!session;

/** Holds a just-taken trick on the table, then sweeps it to its taker. */
function holdTrick(trick: NonNullable<typeof moment>["trick"]): void {
  for (const timer of momentTimers) clearTimeout(timer);
  moment = { trick, sweeping: false };
  const end = () => {
    moment = null;
    render();
  };
  momentTimers = reducedMotion()
    ? [setTimeout(end, HOLD_MS)]
    : [
        setTimeout(() => {
          if (moment) moment.sweeping = true;
          render();
        }, HOLD_MS),
        setTimeout(end, HOLD_MS + SWEEP_MS),
      ];
}

function received(m: ServerMessage): void {
  switch (m.t) {
    case "welcome":
      performance.mark("hearts:welcome");
      session = m.session;
      you = m.you.id;
      cw = messages(m.locale);
      t = cw.activity;
      document.documentElement.lang = m.locale;
      if (m.resumed) line = { text: t.reconnected, tone: "note fade" };
      retries = 0;
      break;
    case "table": {
      const before = table;
      table = m.table;
      if (!before || !table || before.game?.version !== table.game?.version) hint = [];
      // Another table (a rematch): the last one's lines are not this one's.
      if (before && table && before.id !== table.id) line = null;
      if (table?.game?.taken && before?.game?.version !== table.game.version) holdTrick(table.game.taken);
      if (table?.game?.phase !== "passing" || table.hand?.passed) picked = [];
      if (line && line.tone === "refusal" && before?.game?.version !== table?.game?.version) line = null;
      break;
    }
    case "say":
      line = { text: m.text, tone: m.tone };
      break;
    case "rules":
      rules = m.rules;
      break;
    case "hint":
      hint = m.cards;
      line = {
        text: m.cards.length === 1 ? t.hintSays({ card: cardLabel(m.cards[0]) }) : t.hintPass({ cards: cardsText(cw, m.cards) }),
        tone: "note",
      };
      break;
  }
  render();
}

function status(text: string): void {
  app.replaceChildren(el("p", { class: "status", role: "status" }, text));
}

// ---- drawing ------------------------------------------------------------------------------------

function cardFace(card: number, four: boolean): HTMLElement {
  const suit = suitOf(card);
  return el(
    "span",
    { class: `face s${suit}${four ? " four" : ""}`, "aria-hidden": "true" },
    el("span", { class: "rank" }, rankText(cw, card)),
    el("span", { class: "suit" }, SUIT_SYMBOLS[suit]),
  );
}

/** Where each seat sits on screen: you at the bottom (a spectator sees seat 0 there). */
function placeOf(seat: number, me: number): "bottom" | "left" | "top" | "right" {
  return (["bottom", "left", "top", "right"] as const)[(seat - me + 4) % 4];
}

function render(): void {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.card : undefined;
  if (!table) {
    app.replaceChildren(el("p", { class: "status", role: "status" }, session ? t.noTable : t.connecting), lineEl());
    return;
  }
  const g = table.game;
  const hand = table.hand;
  const me = hand?.seat ?? 0;
  // For whoever drives the page from outside (the browser tests): what it shows now.
  app.dataset.phase = g?.phase ?? table.status;
  app.dataset.version = String(g?.version ?? -1);
  app.dataset.waiting = String(!!g && !!hand && g.awaiting.includes(hand.seat) && !(g.phase === "passing" && hand.passed));
  const children: (Node | null)[] = [];
  if (!g) {
    const what = table.status === "lobby" ? lobbyLine({ table, you, t }) : t.closed;
    const tools = el("nav", { class: "tools lobby" }, rulesButton());
    if (table.status === "lobby") drawLobbyButtons(tools, { table, you, t, send });
    app.replaceChildren(
      el("p", { class: "status", role: "status" }, what),
      seatsEl(me),
      tools,
      lineEl(),
      ...(showRules ? [rulesEl()] : []),
    );
    return;
  }
  children.push(topBar());
  children.push(tableEl(me));
  children.push(lineEl());
  if (g.phase === "game-over") children.push(gameOverEl());
  else if (g.phase === "moon-choice" && g.pendingMoon === hand?.seat) children.push(moonEl());
  else if (!moment && g.history.length && scoresSeen < g.history.length && g.trickNumber === 0 && g.trick.length === 0)
    children.push(scoresEl(false));
  if (showRules) children.push(rulesEl());
  if (hand) children.push(handEl());
  else children.push(el("p", { class: "spectator" }, t.spectating));
  app.replaceChildren(...children.filter((c): c is Node => c !== null));
  if (!drawn) {
    drawn = true;
    performance.mark("hearts:table");
  }
  // Keyboard play: focus stays on the card it was on.
  if (focused !== undefined) {
    const again = app.querySelector<HTMLElement>(`[data-card="${focused}"]`) ?? app.querySelector<HTMLElement>(".hand button");
    again?.focus();
  }
}

function lineEl(): HTMLElement {
  return el("p", { class: `line ${line?.tone ?? ""}`, role: "status", "aria-live": "polite" }, line?.text ?? "");
}

function topBar(): HTMLElement {
  const g = table!.game!;
  const waiting = table!.seats.find((s) => s.seat === g.turn);
  let what: string;
  if (g.phase === "passing") what = table!.hand?.passed ? t.passWaiting : t.passing({ dir: g.passDirection });
  else if (g.phase === "moon-choice") what = t.choosing({ name: table!.seats.find((s) => s.seat === g.pendingMoon)?.name ?? "?" });
  else if (g.phase === "game-over") what = t.gameOver;
  else what = waiting && waiting.seat === table!.hand?.seat ? t.yourTurn : t.theirTurn({ name: waiting?.name ?? "?" });
  const tools: HTMLElement[] = [];
  if (table!.hand && table!.hintsAllowed && g.awaiting.includes(table!.hand.seat) && g.phase !== "game-over")
    tools.push(button(t.hint, () => send({ t: "hint" })));
  if (table!.hand?.undoCard != null) tools.push(button(t.undo, () => send({ t: "undo", card: table!.hand!.undoCard! })));
  if (g.lastTrick)
    tools.push(
      button(showLast ? t.hideLastTrick : t.showLastTrick, () => ((showLast = !showLast), render()), { "aria-pressed": String(showLast) }),
    );
  tools.push(button(t.fourColours, toggleFourColours, { "aria-pressed": String(fourColours()), class: "four-colours" }));
  tools.push(rulesButton());
  return el(
    "header",
    { class: "top" },
    el("h1", { class: "what" }, what),
    el(
      "p",
      { class: "facts" },
      el("span", {}, t.handN({ n: g.handIndex + 1 })),
      g.phase === "game-over"
        ? null
        : el("span", {}, g.phase === "passing" ? t.passDir({ dir: g.passDirection }) : t.trickN({ n: g.trickNumber + 1 })),
      el("span", { class: g.heartsBroken ? "broken" : "" }, g.heartsBroken ? `♥ ${t.heartsBroken}` : t.heartsUnbroken),
    ),
    el("nav", { class: "tools" }, ...tools),
  );
}

function rulesButton(): HTMLElement {
  return button(t.rules, () => ((showRules = !showRules), render()), { "aria-pressed": String(showRules), class: "rules" });
}

/** The table's rules as /hearts rules says them, after the one sentence every variant shares. */
function rulesEl(): HTMLElement {
  return el(
    "section",
    { class: "panel rules-panel", role: "dialog", "aria-label": t.rules },
    el("h2", {}, rules?.title ?? t.rules),
    rules ? el("p", { class: "about" }, rules.about) : null,
    el("p", {}, t.rulesBasics),
    ...(rules ? rules.lines.map((text) => el("p", {}, text)) : [el("p", {}, t.rulesLoading)]),
    button(t.ok, () => ((showRules = false), render())),
  );
}

/** The played-cards list, as the chat's menu words it; each suit's sign in the deck style's colour. */
function stillOutEl(text: string): HTMLElement {
  const four = fourColours();
  const parts = text.split(/([♣♦♠♥])/u).map((part) => {
    const suit = (SUIT_SYMBOLS as readonly string[]).indexOf(part);
    return suit < 0 ? part : el("span", { class: `sign s${suit}${four ? " four" : ""}` }, part);
  });
  return el("p", { class: "still-out" }, ...parts);
}

function seatEl(seatNo: number, me: number): HTMLElement {
  const s = table!.seats.find((x) => x.seat === seatNo);
  const g = table!.game;
  if (!s) return el("div", { class: `seat ${placeOf(seatNo, me)} empty` }, "—");
  const you = s.seat === table!.hand?.seat;
  const turn = !!g && g.awaiting.includes(s.seat) && g.phase !== "game-over";
  const clock = s.deadline ? Math.max(0, Math.round((s.deadline - Date.now()) / 1000)) : null;
  const label = [s.name, you ? t.you : s.bot ? t.bot : "", t.total({ n: s.total }), g ? t.thisHand({ n: s.handPoints }) : ""]
    .filter(Boolean)
    .join(", ");
  return el(
    "div",
    {
      class: `seat ${placeOf(seatNo, me)}${turn ? " turn" : ""}${you ? " you" : ""}${s.bot ? " bot" : ""}`,
      "aria-label": label,
      "data-seat": s.seat,
    },
    el("span", { class: "avatar", "aria-hidden": "true" }, s.name.slice(0, 1).toUpperCase()),
    el("span", { class: "name" }, s.name),
    // In the lobby there is nothing to score yet.
    g ? el("span", { class: "score", title: t.thisHand({ n: s.handPoints }) }, `${t.total({ n: s.total })} (+${s.handPoints})`) : null,
    g && g.phase !== "game-over"
      ? el("span", { class: "count" }, t.cardsLeft({ n: s.handSize }) + (g.phase === "passing" && s.passed ? ` ✓` : ""))
      : null,
    clock !== null && turn ? el("span", { class: "clock", "data-deadline": s.deadline! }, t.secondsLeft({ s: clock })) : null,
  );
}

function seatsEl(me: number): HTMLElement {
  return el("section", { class: "seats" }, ...[0, 1, 2, 3].map((n) => seatEl(n, me)));
}

function tableEl(me: number): HTMLElement {
  const g = table!.game!;
  const four = fourColours();
  // The trick just taken stays its whole moment (the next leader may already play: their card shows after).
  const held = !showLast && moment ? moment : null;
  const shown = held ? held.trick : showLast && g.lastTrick ? g.lastTrick : { leader: g.leader, cards: g.trick, winner: -1 };
  const played = shown.cards.map((card, i) => {
    const seat = (shown.leader + i) % 4;
    return el(
      "div",
      { class: `played ${placeOf(seat, me)}${seat === shown.winner ? " won" : ""}`, "aria-label": cardLabel(card) },
      cardFace(card, four),
    );
  });
  return el(
    "section",
    { class: "table", "aria-label": showLast ? t.lastTrick : t.trick },
    ...[0, 1, 2, 3].map((n) => seatEl(n, me)),
    el(
      "div",
      {
        class: `trick${held ? " taken" : ""}${held?.sweeping ? ` sweep-${placeOf(held.trick.winner, me)}` : ""}`,
        ...(held ? { "data-taken": String(held.trick.trickNumber) } : {}),
      },
      ...played,
      held ? el("p", { class: "taker" }, takerLine(held.trick)) : null,
    ),
  );
}

function takerLine(trick: NonNullable<typeof moment>["trick"]): string {
  const name = table!.seats.find((s) => s.seat === trick.winner)?.name ?? "?";
  return trick.claimed ? t.takesRest({ name, n: trick.claimed }) : t.takesTrick({ name });
}

function handEl(): HTMLElement {
  const g = table!.game!;
  const hand = table!.hand!;
  const four = fourColours();
  const passing = g.phase === "passing" && !hand.passed && g.passDirection !== "hold";
  const legal = new Set(hand.legal);
  const refused = new Map(hand.refusals.flatMap((r) => r.cards.map((c) => [c, r.text] as const)));
  const n = hand.cards.length;
  const cards = hand.cards.map((card, i) => {
    const name = cardLabel(card);
    const isPicked = picked.includes(card);
    const playable = passing || legal.has(card);
    const reason = refused.get(card);
    const label = passing
      ? t.pickCard({ card: name, picked: isPicked })
      : playable
        ? t.playCard({ card: name })
        : `${name}: ${reason ?? t.waitCard({ card: name })}`;
    const b = el(
      "button",
      {
        type: "button",
        class: `card${playable ? " lit" : " dim"}${isPicked ? " picked" : ""}${hint.includes(card) ? " hinted" : ""}`,
        "aria-label": label,
        title: playable ? undefined : reason,
        "aria-disabled": playable ? undefined : "true",
        "aria-pressed": passing ? String(isPicked) : undefined,
        tabindex: i === Math.min(focusIndex, n - 1) ? 0 : -1,
        "data-card": card,
        style: `--i:${i};--n:${n}`,
      },
      cardFace(card, four),
    );
    b.addEventListener("click", () => {
      focusIndex = i;
      if (passing) {
        picked = isPicked ? picked.filter((c) => c !== card) : picked.length < 3 ? [...picked, card] : picked;
        render();
      } else if (playable) send({ t: "play", card, version: g.version });
      else {
        line = { text: reason ?? t.waitCard({ card: name }), tone: "refusal" };
        render();
      }
    });
    b.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      focusIndex = (i + step + n) % n;
      const next = app.querySelectorAll<HTMLElement>(".hand .card")[focusIndex];
      if (next) {
        for (const c of app.querySelectorAll<HTMLElement>(".hand .card")) c.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
      }
    });
    return b;
  });
  const actions: HTMLElement[] = [];
  if (passing)
    actions.push(
      button(t.passButton({ n: picked.length }), () => send({ t: "pass", cards: picked, version: g.version }), {
        class: "primary",
        disabled: picked.length !== 3,
      }),
    );
  return el(
    "section",
    { class: "mine", "aria-label": t.yourHand },
    hand.stillOut ? stillOutEl(hand.stillOut) : null,
    el("div", { class: `hand${online() ? "" : " offline"}`, role: "toolbar", "aria-label": t.yourHand, style: `--n:${n}` }, ...cards),
    actions.length ? el("div", { class: "actions" }, ...actions) : null,
  );
}

function moonEl(): HTMLElement {
  const g = table!.game!;
  return el(
    "section",
    { class: "panel", role: "dialog", "aria-label": t.moonTitle },
    el("h2", {}, t.moonTitle),
    button(t.moonAdd, () => send({ t: "moon", choice: "add", version: g.version }), { class: "primary" }),
    button(t.moonSubtract, () => send({ t: "moon", choice: "subtract", version: g.version })),
  );
}

function scoresTable(): HTMLElement {
  const g = table!.game!;
  const seats = [...table!.seats].sort((a, b) => a.seat - b.seat);
  return el(
    "table",
    { class: "scores" },
    el("thead", {}, el("tr", {}, el("th", {}, "#"), ...seats.map((s) => el("th", { scope: "col" }, s.name)))),
    el(
      "tbody",
      {},
      ...g.history.map((h) =>
        el(
          "tr",
          {},
          el("th", { scope: "row" }, String(h.handIndex + 1)),
          ...seats.map((s) => el("td", {}, `${h.totals[s.seat]} (${h.change[s.seat] >= 0 ? "+" : ""}${h.change[s.seat]})`)),
        ),
      ),
    ),
  );
}

function scoresEl(final: boolean): HTMLElement {
  const g = table!.game!;
  return el(
    "section",
    { class: "panel", role: "dialog", "aria-label": t.scoresTitle({ n: g.history.length }) },
    el("h2", {}, t.scoresTitle({ n: g.history.length })),
    scoresTable(),
    final ? null : button(t.ok, () => ((scoresSeen = g.history.length), render()), { class: "primary" }),
  );
}

function gameOverEl(): HTMLElement {
  const g = table!.game!;
  const names = (g.winners ?? []).map((w) => table!.seats.find((s) => s.seat === w)?.name ?? "?").join(", ");
  const place = (seat: number) => g.placements?.[seat] ?? 0;
  const order = [...table!.seats].sort((a, b) => place(a.seat) - place(b.seat));
  const over = el(
    "section",
    { class: "panel over", role: "dialog", "aria-label": t.gameOver },
    el("h2", {}, t.gameOver),
    el("p", { class: "winner" }, t.winner({ names })),
    el(
      "ol",
      { class: "placings" },
      ...order.map((s) => el("li", {}, t.placing({ place: t.place({ n: place(s.seat) }), name: s.name, total: t.total({ n: s.total }) }))),
    ),
    scoresTable(),
  );
  drawRematchButton(over, { table: table!, you, t, send });
  return over;
}

// The seats' clocks tick between pictures.
setInterval(() => {
  for (const c of app.querySelectorAll<HTMLElement>(".clock")) {
    const at = Number(c.dataset.deadline);
    c.textContent = t.secondsLeft({ s: Math.max(0, Math.round((at - Date.now()) / 1000)) });
  }
}, 1000);

start().catch((err: unknown) => status(`${t.signInFailed} (${err instanceof Error ? err.message : String(err)})`));
