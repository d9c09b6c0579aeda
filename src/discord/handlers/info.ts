/** What anyone may read: a table's scores, the server's leaderboard, a player's statistics. */
import { OPT } from "../../../commands/hearts.js";
import { readLeaderboard, readPlayerCard } from "../../table/standings.js";
import { leaderboardMessage, statsMessage } from "../views/standings.js";
import { scoresMessage } from "../views/scores.js";
import { command, component, tableCommand } from "./types.js";

export const scoresCommand = tableCommand({
  name: "scores",
  defer: "none",
  uses: [],
  parse: () => ({}),
  run: (ctx) => ctx.respond.send(scoresMessage(ctx.table, ctx.m)),
});
export const scoresButton = component({
  name: "scores",
  defer: "none",
  uses: [],
  parse: () => ({}),
  run: (ctx) => ctx.respond.send(scoresMessage(ctx.table, ctx.m)),
});

export const leaderboardCommand = command({
  name: "leaderboard",
  defer: "reply",
  uses: ["store", "images"],
  parse: (i) => ({ guildId: i.guildId, sort: i.options.getString(OPT.sort), page: i.options.getInteger(OPT.page) }),
  run: async (ctx, { guildId, sort, page }) =>
    ctx.respond.send(leaderboardMessage(ctx, await readLeaderboard(ctx.store, guildId, sort, page))),
});

export const statsCommand = command({
  name: "stats",
  defer: "reply",
  uses: ["store"],
  parse: (i) => ({ guildId: i.guildId, user: i.options.getUser(OPT.user) ?? i.user }),
  run: async (ctx, { guildId, user }) =>
    ctx.respond.send(statsMessage(ctx.m, await readPlayerCard(ctx.store, guildId, user.id), user, ctx.actor.userId)),
});
