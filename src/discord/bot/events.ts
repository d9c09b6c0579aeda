/** The gateway events the bot listens to, each handed to the part that owns it. */
import { Events, type Client, type Interaction } from "discord.js";
import type { Logger } from "../../log.js";
import type { Presenter } from "../presenting/presenter.js";
import { guildPresent, guildRemoved, type Admin } from "./servers.js";

export function wireEvents(
  client: Client,
  parts: { route: (i: Interaction) => Promise<void>; presenter: Presenter; admin: Admin; log: Logger },
): void {
  const { route, presenter, admin, log } = parts;
  // Every handler answers and logs its own failures; these catches are the last line, so a bug
  // there is a log line and never an unhandled rejection.
  const logged = (what: string) => (err: unknown) => log.error({ err }, `${what} failed`);
  client.on(Events.InteractionCreate, (i) => {
    route(i).catch(logged("interaction"));
  });
  client.on(Events.ChannelDelete, (c) => {
    presenter.channelDeleted(c.id).catch(logged("closing a deleted channel's table"));
  });
  client.on(Events.ThreadDelete, (t) => {
    presenter.channelDeleted(t.id).catch(logged("closing a deleted thread's table"));
  });
  client.on(Events.GuildDelete, (g) => {
    if (!g.available) return; // an outage on Discord's side, not a removal
    guildRemoved(admin, g.id, new Date()).catch(logged("ending a removed server's tables"));
  });
  client.on(Events.GuildBanAdd, (ban) => {
    admin.service.access.banned(ban.user.id, ban.guild.id);
  });
  client.on(Events.GuildCreate, (g) => {
    guildPresent(admin, g.id).catch(logged("calling off a server's purge"));
  });
  client.on(Events.Error, (err) => log.error({ err: err.message }, "Discord client error"));
  client.on(Events.Warn, (msg) => log.warn({ msg }, "Discord client warning"));
}
