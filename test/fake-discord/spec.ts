/**
 * Discord's published API, as the fake checks requests against it: the routes of Discord's official
 * OpenAPI document and the request-body schemas generated from it, both taken from the npm package
 * `discord-api-spec` (MIT; regenerated daily from discord/discord-api-spec, pinned in package.json).
 * A body that does not match is described field by field, in Discord's own error shape.
 */

/** What the fake needs of a Zod schema (zod/mini), typed here: see loadSpec for why. */
interface Schema {
  safeParse(value: unknown, params?: { reportInput?: boolean }): { success: true } | { success: false; error: { issues: Issue[] } };
}

/** A Zod issue: the fields the findings below read. */
interface Issue {
  code: string;
  path: Array<string | number>;
  expected?: string;
  values?: unknown[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  pattern?: string;
  input?: unknown;
  errors?: Issue[][];
}

/** One thing wrong with a request, at a field (`at` is its path in the body; empty for the body itself). */
export interface Finding {
  at: Array<string | number>;
  /** Discord's error code for the field (BASE_TYPE_REQUIRED, BASE_TYPE_MAX_LENGTH…). */
  code: string;
  message: string;
}

/** `components[0].components[1].custom_id`, as a person reads a field's path. */
export function fieldName(at: Array<string | number>): string {
  return at.reduce<string>((s, k) => (typeof k === "number" ? `${s}[${k}]` : s ? `${s}.${k}` : k), "") || "(body)";
}

/** Discord's `errors` object: the findings nested by field, each field's list under `_errors`. */
export function discordErrors(findings: Finding[]): Record<string, unknown> {
  const root: Record<string, any> = {};
  for (const f of findings) {
    let node = root;
    for (const k of f.at) node = node[String(k)] ??= {};
    (node._errors ??= []).push({ code: f.code, message: f.message });
  }
  return root;
}

// ---- loading the package ------------------------------------------------------------------------

/**
 * The package ships its TypeScript types as a .ts file in a package without "type": "module", so
 * under this project's NodeNext + verbatimModuleSyntax they do not compile; its values are loaded
 * untyped (a specifier tsc does not resolve) and typed by what the fake uses of them.
 */
const PACKAGE = "discord-api-spec";
const spec = (await import(PACKAGE)) as { pathsList: Record<string, readonly string[]> };
const zodSchemas = (await import(`${PACKAGE}/zod`)) as Record<string, Schema | undefined>;

function schema(name: string): Schema {
  const s = zodSchemas[`${name}Schema`];
  if (!s) throw new Error(`discord-api-spec has no schema ${name}Schema (renamed in a newer version of the spec?)`);
  return s;
}

// ---- routes -------------------------------------------------------------------------------------

interface Route {
  method: string;
  /** The OpenAPI path, e.g. /channels/{channel_id}/messages. */
  template: string;
  regex: RegExp;
  params: string[];
  /** Literal segments: "/users/@me" wins over "/users/{user_id}". */
  literals: number;
}

const ROUTES: Route[] = Object.entries(spec.pathsList).flatMap(([method, templates]) =>
  templates.map((template) => {
    const params: string[] = [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_, p: string) => (params.push(p), "([^/]+)"));
    return {
      method: method.toUpperCase(),
      template,
      regex: new RegExp(`^${source}$`),
      params,
      literals: template.split("/").filter((s) => s && !s.startsWith("{")).length,
    };
  }),
);

/** The spec's route for a request, or why there is none. */
export function matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } | { status: 404 | 405 } {
  let best: { route: Route; params: Record<string, string> } | null = null;
  let otherMethod = false;
  for (const route of ROUTES) {
    const m = route.regex.exec(path);
    if (!m) continue;
    if (route.method !== method) {
      otherMethod = true;
      continue;
    }
    if (!best || route.literals > best.route.literals)
      best = { route, params: Object.fromEntries(route.params.map((p, i) => [p, m[i + 1]])) };
  }
  return best ?? { status: otherMethod ? 405 : 404 };
}

// ---- bodies and queries -------------------------------------------------------------------------

/**
 * The request body and query parameters of each route the fake serves, as the spec's `Paths` type
 * gives them (`requestBody`, `parameters.query`; none when absent). `list`: the body is an array of
 * that schema.
 */
interface Shape {
  body?: string[];
  list?: boolean;
  query?: string[];
}
const MESSAGE_EDIT_QUERY = ["thread_id", "with_components"];
const SHAPES: Record<string, Shape> = {
  "GET /gateway": {},
  "GET /gateway/bot": {},
  "GET /users/@me": {},
  "GET /users/{user_id}": {},
  "GET /applications/@me": {},
  "GET /applications/{application_id}": {},
  "GET /applications/{application_id}/commands/{command_id}": {},
  "DELETE /applications/{application_id}/commands/{command_id}": {},
  "GET /applications/{application_id}/guilds/{guild_id}/commands/{command_id}": {},
  "DELETE /applications/{application_id}/guilds/{guild_id}/commands/{command_id}": {},
  "GET /guilds/{guild_id}/channels": {},
  "GET /guilds/{guild_id}/members/{user_id}": {},
  "GET /channels/{channel_id}": {},
  "DELETE /channels/{channel_id}": {},
  "POST /channels/{channel_id}/typing": {},
  "GET /channels/{channel_id}/messages/{message_id}": {},
  "DELETE /channels/{channel_id}/messages/{message_id}": {},
  "GET /applications/{application_id}/commands": { query: ["with_localizations"] },
  "PUT /applications/{application_id}/commands": { body: ["ApplicationCommandUpdateRequest"], list: true },
  "POST /applications/{application_id}/commands": { body: ["ApplicationCommandCreateRequest"] },
  "PATCH /applications/{application_id}/commands/{command_id}": { body: ["ApplicationCommandPatchRequestPartial"] },
  "GET /applications/{application_id}/guilds/{guild_id}/commands": { query: ["with_localizations"] },
  "PUT /applications/{application_id}/guilds/{guild_id}/commands": { body: ["ApplicationCommandUpdateRequest"], list: true },
  "POST /applications/{application_id}/guilds/{guild_id}/commands": { body: ["ApplicationCommandCreateRequest"] },
  "PATCH /applications/{application_id}/guilds/{guild_id}/commands/{command_id}": { body: ["ApplicationCommandPatchRequestPartial"] },
  "GET /guilds/{guild_id}": { query: ["with_counts"] },
  "POST /interactions/{interaction_id}/{interaction_token}/callback": {
    body: [
      "ApplicationCommandAutocompleteCallbackRequest",
      "CreateMessageInteractionCallbackRequest",
      "LaunchActivityInteractionCallbackRequest",
      "ModalInteractionCallbackRequest",
      "PongInteractionCallbackRequest",
      "SocialLayerSKUPurchaseEligibilityInteractionCallbackRequest",
      "UpdateMessageInteractionCallbackRequest",
    ],
    query: ["with_response"],
  },
  "POST /webhooks/{webhook_id}/{webhook_token}": {
    body: ["IncomingWebhookRequestPartial", "IncomingWebhookUpdateRequestPartial"],
    query: ["wait", "thread_id", "with_components"],
  },
  "GET /webhooks/{webhook_id}/{webhook_token}/messages/@original": { query: ["thread_id"] },
  "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": {
    body: ["IncomingWebhookUpdateRequestPartial"],
    query: MESSAGE_EDIT_QUERY,
  },
  "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original": { query: ["thread_id"] },
  "GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": { query: ["thread_id"] },
  "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": {
    body: ["IncomingWebhookUpdateRequestPartial"],
    query: MESSAGE_EDIT_QUERY,
  },
  "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": { query: ["thread_id"] },
  "PATCH /channels/{channel_id}": {
    body: ["UpdateDMRequestPartial", "UpdateGroupDMRequestPartial", "UpdateGuildChannelRequestPartial", "UpdateThreadRequestPartial"],
  },
  "GET /channels/{channel_id}/messages": { query: ["around", "before", "after", "limit"] },
  "POST /channels/{channel_id}/messages": { body: ["MessageCreateRequest"] },
  "PATCH /channels/{channel_id}/messages/{message_id}": { body: ["MessageEditRequestPartial"] },
  "POST /channels/{channel_id}/messages/{message_id}/threads": { body: ["CreateTextThreadWithMessageRequest"] },
  "POST /channels/{channel_id}/threads": { body: ["CreateForumThreadRequest", "CreateTextThreadWithoutMessageRequest"] },
};
// Every schema named above exists in the pinned spec, checked once at load.
const BODY_SCHEMAS = new Map(Object.entries(SHAPES).map(([key, s]) => [key, (s.body ?? []).map(schema)]));

/** Route parameters that are ids must be snowflakes (tokens, codes and names need not). */
const SNOWFLAKE = /^(0|[1-9][0-9]*)$/;

/** The route parameters and query parameters of a matched request. */
export function checkParams(route: Route, params: Record<string, string>, query: URLSearchParams): Finding[] {
  const out: Finding[] = [];
  for (const [name, value] of Object.entries(params))
    if (name.endsWith("_id") && !SNOWFLAKE.test(value))
      out.push({ at: [name], code: "NUMBER_TYPE_COERCE", message: `Value "${value}" is not snowflake.` });
  const shape = SHAPES[`${route.method} ${route.template}`];
  const allowed = shape?.query ?? [];
  if (shape)
    for (const name of new Set(query.keys()))
      if (!allowed.includes(name))
        out.push({
          at: [name],
          code: "UNKNOWN_QUERY_PARAMETER",
          message: `${route.template} takes no query parameter "${name}" (it takes ${allowed.join(", ") || "none"}).`,
        });
  return out;
}

/** Whether the fake knows the body shape of this route (a route it serves). */
export function hasShape(route: Route): boolean {
  return `${route.method} ${route.template}` in SHAPES;
}

/** The body against the route's request schema; empty when it matches. */
export function checkBody(route: Route, body: unknown): Finding[] {
  const schemas = BODY_SCHEMAS.get(`${route.method} ${route.template}`) ?? [];
  if (!schemas.length) return [];
  if (body === null || body === undefined) return [];
  if (SHAPES[`${route.method} ${route.template}`].list) {
    if (!Array.isArray(body)) return [{ at: [], code: "LIST_TYPE_CONVERT", message: "Only iterables may be used in a ListType" }];
    return body.flatMap((item, i) => against(schemas, item).map((f) => ({ ...f, at: [i, ...f.at] })));
  }
  return against(schemas, body);
}

/** Findings against one of several schemas (the spec's oneOf): none if any matches, else the closest's. */
function against(schemas: Schema[], value: unknown): Finding[] {
  const branches: Issue[][] = [];
  for (const s of ofType(schemas, value)) {
    const r = s.safeParse(value, { reportInput: true });
    if (r.success) return [];
    branches.push(r.error.issues);
  }
  return findings(closest(branches));
}

/**
 * Of several schemas, those whose `type` accepts the body's (interaction callbacks are told apart by
 * it), found once per type by parsing `{ type }` alone: a full parse of each alternative would cost a
 * few hundred microseconds per callback. All of them when none does, so the finding lists the types.
 */
const byType = new WeakMap<Schema[], Map<unknown, Schema[]>>();
function ofType(schemas: Schema[], value: unknown): Schema[] {
  const type = schemas.length > 1 && typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== "number" && typeof type !== "string") return schemas;
  let known = byType.get(schemas);
  if (!known) byType.set(schemas, (known = new Map()));
  let found = known.get(type);
  if (!found) {
    found = schemas.filter((s) => {
      const r = s.safeParse({ type });
      return r.success || !typeMismatch(r.error.issues);
    });
    if (!found.length) found = schemas;
    known.set(type, found);
  }
  return found;
}

// ---- Zod issues as Discord's findings -------------------------------------------------------------

/** A branch whose `type` (the discriminator of components and callbacks) did not match is not the one meant. */
const typeMismatch = (issues: Issue[]) => issues.some((i) => i.code === "invalid_value" && i.path.length === 1 && i.path[0] === "type");

/** The alternative the sender meant: one whose `type` matched, with the fewest problems. */
function closest(branches: Issue[][]): Issue[] {
  const meant = branches.filter((b) => !typeMismatch(b));
  if (!meant.length) {
    // No alternative has this type: say which types there are.
    const values = branches.flatMap((b) =>
      b.filter((i) => i.code === "invalid_value" && i.path.join() === "type").flatMap((i) => i.values ?? []),
    );
    const input = branches[0]?.find((i) => i.path.join() === "type")?.input;
    return [{ code: "invalid_value", path: ["type"], values: [...new Set(values)], input }];
  }
  return meant.reduce((a, b) => (flatten(b).length < flatten(a).length ? b : a));
}

/** Issues with the unions resolved to the alternative meant, paths made absolute. */
function flatten(issues: Issue[], prefix: Array<string | number> = []): Issue[] {
  return issues.flatMap((i) => {
    const path = [...prefix, ...i.path];
    return i.code === "invalid_union" && i.errors?.length ? flatten(closest(i.errors), path) : [{ ...i, path }];
  });
}

const describe = (v: unknown) =>
  v === undefined
    ? "nothing"
    : v === null
      ? "null"
      : typeof v === "string"
        ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"`
        : `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;

/** " (it has 2001 characters)": how long the value sent was. */
const size = (v: unknown) =>
  typeof v === "string" ? ` (it has ${[...v].length} characters)` : Array.isArray(v) ? ` (it has ${v.length} items)` : "";

function findings(issues: Issue[]): Finding[] {
  return flatten(issues).map((i): Finding => {
    const at = i.path;
    const n = (x: number | bigint | undefined) => Number(x);
    switch (i.code) {
      case "invalid_type":
        if (i.input === undefined) return { at, code: "BASE_TYPE_REQUIRED", message: "This field is required" };
        if (i.expected === "object")
          return { at, code: "MODEL_TYPE_CONVERT", message: `Only dictionaries may be used in a ModelType (got ${describe(i.input)})` };
        if (i.expected === "array")
          return { at, code: "LIST_TYPE_CONVERT", message: `Only iterables may be used in a ListType (got ${describe(i.input)})` };
        if (i.expected === "number" || i.expected === "int")
          return { at, code: "NUMBER_TYPE_COERCE", message: `Value ${describe(i.input)} is not int.` };
        if (i.expected === "boolean")
          return { at, code: "BOOLEAN_TYPE_CONVERT", message: `Must be either true or false (got ${describe(i.input)}).` };
        return { at, code: "STRING_TYPE_CONVERT", message: `Could not interpret ${describe(i.input)} as ${i.expected}.` };
      case "too_big":
        if (i.origin === "string" || i.origin === "array")
          return { at, code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${n(i.maximum)} or fewer in length${size(i.input)}.` };
        return {
          at,
          code: "NUMBER_TYPE_MAX",
          message: `Value should be less than or equal to ${n(i.maximum)} (got ${describe(i.input)}).`,
        };
      case "too_small":
        if (i.origin === "string" || i.origin === "array")
          return { at, code: "BASE_TYPE_MIN_LENGTH", message: `Must be ${n(i.minimum)} or more in length${size(i.input)}.` };
        return {
          at,
          code: "NUMBER_TYPE_MIN",
          message: `Value should be greater than or equal to ${n(i.minimum)} (got ${describe(i.input)}).`,
        };
      case "invalid_value":
        if (i.input === undefined) return { at, code: "BASE_TYPE_REQUIRED", message: "This field is required" };
        return {
          at,
          code: "BASE_TYPE_CHOICES",
          message: `Value must be one of {${(i.values ?? []).join(", ")}} (got ${describe(i.input)}).`,
        };
      case "invalid_format":
        if (i.format === "regex" && i.pattern === String(SNOWFLAKE))
          return { at, code: "NUMBER_TYPE_COERCE", message: `Value ${describe(i.input)} is not snowflake.` };
        return {
          at,
          code: i.format === "url" ? "URL_TYPE_INVALID_URL" : "STRING_TYPE_REGEX",
          message: `Not a valid ${i.format} (got ${describe(i.input)}).`,
        };
      default:
        return { at, code: "BASE_TYPE_INVALID", message: `Invalid value (${i.code}, got ${describe(i.input)}).` };
    }
  });
}
