/**
 * The Discord client's side of an Activity, in a browser page: it hosts the Activity in an iframe
 * with the query parameters Discord passes (frame_id, instance_id, platform, guild_id, channel_id)
 * and answers the embedded-app SDK over postMessage as Discord's RPC server does: the handshake
 * (a READY dispatch) and the AUTHORIZE command (a code from the fake Discord, for this page's
 * person). The real SDK runs in the page, unchanged: DiscordSDKMock would replace the very code
 * whose handshake and authorize we want to test, and need a switch in the app.
 *
 * The host page is loaded with page.setContent (an opaque origin, which the SDK accepts as
 * Discord's popout does: "null"), so it needs no server of its own.
 */
import type { Page } from "playwright-core";

export interface HostOptions {
  activityUrl: string;
  guildId: string;
  channelId: string;
  platform?: "desktop" | "mobile";
  /** A fresh authorize code for this page's person (the fake Discord's oauthCode). */
  code: () => string;
}

export async function hostActivity(page: Page, o: HostOptions): Promise<void> {
  await page.exposeFunction("discordAuthorizeCode", () => o.code());
  const q = new URLSearchParams({
    frame_id: `frame-${Math.random().toString(36).slice(2)}`,
    instance_id: `i-${Math.random().toString(36).slice(2)}`,
    platform: o.platform ?? "desktop",
    guild_id: o.guildId,
    channel_id: o.channelId,
  });
  const src = `${o.activityUrl}/?${q.toString()}`;
  await page.setContent(`<!doctype html><html><head><style>html,body{margin:0;height:100%;background:#313338}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><iframe id="activity" src="${src}" allow="autoplay"></iframe>
<script>
const frame = document.getElementById("activity");
const reply = (payload) => frame.contentWindow.postMessage([1, payload], "*");
window.addEventListener("message", async (e) => {
  if (e.source !== frame.contentWindow || !Array.isArray(e.data)) return;
  const [op, data] = e.data;
  if (op === 0) {
    reply({ cmd: "DISPATCH", evt: "READY", nonce: null, data: { v: 1, config: { api_endpoint: "//discord.com/api", environment: "production", cdn_host: "cdn.discordapp.com" } } });
  } else if (op === 1 && data.cmd === "AUTHORIZE") {
    const code = await window.discordAuthorizeCode();
    reply({ cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: { code } });
  } else if (op === 1) {
    reply({ cmd: data.cmd, evt: "ERROR", nonce: data.nonce, data: { code: 1000, message: "not supported by the test's Discord" } });
  }
});
</script></body></html>`);
}
