/**
 * One shape for every message the bot sends, converted at the edge to what discord.js interaction
 * methods take and to raw REST bodies. Mentions are off unless a message names its users.
 */
import { MessageFlags, type APIActionRowComponent, type APIComponentInMessageActionRow, type APIEmbed } from "discord.js";

export interface OutFile {
  name: string;
  data: Buffer;
}

export interface OutMessage {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  files?: OutFile[];
  /** Users this message may ping; nobody else is ever notified. */
  mentions?: string[];
}

const allowed = (m: OutMessage) => ({ parse: [] as [], users: m.mentions ?? [], roles: [] as [] });

/** Options for interaction.update / editReply (an edit replaces earlier attachments). */
export function forEdit(m: OutMessage) {
  return {
    content: m.content ?? "",
    embeds: m.embeds ?? [],
    components: m.components ?? [],
    files: (m.files ?? []).map((f) => ({ attachment: f.data, name: f.name })),
    attachments: [],
    allowedMentions: allowed(m),
  };
}

/** Options for interaction.reply / followUp: always ephemeral, only the person who acted sees it. */
export function forReply(m: OutMessage) {
  return {
    content: m.content ?? "",
    embeds: m.embeds ?? [],
    components: m.components ?? [],
    files: (m.files ?? []).map((f) => ({ attachment: f.data, name: f.name })),
    allowedMentions: allowed(m),
    flags: MessageFlags.Ephemeral as const,
  };
}

/**
 * Body and files for client.rest.post/patch on a channel message or a webhook message (text-only
 * ones with link previews suppressed). An edit
 * replaces the attachments with the message's files, unless `keepAttachments` (a text-only edit
 * that leaves the picture on the message), or `keep` lists attachments already on the message to
 * keep by id (Discord keeps those without a new upload).
 */
export function forRest(
  m: OutMessage,
  opts: { edit?: boolean; keepAttachments?: boolean; keep?: { id: string; filename: string }[] } = {},
) {
  const files = (m.files ?? []).map((f) => ({ name: f.name, data: f.data }));
  const body: Record<string, unknown> = {
    content: m.content ?? "",
    embeds: m.embeds ?? [],
    components: m.components ?? [],
    allowed_mentions: allowed(m),
  };
  // Text with players' names in it never unfurls into a link preview, whatever a name holds (names
  // are cleaned of links too: this is the second lock). Only on text-only messages: the flag would
  // hide the bot's own embeds as well.
  if (m.content && !m.embeds?.length) body.flags = MessageFlags.SuppressEmbeds;
  const keep = opts.keep ?? [];
  // Attachment ids are strings in Discord's API: kept ones by their id, new uploads by their index.
  if (!opts.keepAttachments && (files.length || opts.edit || keep.length))
    body.attachments = [
      ...keep.map((a) => ({ id: a.id, filename: a.filename })),
      ...files.map((f, i) => ({ id: String(i), filename: f.name })),
    ];
  return { body, files: files.length ? files : undefined };
}
