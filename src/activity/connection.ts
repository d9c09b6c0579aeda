/**
 * One Activity connection as the server holds it: its socket, who signed in on it and where, what
 * it was sent, and its budgets (door.ts), the raw ones checked before ws parses anything.
 */
import type { WebSocket } from "ws";
import { Bucket, FrameCounter, type DoorLimits } from "./door.js";
import type { Sentence } from "../i18n/index.js";
import type { DiscordIdentity } from "./oauth.js";
import type { Placed } from "./places.js";
import type { Watcher } from "./rights.js";

export interface Connection extends Watcher, Placed {
  ws: WebSocket;
  who: DiscordIdentity | null;
  channel: string | null;
  /** The table shown: the channel's open table, or the last one (a game just over). */
  tableId: string | null;
  /** Why the gate (src/table/gate.ts) shows this person no table here: what their acts hear too. */
  barred?: Sentence;
  /** Waiting for Discord's answer to the sign-in: no second attempt meanwhile. */
  signingIn: boolean;
  /** The rules and settings whose words it was sent (the record's own objects: new ones only when the lobby changes them). */
  rulesSent: { rules: object; settings: object } | null;
  /** Its messages' budget (door.ts), and whether its socket is paused for having spent it. */
  bucket: Bucket;
  paused: boolean;
  /** What its raw socket sent: frames of any kind and bytes, counted before they are parsed (door.ts). */
  frames: FrameCounter;
  frameBucket: Bucket;
  byteBucket: Bucket;
  /** The last message from the page or table news to it (idle connections are closed). */
  lastHeard: number;
}

export function newConnection(ws: WebSocket, l: DoorLimits, now: number): Connection {
  return {
    ws,
    who: null,
    channel: null,
    tableId: null,
    signingIn: false,
    rulesSent: null,
    bucket: new Bucket(l.messagesPerSecond, l.messageBurst, now),
    paused: false,
    frames: new FrameCounter(),
    frameBucket: new Bucket(l.framesPerSecond, l.frameBurst, now),
    byteBucket: new Bucket(l.bytesPerSecond, l.byteBurst, now),
    lastHeard: now,
    gone: false,
    hand: "",
    checked: null,
    grant: null,
  };
}

/**
 * A chunk of what the socket sent, before ws parses it: its bytes against the socket's byte budget,
 * its frames (any kind) against the socket's and, once signed in, the person's. The frames it
 * held, or null when over a budget.
 */
export function withinBudget(c: Connection, chunk: Buffer, person: Bucket | undefined, now: number): number | null {
  const frames = c.frames.count(chunk);
  if (!c.byteBucket.take(now, chunk.length)) return null;
  if (frames && !(c.frameBucket.take(now, frames) && (person?.take(now, frames) ?? true))) return null;
  return frames;
}
