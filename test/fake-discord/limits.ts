/**
 * Discord's documented limits that its OpenAPI schemas do not express (those are checked in
 * spec.ts first): at most 5 action rows, 5 buttons or one select a row, custom_ids unique within a
 * message, 2,000 characters of content on every route, the message flags each endpoint lets a bot
 * set, the rules tying a button's style to its fields, select menus' values against their options,
 * embed totals, modals and command definitions. Each breach is a finding at its field, answered by
 * the fake with 400 code 50035 (or 50006 for an empty message), as Discord answers it.
 */
import type { Finding } from "./spec.js";

const COMPONENT = { row: 1, button: 2, stringSelect: 3, textInput: 4 } as const;
const SELECTS = new Set<number>([3, 5, 6, 7, 8]);

/** Message flags a bot may set (Discord's "only X, Y and Z can be set" per endpoint). */
const FLAG = {
  SUPPRESS_EMBEDS: 1 << 2,
  EPHEMERAL: 1 << 6,
  SUPPRESS_NOTIFICATIONS: 1 << 12,
  IS_VOICE_MESSAGE: 1 << 13,
  IS_COMPONENTS_V2: 1 << 15,
} as const;
type FlagName = keyof typeof FLAG;
const ALLOWED_FLAGS = {
  /** Create Message. */
  create: ["SUPPRESS_EMBEDS", "SUPPRESS_NOTIFICATIONS", "IS_VOICE_MESSAGE", "IS_COMPONENTS_V2"],
  /** An interaction's reply (callback 4, or 5 deferring it). */
  reply: ["SUPPRESS_EMBEDS", "EPHEMERAL", "SUPPRESS_NOTIFICATIONS", "IS_VOICE_MESSAGE", "IS_COMPONENTS_V2"],
  /** An interaction's follow-up (Execute Webhook with its token). */
  followUp: ["SUPPRESS_EMBEDS", "EPHEMERAL", "SUPPRESS_NOTIFICATIONS", "IS_COMPONENTS_V2"],
  /** Edit Message, Edit Webhook Message, and the update of the clicked message (callback 7). */
  edit: ["SUPPRESS_EMBEDS", "IS_COMPONENTS_V2"],
} satisfies Record<string, FlagName[]>;
type FlagSet = keyof typeof ALLOWED_FLAGS;

/** The code of the finding the fake answers with 50006 rather than 50035. */
export const EMPTY_MESSAGE = "EMPTY_MESSAGE";

type At = Array<string | number>;

function len(v: unknown): number {
  return typeof v === "string" ? [...v].length : 0;
}

/** The limits of one request to a route of the spec ("POST /channels/{channel_id}/messages"); `files`: uploads in it. */
export function checkLimits(route: string, body: any, files: number): Finding[] {
  switch (route) {
    case "POST /channels/{channel_id}/messages":
      return checkMessage(body, { create: true, files, flags: "create" });
    case "POST /webhooks/{webhook_id}/{webhook_token}":
      return checkMessage(body, { create: true, files, flags: "followUp" });
    case "PATCH /channels/{channel_id}/messages/{message_id}":
    case "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original":
    case "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":
      return checkMessage(body, { create: false, files, flags: "edit" });
    case "POST /interactions/{interaction_id}/{interaction_token}/callback":
      return checkCallback(body, files);
    case "PUT /applications/{application_id}/commands":
    case "PUT /applications/{application_id}/guilds/{guild_id}/commands":
      return checkCommands(body);
    case "POST /applications/{application_id}/commands":
    case "POST /applications/{application_id}/guilds/{guild_id}/commands":
      return checkCommands([body]).map((f) => ({ ...f, at: f.at.slice(1) }));
    default:
      return [];
  }
}

function checkCallback(body: any, files: number): Finding[] {
  const data = body?.data;
  const inData = (fs: Finding[]) => fs.map((f) => ({ ...f, at: ["data", ...f.at] }));
  switch (body?.type) {
    case 4:
      return inData(checkMessage(data, { create: true, files, flags: "reply" }));
    case 5:
      return inData(checkFlags(data?.flags, "reply"));
    case 7:
      return inData(checkMessage(data, { create: false, files, flags: "edit" }));
    case 8:
      return inData(checkChoices(data));
    case 9:
      return inData(checkModal(data));
    default:
      return [];
  }
}

function checkFlags(flags: unknown, set: FlagSet): Finding[] {
  if (flags === undefined || flags === null) return [];
  const allowed = ALLOWED_FLAGS[set].reduce((a, n) => a | FLAG[n], 0);
  if (typeof flags !== "number" || !Number.isInteger(flags) || flags < 0)
    return [{ at: ["flags"], code: "NUMBER_TYPE_COERCE", message: `Value ${JSON.stringify(flags)} is not int.` }];
  if ((flags & ~allowed) === 0) return [];
  const named = Object.entries(FLAG)
    .filter(([, bit]) => flags & bit & ~allowed)
    .map(([n]) => n);
  const unnamed = flags & ~allowed & ~Object.values(FLAG).reduce((a, b) => a | b, 0);
  const got = [...named, ...(unnamed ? [`bits ${unnamed}`] : [])].join(", ");
  return [
    { at: ["flags"], code: "MESSAGE_FLAGS_NOT_ALLOWED", message: `Only ${ALLOWED_FLAGS[set].join(", ")} can be set here (got ${got}).` },
  ];
}

/** Problems with message content, flags, embeds, components and attachments; empty when Discord would accept it. */
export function checkMessage(data: any, opts: { create: boolean; files: number; flags: FlagSet }): Finding[] {
  const p: Finding[] = [];
  const add = (at: At, code: string, message: string) => p.push({ at, code, message });
  if (!data || typeof data !== "object")
    return opts.create && !opts.files ? [{ at: [], code: EMPTY_MESSAGE, message: "Cannot send an empty message" }] : [];
  if (len(data.content) > 2000)
    add(["content"], "BASE_TYPE_MAX_LENGTH", `Must be 2000 or fewer in length (it has ${len(data.content)} characters).`);
  p.push(...checkFlags(data.flags, opts.flags));
  const embeds: any[] = Array.isArray(data.embeds) ? data.embeds : [];
  if (embeds.length > 10) add(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.");
  let embedTotal = 0;
  embeds.forEach((e, i) => {
    const limit = (at: At, v: unknown, max: number) => {
      embedTotal += len(v);
      if (len(v) > max)
        add(["embeds", i, ...at], "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length (it has ${len(v)} characters).`);
    };
    limit(["title"], e?.title, 256);
    limit(["description"], e?.description, 4096);
    limit(["footer", "text"], e?.footer?.text, 2048);
    limit(["author", "name"], e?.author?.name, 256);
    const fields: any[] = Array.isArray(e?.fields) ? e.fields : [];
    if (fields.length > 25) add(["embeds", i, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
    fields.forEach((f, j) => {
      limit(["fields", j, "name"], f?.name, 256);
      limit(["fields", j, "value"], f?.value, 1024);
      if (!f?.name) add(["embeds", i, "fields", j, "name"], "BASE_TYPE_REQUIRED", "This field is required");
      if (!f?.value) add(["embeds", i, "fields", j, "value"], "BASE_TYPE_REQUIRED", "This field is required");
    });
  });
  if (embedTotal > 6000)
    add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", `Embed size exceeds maximum size of 6000 (it has ${embedTotal} characters).`);
  p.push(...checkComponents(Array.isArray(data.components) ? data.components : [], "message"));
  const attachments = Math.max(Array.isArray(data.attachments) ? data.attachments.length : 0, opts.files);
  if (attachments > 10) add(["attachments"], "BASE_TYPE_MAX_LENGTH", `Must be 10 or fewer in length (${attachments} files).`);
  if (
    opts.create &&
    !len(data.content) &&
    !embeds.length &&
    !(data.components ?? []).length &&
    !opts.files &&
    !(data.sticker_ids ?? []).length &&
    !data.poll
  ) {
    add([], EMPTY_MESSAGE, "Cannot send an empty message");
  }
  return p;
}

/** Action rows and what they hold, for messages (buttons and selects) and modals (text inputs). */
export function checkComponents(rows: any[], where: "message" | "modal"): Finding[] {
  const p: Finding[] = [];
  const add = (at: At, code: string, message: string) => p.push({ at: ["components", ...at], code, message });
  if (rows.length > 5) add([], "BASE_TYPE_MAX_LENGTH", `Must be 5 or fewer in length (${rows.length} action rows).`);
  const ids = new Set<string>();
  rows.forEach((row, r) => {
    if (row?.type !== COMPONENT.row) {
      add([r, "type"], "BASE_TYPE_CHOICES", `Value must be one of {1} (an action row; got ${row?.type}).`);
      return;
    }
    const cs: any[] = Array.isArray(row.components) ? row.components : [];
    if (cs.length === 0) add([r, "components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
    if (cs.length > 5) add([r, "components"], "BASE_TYPE_MAX_LENGTH", `Must be 5 or fewer in length (${cs.length} components).`);
    const hasSelect = cs.some((c) => SELECTS.has(c?.type));
    if ((hasSelect || where === "modal") && cs.length > 1)
      add(
        [r, "components"],
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
        `The specified component exceeds the maximum width (a ${where === "modal" ? "text input" : "select menu"} fills its row).`,
      );
    cs.forEach((c, i) => {
      const at = (...k: At): At => [r, "components", i, ...k];
      if (c?.custom_id !== undefined && c?.custom_id !== null) {
        if (typeof c.custom_id !== "string" || len(c.custom_id) < 1 || len(c.custom_id) > 100)
          add(at("custom_id"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
        else if (ids.has(c.custom_id))
          add(at("custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", `Component custom id cannot be duplicated ("${c.custom_id}").`);
        ids.add(c.custom_id);
      }
      if (where === "modal") {
        if (c?.type !== COMPONENT.textInput)
          add(at("type"), "BASE_TYPE_CHOICES", `Value must be one of {4} (a text input; got ${c?.type}).`);
        if (len(c?.label) < 1 || len(c?.label) > 45) add(at("label"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.");
        if (c?.max_length !== undefined && (c.max_length < 1 || c.max_length > 4000))
          add(at("max_length"), "NUMBER_TYPE_MAX", "Must be between 1 and 4000.");
        if (!c?.custom_id) add(at("custom_id"), "BASE_TYPE_REQUIRED", "This field is required");
        return;
      }
      if (c?.type === COMPONENT.button) {
        if (len(c.label) > 80) add(at("label"), "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.");
        if (!c.label && !c.emoji) add(at("label"), "BASE_TYPE_REQUIRED", "A button needs a label or an emoji.");
        if (c.style === 5) {
          if (!c.url) add(at("url"), "BASE_TYPE_REQUIRED", "A link button needs a url.");
          if (c.custom_id) add(at("custom_id"), "COMPONENT_INVALID_FIELD", "A link button cannot have a custom_id.");
        } else if (c.style === 6) {
          if (!c.sku_id) add(at("sku_id"), "BASE_TYPE_REQUIRED", "A premium button needs a sku_id.");
        } else {
          if (![1, 2, 3, 4].includes(c.style))
            add(at("style"), "BASE_TYPE_CHOICES", `Value must be one of {1, 2, 3, 4, 5, 6} (got ${c.style}).`);
          if (!c.custom_id) add(at("custom_id"), "BASE_TYPE_REQUIRED", "A button needs a custom_id.");
          if (c.url) add(at("url"), "COMPONENT_INVALID_FIELD", "Only link buttons have a url.");
        }
      } else if (SELECTS.has(c?.type)) {
        if (!c.custom_id) add(at("custom_id"), "BASE_TYPE_REQUIRED", "A select menu needs a custom_id.");
        if (len(c.placeholder) > 150) add(at("placeholder"), "BASE_TYPE_MAX_LENGTH", "Must be 150 or fewer in length.");
        const min = c.min_values ?? 1;
        const max = c.max_values ?? 1;
        if (min < 0 || min > 25 || max < 1 || max > 25 || min > max)
          add(
            at("min_values"),
            "SELECT_COMPONENT_MIN_MAX_VALUES_INVALID",
            `min_values ${min} / max_values ${max} out of range (0-25, 1-25, min ≤ max).`,
          );
        if (c.type === COMPONENT.stringSelect) {
          const options: any[] = Array.isArray(c.options) ? c.options : [];
          if (options.length < 1 || options.length > 25)
            add(at("options"), "BASE_TYPE_BAD_LENGTH", `Must be between 1 and 25 in length (${options.length} options).`);
          if (max > options.length)
            add(at("max_values"), "SELECT_COMPONENT_TOO_MANY_VALUES", `max_values ${max} exceeds its ${options.length} options.`);
          const values = new Set<string>();
          options.forEach((o, k) => {
            if (len(o?.label) < 1 || len(o?.label) > 100)
              add(at("options", k, "label"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
            if (len(o?.value) < 1 || len(o?.value) > 100)
              add(at("options", k, "value"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
            if (len(o?.description) > 100) add(at("options", k, "description"), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.");
            if (values.has(o?.value))
              add(at("options", k, "value"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", `Option value "${o?.value}" is duplicated.`);
            values.add(o?.value);
          });
        }
      } else
        add(
          at("type"),
          "BASE_TYPE_CHOICES",
          `Value must be one of {2, 3, 5, 6, 7, 8} (a message action row holds buttons and selects; got ${c?.type}).`,
        );
    });
  });
  return p;
}

export function checkModal(data: any): Finding[] {
  const p: Finding[] = [];
  if (!data?.custom_id || len(data.custom_id) > 100)
    p.push({ at: ["custom_id"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length." });
  if (len(data?.title) < 1 || len(data?.title) > 45)
    p.push({ at: ["title"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 45 in length." });
  const rows: any[] = Array.isArray(data?.components) ? data.components : [];
  if (rows.length < 1 || rows.length > 5)
    p.push({ at: ["components"], code: "BASE_TYPE_BAD_LENGTH", message: `Must be between 1 and 5 in length (${rows.length} rows).` });
  return [...p, ...checkComponents(rows, "modal")];
}

export function checkChoices(data: any): Finding[] {
  const choices: any[] = Array.isArray(data?.choices) ? data.choices : [];
  const p: Finding[] = [];
  if (choices.length > 25)
    p.push({ at: ["choices"], code: "BASE_TYPE_MAX_LENGTH", message: `Must be 25 or fewer in length (${choices.length} choices).` });
  choices.forEach((c, i) => {
    if (len(c?.name) < 1 || len(c?.name) > 100)
      p.push({ at: ["choices", i, "name"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length." });
    if (typeof c?.value === "string" && len(c.value) > 100)
      p.push({ at: ["choices", i, "value"], code: "BASE_TYPE_MAX_LENGTH", message: "Must be 100 or fewer in length." });
  });
  return p;
}

const NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

/** Application command definitions (PUT /applications/:id/commands). */
export function checkCommands(body: any): Finding[] {
  if (!Array.isArray(body)) return [{ at: [], code: "LIST_TYPE_CONVERT", message: "Only iterables may be used in a ListType" }];
  const p: Finding[] = [];
  const add = (at: At, code: string, message: string) => p.push({ at, code, message });
  if (body.length > 100) add([], "BASE_TYPE_MAX_LENGTH", `Must be 100 or fewer in length (${body.length} commands).`);
  const checkOptions = (options: any[], at: At, depth: number) => {
    if (options.length > 25) add([...at, "options"], "BASE_TYPE_MAX_LENGTH", `Must be 25 or fewer in length (${options.length} options).`);
    let optionalSeen = false;
    options.forEach((o, i) => {
      const here: At = [...at, "options", i];
      if (!NAME.test(o?.name ?? "") || o.name !== o.name.toLowerCase())
        add(
          [...here, "name"],
          "APPLICATION_COMMAND_INVALID_NAME",
          `Command name is invalid ("${o?.name}": 1-32 lowercase letters, digits, - or _).`,
        );
      if (len(o?.description) < 1 || len(o?.description) > 100)
        add([...here, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
      for (const [loc, d] of Object.entries(o?.description_localizations ?? {}))
        if (len(d) > 100) add([...here, "description_localizations", loc], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
      const choices: any[] = o?.choices ?? [];
      if (choices.length > 25)
        add([...here, "choices"], "BASE_TYPE_MAX_LENGTH", `Must be 25 or fewer in length (${choices.length} choices).`);
      if (choices.length && o.autocomplete)
        add(
          [...here, "autocomplete"],
          "APPLICATION_COMMAND_AUTOCOMPLETE_AND_CHOICES",
          "An option cannot have both choices and autocomplete.",
        );
      if (o?.type === 1 || o?.type === 2) {
        if (depth >= 2 || (o.type === 2 && depth >= 1))
          add([...here, "type"], "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands are nested too deep.");
        checkOptions(o.options ?? [], here, depth + 1);
      } else {
        if (o?.required && optionalSeen)
          add(
            [...here, "required"],
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
            "Required options must be placed before non-required options.",
          );
        if (!o?.required) optionalSeen = true;
      }
    });
  };
  body.forEach((c: any, i: number) => {
    if (!NAME.test(c?.name ?? "") || ((c.type ?? 1) === 1 && c.name !== c.name.toLowerCase()))
      add([i, "name"], "APPLICATION_COMMAND_INVALID_NAME", `Command name is invalid ("${c?.name}").`);
    if ((c?.type ?? 1) === 1 && (len(c?.description) < 1 || len(c?.description) > 100))
      add([i, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    checkOptions(c?.options ?? [], [i], 0);
  });
  return p;
}
