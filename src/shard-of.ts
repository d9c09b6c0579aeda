/**
 * Which shard a server belongs to, apart from the sharding manager (src/app/shards/): the bot names
 * its shard from here, so it never imports the manager, whose ops server imports the bot's type.
 */

/** Which shard a guild belongs to: Discord's formula, (guild_id >> 22) % shard_count. */
export function shardOf(guildId: string, shardCount: number): number {
  if (shardCount <= 1) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** A shard process's place: its id and the total count. */
export interface ShardInfo {
  id: number;
  count: number;
}
