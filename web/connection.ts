/**
 * The page's one WebSocket to the bot's web server: signing in (the authorize code, or the session
 * after a blip), coming back by itself after a blip or a restart (a little later each time), and
 * sending. It draws nothing: it tells main.ts what arrived, that the connection was lost, or that
 * it ended for good and why.
 */
import type { ClientMessage, ServerMessage } from "../src/activity/protocol.js";

export interface ConnectionOptions {
  /** The server the Activity is open in: with SHARDS the bot's port routes the connection by it. */
  guild: () => string;
  /** The instance's channel (the SDK may tell it after the socket opened). */
  channel: () => string;
  /** A fresh authorize code from Discord (the session ended). */
  authorize: () => Promise<string>;
  received: (m: ServerMessage) => void;
  /** A blip or a restart: the connection comes back by itself. */
  lost: () => void;
  /** Closed for good (sign-in refused, the session ended and Discord did not sign in again): the server's reason, or null. */
  ended: (reason: string | null, code: number) => void;
}

export class Connection {
  private ws: WebSocket | null = null;
  private session: string | null = null;
  private retries = 0;

  constructor(private readonly o: ConnectionOptions) {}

  /** Whether a message sent now goes out (the socket open and signed in). */
  get online(): boolean {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN && !!this.session;
  }

  /** Sends `m` if the socket is open; false when nothing was sent (the page says so). */
  send(m: ClientMessage): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  /**
   * Opens the socket and sends `first` (the sign-in) once it is here: the socket opens while
   * Discord answers the handshake and authorize (a round trip saved: through Discord's proxy a new
   * connection costs several).
   */
  open(first: ClientMessage | Promise<ClientMessage>): void {
    const prefix = location.pathname.startsWith("/.proxy/") ? "/.proxy" : "";
    const guild = this.o.guild();
    const query = guild ? `?guild=${encodeURIComponent(guild)}` : "";
    const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${prefix}/ws${query}`);
    this.ws = socket;
    let signingIn = false;
    socket.addEventListener("open", () => {
      Promise.resolve(first).then(
        (m) => {
          if (this.ws !== socket || socket.readyState !== WebSocket.OPEN) return;
          socket.send(JSON.stringify(m));
          signingIn = true;
        },
        () => undefined, // main.ts says why
      );
    });
    socket.addEventListener("message", (e) => {
      const m = JSON.parse(String(e.data)) as ServerMessage;
      if (m.t === "welcome") {
        this.session = m.session;
        this.retries = 0;
      }
      this.o.received(m);
    });
    socket.addEventListener("close", (e) => {
      if (this.ws !== socket) return;
      this.ws = null;
      if (!signingIn) {
        // Closed before the code was here (the server waits 30 s; a first authorize asks the person):
        // again once it is, a little later each time.
        const wait = this.backoff();
        Promise.resolve(first).then(
          (m) => setTimeout(() => this.open(m), wait),
          () => undefined,
        );
        return;
      }
      if (e.code === 4003 || e.code === 4011) {
        // The session ended, or Discord was slow to confirm the code (which may be spent): ask Discord again.
        this.session = null;
        const wait = e.code === 4011 ? this.backoff() : 0;
        this.o.authorize().then(
          (code) => setTimeout(() => this.open({ t: "auth", code, channel: this.o.channel() }), wait),
          () => this.o.ended(null, e.code),
        );
        return;
      }
      if (e.code >= 4000) {
        this.o.ended(e.reason || null, e.code);
        return;
      }
      // A blip or a bot restart: come back with the session, a little later each time.
      this.o.lost();
      const session = this.session;
      setTimeout(() => this.open(session ? { t: "resume", session, channel: this.o.channel() } : first), this.backoff());
    });
  }

  private backoff(): number {
    return Math.min(5000, 300 * 2 ** this.retries++);
  }
}
