/**
 * An Activity connection as the page makes it, from Node (the `ws` package): the server tests and
 * the benchmark sign in with an authorize code from the fake Discord and read the frames the
 * server sends, as the page would.
 */
import WebSocket from "ws";
import type { ClientMessage, ServerMessage, TableFrame } from "../../src/activity/protocol.js";

export class ActivityClient {
  readonly frames: ServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  table: TableFrame | null = null;
  session: string | null = null;
  private waiters: (() => void)[] = [];
  private readonly ws: WebSocket;
  readonly opened: Promise<void>;
  /** Called with each table frame as it arrives (the benchmark times them). */
  onTable: ((t: TableFrame) => void) | null = null;

  /**
   * `guild`: the server the page is open in (with SHARDS the bot's port routes by it);
   * `keepFrames: false`: keeps the last few frames only, as a page keeps its latest picture (the benchmark's 200 connections).
   */
  constructor(
    port: number,
    private readonly opts: { guild?: string; keepFrames?: boolean } = {},
  ) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws${opts.guild ? `?guild=${opts.guild}` : ""}`);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
    this.ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      this.frames.push(m);
      if (this.opts.keepFrames === false && this.frames.length > 16) this.frames.splice(0, 8);
      if (m.t === "table") {
        this.table = m.table;
        if (m.table) this.onTable?.(m.table);
      }
      if (m.t === "welcome") this.session = m.session;
      this.wake();
    });
    this.ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
    this.ws.on("error", () => undefined);
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(m: ClientMessage | Record<string, unknown> | string): void {
    this.ws.send(typeof m === "string" ? m : JSON.stringify(m));
  }

  /** Waits until `pred` holds (checked at each frame), or fails after `ms`. */
  async until<T>(pred: () => T | null | undefined | false, ms = 5000, what = "a frame"): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = pred();
      if (v) return v;
      const left = end - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  said(): string[] {
    return this.frames.flatMap((f) => (f.t === "say" ? [f.text] : []));
  }

  close(): void {
    this.ws.close();
  }
}

/** A signed-in connection to the channel's table. */
export async function signIn(
  port: number,
  code: string,
  channel: string,
  opts: { guild?: string; keepFrames?: boolean } = {},
): Promise<ActivityClient> {
  const c = new ActivityClient(port, opts);
  await c.opened;
  c.send({ t: "auth", code, channel });
  await c.until(() => c.frames.some((f) => f.t === "table"), 5000, "the first table frame");
  return c;
}

/** The action a simple player takes from this picture, or null when the game does not wait for them. */
export function simpleMove(t: TableFrame): ClientMessage | null {
  const g = t.game;
  const hand = t.hand;
  if (!g || !hand || !g.awaiting.includes(hand.seat)) return null;
  if (g.phase === "passing") return hand.passed ? null : { t: "pass", cards: hand.cards.slice(0, 3), version: g.version };
  if (g.phase === "moon-choice") return { t: "moon", choice: "add", version: g.version };
  if (g.phase === "playing") return { t: "play", card: hand.legal[0], version: g.version };
  return null;
}
