/**
 * /hearts season: the server's season table (src/table/tournament/season.ts), and with `reset`
 * an admin's reset of it. Thin: the rules (who may reset, what a season counts) are the season
 * service's; this file reads the option and shows the answer.
 */
import { OPT } from "../../../commands/hearts.js";
import { isServerManager } from "./settings.js";
import { seasonMessage } from "../views/season.js";
import { command } from "./types.js";

export const seasonCommand = command({
  name: "season",
  defer: "reply",
  uses: ["seasons", "images"] as const,
  parse: (i) => ({ reset: i.options.getBoolean(OPT.reset) ?? false }),
  run: async (ctx, input, i) => {
    if (input.reset) {
      const r = await ctx.seasons.reset(i.guildId!, {
        userId: ctx.actor.userId,
        name: ctx.actor.name,
        manageGuild: isServerManager(i),
        guildId: i.guildId,
      });
      if (!r.ok) return ctx.respond.say(ctx.tell(r.say));
      return ctx.respond.say(ctx.m.season.resetDone({ name: r.name, number: r.number, cleared: r.cleared }));
    }
    const season = await ctx.seasons.view(i.guildId!);
    if (!season) return ctx.respond.say(ctx.m.season.none);
    return ctx.respond.send(seasonMessage(season, ctx.locale, ctx.images));
  },
});
