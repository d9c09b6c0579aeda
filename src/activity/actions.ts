/**
 * The lobby and the rematch from the Activity's page: the same TableService calls as the chat's
 * buttons (src/discord/handlers/lobby.ts), with the same refusals, worded by the server from the
 * outcome's `say`. Who may do what is the table service's (Add bot and Start are the host's:
 * src/table/lobby.ts); so are where a rematch may open, the server's cap and the cooldown between
 * two tables a person opens (src/table/opening.ts): the page says who asks and from where. A
 * success needs no answer: the table's update brings the new picture to every page, and a
 * rematch's to the channel's pages, which then show the new table.
 */
import type { TableService } from "../table/service.js";
import type { Asker, Outcome } from "../table/types.js";
import type { ClientMessage } from "./protocol.js";

export interface LobbyDeps {
  service: TableService;
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

/** As the chat's Rematch: from the channel the page is open in (a thread names its parent). */
function rematch(deps: LobbyDeps, at: ActingAt): Promise<Outcome> {
  const parentId = at.channel ? (deps.parentOf?.(at.channel) ?? null) : null;
  return deps.service.rematch(at.tableId, at.actor, { channelId: at.channel, parentId });
}
