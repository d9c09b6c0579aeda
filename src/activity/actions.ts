/**
 * The lobby and the rematch from the Activity's page: the same TableService calls as the chat's
 * buttons (src/discord/handlers/lobby.ts), with the same refusals, worded by the server from the
 * outcome's `say`. Who may do what is the table service's (Add bot and Start are the host's:
 * src/table/lobby.ts); where a rematch may open and the server's cap of open tables are
 * openingRules' (src/table/open-rules.ts); the cooldown between two tables a person opens is fair
 * use's, as for the chat's Rematch. A success needs no answer: the table's update brings the new
 * picture to every page, and a rematch's to the channel's pages, which then show the new table.
 */
import { sentence } from "../i18n/index.js";
import type { FairUse } from "../table/fair-use.js";
import { isTicket } from "../table/fair-use.js";
import type { GuildSettingsCache } from "../table/guild-settings.js";
import { openingRules } from "../table/open-rules.js";
import type { TableService } from "../table/service.js";
import { refuse, type Asker, type Outcome } from "../table/types.js";
import type { ClientMessage } from "./protocol.js";

export interface LobbyDeps {
  service: TableService;
  fairUse: FairUse;
  /** The servers' settings (/hearts settings): where a rematch may open, and the server's cap. Without: the service's ceiling only. */
  guilds?: Pick<GuildSettingsCache, "get">;
  /** The configured ceiling of open tables per server (MAX_TABLES_PER_GUILD). */
  maxTablesPerGuild?: number;
  /** A thread's parent channel (tables may open in a thread of an allowed channel); null for anything else. */
  parentOf?(channelId: string): string | null;
}

export type LobbyMessage = Extract<ClientMessage, { t: "join" | "leave" | "addBot" | "start" | "rematch" }>;

/** Where the page acts: the table it shows, the channel it was opened in, and who it is. */
export interface ActingAt {
  tableId: string;
  channel: string | null;
  /** Who acts, and from where (the page's channel and server): the domain's gate decides with it. */
  actor: Asker;
}

export async function lobbyAction(deps: LobbyDeps, m: LobbyMessage, at: ActingAt): Promise<Outcome> {
  const s = deps.service;
  switch (m.t) {
    case "join":
      return s.join(at.tableId, at.actor);
    case "leave":
      return s.leave(at.tableId, at.actor);
    case "addBot":
      return s.addBot(at.tableId, at.actor, m.level);
    case "start":
      return s.start(at.tableId, at.actor);
    case "rematch":
      return rematch(deps, at);
  }
}

/** As the chat's Rematch: the open cooldown taken first (given back if nothing opened), the server's channels and cap, then the service. */
async function rematch(deps: LobbyDeps, at: ActingAt): Promise<Outcome> {
  const ticket = await deps.fairUse.takeOpen(at.actor.userId);
  if (!isTicket(ticket)) return refuse("busy", ticket);
  try {
    const old = await deps.service.tableAt(at.tableId, at.actor);
    if (!old.ok) return old.code === "no-table" ? refuse("no-table", sentence("refusals", "rematchGone")) : old;
    const { record } = old.table;
    let maxTables: number | undefined;
    if (deps.guilds) {
      // The rematch opens in the finished table's channel; when that is a thread (and the page is open in it), its parent counts.
      const parentId = at.channel === record.channelId ? (deps.parentOf?.(record.channelId) ?? null) : null;
      const here = await openingRules(deps.guilds, deps.maxTablesPerGuild ?? Number.POSITIVE_INFINITY, {
        guildId: record.guildId,
        channelId: record.channelId,
        parentId,
      });
      if (!here.ok) return here;
      maxTables = here.maxTables;
    }
    const r = await deps.service.rematch(record.id, at.actor, maxTables === undefined ? {} : { maxTables });
    if (r.ok) ticket.keep();
    return r;
  } finally {
    await ticket.settle();
  }
}
