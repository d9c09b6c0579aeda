// The fake's state: users, channels, messages and interactions as tests see them.
import { MessageFlag, type Pings } from "./validate.js";
import type { Overwrite } from "./permissions.js";

export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** Interaction locale sent with this user's interactions (Discord locale code, e.g. "en-US", "fr"). */
  locale: string;
  /** Holds the guild's Moderator role (Manage Channels, Manage Messages, Manage Threads). */
  moderator: boolean;
  /** "<@id>", handy in assertions about mentions. */
  mention: string;
}

export type ChannelKind = "text" | "public_thread" | "private_thread" | "dm";

export const ChannelTypeNumber: Record<ChannelKind, number> = {
  text: 0,
  dm: 1,
  public_thread: 11,
  private_thread: 12,
};

export interface FakeChannel {
  id: string;
  kind: ChannelKind;
  type: number;
  guildId: string | null;
  name: string;
  parentId: string | null;
  ownerId: string | null;
  topic: string | null;
  position: number;
  permissionOverwrites: Overwrite[];
  /** Message ids in creation order (ephemeral ones included). */
  messageIds: string[];
  deleted: boolean;
  /** Threads only. */
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: number;
  createdAt: number;
  /** For a thread started from a message: that message's id (also the thread's id). */
  starterMessageId: string | null;
  memberIds: Set<string>;
  /** DM channels: the human on the other side. */
  recipientId: string | null;
  lastMessageId: string | null;
}

export interface FakeAttachment {
  id: string;
  filename: string;
  contentType: string | null;
  size: number;
  description: string | null;
  url: string;
  /** Same as url (discord.js reads both). */
  proxy_url: string;
  width: number | null;
  height: number | null;
  /** The uploaded bytes (absent when the fake was started with retainFiles: false). */
  data?: Buffer;
}

export interface MessageVersion {
  content: string;
  embeds: any[];
  components: any[];
  attachments: FakeAttachment[];
  flags: number;
  at: number;
  /** seq of the REST call that produced this version. */
  callSeq: number | null;
}

export interface ButtonInfo {
  customId: string | null;
  label: string | null;
  style: number;
  disabled: boolean;
  emoji: string | null;
  url: string | null;
  /** Row index (0-based) and position within the row. */
  row: number;
  index: number;
}

export interface SelectOptionInfo {
  label: string;
  value: string;
  description: string | null;
  default: boolean;
}

export interface SelectInfo {
  customId: string;
  type: number;
  placeholder: string | null;
  minValues: number;
  maxValues: number;
  disabled: boolean;
  options: SelectOptionInfo[];
  row: number;
}

/** Walks nested components (action rows, and Components V2 sections/containers). */
export function* walkComponents(components: readonly any[]): Generator<{ c: any; row: number; index: number }> {
  let row = 0;
  for (const top of components ?? []) {
    const stack: any[] = [top];
    let index = 0;
    while (stack.length) {
      const c = stack.shift();
      if (!c || typeof c !== "object") continue;
      if (Array.isArray(c.components)) stack.unshift(...c.components);
      if (c.accessory) stack.push(c.accessory);
      if (c.type === 2 || (c.type >= 3 && c.type <= 8)) yield { c, row, index: index++ };
    }
    row += 1;
  }
}

export class FakeMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  authorId: string;
  content = "";
  embeds: any[] = [];
  components: any[] = [];
  attachments: FakeAttachment[] = [];
  flags = 0;
  type = 0;
  createdAt: number;
  editedAt: number | null = null;
  deleted = false;
  /** Deleted by the test (fault injection) rather than by the bot. */
  deletedByFake = false;
  /** null = everyone in the channel; a user id = an ephemeral message only that user sees. */
  visibleTo: string | null = null;
  /** The interaction whose response or follow-up this is (null for channel messages). */
  interactionId: string | null = null;
  /** That interaction's token (null for channel messages). */
  token: string | null = null;
  /** Sent through an interaction webhook (response or follow-up) rather than the channel route. */
  viaWebhook = false;
  /** Users/roles notified when the message appeared (allowed_mentions applied). */
  pings: Pings = { users: [], roles: [], everyone: false };
  allowedMentions: unknown = undefined;
  /** Previous versions, oldest first (the current state is on the object itself). */
  history: MessageVersion[] = [];
  /** Thread started from this message. */
  threadId: string | null = null;
  nonce: string | number | null = null;
  /** seq of the REST call that created it. */
  callSeq: number | null;
  /** seq of the REST call that produced the current version. */
  versionCallSeq: number | null;
  referencedMessageId: string | null = null;

  constructor(init: { id: string; channelId: string; guildId: string | null; authorId: string; createdAt: number; callSeq: number | null }) {
    this.id = init.id;
    this.channelId = init.channelId;
    this.guildId = init.guildId;
    this.authorId = init.authorId;
    this.createdAt = init.createdAt;
    this.callSeq = init.callSeq;
    this.versionCallSeq = init.callSeq;
  }

  /** Discord's field name, kept for tests written against the raw shape. */
  get channel_id(): string {
    return this.channelId;
  }

  get ephemeral(): boolean {
    return (this.flags & MessageFlag.Ephemeral) !== 0;
  }

  /** A deferred response still showing "thinking…". */
  get loading(): boolean {
    return (this.flags & MessageFlag.Loading) !== 0;
  }

  get edits(): number {
    return this.history.length;
  }

  /** Buttons in reading order. */
  buttons(): ButtonInfo[] {
    const out: ButtonInfo[] = [];
    for (const { c, row, index } of walkComponents(this.components)) {
      if (c.type !== 2) continue;
      out.push({
        customId: c.custom_id ?? null,
        label: c.label ?? null,
        style: c.style,
        disabled: Boolean(c.disabled),
        emoji: c.emoji ? (c.emoji.name ?? c.emoji.id ?? null) : null,
        url: c.url ?? null,
        row,
        index,
      });
    }
    return out;
  }

  /** The button whose label equals (or matches) `label`, or whose custom_id equals it. */
  button(labelOrId: string | RegExp): ButtonInfo | undefined {
    return this.buttons().find((b) =>
      typeof labelOrId === "string"
        ? b.label === labelOrId || b.customId === labelOrId
        : (b.label !== null && labelOrId.test(b.label)) || (b.customId !== null && labelOrId.test(b.customId)),
    );
  }

  selectMenus(): SelectInfo[] {
    const out: SelectInfo[] = [];
    for (const { c, row } of walkComponents(this.components)) {
      if (!(c.type >= 3 && c.type <= 8)) continue;
      out.push({
        customId: c.custom_id,
        type: c.type,
        placeholder: c.placeholder ?? null,
        minValues: c.min_values ?? 1,
        maxValues: c.max_values ?? 1,
        disabled: Boolean(c.disabled),
        options: (c.options ?? []).map((o: any) => ({
          label: o.label,
          value: o.value,
          description: o.description ?? null,
          default: Boolean(o.default),
        })),
        row,
      });
    }
    return out;
  }

  /** Everything a person can read in the message: content, embeds, component labels. */
  text(): string {
    return collectStrings({ content: this.content, embeds: this.embeds, components: this.components }).join("\n");
  }

  snapshot(): MessageVersion {
    return {
      content: this.content,
      embeds: structuredClone(this.embeds),
      components: structuredClone(this.components),
      attachments: this.attachments.map((a) => ({ ...a })),
      flags: this.flags,
      at: this.editedAt ?? this.createdAt,
      callSeq: this.versionCallSeq,
    };
  }
}

/** Every string leaf of a payload (content, embed texts, labels, custom_ids, option values…). */
export function collectStrings(value: unknown, out: string[] = [], skipKeys: ReadonlySet<string> = SKIP_KEYS): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out, skipKeys);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (!skipKeys.has(k)) collectStrings(v, out, skipKeys);
  }
  return out;
}

const SKIP_KEYS: ReadonlySet<string> = new Set(["allowed_mentions", "nonce", "message_reference"]);

export interface UploadedFile {
  /** Multipart field name, e.g. "files[0]". */
  field: string;
  filename: string;
  /** Same as filename. */
  name: string;
  contentType: string | null;
  size: number;
  data?: Buffer;
}

export type Visibility = { kind: "public" } | { kind: "ephemeral"; userId: string } | { kind: "none" };

export interface RestCall {
  seq: number;
  method: string;
  /** Path after /api/v10 with ids and tokens as sent (URL-decoded). */
  path: string;
  /** The route template, e.g. "PATCH /webhooks/:appId/:token/messages/:messageId" (null if unknown). */
  route: string | null;
  query: Record<string, string>;
  /** Parsed JSON body (payload_json for multipart requests). */
  body: any;
  files: UploadedFile[];
  /** The interaction this call belongs to (interaction callbacks and webhook routes). */
  interactionId: string | null;
  /** The user of that interaction. */
  userId: string | null;
  /** The interaction token in the path (interaction callbacks and webhook routes). */
  token: string | null;
  /** Who can see what this call sends (filled for calls that show a payload to someone). */
  visibility: Visibility;
  /** The message created or edited by the call. */
  messageId: string | null;
  status: number;
  /** Discord JSON error code when the call failed. */
  errorCode: number | null;
  errorMessage: string | null;
  /** Injected fault that answered this call, if any. */
  fault: string | null;
  startedAt: number;
  /** Same as startedAt. */
  at: number;
  durationMs: number;
}

export type ViolationKind =
  | "ack_timeout" // an interaction was never acknowledged within the deadline ("This interaction failed")
  | "late_ack" // a callback arrived after the deadline (answered 10062)
  | "double_ack" // a second callback for the same interaction (answered 40060)
  | "bad_callback_type" // e.g. UPDATE_MESSAGE for a slash command, or a message for autocomplete
  | "invalid_body" // 50035 Invalid Form Body (limits, bad components, empty message…)
  | "token_expired" // interaction webhook used after the token lifetime (15 min)
  | "before_ack" // follow-up or edit of @original before the interaction was acknowledged
  | "unknown_interaction" // callback or webhook for an interaction id/token the fake never issued
  | "unknown_message" // edit/fetch of a message that never existed or is not reachable that way
  | "ephemeral_via_channel_route" // channel routes cannot reach ephemeral messages
  | "ephemeral_flag_in_channel" // EPHEMERAL flag on a channel message (it would be public!)
  | "foreign_message" // editing a message authored by someone else
  | "unrestricted_mentions" // content mentions someone and allowed_mentions is absent
  | "everyone_ping" // a message that would ping @everyone/@here
  | "embed_attachment_missing" // embed refers to attachment://x that is not attached
  | "missing_access" // request needed permissions the bot lacks (and were not revoked by the test)
  | "invalid_command" // application command registration rejected
  | "unknown_route"; // a REST route this fake (and probably Discord) does not have

export interface Violation {
  kind: ViolationKind;
  message: string;
  at: number;
  interactionId?: string;
  userId?: string;
  callSeq?: number;
  route?: string;
}

export interface AckInfo {
  /** Interaction callback type: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 autocomplete, 9 modal. */
  type: number;
  /** From the interaction's creation to the callback request reaching the fake. */
  latencyMs: number;
  ephemeral: boolean;
  callSeq: number;
}

/** One payload the bot showed to someone: the audience and its readable strings. */
export interface ShownPayload {
  callSeq: number;
  route: string;
  messageId: string | null;
  interactionId: string | null;
  /** null = public (everyone in the channel); otherwise the only user who sees it. */
  visibleTo: string | null;
  strings: string[];
  files: UploadedFile[];
}
