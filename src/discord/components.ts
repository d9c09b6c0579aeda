/**
 * Buttons and select menus. Each custom_id is decoded first (a forged or foreign one is refused with
 * a sentence), the table must be the one of this channel, and the actor is the interaction's user.
 */
import { PermissionFlagsBits, type ButtonInteraction, type StringSelectMenuInteraction } from "discord.js";
import { cardLabel, parseCard, type Card } from "../game/index.js";
import { BOT_LEVELS } from "../table/types.js";
import { hint, startTable } from "./commands.js";
import { inPlace, sendHand, type Ctx } from "./context.js";
import { handleDailyComponent, isDailyId } from "./daily.js";
import { decodeId, type ComponentId } from "./ids.js";
import { passPhaseStart, rulesMessage, scoresMessage } from "./views.js";

export async function handleComponent(ctx: Ctx, i: ButtonInteraction | StringSelectMenuInteraction): Promise<void> {
  const id = decodeId(i.customId);
  if (!id) return ctx.respond.say("This button is not one I recognise (it may be from an old version of the bot). Use `/hearts hand` for your cards.");
  if (isDailyId(id)) return handleDailyComponent(ctx, i, id);
  const table = await ctx.service.get(id.tableId);
  if (!table) return ctx.respond.say("This table no longer exists. Open a new one with `/hearts new`.");
  if (!inPlace(table, i.channelId)) return ctx.respond.say("This button belongs to a table in another channel.");
  return dispatch(ctx, i, id);
}

async function dispatch(ctx: Ctx, i: ButtonInteraction | StringSelectMenuInteraction, id: ComponentId): Promise<void> {
  const { service, actor } = ctx;
  const tableId = id.tableId;
  switch (id.verb) {
    case "join": {
      const r = await service.join(tableId, actor);
      if (!r.ok) return ctx.respond.say(r.message);
      return r.table.state ? sendHand(ctx, tableId, { notice: r.message }) : ctx.respond.say(`${r.message} Wait for the host to press Start.`);
    }
    case "leave": {
      const r = await service.leave(tableId, actor);
      return ctx.respond.say(r.message);
    }
    case "start": {
      const table = await service.get(tableId);
      return startTable(ctx, table!, i.appPermissions?.has(PermissionFlagsBits.CreatePublicThreads) ?? false);
    }
    case "rules": {
      const table = (await service.get(tableId))!;
      const canChange = table.record.status === "lobby" && (table.record.hostId === actor.userId || !!actor.canManage);
      return ctx.respond.send(rulesMessage(table, canChange));
    }
    case "scores":
      return ctx.respond.send(scoresMessage((await service.get(tableId))!));
    case "hand":
      return sendHand(ctx, tableId);
    case "hint":
      return hint(ctx, tableId);
    case "rematch": {
      const r = await service.rematch(tableId, actor);
      if (!r.ok) return ctx.respond.say(r.message);
      try {
        await ctx.presenter.postTableMessage(r.table);
      } catch {
        await service.closeBySystem(r.table.record.id, "ended", "The table message could not be posted.");
        return ctx.respond.say("I could not post the new table in this channel.");
      }
      await ctx.fairUse.opened(actor.userId);
      return ctx.respond.say("A new table is open with the same players and rules. Everyone is seated: leave if you don't want to play, then press **Start**.");
    }
    case "bot": {
      const value = i.isStringSelectMenu() ? i.values[0] : undefined;
      if (value === "remove") return ctx.respond.say((await service.removeBot(tableId, actor)).message);
      const level = BOT_LEVELS.find((l) => l === value);
      if (!level) return ctx.respond.say("Choose a level: easy, medium or hard.");
      return ctx.respond.say((await service.addBot(tableId, actor, level)).message);
    }
    case "preset": {
      const value = i.isStringSelectMenu() ? i.values[0] : "";
      const r = await service.configure(tableId, actor, { rules: value });
      if (!r.ok) return ctx.respond.say(r.message);
      const table = (await service.get(tableId))!;
      return ctx.respond.send({ ...rulesMessage(table, true), content: `✅ Rules set to ${value}.` });
    }
    case "pick": {
      // Selecting cards changes nothing in the game: the menu shows the choice and a Pass button.
      const values = i.isStringSelectMenu() ? i.values : [];
      const cards = values.map((v) => parseCard(v)).filter((c): c is Card => c !== null);
      // A modified client can send any values: only 3 different cards of one's own hand are a choice.
      const mine = await service.handFor(tableId, actor);
      // A pick from another hand's (or another phase's) menu changes nothing: the current menu, with why.
      if (mine.ok && (mine.view.phase !== "passing" || id.version < passPhaseStart(mine.view) || id.version > mine.view.actionCount)) {
        return sendHand(ctx, tableId, { notice: "⚠️ This menu is out of date: the game has moved on. Here is your current hand." });
      }
      const inHand = (c: Card) => !mine.ok || mine.view.hand.includes(c);
      if (cards.length !== 3 || new Set(cards).size !== 3 || !cards.every(inHand)) return sendHand(ctx, tableId, { notice: "Pick exactly 3 different cards from your hand." });
      return sendHand(ctx, tableId, { selected: cards });
    }
    case "pass": {
      const r = await service.pass(tableId, actor, id.cards, id.version);
      return sendHand(ctx, tableId, { notice: r.ok ? `✅ You passed ${id.cards.map(cardLabel).join(" ")}.` : `⚠️ ${r.message}` });
    }
    case "play": {
      const r = await service.play(tableId, actor, id.card, id.version);
      return sendHand(ctx, tableId, { notice: r.ok ? `✅ You played ${cardLabel(id.card)}.` : `⚠️ ${r.message}` });
    }
    case "moon": {
      const r = await service.moon(tableId, actor, id.choice, id.version);
      return sendHand(ctx, tableId, { notice: r.ok ? "✅ Your moon choice is in." : `⚠️ ${r.message}` });
    }
  }
}
