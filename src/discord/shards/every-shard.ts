/**
 * Work every shard process must do when one person asks. A person's open tables live on the
 * shards of their servers, but `/hearts privacy` is answered by the shard of the server where they
 * asked: "Forget me" reaches the others through the ShardingManager (discord.js broadcastEval),
 * each shard taking the person out of its own open tables before the answering one anonymises the
 * stored games, so no shard writes the name back afterwards.
 *
 * A shard that is down has nothing in memory: it resumes from the database, so for the servers of
 * every shard that did not answer, the answering shard hands the person's seats over in the stored
 * open tables (the store itself leaves open tables to the shard holding them). Shards on other
 * machines (SHARD_IDS), and a shard that answers after the limit, get the request through the
 * database instead (cross-machine.ts): each applies it to its own tables within a second or so, or
 * when it comes back, and deletes again what its tables wrote meanwhile.
 */
import { ShardClientUtil, type Client } from "discord.js";
import { parseShardIds } from "../../config.js";
import type { Logger } from "../../log.js";
import type { TableService } from "../../table/service.js";
import { ANSWER_MS, type CrossMachine } from "./cross-machine.js";

/** What a shard's client carries for the others' broadcastEval (set by `everyShard`). */
interface HeartsClient extends Client {
  hearts?: { forgetPlayer(userId: string, pseudonym: string): Promise<number> };
}

/** `p`, or a rejection after `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export interface EveryShard {
  /** Takes the person out of every open table of every shard; resolves with how many tables. */
  forgetPlayer(userId: string, pseudonym: string): Promise<number>;
  /** A server was purged, or the bot left it: every shard on every machine ends its tables there too. */
  guildGone(kind: "purge" | "left", guildId: string): Promise<void>;
}

/**
 * The shards this machine's ShardingManager runs: its SHARD_IDS (the shard processes inherit the
 * manager's environment), or all of them.
 */
export function machineShards(count: number, env: NodeJS.ProcessEnv = process.env): number[] {
  const ids = env.SHARD_IDS?.trim() ? parseShardIds(env.SHARD_IDS, count) : null;
  return Array.isArray(ids) ? ids : Array.from({ length: count }, (_, id) => id);
}

export function everyShard(client: Client, service: TableService, log: Logger, cross: CrossMachine | null = null): EveryShard {
  (client as HeartsClient).hearts = { forgetPlayer: (userId, pseudonym) => service.forgetPlayer(userId, pseudonym) };
  return {
    async guildGone(kind, guildId) {
      // This shard's own part (its tables, the stored data) goes on without it.
      await cross
        ?.ask(kind, guildId)
        .catch((err: unknown) =>
          log.warn(
            { guild: guildId, kind, err: err instanceof Error ? err.message : String(err) },
            "could not tell the other shards about a server's purge or departure",
          ),
        );
    },
    async forgetPlayer(userId, pseudonym) {
      const shards = client.shard;
      if (!shards) return service.forgetPlayer(userId, pseudonym);
      // First, so a shard that does not answer now (or runs on another machine) still gets it.
      await cross?.ask("forget", userId);
      // Each shard of this machine is asked on its own, so one that is down (or stuck) does not hide
      // the others' answers. Those of other machines read the request from the database.
      const here = machineShards(shards.count);
      const asked = await Promise.allSettled(
        here.map((shard) =>
          within(
            shards.broadcastEval((c, ctx) => (c as HeartsClient).hearts?.forgetPlayer(ctx.userId, ctx.pseudonym) ?? 0, {
              shard,
              context: { userId, pseudonym },
            }),
            ANSWER_MS,
          ),
        ),
      );
      const answered = asked.reduce((sum, r) => sum + (r.status === "fulfilled" ? Number(r.value) || 0 : 0), 0);
      const unreached = new Set(asked.flatMap((r, i) => (r.status === "rejected" ? [here[i]] : [])));
      if (!unreached.size) return answered;
      log.warn({ shards: [...unreached] }, "forgetting a person: some shards did not answer; their stored open tables are changed instead");
      const theirs = (guildId: string) => unreached.has(ShardClientUtil.shardIdForGuildId(guildId, shards.count));
      return answered + (await service.forgetAtStoredTables(userId, pseudonym, theirs));
    },
  };
}
