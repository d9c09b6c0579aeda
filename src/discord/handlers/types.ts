/**
 * What an interaction handler is: one slash subcommand or one custom_id verb, with how its input is
 * parsed, how it is acknowledged, and what it runs. The router (../interactions/router.ts) does the rest once:
 * fair use, the acknowledgement, the table lookup, errors.
 */
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from "discord.js";
import type { Messages } from "../../i18n/index.js";
import type { Purpose, TableView } from "../../table/types.js";
import type { Interacting, Services } from "../interactions/context.js";
import type { ComponentId } from "../interactions/ids.js";

/**
 * How the interaction is acknowledged before `run` starts:
 * - "update": at once, by editing the menu it was clicked on (when that menu is the clicker's own);
 * - "reply": at once, with a new private "thinking…" message, for slow work;
 * - "none": not before `run` answers (the responder still defers after its safety delay).
 */
export type DeferStyle = "update" | "reply" | "none";

/** A handler's answer instead of running: a sentence for the person (in their language), nothing changed. */
export interface Decline {
  decline: (m: Messages) => string;
}

export const decline = (say: (m: Messages) => string): Decline => ({ decline: say });
export const isDecline = (x: unknown): x is Decline => typeof x === "object" && x !== null && "decline" in x;

/** A service's name, as a handler lists it in `uses`. */
export type Uses = keyof Services;

/**
 * The context a handler runs in: the person, their words, the responder, the table (looked up
 * once), and only the services the handler names in `uses` (so a reader sees at its head what it
 * touches, and the compiler holds it to that).
 */
export type HandlerCtx<T extends TableView | null = TableView | null, S extends Uses = Uses> = Interacting &
  Pick<Services, S> & { table: T };

interface HandlerBase {
  /** The subcommand's name, or the custom_id's verb. */
  name: string;
  defer: DeferStyle;
  /**
   * With defer "none": still answers by redrawing the menu it was clicked on (fast enough not to
   * defer). Implied by defer "update".
   */
  redraws?: boolean;
  /** Opens a table: subject to the per-person cooldown (fair use). */
  opens?: boolean;
  /** The services it uses: its context holds those only. */
  uses: readonly Uses[];
}

export interface CommandHandler<I = unknown> extends HandlerBase {
  kind: "command";
  /**
   * The asker's table where they type it is looked up through the domain's gate and required (the
   * gate's refusal otherwise: none here, another's tournament table, none of theirs among several).
   */
  needsTable?: boolean;
  /** What the table is wanted for (gate.ts): "host" for the host's powers (end, kick), "watch" otherwise. */
  purpose?: Purpose;
  /** The player the command names (a kick's), whose table it means in a channel of several. */
  about?(i: ChatInputCommandInteraction<"cached" | "raw">): string | null;
  parse(i: ChatInputCommandInteraction<"cached" | "raw">): I | Decline;
  run(ctx: HandlerCtx, input: I, i: ChatInputCommandInteraction<"cached" | "raw">): Promise<void>;
}

export type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

export interface ComponentHandler<I = unknown> extends HandlerBase {
  kind: "component";
  /**
   * A component belongs to a table (the custom_id names it): it is looked up and required, unless
   * false (a button of no table, such as /hearts privacy's: its ctx.table is null).
   */
  needsTable?: boolean;
  /** What the table is wanted for (gate.ts); "watch" by default. */
  purpose?: Purpose;
  /** From the custom_id, decoded once by ids.ts, and the menu's values. */
  parse(id: ComponentId, i: ComponentInteraction): I | Decline;
  run(ctx: HandlerCtx<TableView>, input: I, i: ComponentInteraction): Promise<void>;
}

export type Handler = CommandHandler | ComponentHandler;

/** A handler as written: its input type and the services it names are its own. */
type Spec<H extends Handler, I, S extends Uses, C, X> = Omit<H, "kind" | "uses" | "run" | "needsTable"> & {
  uses: readonly S[];
  run(ctx: C, input: I, i: X): Promise<void>;
};

/** Keeps each handler's input type and services while listing them together. */
export const command = <I, S extends Uses = never>(
  h: Spec<CommandHandler<I>, I, S, HandlerCtx<TableView | null, S>, ChatInputCommandInteraction<"cached" | "raw">> & {
    needsTable?: false;
  },
): CommandHandler<I> => ({ ...h, kind: "command" });
/** A custom_id verb's own id type: what its handler's parse is given. */
export type IdOf<V extends ComponentId["verb"]> = Extract<ComponentId, { verb: V }>;

/**
 * A component's spec: its parse takes the custom_id of its own verb, typed (the router hands a
 * handler only ids whose verb is its name: componentHandler(id.verb)), so no handler casts its id.
 */
type ComponentSpec<I, S extends Uses, C, V extends ComponentId["verb"]> = Omit<
  Spec<ComponentHandler<I>, I, S, C, ComponentInteraction>,
  "name" | "parse"
> & { name: V; parse(id: IdOf<V>, i: ComponentInteraction): I | Decline };

/** The registry's side of a verb's parse: the one place the id's type is widened back to every verb's. */
const anyVerb = <I, V extends ComponentId["verb"]>(parse: (id: IdOf<V>, i: ComponentInteraction) => I | Decline) =>
  parse as (id: ComponentId, i: ComponentInteraction) => I | Decline;

export const component = <I, S extends Uses = never, V extends ComponentId["verb"] = ComponentId["verb"]>(
  h: ComponentSpec<I, S, HandlerCtx<TableView, S>, V> & { needsTable?: false },
): ComponentHandler<I> => ({ ...h, parse: anyVerb(h.parse), kind: "component" });

/** A button that belongs to no table (custom_id table slot NO_TABLE): the router looks nothing up. */
export const tablelessComponent = <I, S extends Uses = never, V extends ComponentId["verb"] = ComponentId["verb"]>(
  h: ComponentSpec<I, S, HandlerCtx<null, S>, V>,
): ComponentHandler<I> => ({
  ...h,
  parse: anyVerb(h.parse),
  kind: "component",
  needsTable: false,
  run: (ctx, input, i) => h.run(ctx as unknown as HandlerCtx<null, S>, input, i),
});

/** A subcommand that acts on the channel's open table: the router finds it (or answers "no table here"). */
export const tableCommand = <I, S extends Uses = never>(
  h: Spec<CommandHandler<I>, I, S, HandlerCtx<TableView, S>, ChatInputCommandInteraction<"cached" | "raw">>,
): CommandHandler<I> => ({
  ...h,
  kind: "command",
  needsTable: true,
  run: (ctx, input, i) => h.run(ctx as HandlerCtx<TableView, S>, input, i),
});
