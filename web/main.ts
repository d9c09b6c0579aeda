/**
 * The Activity's page: the table live, your hand as cards to click. It signs in through the
 * Discord SDK (authorize gives a code; the server asks Discord who that is), then draws every
 * picture the server pushes over one WebSocket. It knows no rule: which cards are legal, and why
 * the others are not, come with the picture; every action goes to the server, which decides.
 *
 * A small house (as the Activity examples are): connection.ts (the socket), state.ts (pure: frames
 * and clicks in, what to draw out), draw/ (the elements), and this file, which holds the one state,
 * the timers and the Discord SDK. Everything is bundled (esbuild) into one script served by the
 * bot's web server; nothing is loaded from another origin.
 */
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { messages } from "../src/i18n/catalogue.js";
import type { ClientMessage, ServerMessage } from "../src/activity/protocol.js";
import { Connection } from "./connection.js";
import type { Actions } from "./draw/dom.js";
import { drawPage, drawStatus } from "./draw/page.js";
import { tickClocks } from "./draw/table.js";
import { tickTournament } from "./draw/tournament.js";
import * as state from "./state.js";

performance.mark("hearts:script");
const app = document.getElementById("app")!;
const clientId = app.dataset.clientId ?? "";
const params = new URLSearchParams(location.search);
let channel = params.get("channel_id") ?? "";
let s = state.initialState(stored());
/** Whether the first table was drawn (the "hearts:table" performance mark: bench:activity's firstRenderMs). */
let drawn = false;
let momentTimers: ReturnType<typeof setTimeout>[] = [];
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

let sdk: DiscordSDK | null = null;
const connection = new Connection({
  guild: () => sdk?.guildId ?? params.get("guild_id") ?? "",
  channel: () => channel,
  authorize,
  received,
  lost: () => update(state.connectionLost(s)),
  ended: (reason, code) => drawStatus(app, code === 4003 ? s.t.sessionExpired : (reason ?? s.t.signInFailed)),
});

function render(): void {
  s = { ...s, online: connection.online };
  if (drawPage(app, s, actions) && !drawn) {
    drawn = true;
    performance.mark("hearts:table");
  }
}

function update(next: state.PageState): void {
  s = next;
  render();
}

/** Sends `m`; while not connected nothing is sent, and the page says so (the hand is dimmed meanwhile). */
function send(m: ClientMessage): void {
  if (!connection.send(m)) update(state.offlineClick(s));
}

/** The version of the picture shown: an action from it carries it (the server refuses it once the game moved on). */
const version = () => s.table?.game?.version ?? 0;

const actions: Actions = {
  send,
  play: (card) => send({ t: "play", card, version: version() }),
  pick: (card) => update(state.togglePick(s, card)),
  pass: () => send({ t: "pass", cards: s.picked, version: version() }),
  moon: (choice) => send({ t: "moon", choice, version: version() }),
  hint: () => send({ t: "hint" }),
  undo: (card) => send({ t: "undo", card }),
  refuse: (text) => update(state.refuse(s, text)),
  toggleLast: () => update({ ...s, showLast: !s.showLast }),
  toggleRules: () => update({ ...s, showRules: !s.showRules }),
  dismissScores: () => update({ ...s, scoresSeen: s.table?.game?.history.length ?? -1 }),
  focus: (index) => (s = { ...s, focusIndex: index }),
  toggleFour: () => {
    const fourMine = !state.fourColours(s);
    try {
      localStorage.setItem("hearts.fourColours", fourMine ? "1" : "0");
    } catch {
      // kept for this page only
    }
    update({ ...s, fourMine });
  },
};

function stored(): boolean | null {
  try {
    const v = localStorage.getItem("hearts.fourColours");
    return v === null ? null : v === "1";
  } catch {
    return null; // storage blocked in the frame: the table's style
  }
}

function received(m: ServerMessage): void {
  if (m.t === "welcome") {
    performance.mark("hearts:welcome");
    document.documentElement.lang = m.locale;
  }
  const r = state.receive(s, m);
  s = r.state;
  if (r.hold) holdTrick();
  render();
}

/** Holds a just-taken trick on the table (HOLD_MS), then sweeps it to its taker (SWEEP_MS; none with reduced motion). */
function holdTrick(): void {
  for (const timer of momentTimers) clearTimeout(timer);
  const end = () => update(state.endMoment(s));
  momentTimers = reducedMotion()
    ? [setTimeout(end, state.HOLD_MS)]
    : [setTimeout(() => update(state.sweepMoment(s)), state.HOLD_MS), setTimeout(end, state.HOLD_MS + state.SWEEP_MS)];
}

async function start(): Promise<void> {
  drawStatus(app, messages().activity.signingIn);
  const discord = (sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true }));
  const signIn = (async (): Promise<ClientMessage> => {
    await discord.ready();
    performance.mark("hearts:ready");
    channel = discord.channelId ?? channel;
    const code = await authorize();
    performance.mark("hearts:authorized");
    return { t: "auth", code, channel };
  })();
  // The socket opens while Discord answers the handshake and authorize.
  connection.open(signIn);
  await signIn;
}

async function authorize(): Promise<string> {
  const { code } = await sdk!.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    // guilds.members.read: the bot asks Discord with the person's own grant whether they are still a
    // member of the server before each move (a kick is caught at once, on none of the bot's requests).
    scope: ["identify", "guilds.members.read"],
  });
  return code;
}

setInterval(() => {
  tickClocks(app, s);
  tickTournament(app, s);
}, 1000);

start().catch((err: unknown) => drawStatus(app, `${s.t.signInFailed} (${err instanceof Error ? err.message : String(err)})`));
