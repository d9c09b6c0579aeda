/**
 * bench:abuse's attackers at the Activity's door, in a process of their own (bench/abuse.ts forks
 * it), so that the fake Discord's process, which times the other people's acknowledgements, shares
 * its event loop with none of their sockets. One job at a time, told over IPC ({ type: "run", job });
 * answers { type: "started" } once the attack is under way (the flood's page signed in, the crowd's
 * idle sockets open) and { type: "done", result } with its counts when it is over. The sign-in codes
 * come from the parent (the fake Discord's); the bot's Activity server is on 127.0.0.1.
 */
import { closeAll, floodingPage, idleSockets, madeUpCodes, resumeCrowd } from "./abuse-activity.js";
import { churn, pongFlood } from "./abuse-door.js";

export type AttackJob =
  /** A signed-in page flooding without reading for `ms`: messages sent. */
  | { kind: "flood"; port: number; code: string; channel: string; ms: number }
  /** `sockets` idle sockets, then made-up codes `perSecond` for `ms`: accepted and sent. */
  | { kind: "anonymous"; port: number; channel: string; sockets: number; perSecond: number; ms: number }
  /** One session resumed on `n` connections, held 2 s more: how many stayed open. */
  | { kind: "fanout"; port: number; code: string; channel: string; n: number }
  /** Four anonymous sockets and one signed-in page streaming pongs for `ms` (a fresh code at each sign-in). */
  | { kind: "pongFlood"; port: number; codes: string[]; channel: string; ms: number }
  /** `perSecond` new sockets a second that never read, for `ms`. */
  | { kind: "churn"; port: number; perSecond: number; ms: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const send = (m: object) => process.send!(m);

async function run(job: AttackJob): Promise<unknown> {
  switch (job.kind) {
    case "flood": {
      const flood = await floodingPage(job.port, job.code, job.channel);
      send({ type: "started" });
      await sleep(job.ms);
      return { sent: flood.stop() };
    }
    case "anonymous": {
      const idle = await idleSockets(job.port, job.sockets);
      send({ type: "started" });
      const made = await madeUpCodes(job.port, job.channel, job.perSecond, job.ms);
      closeAll([...idle.clients, ...made.clients]);
      return { accepted: idle.accepted, madeUp: made.sent };
    }
    case "fanout": {
      send({ type: "started" });
      const r = await resumeCrowd(job.port, job.code, job.channel, job.n);
      await sleep(2000);
      closeAll(r.clients);
      return { stillOpen: r.stillOpen, closed: r.closed };
    }
    case "pongFlood": {
      send({ type: "started" });
      let k = 0;
      return pongFlood(job.port, () => job.codes[k++ % job.codes.length], job.channel, job.ms);
    }
    case "churn": {
      send({ type: "started" });
      return churn(job.port, job.perSecond, job.ms, async () => void (await sleep(job.ms)));
    }
  }
}

process.on("message", (msg: { type: string; job?: AttackJob }) => {
  if (msg.type === "run" && msg.job) {
    run(msg.job).then(
      (result) => send({ type: "done", result }),
      (err: unknown) => send({ type: "done", error: err instanceof Error ? err.message : String(err) }),
    );
  } else if (msg.type === "stop") process.exit(0);
});
send({ type: "ready" });
