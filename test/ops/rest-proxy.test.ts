/**
 * The REST proxy (npm run rest-proxy) against the fake Discord enforcing the global limit: a message
 * refused with a global 429 is waited out and sent again by the proxy, whole. With the caller's
 * request stream handed on (as @discordjs/proxy's own handler does), the second sending had an
 * empty body, and Discord answered "Cannot send an empty message".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/log.js";
import { PROXY_SECRET_HEADER, startRestProxy, type RestProxy } from "../../src/ops/rest-proxy.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";

const SECRET = "5d1f0c8e2b7a4f3e9c6d1a0b8e7f2c4d";
let fake: FakeDiscord;
let proxy: RestProxy;
beforeAll(async () => {
  fake = await startFakeDiscord({ users: 2, globalLimit: 2 });
  proxy = await startRestProxy({ upstream: fake.apiBase, port: 0, log: silentLogger(), secret: SECRET, token: fake.token });
});
afterAll(async () => {
  await proxy?.close();
  await fake?.close();
});

describe("the REST proxy", () => {
  it("sends a message again, whole, after Discord's global 429; none reaches the caller", async () => {
    const send = (n: number) =>
      fetch(`${proxy.url}/v10/channels/${fake.channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${fake.token}`, "content-type": "application/json", [PROXY_SECRET_HEADER]: SECRET },
        body: JSON.stringify({ content: `message ${n}` }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { content?: string; message?: string } }));
    // Six at once against a limit of two a second: the proxy's own budget (50) lets them all go,
    // so the fake refuses four with a global 429 and the proxy sends them again.
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(send));
    expect(fake.calls.some((c) => c.status === 429)).toBe(true);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.content).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `message ${n}`));
    expect(fake.calls.filter((c) => c.status === 400)).toEqual([]);
  }, 20_000);

  it("refuses a caller without its secret (401) and a token other than the bot's (403), and sends Discord nothing for them", async () => {
    const before = fake.calls.length;
    const post = (headers: Record<string, string>) =>
      fetch(`${proxy.url}/v10/channels/${fake.channelId}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ content: "not sent" }),
      });
    const none = await post({ authorization: `Bot ${fake.token}` });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { message: string }).message).toContain("REST_PROXY_SECRET");
    expect((await post({ authorization: `Bot ${fake.token}`, [PROXY_SECRET_HEADER]: "guessed" })).status).toBe(401);
    const other = await post({ authorization: "Bot another.bots.token", [PROXY_SECRET_HEADER]: SECRET });
    expect(other.status).toBe(403);
    expect(fake.calls.length).toBe(before);
  });
});
