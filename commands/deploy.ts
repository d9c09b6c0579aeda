/**
 * `npm run deploy-commands`: registers /hearts with Discord. With GUILD_ID, in that server only
 * (instant, for testing); without, globally (every server the bot is in; may take up to an hour).
 */
import "../src/load-env.js";
import { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { readConfig } from "../src/config.js";
import { commandData, entryPointCommand } from "./hearts.js";

async function main(): Promise<number> {
  const r = readConfig(process.env);
  if (!r.ok) {
    console.error(r.problems.join("\n\n"));
    return 1;
  }
  const { config } = r;
  const clientId = config.clientId ?? applicationIdFromToken(config.token);
  if (!clientId) {
    console.error("Set DISCORD_CLIENT_ID in .env: the Application ID on your application's General Information page.");
    return 1;
  }
  const rest = new REST(config.apiBase ? { api: config.apiBase } : {}).setToken(config.token);
  const route = config.guildId ? Routes.applicationGuildCommands(clientId, config.guildId) : Routes.applicationCommands(clientId);
  try {
    const body = config.activity && !config.guildId ? [...commandData, entryPointCommand] : commandData;
    const result = (await rest.put(route, { body })) as unknown[];
    console.log(
      config.guildId
        ? `Registered ${registered(result.length)} in server ${config.guildId}: it is usable there now.`
        : `Registered ${registered(result.length)} globally: Discord may take up to an hour to show it everywhere.`,
    );
    return 0;
  } catch (err) {
    const status = (err as { status?: number }).status;
    const code = (err as { code?: number | string }).code;
    if (code === 50240)
      console.error(
        [
          "Discord refused the commands: this application has Activities turned on in the Developer Portal, and then",
          "its global commands must include the Activity's Launch entry point, which is sent only when the Activity is",
          "configured. Either set DISCORD_CLIENT_SECRET and ACTIVITY_URL in .env (see docs/operators.md, The Activity) and",
          "run npm run deploy-commands again, or turn Activities off in the portal (your application → Activities).",
        ].join("\n"),
      );
    else if (status === 401)
      console.error(
        "Discord refused the token in DISCORD_TOKEN. Reset it on the Bot page of your application and put the new one in .env.",
      );
    else if (status === 403 || status === 404) {
      console.error(
        config.guildId
          ? `Discord refused to register commands in server ${config.guildId}: check GUILD_ID, that the bot was invited there with the applications.commands scope, and DISCORD_CLIENT_ID.`
          : "Discord refused to register commands: check DISCORD_CLIENT_ID (the Application ID).",
      );
    } else console.error(`Could not register the commands: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

/** A bot token's first part is the bot's user id in base64, which equals the application id. */
function applicationIdFromToken(token: string): string | null {
  try {
    const id = Buffer.from(token.split(".")[0], "base64").toString("utf8");
    return /^\d{15,22}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

process.exitCode = await main();

/** "1 command (/hearts)", or "2 commands (/hearts and the Activity's Launch entry)". */
function registered(n: number): string {
  return n === 1 ? "1 command (/hearts)" : `${n} commands (/hearts and the Activity's Launch entry)`;
}
