/**
 * Work every shard process must do when one person asks. A person's open tables live on the
 * shards of their servers, but `/hearts privacy` is answered by the shard of the server where they
 * asked: "Forget me" reaches the others through the ShardingManager (discord.js broadcastEval),
 * each shard taking the person out of its own open tables before the answering one anonymises the
 * stored games, so no shard writes the name back afterwards.
 *
 * A shard that is down has nothing in memory: it resumes from the database, where the person's
 * seats at open tables are handed over only by the shard holding the table (the store leaves open
 * tables to it), so such a table keeps the seat until it ends; the answering shard logs which
 * shards it could not reach. Shards on another machine (SHARD_IDS) are not reached this way either.
 */
import type { Client } from "discord.js";
import type { Logger } from "../log.js";
import type { TableService } from "../table/service.js";

/** What a shard's client carries for the others' broadcastEval (set by `everyShard`). */
interface HeartsClient extends Client {
  hearts?: { forgetPlayer(userId: string, pseudonym: string): Promise<number> };
}

export interface EveryShard {
  /** Takes the person out of every open table of every shard; resolves with how many tables. */
  forgetPlayer(userId: string, pseudonym: string): Promise<number>;
}

export function everyShard(client: Client, service: TableService, log: Logger): EveryShard {
  (client as HeartsClient).hearts = { forgetPlayer: (userId, pseudonym) => service.forgetPlayer(userId, pseudonym) };
  return {
    async forgetPlayer(userId, pseudonym) {
      const shards = client.shard;
      if (!shards) return service.forgetPlayer(userId, pseudonym);
      // One shard at a time is asked on its own, so one that is down does not hide the others' answers.
      const asked = await Promise.allSettled(
        Array.from({ length: shards.count }, (_, shard) =>
          shards.broadcastEval((c, ctx) => (c as HeartsClient).hearts?.forgetPlayer(ctx.userId, ctx.pseudonym) ?? 0, {
            shard,
            context: { userId, pseudonym },
          }),
        ),
      );
      const unreached = asked.flatMap((r, shard) => (r.status === "rejected" ? [shard] : []));
      if (unreached.length)
        log.warn({ shards: unreached }, "forgetting a person: some shards did not answer; their open tables keep the seat until they end");
      return asked.reduce((sum, r) => sum + (r.status === "fulfilled" ? Number(r.value) || 0 : 0), 0);
    },
  };
}
