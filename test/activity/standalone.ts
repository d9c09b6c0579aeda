/**
 * A second Activity server on a harness's table service, with its own fair use and door bounds:
 * the tests that need a door of their own (a small cap on strangers, one code exchange at a time)
 * without restarting the bot.
 */
import { ActivityServer, type ActivityDeps } from "../../src/activity/server.js";
import type { DoorLimits } from "../../src/activity/door.js";
import { FairUse } from "../../src/table/fair-use.js";
import { silentLogger } from "../../src/log.js";
import type { Harness } from "../bot/harness.js";

export function standaloneActivity(h: Harness, limits: Partial<DoorLimits>, more: Partial<ActivityDeps> = {}): ActivityServer {
  return new ActivityServer({
    service: h.bot.service,
    fairUse: new FairUse(),
    log: silentLogger(),
    clientId: h.fake.applicationId,
    clientSecret: h.fake.clientSecret,
    apiBase: h.fake.apiBase,
    host: "127.0.0.1",
    port: 0,
    limits,
    // Where a channel is, as the bot's client knows it (src/app/hearts.ts wires the same): the gate's where.
    guildOf: (channelId) => h.bot.channels.guildOf(channelId),
    parentOf: (channelId) => h.bot.channels.parentOf(channelId),
    ...more,
  });
}
