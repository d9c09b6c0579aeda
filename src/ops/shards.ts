/**
 * With SHARDS, one metrics port per machine: the ShardingManager's process asks each local shard
 * over the IPC channel discord.js already keeps to it, and merges their registries (each shard's
 * series carry its `shard` label) with prom-client's AggregatorRegistry. A shard that does not
 * answer within a few seconds makes the machine not ready, and its series are missing from that scrape.
 */
import type { ShardingManager } from "discord.js";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import type { BotMetrics } from "./metrics.js";
import type { OpsSource } from "./server.js";

type ShardMetrics = MetricObjectWithValues<MetricValue<string>>[];

interface Ask {
  _heartsOps: "ask";
  id: number;
}
interface Answer {
  _heartsOps: "answer";
  id: number;
  notReady: string | null;
  metrics: ShardMetrics;
}

const ANSWER_MS = 3_000;

/** In a shard process: answers the manager's questions with this shard's readiness and metrics. */
export function answerManager(metrics: BotMetrics, shardId: number): () => void {
  metrics.registry.setDefaultLabels({ shard: String(shardId) });
  const on = (msg: unknown) => {
    if ((msg as Ask | null)?._heartsOps !== "ask" || !process.send) return;
    const { id } = msg as Ask;
    Promise.all([metrics.notReady(), metrics.registry.getMetricsAsJSON()])
      .then(([notReady, m]) => process.send?.({ _heartsOps: "answer", id, notReady, metrics: m } satisfies Answer))
      .catch(() => undefined); // the manager counts a shard that does not answer as not ready
  };
  process.on("message", on);
  return () => process.off("message", on);
}

/** In the manager's process: every local shard's readiness and metrics, merged. */
export function shardsSource(manager: ShardingManager, ids: number[]): OpsSource {
  let next = 1;
  const askAll = async (): Promise<Map<number, Answer | string>> => {
    const id = next++;
    const answers = await Promise.all(
      ids.map(async (shardId): Promise<[number, Answer | string]> => {
        const shard = manager.shards.get(shardId);
        const child = shard?.process;
        if (!shard || !child || child.exitCode !== null || child.signalCode !== null) return [shardId, "its process is not running"];
        return [
          shardId,
          await new Promise<Answer | string>((resolve) => {
            const timer = setTimeout(() => done(`no answer within ${ANSWER_MS / 1000} s`), ANSWER_MS);
            const on = (msg: unknown) => {
              const a = msg as Answer | null;
              if (a?._heartsOps === "answer" && a.id === id) done(a);
            };
            const done = (a: Answer | string) => {
              clearTimeout(timer);
              shard.off("message", on);
              resolve(a);
            };
            shard.on("message", on);
            shard.send({ _heartsOps: "ask", id } satisfies Ask).catch(() => done("its IPC channel is closed"));
          }),
        ];
      }),
    );
    return new Map(answers);
  };
  return {
    async notReady() {
      const why: string[] = [];
      for (const [shardId, a] of await askAll()) {
        if (typeof a === "string") why.push(`shard ${shardId}: ${a}`);
        else if (a.notReady) why.push(`shard ${shardId}: ${a.notReady}`);
      }
      return why.length ? why.join("; ") : null;
    },
    async metrics() {
      const answers = [...(await askAll()).values()].filter((a): a is Answer => typeof a !== "string");
      const merged = AggregatorRegistry.aggregate(answers.map((a) => a.metrics));
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
