/**
 * Starting and stopping the bot: log in, resume the tables and what was left open at the last stop;
 * stop in the reverse order, saving the open menus for the next start.
 */
import { Events, type Client, type REST } from "discord.js";
import type { Config } from "../../config.js";
import type { Logger } from "../../log.js";
import { shardOf } from "../../shard-of.js";
import type { BotServices } from "./services.js";
import { guildPresent, guildsLeftWhileDown, type Admin } from "./servers.js";
import type { BotDeps } from "./types.js";

interface Running {
  config: Config;
  deps: BotDeps;
  client: Client;
  webhook: REST;
  services: BotServices;
  admin: Admin;
  log: Logger;
}

/** Logs in, then resumes every open table; resolves with how many. Rejects if Discord refuses the token. */
export async function start({ config, deps, client, services, admin, log }: Running): Promise<number> {
  const { service, presenter, renderProcess, cross, housekeeping, tournaments } = services;
  const shard = deps.shard ?? null;
  const logged = (what: string) => (err: unknown) => log.error({ err }, `${what} failed`);
  renderProcess?.warm();
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(config.token);
  await ready;
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size, ...(shard ? { shards: shard.count } : {}) }, "logged in to Discord");
  // A table belongs to the shard of its guild: the other shards' processes resume theirs.
  const resumed = await service.resume(shard ? (guildId) => shardOf(guildId, shard.count) === shard.id : undefined);
  // After their tables: a round closes when its tables have finished, sign-ups' starts and reminders are armed again.
  await tournaments
    .resume(shard ? (guildId) => shardOf(guildId, shard.count) === shard.id : undefined)
    .catch(logged("resuming the tournaments"));
  // A round's table opened just before the stop, its message not yet out, gets it now.
  const posted = await presenter.postMissing().catch((err: unknown) => (logged("posting missing table messages")(err), 0));
  if (posted) log.info({ tables: posted }, "posted the table messages a stop had cut off");
  // Interaction tokens at rest: none older than Discord's 15 minutes stays, whatever its table.
  const now = deps.clock?.now() ?? Date.now();
  await deps.store.dropStaleMenus(new Date(now - 15 * 60_000)).catch(logged("deleting expired menu tokens"));
  // The menus players had open when the previous run stopped (saved by stop()).
  const saved = await deps.store.takeMenus(service.openTableIds).catch((err: unknown) => {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "could not read the menus saved at the last stop");
    return [];
  });
  if (saved.length) log.info({ menus: await presenter.restoreMenus(saved), saved: saved.length }, "brought open menus up to date");
  // What other shards asked while this one was away, now that its tables are back.
  await cross?.start();
  // Added back while the bot was stopped: those servers' purges are called off.
  const departed = await deps.store.departedGuilds(new Date(8.64e15), 10_000).catch(() => []);
  for (const guildId of departed)
    if (client.guilds.cache.has(guildId)) await guildPresent(admin, guildId).catch(logged("calling off a server's purge"));
  // Removed while the bot (or this shard) was down: scheduled for purge as a live removal is.
  const mine = (guildId: string) => !shard || shardOf(guildId, shard.count) === shard.id;
  await guildsLeftWhileDown({ ...admin, store: deps.store }, (id) => client.guilds.cache.has(id), mine, new Date(now)).catch(
    logged("finding servers left while the bot was down"),
  );
  housekeeping?.start();
  return resumed;
}

/** Stops timers, lets posts in progress finish, logs out. The store stays open (the caller's). */
export async function stop({ deps, client, webhook, services, log }: Running): Promise<void> {
  const { service, presenter, menus, renderProcess, cross, housekeeping, load, tournaments } = services;
  await cross?.stop();
  await housekeeping?.stop();
  await tournaments.stop();
  await service.stop();
  await presenter.idle();
  // Open menus whose tokens are still valid: the next start brings them up to date.
  await deps.store
    .saveMenus(menus.saved((tableId, userId) => !!service.system.openTable(tableId)?.record.seats.some((s) => s.userId === userId)))
    .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, "could not save the open menus"));
  await client.destroy();
  await renderProcess?.close();
  webhook.clearHashSweeper();
  webhook.clearHandlerSweeper();
  if (!deps.load) load.stop();
}
