// Public entry of the fake Discord used by end-to-end tests (see README.md).
export {
  ChannelRegistry,
  DEFAULT_BOT_PERMISSIONS,
  DISCORD_RATE_LIMITS,
  FakeDiscord,
  startFakeDiscord,
  type DispatchWhere,
  type FakeDiscordOptions,
  type FakeGuild,
  type FakeGuildInit,
  type FakeRole,
  type FakeStats,
  type FakeUserInit,
  type OptionValue,
  type RateLimitRule,
  type RouteMatcher,
  type SlashCommandInput,
} from "./core.js";
export {
  FakeMessage,
  collectStrings,
  walkComponents,
  type AckInfo,
  type ButtonInfo,
  type FakeAttachment,
  type FakeChannel,
  type FakeUser,
  type MessageVersion,
  type RestCall,
  type SelectInfo,
  type SelectOptionInfo,
  type ShownPayload,
  type UploadedFile,
  type Violation,
  type ViolationKind,
  type Visibility,
} from "./model.js";
export { FakeInteraction, type InteractionKind } from "./interaction.js";
export { Intent, type GatewayStats } from "./gateway.js";
export { Permission, permissionBits, permissionNames, type PermissionName } from "./permissions.js";
export { DISCORD_LOCALES, LIMITS, MessageFlag } from "./validate.js";
export { snowflake, snowflakeTime } from "./snowflake.js";

import type { AckInfo, RestCall } from "./model.js";
import type { FakeInteraction } from "./interaction.js";

/** MessageFlags.Ephemeral. */
export const EPHEMERAL = 64;
/** Names used by the first version of this fake. */
export type InteractionHandle = FakeInteraction;
export type Ack = AckInfo;
export type RecordedCall = RestCall;
