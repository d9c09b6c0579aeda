/**
 * The SHARDS front door (src/activity/front.ts) caps the sockets it holds as one process's door
 * does: past the cap a new connection is dropped at once, before it sends a byte.
 */
import { connect, type Socket } from "node:net";
import { expect, it } from "vitest";
import { ActivityFront } from "../../src/activity/front.js";
import { silentLogger } from "../../src/log.js";

it("the front drops a connection past its cap at once, and keeps the ones it holds", async () => {
  const front = new ActivityFront({
    clientId: "1",
    host: "127.0.0.1",
    port: 0,
    shardCount: 1,
    localShards: [0],
    log: silentLogger(),
    maxConnections: 3,
  });
  const port = await front.start();
  const sockets: Socket[] = [];
  const closed = new Set<Socket>();
  try {
    for (let i = 0; i < 4; i++) {
      const s = connect(port, "127.0.0.1");
      s.on("error", () => undefined);
      s.on("close", () => closed.add(s));
      await new Promise((r) => s.once("connect", r));
      sockets.push(s);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(closed.has(sockets[3]), "the fourth, past the cap, dropped").toBe(true);
    expect(sockets.slice(0, 3).filter((s) => closed.has(s))).toEqual([]);
  } finally {
    for (const s of sockets) s.destroy();
    await front.stop();
  }
});
