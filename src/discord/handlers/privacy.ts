/**
 * /hearts privacy: what the bot stores about the person (or, for Manage Server, the server), with a
 * "Forget me" (or "Purge") button that asks for confirmation first. The buttons carry no user or
 * server: they act on whoever clicks, where they click, and permissions are checked again then.
 */
import { ButtonStyle } from "discord.js";
import { OPT } from "../../../commands/hearts.js";
import { sentence, type Messages } from "../../i18n/index.js";
import { FORMER_PLAYER } from "../../table/store.js";
import { DEFAULT_RETENTION_DAYS, retentionDaysOf } from "../../table/guild-settings.js";
import { command, tablelessComponent, type HandlerCtx } from "./types.js";
import { NO_TABLE, encodeId, type PrivacyAction } from "../interactions/ids.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR, button, row } from "../views/components.js";
import { isServerManager } from "./settings.js";

const id = (action: PrivacyAction) => encodeId({ verb: "privacy", tableId: NO_TABLE, action });

/** Deletions in progress (a second click waits for nothing: it is told). */
const inProgress = new Set<string>();

/** A privacy answer's one red button. */
const danger = (custom_id: string, label: string) => row(button(custom_id, label, ButtonStyle.Danger));

/** `/hearts privacy`: what is stored about the person; with `server`, about the server (Manage Server). */
export const privacyCommand = command({
  name: "privacy",
  defer: "none",
  uses: ["guilds", "store"],
  parse: (i) => ({ server: i.options.getBoolean(OPT.server) ?? false, manager: isServerManager(i), guildId: i.guildId }),
  async run(ctx, { server, manager, guildId }) {
    const m = ctx.m.privacy;
    if (server) {
      if (!manager) return ctx.respond.say(m.notAdmin);
      const days = retentionDaysOf(await ctx.guilds.get(guildId));
      return ctx.respond.send({
        embeds: [
          {
            title: m.serverTitle,
            color: COLOUR.brand,
            description: [m.serverWhat({ days }), "", m.purgeExplained, m.dailyKept].join("\n"),
          },
        ],
        components: [danger(id("purge"), m.purgeButton)],
      });
    }
    await ctx.respond.defer();
    const d = await ctx.store.personalData(ctx.actor.userId);
    const lines = [
      `• ${m.tables({ n: d.tables })}`,
      `• ${m.games({ n: d.games, servers: d.servers })}`,
      `• ${m.standings({ n: d.standings })}`,
      `• ${m.menus({ n: d.menus })}`,
      `• ${m.dailies({ n: d.dailies, reviews: d.reviews })}`,
      `• ${m.tournaments({ n: d.tournaments })}`,
      `• ${m.seasons({ n: d.seasons })}`,
      `• ${m.prefs({ set: d.prefs > 0 })}`,
      `• ${m.names({ names: d.names.length ? d.names.join(", ") : m.noName })}`,
      "",
      m.why,
      m.howLong({ days: DEFAULT_RETENTION_DAYS }),
      "",
      m.forgetExplained,
      m.dailyKept,
    ];
    const msg: OutMessage = {
      embeds: [{ title: m.title, color: COLOUR.brand, description: lines.join("\n") }],
      components: [danger(id("forget"), m.forgetButton)],
    };
    return ctx.respond.send(msg);
  },
});

/** Forget me / Purge, and their confirmations. Permissions are checked again at each click. */
export const privacyButton = tablelessComponent({
  name: "privacy",
  defer: "none",
  uses: ["everyShard", "menus", "store", "log", "service"],
  parse: (cid, i) => ({
    action: cid.verb === "privacy" ? cid.action : null,
    manager: i.inGuild() && isServerManager(i),
    guildId: i.guildId,
  }),
  async run(ctx, { action, manager, guildId }) {
    const m = ctx.m.privacy;
    switch (action) {
      case "forget":
        return ctx.respond.send({ content: m.confirmForget, components: [danger(id("forget-yes"), m.confirmForgetButton)] });
      case "forget-yes":
        return forget(ctx, ctx.actor.userId, m);
      case "purge":
        if (!manager || !guildId) return ctx.respond.say(m.notAdmin);
        return ctx.respond.send({ content: m.confirmPurge, components: [danger(id("purge-yes"), m.confirmPurgeButton)] });
      case "purge-yes":
        if (!manager || !guildId) return ctx.respond.say(m.notAdmin);
        return purge(ctx, guildId, m);
      default:
        return ctx.respond.say(ctx.m.errors.unknownButton);
    }
  },
});

type PrivacyText = Messages["privacy"];

async function forget(ctx: HandlerCtx<null, "everyShard" | "menus" | "store" | "log">, userId: string, m: PrivacyText): Promise<void> {
  const key = `user:${userId}`;
  if (inProgress.has(key)) return ctx.respond.say(m.busy);
  inProgress.add(key);
  try {
    await ctx.respond.defer();
    // Open tables first (the table service of each shard holds its own), then everything stored.
    const open = await ctx.everyShard.forgetPlayer(userId, FORMER_PLAYER);
    // Their open menus' tokens go from this process's memory (the others save only seated people's).
    ctx.menus.forgetUser(userId);
    const r = await ctx.store.forgetUser(userId);
    ctx.log.info({ results: r.results, tables: r.tables, open, servers: r.guilds.length }, "a person asked to be forgotten; done");
    return await ctx.respond.say(
      m.forgotten({
        results: r.results,
        tables: r.tables,
        open,
        dailies: r.dailies,
        reviews: r.reviews,
        tournaments: r.tournaments,
        seasons: r.seasons,
      }),
    );
  } finally {
    inProgress.delete(key);
  }
}

async function purge(ctx: HandlerCtx<null, "service" | "everyShard" | "store" | "log">, guildId: string, m: PrivacyText): Promise<void> {
  const key = `guild:${guildId}`;
  if (inProgress.has(key)) return ctx.respond.say(m.busy);
  inProgress.add(key);
  try {
    await ctx.respond.defer();
    const open = await ctx.service.endGuild(guildId, sentence("privacy", "tableEndedPurge"));
    await ctx.everyShard.guildGone("purge", guildId);
    const r = await ctx.store.purgeGuild(guildId);
    ctx.log.info({ guild: guildId, ...r, open }, "a server admin purged the server's data");
    return await ctx.respond.say(m.purged({ ...r, open }));
  } finally {
    inProgress.delete(key);
  }
}
