/**
 * One entry for every interaction: picks the handler by interaction type, gives it a responder that
 * acknowledges in time, and turns any unexpected error into a sentence instead of "This
 * interaction failed".
 */
import type { Interaction, REST } from "discord.js";
import type { TableSettings } from "../store/types.js";
import { STORE_DOWN_MESSAGE, StoreDown } from "../table/store-health.js";
import { handleAutocomplete } from "./autocomplete.js";
import { handleCommand } from "./commands.js";
import { handleComponent } from "./components.js";
import { actorOf, onEphemeral, type Services } from "./context.js";
import { decodeId } from "./ids.js";
import { Responder, type AckStyle } from "./responder.js";

/** Verbs that redraw the private menu they are clicked on; the others answer with a new message. */
const MENU_VERBS = new Set(["hand", "pick", "pass", "play", "moon", "preset", "dpick", "dpass", "dplay", "dmoon"]);

/**
 * What is acknowledged at once, before its slow work (writing the action, drawing the hand,
 * asking the strongest computer player): the answer then edits the acknowledgement. Everything
 * else answers directly, with the auto-deferral as a safety net.
 */
const DEFER_FIRST = new Set(["hand", "pick", "pass", "play", "moon", "hint", "start", "rematch", "/hand", "/start", "/hint", "/new", "/leaderboard", "/stats", "dpick", "dpass", "dplay", "dmoon", "/play", "/board", "/review"]);

/** What opens a table: one per person per cooldown. */
const OPENS = new Set(["/new", "rematch"]);

export interface RouterOptions {
  defaults: TableSettings;
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
      await handleAutocomplete(i).catch((err) => log.warn({ err: err instanceof Error ? err.message : String(err) }, "autocomplete failed"));
      return;
    }
    if (!i.isChatInputCommand() && !i.isButton() && !i.isStringSelectMenu()) return;
    const verb = i.isChatInputCommand() ? null : (decodeId(i.customId)?.verb ?? null);
    // A menu is redrawn in place only by its owner (Discord says whose ephemeral message it is).
    const owner = !i.isChatInputCommand() ? i.message?.interactionMetadata?.user?.id : undefined;
    const mine = owner === undefined || owner === i.user.id;
    const style: AckStyle = verb && MENU_VERBS.has(verb) && onEphemeral(i) && mine ? "update" : "reply";
    const kind = i.isChatInputCommand() ? `/${i.options.getSubcommand(false) ?? "hearts"}` : (verb ?? "unknown");
    const respond = new Responder(i, style, log, opts.autoDeferMs, opts.onAck && ((ms) => opts.onAck!(ms, kind)), opts.webhook);
    const ctx = { ...services, respond, actor: actorOf(i) };
    // Fair use first: a person (or server) over budget is told when to retry, and nothing runs.
    const refusal = (await services.fairUse.admit(i.user.id, i.guildId)) ?? (OPENS.has(kind) ? await services.fairUse.mayOpen(i.user.id) : null);
    if (refusal) {
      await respond.separate({ content: refusal });
      await respond.finish();
      return;
    }
    // Not awaited: the handler starts at once; defer() never rejects (it reports its own failure).
    if (DEFER_FIRST.has(kind)) respond.defer().catch(() => undefined);
    try {
      if (i.isChatInputCommand()) await handleCommand(ctx, i, opts.defaults);
      else await handleComponent(ctx, i);
    } catch (err) {
      // An option of another type than the command defines: Discord still shows an older /hearts
      // (command updates take a while to reach every client). The person's input, not our bug.
      if ((err as { code?: string }).code === "CommandInteractionOptionType") {
        log.warn({ err: err instanceof Error ? err.message : String(err), interaction: kind, user: i.user.id }, "command options do not match the command's definition");
        await respond.send({ content: "Discord sent this command in an older form than I expect (the /hearts command was just updated). Nothing was changed: please try again in a minute, or without that option." });
        return;
      }
      if (err instanceof StoreDown) {
        await respond.send({ content: STORE_DOWN_MESSAGE });
        return;
      }
      log.error({ err, interaction: kind, user: i.user.id, channel: i.channelId }, "interaction handler failed");
      await respond.send({ content: "Something went wrong on my side. Nothing was played; please try again (or use `/hearts hand`)." });
    } finally {
      await respond.finish();
    }
  };
}
