/**
 * One entry for every interaction: finds its handler once (../handlers/index.ts), checks fair use,
 * acknowledges it as the handler declares (Discord's 3 s are met here, not in each handler), looks
 * its table up once, and turns any unexpected error into a sentence instead of "This interaction
 * failed".
 */
import type { ChatInputCommandInteraction, Interaction, REST } from "discord.js";
import { channelOfTableId } from "../../table/records.js";
import { StoreDown } from "../../table/store-health.js";
import { handleAutocomplete } from "./autocomplete.js";
import { actorOf, onEphemeral, wordsFor, type Ctx, type Services } from "./context.js";
import { commandHandler, componentHandler } from "../handlers/index.js";
import { isDecline, type CommandHandler, type ComponentHandler, type ComponentInteraction } from "../handlers/types.js";
import { isTicket } from "../../table/fair-use.js";
import { decodeId, type ComponentId } from "./ids.js";
import { Responder, type AckStyle } from "./responder.js";

export interface RouterOptions {
  /** Defer when a handler has not answered after this long (Discord allows 3 s). */
  autoDeferMs: number;
  /** Called with the time from receiving each interaction to sending its acknowledgement. */
  onAck?: (ms: number, kind: string) => void;
  /** The REST client for interaction webhooks (edits after a deferral). */
  webhook?: REST;
}

export function createRouter(services: Services, opts: RouterOptions) {
  const log = services.log;
  return async function route(i: Interaction): Promise<void> {
    if (i.isAutocomplete()) {
      // Over its budget, typing gets no suggestions (autocomplete cannot answer with a sentence).
      const answer = (await services.fairUse.mayAutocomplete(i.user.id)) ? handleAutocomplete(i, services.tournaments) : i.respond([]);
      await answer.catch((err) => log.warn({ err: err instanceof Error ? err.message : String(err) }, "autocomplete failed"));
      return;
    }
    if (!i.isChatInputCommand() && !i.isButton() && !i.isStringSelectMenu()) return;
    // A subcommand of a group is named with its group: "daily play".
    const group = i.isChatInputCommand() ? i.options.getSubcommandGroup(false) : null;
    const sub = i.isChatInputCommand() ? [group, i.options.getSubcommand(false)].filter(Boolean).join(" ") || null : null;
    const id = i.isChatInputCommand() ? null : decodeId(i.customId);
    const handler = i.isChatInputCommand() ? (sub ? commandHandler(sub) : undefined) : id ? componentHandler(id.verb) : undefined;
    const kind = i.isChatInputCommand() ? `/${sub ?? "hearts"}` : (id?.verb ?? "unknown");
    // A menu is redrawn in place only by its owner (Discord says whose ephemeral message it is).
    const owner = !i.isChatInputCommand() ? i.message?.interactionMetadata?.user?.id : undefined;
    const mine = owner === undefined || owner === i.user.id;
    const redraws = !!handler && (handler.defer === "update" || !!handler.redraws);
    const style: AckStyle = redraws && onEphemeral(i) && mine ? "update" : "reply";
    const respond = new Responder(i, style, log, opts.autoDeferMs, opts.onAck && ((ms) => opts.onAck!(ms, kind)), opts.webhook);
    const words = wordsFor(i);
    respond.doneText = words.m.errors.done;
    // Fair use first: a person (or server) over budget is told when to retry, and nothing runs. An
    // open takes its cooldown now, before any table opens, and gets it back if none did.
    let refusal = await services.fairUse.admit(i.user.id, i.guildId);
    const ticket = !refusal && handler?.opens ? await services.fairUse.takeOpen(i.user.id) : null;
    if (ticket && !isTicket(ticket)) refusal = ticket;
    if (refusal) {
      await respond.separate({ content: words.tell(refusal) });
      await respond.finish();
      return;
    }
    const opening = ticket && isTicket(ticket) ? ticket : null;
    const ctx: Ctx = { ...services, respond, actor: actorOf(i), ...words, opened: () => opening?.keep() };
    // Not awaited: the handler starts at once; defer() never rejects (it reports its own failure).
    if (handler && handler.defer !== "none") respond.defer().catch(() => undefined);
    try {
      if (i.isChatInputCommand()) await runCommand(ctx, i, handler as CommandHandler | undefined);
      else await runComponent(ctx, i, id, handler as ComponentHandler | undefined);
    } catch (err) {
      // An option of another type than the command defines: Discord still shows an older /hearts
      // (command updates take a while to reach every client). The person's input, not our bug.
      if ((err as { code?: string }).code === "CommandInteractionOptionType") {
        log.warn(
          { err: err instanceof Error ? err.message : String(err), interaction: kind, user: i.user.id },
          "command options do not match the command's definition",
        );
        await respond.send({ content: ctx.m.errors.olderCommand });
        return;
      }
      if (err instanceof StoreDown) {
        await respond.send({ content: ctx.m.common.storeDown });
        return;
      }
      log.error({ err, interaction: kind, user: i.user.id, channel: i.channelId }, "interaction handler failed");
      await respond.send({ content: ctx.m.common.somethingWentWrong });
    } finally {
      await opening?.settle();
      await respond.finish();
    }
  };
}

async function runCommand(ctx: Ctx, i: ChatInputCommandInteraction, handler: CommandHandler | undefined): Promise<void> {
  if (!i.inGuild()) return ctx.respond.say(ctx.m.errors.notInGuild);
  if (!handler) return ctx.respond.say(ctx.m.errors.unknownSubcommand);
  let table = null;
  if (handler.needsTable) {
    // The asker's own table here, through the domain's gate (src/table/gate.ts): never just the last one opened.
    const found = await ctx.service.tableHere(ctx.actor, handler.purpose, handler.about?.(i));
    if (!found.ok) return ctx.respond.say(found.code === "no-table" ? ctx.m.errors.noTableHere : ctx.tell(found.say));
    table = found.table;
  }
  const input = handler.parse(i);
  if (isDecline(input)) return ctx.respond.say(input.decline(ctx.m));
  return handler.run({ ...ctx, table }, input, i);
}

async function runComponent(
  ctx: Ctx,
  i: ComponentInteraction,
  id: ComponentId | null,
  handler: ComponentHandler | undefined,
): Promise<void> {
  if (!id || !handler) return ctx.respond.say(ctx.m.errors.unknownButton);
  if (handler.needsTable === false) {
    const input = handler.parse(id, i);
    if (isDecline(input)) return ctx.respond.say(input.decline(ctx.m));
    return handler.run({ ...ctx, table: null as never }, input, i);
  }
  // Through the domain's gate (src/table/gate.ts): an id naming another channel is refused before
  // any read of the store; an older id, naming none, is read from the store only when it is one of
  // the clicked message's own buttons (a forged one costs no read).
  const vouched = channelOfTableId(id.tableId) !== null || ownButton(i);
  const found = await ctx.service.tableAt(id.tableId, ctx.actor, handler.purpose, !vouched);
  if (!found.ok)
    return ctx.respond.say(
      found.code === "no-table" ? (vouched ? ctx.m.errors.tableGone : ctx.m.errors.unknownButton) : ctx.tell(found.say),
    );
  const input = handler.parse(id, i);
  if (isDecline(input)) return ctx.respond.say(input.decline(ctx.m));
  return handler.run({ ...ctx, table: found.table }, input, i);
}

/** Whether the clicked custom_id is one of its message's own buttons (not forged). */
function ownButton(i: ComponentInteraction): boolean {
  const rows = (i.message?.components ?? []) as unknown as { components?: { customId?: string | null }[] }[];
  return rows.some((r) => r.components?.some((c) => c.customId === i.customId));
}
