// Discord's documented limits for message payloads, components and application commands.
// Each check returns field errors shaped like Discord's 50035 "Invalid Form Body" errors,
// so the bot sees the same DiscordAPIError it would get from the real API.

export type Path = (string | number)[];

export interface FieldError {
  path: Path;
  code: string;
  message: string;
}

export const MessageFlag = {
  Crossposted: 1 << 0,
  IsCrosspost: 1 << 1,
  SuppressEmbeds: 1 << 2,
  SourceMessageDeleted: 1 << 3,
  Urgent: 1 << 4,
  HasThread: 1 << 5,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;

/** Flags a bot may set when creating or editing a message. */
const SETTABLE_FLAGS =
  MessageFlag.SuppressEmbeds | MessageFlag.Ephemeral | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;

export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthor: 256,
  actionRows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionText: 100,
  selectPlaceholder: 150,
  componentsV2Total: 40,
  files: 10,
  choices: 25,
} as const;

export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
  Label: 18,
} as const;

const SELECT_TYPES: ReadonlySet<number> = new Set([3, 5, 6, 7, 8]);

const tooLong = (path: Path, max: number): FieldError => ({
  path,
  code: "BASE_TYPE_MAX_LENGTH",
  message: `Must be ${max} or fewer in length.`,
});
const required = (path: Path): FieldError => ({ path, code: "BASE_TYPE_REQUIRED", message: "This field is required" });
const invalid = (path: Path, message: string, code = "BASE_TYPE_INVALID"): FieldError => ({ path, code, message });

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function checkString(errors: FieldError[], path: Path, v: unknown, max: number, opts: { required?: boolean; min?: number } = {}): void {
  if (v === undefined || v === null) {
    if (opts.required) errors.push(required(path));
    return;
  }
  if (typeof v !== "string") {
    errors.push(invalid(path, "Could not interpret value as string.", "STRING_TYPE_CONVERT"));
    return;
  }
  if (v.length > max) errors.push(tooLong(path, max));
  if (opts.min !== undefined && v.length < opts.min) {
    errors.push(invalid(path, `Must be between ${opts.min} and ${max} in length.`, "BASE_TYPE_BAD_LENGTH"));
  }
}

export interface MessageCheckOptions {
  /** A create needs some content; an edit may change a single field. */
  isEdit: boolean;
  /** Files uploaded with this request (multipart files[n]). */
  fileCount: number;
  /** Attachments that exist already on the edited message (their ids may be kept). */
  existingAttachmentIds?: readonly string[];
  /** Where EPHEMERAL is meaningful (interaction responses and follow-ups). */
  allowEphemeral: boolean;
  /** Flags of the message being edited (IS_COMPONENTS_V2 cannot be removed). */
  currentFlags?: number;
}

/** Validates a message create/edit body. Paths are relative to the body. */
export function checkMessageBody(body: unknown, opts: MessageCheckOptions): FieldError[] {
  const errors: FieldError[] = [];
  if (!isObject(body)) {
    if (body === undefined && opts.isEdit) return errors;
    return [invalid([], "Expected an object for the message body.", "DICT_TYPE_CONVERT")];
  }
  const flags = typeof body.flags === "number" ? body.flags : 0;
  if (body.flags !== undefined && body.flags !== null && typeof body.flags !== "number") {
    errors.push(invalid(["flags"], "Value is not int.", "NUMBER_TYPE_COERCE"));
  }
  const unknownFlags = flags & ~SETTABLE_FLAGS;
  if (unknownFlags) errors.push(invalid(["flags"], `Flags ${unknownFlags} cannot be set by a bot.`));
  const v2 = ((flags | (opts.currentFlags ?? 0)) & MessageFlag.IsComponentsV2) !== 0;

  if (body.content !== undefined && body.content !== null) {
    checkString(errors, ["content"], body.content, LIMITS.content);
    if (v2 && body.content !== "") {
      errors.push(invalid(["content"], "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"));
    }
  }
  if (body.embeds !== undefined && body.embeds !== null) {
    if (!Array.isArray(body.embeds)) errors.push(invalid(["embeds"], "Expected an array.", "LIST_TYPE_CONVERT"));
    else {
      if (v2 && body.embeds.length) {
        errors.push(invalid(["embeds"], "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"));
      }
      if (body.embeds.length > LIMITS.embeds) errors.push(tooLong(["embeds"], LIMITS.embeds));
      let total = 0;
      body.embeds.forEach((e: unknown, i: number) => {
        total += checkEmbed(errors, ["embeds", i], e);
      });
      if (total > LIMITS.embedTotal) {
        errors.push(invalid(["embeds"], `Embed size exceeds maximum size of ${LIMITS.embedTotal}`, "MAX_EMBED_SIZE_EXCEEDED"));
      }
    }
  }
  if (body.components !== undefined && body.components !== null) {
    if (!Array.isArray(body.components)) errors.push(invalid(["components"], "Expected an array.", "LIST_TYPE_CONVERT"));
    else if (v2) checkComponentsV2(errors, body.components);
    else checkActionRows(errors, body.components);
  }
  if (body.allowed_mentions !== undefined && body.allowed_mentions !== null) {
    checkAllowedMentions(errors, body.allowed_mentions);
  }
  if (opts.fileCount > LIMITS.files) errors.push(tooLong(["files"], LIMITS.files));
  if (body.attachments !== undefined && body.attachments !== null) {
    if (!Array.isArray(body.attachments)) errors.push(invalid(["attachments"], "Expected an array.", "LIST_TYPE_CONVERT"));
    else {
      const existing = new Set(opts.existingAttachmentIds ?? []);
      body.attachments.forEach((a: unknown, i: number) => {
        if (!isObject(a) || a.id === undefined) {
          errors.push(required(["attachments", i, "id"]));
          return;
        }
        const id = String(a.id);
        const isUpload = /^\d{1,2}$/.test(id) && Number(id) < opts.fileCount;
        if (!isUpload && !existing.has(id)) {
          errors.push(invalid(["attachments", i, "id"], `Attachment ${id} is neither an uploaded file nor an attachment of this message.`, "ATTACHMENT_NOT_FOUND"));
        }
        checkString(errors, ["attachments", i, "description"], a.description, 1024);
      });
    }
  }
  if (!opts.isEdit) {
    const hasContent = typeof body.content === "string" && body.content.length > 0;
    const hasEmbeds = Array.isArray(body.embeds) && body.embeds.length > 0;
    const hasComponents = Array.isArray(body.components) && body.components.length > 0;
    const hasFiles = opts.fileCount > 0;
    const hasOther = Array.isArray(body.sticker_ids) && body.sticker_ids.length > 0 || isObject(body.poll);
    if (!hasContent && !hasEmbeds && !hasComponents && !hasFiles && !hasOther) {
      errors.push({ path: [], code: "EMPTY_MESSAGE", message: "Cannot send an empty message" });
    }
  }
  return errors;
}

function checkEmbed(errors: FieldError[], path: Path, e: unknown): number {
  if (!isObject(e)) {
    errors.push(invalid(path, "Expected an object.", "DICT_TYPE_CONVERT"));
    return 0;
  }
  let size = 0;
  const text = (p: Path, v: unknown, max: number, req = false) => {
    checkString(errors, p, v, max, { required: req });
    if (typeof v === "string") size += v.length;
  };
  text([...path, "title"], e.title, LIMITS.embedTitle);
  text([...path, "description"], e.description, LIMITS.embedDescription);
  if (isObject(e.footer)) text([...path, "footer", "text"], e.footer.text, LIMITS.embedFooter, true);
  if (isObject(e.author)) text([...path, "author", "name"], e.author.name, LIMITS.embedAuthor, true);
  if (e.color !== undefined && e.color !== null && (!Number.isInteger(e.color) || e.color < 0 || e.color > 0xffffff)) {
    errors.push(invalid([...path, "color"], "Must be an integer between 0 and 16777215."));
  }
  for (const key of ["image", "thumbnail"] as const) {
    if (isObject(e[key]) && typeof e[key].url === "string" && !/^(https?:\/\/|attachment:\/\/)/.test(e[key].url)) {
      errors.push(invalid([...path, key, "url"], "Scheme must be one of ('http', 'https', 'attachment').", "URL_TYPE_INVALID_SCHEME"));
    }
  }
  if (e.fields !== undefined) {
    if (!Array.isArray(e.fields)) errors.push(invalid([...path, "fields"], "Expected an array.", "LIST_TYPE_CONVERT"));
    else {
      if (e.fields.length > LIMITS.embedFields) errors.push(tooLong([...path, "fields"], LIMITS.embedFields));
      e.fields.forEach((f: any, i: number) => {
        text([...path, "fields", i, "name"], f?.name, LIMITS.embedFieldName, true);
        text([...path, "fields", i, "value"], f?.value, LIMITS.embedFieldValue, true);
        if (f?.name === "") errors.push(required([...path, "fields", i, "name"]));
        if (f?.value === "") errors.push(required([...path, "fields", i, "value"]));
      });
    }
  }
  return size;
}

function checkActionRows(errors: FieldError[], rows: unknown[]): void {
  if (rows.length > LIMITS.actionRows) errors.push(tooLong(["components"], LIMITS.actionRows));
  const ids = new Set<string>();
  rows.forEach((row, r) => {
    const path: Path = ["components", r];
    if (!isObject(row) || row.type !== ComponentType.ActionRow) {
      errors.push(invalid([...path, "type"], "Top-level components must be action rows (type 1) unless the message has the IS_COMPONENTS_V2 flag.", "UNION_TYPE_CHOICES"));
      return;
    }
    checkActionRow(errors, path, row, ids);
  });
}

function checkActionRow(errors: FieldError[], path: Path, row: Record<string, any>, ids: Set<string>): void {
  const children = row.components;
  if (!Array.isArray(children) || children.length === 0) {
    errors.push(invalid([...path, "components"], "Must be between 1 and 5 in length.", "BASE_TYPE_BAD_LENGTH"));
    return;
  }
  if (children.length > LIMITS.buttonsPerRow) errors.push(tooLong([...path, "components"], LIMITS.buttonsPerRow));
  const hasSelect = children.some((c) => isObject(c) && SELECT_TYPES.has(c.type));
  if (hasSelect && children.length > 1) {
    errors.push(invalid([...path, "components"], "An action row with a select menu cannot contain other components.", "COMPONENT_LAYOUT_WIDTH_EXCEEDED"));
  }
  children.forEach((c, i) => checkInteractive(errors, [...path, "components", i], c, ids));
}

function checkCustomId(errors: FieldError[], path: Path, v: unknown, ids: Set<string>): void {
  checkString(errors, path, v, LIMITS.customId, { required: true, min: 1 });
  if (typeof v === "string") {
    if (ids.has(v)) errors.push(invalid(path, "Component custom id cannot be duplicated", "COMPONENT_CUSTOM_ID_DUPLICATED"));
    ids.add(v);
  }
}

function checkInteractive(errors: FieldError[], path: Path, c: unknown, ids: Set<string>): void {
  if (!isObject(c)) {
    errors.push(invalid(path, "Expected an object.", "DICT_TYPE_CONVERT"));
    return;
  }
  if (c.type === ComponentType.Button) {
    const style = c.style;
    if (![1, 2, 3, 4, 5, 6].includes(style)) errors.push(invalid([...path, "style"], "Value must be one of {1, 2, 3, 4, 5, 6}."));
    if (style === 5) {
      if (typeof c.url !== "string") errors.push(required([...path, "url"]));
      if (c.custom_id !== undefined) errors.push(invalid([...path, "custom_id"], "A link button cannot have a custom_id.", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED"));
    } else if (style === 6) {
      if (typeof c.sku_id !== "string") errors.push(required([...path, "sku_id"]));
    } else {
      checkCustomId(errors, [...path, "custom_id"], c.custom_id, ids);
      if (c.url !== undefined) errors.push(invalid([...path, "url"], "Only link buttons can have a url.", "BUTTON_COMPONENT_URL_NOT_ALLOWED"));
    }
    checkString(errors, [...path, "label"], c.label, LIMITS.buttonLabel);
    if (style !== 6 && (c.label === undefined || c.label === null || c.label === "") && !isObject(c.emoji)) {
      errors.push(invalid([...path, "label"], "A button needs a label or an emoji.", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED"));
    }
    return;
  }
  if (SELECT_TYPES.has(c.type)) {
    checkCustomId(errors, [...path, "custom_id"], c.custom_id, ids);
    checkString(errors, [...path, "placeholder"], c.placeholder, LIMITS.selectPlaceholder);
    const min = c.min_values ?? 1;
    const max = c.max_values ?? 1;
    if (!Number.isInteger(min) || min < 0 || min > 25) errors.push(invalid([...path, "min_values"], "Must be between 0 and 25."));
    if (!Number.isInteger(max) || max < 1 || max > 25) errors.push(invalid([...path, "max_values"], "Must be between 1 and 25."));
    if (Number.isInteger(min) && Number.isInteger(max) && min > max) {
      errors.push(invalid([...path, "min_values"], "min_values cannot be greater than max_values."));
    }
    if (c.type === ComponentType.StringSelect) {
      const options = c.options;
      if (!Array.isArray(options) || options.length === 0) {
        errors.push(invalid([...path, "options"], "Must be between 1 and 25 in length.", "BASE_TYPE_BAD_LENGTH"));
        return;
      }
      if (options.length > LIMITS.selectOptions) errors.push(tooLong([...path, "options"], LIMITS.selectOptions));
      if (Number.isInteger(max) && max > options.length) {
        errors.push(invalid([...path, "max_values"], `Must be less than or equal to the number of options (${options.length}).`, "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS"));
      }
      const values = new Set<string>();
      options.forEach((o: any, i: number) => {
        const p: Path = [...path, "options", i];
        checkString(errors, [...p, "label"], o?.label, LIMITS.selectOptionText, { required: true, min: 1 });
        checkString(errors, [...p, "value"], o?.value, LIMITS.selectOptionText, { required: true, min: 1 });
        checkString(errors, [...p, "description"], o?.description, LIMITS.selectOptionText);
        if (typeof o?.value === "string") {
          if (values.has(o.value)) errors.push(invalid([...p, "value"], "Select option values must be unique.", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED"));
          values.add(o.value);
        }
      });
    }
    return;
  }
  errors.push(invalid([...path, "type"], `Component type ${String(c.type)} is not allowed here.`, "UNION_TYPE_CHOICES"));
}

/** Components V2: layout components nest; at most 40 components in total. */
function checkComponentsV2(errors: FieldError[], components: unknown[]): void {
  const ids = new Set<string>();
  let total = 0;
  const walk = (path: Path, c: unknown): void => {
    total += 1;
    if (!isObject(c)) {
      errors.push(invalid(path, "Expected an object.", "DICT_TYPE_CONVERT"));
      return;
    }
    switch (c.type) {
      case ComponentType.ActionRow:
        total += Array.isArray(c.components) ? c.components.length : 0;
        checkActionRow(errors, path, c, ids);
        return;
      case ComponentType.TextDisplay:
        checkString(errors, [...path, "content"], c.content, 4000, { required: true, min: 1 });
        return;
      case ComponentType.Section:
        (Array.isArray(c.components) ? c.components : []).forEach((x: unknown, i: number) => walk([...path, "components", i], x));
        if (isObject(c.accessory)) {
          if (c.accessory.type === ComponentType.Button) {
            total += 1;
            checkInteractive(errors, [...path, "accessory"], c.accessory, ids);
          } else walk([...path, "accessory"], c.accessory);
        }
        return;
      case ComponentType.Container:
        (Array.isArray(c.components) ? c.components : []).forEach((x: unknown, i: number) => walk([...path, "components", i], x));
        return;
      case ComponentType.Thumbnail:
      case ComponentType.MediaGallery:
      case ComponentType.File:
      case ComponentType.Separator:
        return;
      default:
        errors.push(invalid([...path, "type"], `Component type ${String(c.type)} is not allowed at this level.`, "UNION_TYPE_CHOICES"));
    }
  };
  components.forEach((c, i) => walk(["components", i], c));
  if (total > LIMITS.componentsV2Total) {
    errors.push(invalid(["components"], `A message can contain at most ${LIMITS.componentsV2Total} components in total (found ${total}).`, "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED"));
  }
}

function checkAllowedMentions(errors: FieldError[], am: unknown): void {
  if (!isObject(am)) {
    errors.push(invalid(["allowed_mentions"], "Expected an object.", "DICT_TYPE_CONVERT"));
    return;
  }
  const parse: unknown = am.parse;
  if (parse !== undefined && parse !== null) {
    if (!Array.isArray(parse)) errors.push(invalid(["allowed_mentions", "parse"], "Expected an array.", "LIST_TYPE_CONVERT"));
    else
      parse.forEach((p, i) => {
        if (!["users", "roles", "everyone"].includes(p)) {
          errors.push(invalid(["allowed_mentions", "parse", i], "Value must be one of ('roles', 'users', 'everyone').", "BASE_TYPE_CHOICES"));
        }
      });
  }
  for (const kind of ["users", "roles"] as const) {
    const list = am[kind];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      errors.push(invalid(["allowed_mentions", kind], "Expected an array.", "LIST_TYPE_CONVERT"));
      continue;
    }
    if (list.length > 100) errors.push(tooLong(["allowed_mentions", kind], 100));
    if (Array.isArray(parse) && parse.includes(kind) && list.length > 0) {
      errors.push(invalid(["allowed_mentions"], `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`, "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"));
    }
  }
}

export interface Pings {
  users: string[];
  roles: string[];
  everyone: boolean;
}

export interface MentionsInContent {
  users: string[];
  roles: string[];
  everyone: boolean;
}

export function mentionsIn(content: string): MentionsInContent {
  const users = [...content.matchAll(/<@!?(\d{15,20})>/g)].map((m) => m[1]);
  const roles = [...content.matchAll(/<@&(\d{15,20})>/g)].map((m) => m[1]);
  return { users: [...new Set(users)], roles: [...new Set(roles)], everyone: /@(everyone|here)\b/.test(content) };
}

/** Who gets notified: the mentions in the content, filtered by allowed_mentions (absent = all). */
export function computePings(content: string, allowed: unknown): Pings {
  const m = mentionsIn(content);
  if (!isObject(allowed)) return { users: m.users, roles: m.roles, everyone: m.everyone };
  const parse: string[] = Array.isArray(allowed.parse) ? allowed.parse : [];
  const users = parse.includes("users")
    ? m.users
    : m.users.filter((u) => Array.isArray(allowed.users) && allowed.users.includes(u));
  const roles = parse.includes("roles")
    ? m.roles
    : m.roles.filter((r) => Array.isArray(allowed.roles) && allowed.roles.includes(r));
  return { users, roles, everyone: m.everyone && parse.includes("everyone") };
}

export function checkAutocompleteChoices(data: unknown): FieldError[] {
  const errors: FieldError[] = [];
  if (!isObject(data) || !Array.isArray(data.choices)) return [required(["data", "choices"])];
  if (data.choices.length > LIMITS.choices) errors.push(tooLong(["data", "choices"], LIMITS.choices));
  data.choices.forEach((c: any, i: number) => {
    checkString(errors, ["data", "choices", i, "name"], c?.name, 100, { required: true, min: 1 });
    if (typeof c?.value === "string") checkString(errors, ["data", "choices", i, "value"], c.value, 100);
    else if (typeof c?.value !== "number") errors.push(required(["data", "choices", i, "value"]));
  });
  return errors;
}

// ---- Application commands -------------------------------------------------------------

/** Locales Discord accepts in *_localizations (note: "en" alone is not one of them). */
export const DISCORD_LOCALES: ReadonlySet<string> = new Set([
  "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
  "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
]);

const NAME_RE = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function checkLocalizations(errors: FieldError[], path: Path, v: unknown, max: number): void {
  if (v === undefined || v === null) return;
  if (!isObject(v)) {
    errors.push(invalid(path, "Expected an object.", "DICT_TYPE_CONVERT"));
    return;
  }
  for (const [locale, text] of Object.entries(v)) {
    if (!DISCORD_LOCALES.has(locale)) {
      errors.push(invalid([...path, locale], `"${locale}" is not a Discord locale (valid: ${[...DISCORD_LOCALES].join(", ")}).`, "LOCALE_INVALID"));
    }
    if (text !== null) checkString(errors, [...path, locale], text, max, { min: 1 });
  }
}

function checkName(errors: FieldError[], path: Path, name: unknown, lowercase: boolean): void {
  if (typeof name !== "string") {
    errors.push(required(path));
    return;
  }
  if (!NAME_RE.test(name)) errors.push(invalid(path, "Command and option names must match ^[-_\\p{L}\\p{N}]{1,32}$.", "APPLICATION_COMMAND_INVALID_NAME"));
  if (lowercase && name !== name.toLowerCase()) errors.push(invalid(path, "Command and option names must be lowercase.", "APPLICATION_COMMAND_INVALID_NAME"));
}

export function checkCommand(cmd: unknown, path: Path = []): FieldError[] {
  const errors: FieldError[] = [];
  if (!isObject(cmd)) return [invalid(path, "Expected an object.", "DICT_TYPE_CONVERT")];
  const type = cmd.type ?? 1;
  checkName(errors, [...path, "name"], cmd.name, type === 1);
  checkLocalizations(errors, [...path, "name_localizations"], cmd.name_localizations, 32);
  if (type === 1) {
    checkString(errors, [...path, "description"], cmd.description, 100, { required: true, min: 1 });
    checkLocalizations(errors, [...path, "description_localizations"], cmd.description_localizations, 100);
  }
  checkOptions(errors, [...path, "options"], cmd.options, 0);
  return errors;
}

function checkOptions(errors: FieldError[], path: Path, options: unknown, depth: number): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) {
    errors.push(invalid(path, "Expected an array.", "LIST_TYPE_CONVERT"));
    return;
  }
  if (options.length > 25) errors.push(tooLong(path, 25));
  const names = new Set<string>();
  let seenOptional = false;
  options.forEach((o: any, i: number) => {
    const p: Path = [...path, i];
    if (!isObject(o)) {
      errors.push(invalid(p, "Expected an object.", "DICT_TYPE_CONVERT"));
      return;
    }
    checkName(errors, [...p, "name"], o.name, true);
    if (typeof o.name === "string") {
      if (names.has(o.name)) errors.push(invalid([...p, "name"], "Option names must be unique.", "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS"));
      names.add(o.name);
    }
    checkLocalizations(errors, [...p, "name_localizations"], o.name_localizations, 32);
    checkString(errors, [...p, "description"], o.description, 100, { required: true, min: 1 });
    checkLocalizations(errors, [...p, "description_localizations"], o.description_localizations, 100);
    if (o.type === 1 || o.type === 2) {
      if (depth >= (o.type === 2 ? 1 : 2)) errors.push(invalid([...p, "type"], "Subcommands nest at most group > subcommand.", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"));
      checkOptions(errors, [...p, "options"], o.options, depth + 1);
      return;
    }
    if (o.required) {
      if (seenOptional) errors.push(invalid([...p, "required"], "Required options must be placed before non-required options.", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"));
    } else seenOptional = true;
    if (o.choices !== undefined) {
      if (!Array.isArray(o.choices)) errors.push(invalid([...p, "choices"], "Expected an array.", "LIST_TYPE_CONVERT"));
      else {
        if (o.choices.length > 25) errors.push(tooLong([...p, "choices"], 25));
        if (o.autocomplete) errors.push(invalid([...p, "autocomplete"], "Autocomplete and choices are mutually exclusive.", "AUTOCOMPLETE_AND_CHOICES_EXCLUSIVE"));
        o.choices.forEach((c: any, j: number) => {
          checkString(errors, [...p, "choices", j, "name"], c?.name, 100, { required: true, min: 1 });
          checkLocalizations(errors, [...p, "choices", j, "name_localizations"], c?.name_localizations, 100);
          if (typeof c?.value === "string") checkString(errors, [...p, "choices", j, "value"], c.value, 100);
        });
      }
    }
  });
}

// ---- Error body --------------------------------------------------------------------------

/** Turns field errors into Discord's nested {field: {_errors: [...]}} shape. */
export function nestErrors(errors: readonly FieldError[], prefix: Path = []): Record<string, any> {
  const root: Record<string, any> = {};
  for (const e of errors) {
    let node = root;
    for (const key of [...prefix, ...e.path]) {
      node = node[String(key)] ??= {};
    }
    (node._errors ??= []).push({ code: e.code, message: e.message });
  }
  return root;
}

export function describeErrors(errors: readonly FieldError[], prefix: Path = []): string {
  return errors
    .map((e) => `${[...prefix, ...e.path].join(".") || "(body)"}: ${e.message} [${e.code}]`)
    .join("; ");
}
