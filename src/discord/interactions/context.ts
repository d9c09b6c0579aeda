/**
 * What an interaction runs with: the services (each handler names those it uses, ../handlers/types.ts)
 * and the interaction's own part: its person, their words, its responder.
 */
import { MessageFlags, PermissionFlagsBits, type Interaction, type RepliableInteraction } from "discord.js";
import type { DailyService } from "../../daily/service.js";
import type { ReviewService } from "../../table/review.js";
import type { Tournaments } from "../../table/tournament/api.js";
import { localeOf, messages, words, type Locale, type Messages, type Sentence } from "../../i18n/index.js";
import type { Logger } from "../../log.js";
import type { HeartsStore } from "../../table/store.js";
import type { TableSettings } from "../../table/records.js";
import type { GuildSettingsCache } from "../../table/guild-settings.js";
import type { TableService } from "../../table/service.js";
import type { Asker } from "../../table/types.js";
import type { FairUse } from "../../table/fair-use.js";
import type { Images } from "../../render/runtime/images.js";
import type { Menus } from "../presenting/menus.js";
import type { Pacer } from "../../render/runtime/pacer.js";
import type { Presenter } from "../presenting/presenter.js";
import type { Responder } from "./responder.js";
import type { DeckStyles } from "../presenting/deck-styles.js";
import type { EveryShard } from "../shards/every-shard.js";

export interface Services {
  service: TableService;
  presenter: Presenter;
  menus: Menus;
  images: Images;
  pacer: Pacer;
  store: HeartsStore;
  log: Logger;
  fairUse: FairUse;
  decks: DeckStyles;
  /** Server settings (/hearts settings), cached briefly. */
  guilds: GuildSettingsCache;
  /** The bot's own defaults for new tables and its ceiling of open tables per server. */
  defaults: TableSettings;
  limits: { maxTablesPerGuild: number };
  /** The daily challenge. */
  daily: DailyService;
  /** Game reviews. */
  review: ReviewService;
  /** What every shard process must do when one person asks (Forget me). */
  everyShard: EveryShard;
  /** Duplicate tournaments (src/table/tournament/service.ts). */
  tournaments: Tournaments;
}

/** The interaction's own part of a handler's context. */
export interface Interacting {
  respond: Responder;
  /** Who asks, and from where (their server, channel or thread): every table they reach passes the domain's gate with it. */
  actor: Asker;
  /** The person's language (their Discord client's): every private answer is in it. */
  locale: Locale;
  /** The catalogue in that language. */
  m: Messages;
  /** A table service sentence, in that language. */
  tell(s: Sentence): string;
  /** A table (or rematch) opened for this interaction: its opener's cooldown stays taken. */
  opened(): void;
}

/** Everything: what the router builds for each interaction. */
export type Ctx = Interacting & Services;

/** The person's language and its words, for an interaction's private answers. */
export function wordsFor(i: Interaction): Pick<Interacting, "locale" | "m" | "tell"> {
  const locale = localeOf(i.locale);
  const m = messages(locale);
  return { locale, m, tell: (s) => words(m, s) };
}

export function actorOf(i: Interaction): Asker {
  const m = i.member as { displayName?: string; nick?: string | null } | null;
  const name = m?.displayName ?? m?.nick ?? i.user.globalName ?? i.user.username;
  return {
    userId: i.user.id,
    name,
    canManage: i.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false,
    // Their face at the table, on the Activity's page too (src/table/faces.ts).
    avatar: i.user.avatar,
    where: { guildId: i.guildId, channelId: i.channelId ?? "", parentId: i.channel?.isThread() ? i.channel.parentId : null },
  };
}

/** True when the interaction's message is one of the clicker's own ephemeral messages. */
export function onEphemeral(i: RepliableInteraction): boolean {
  return (i.isButton() || i.isAnySelectMenu()) && !!i.message?.flags?.has(MessageFlags.Ephemeral);
}
