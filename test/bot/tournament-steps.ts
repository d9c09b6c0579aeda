/** Steps of a tournament on Discord shared by the tournament's end-to-end tests: the command, the sign-up. */
import { expect } from "vitest";
import { Player, byVerb, findButton, textOf, type Harness } from "./harness.js";
import type { FakeMessage } from "../fake-discord/server.js";

export const signupOf = (h: Harness): FakeMessage | null =>
  h.fake.channelMessages(h.fake.channelId).find((m) => m.embeds?.[0]?.title?.startsWith("🏆")) ?? null;

export function tournamentCommand(p: Player, h: Harness, subcommand: string, options?: Record<string, string | number | boolean>) {
  const handle = h.fake.slashCommand(p.user, "hearts", { group: "tournament", subcommand, options });
  h.sent.set(handle.token, handle);
  return handle;
}

export async function created(
  h: Harness,
  people: Player[],
  name: string,
  options: Record<string, string | number> = {},
): Promise<FakeMessage> {
  const [organiser] = people;
  h.fake.grant(organiser.user, "ManageGuild");
  const said = await organiser.answer(tournamentCommand(organiser, h, "create", { name, start: "in 30 min", rounds: 1, ...options }));
  expect(said.content).toContain(`**${name}** is planned`);
  const signup = await h.fake.waitFor(() => signupOf(h), 5000, "the sign-up message");
  for (const p of people) {
    const joined = await p.answer(p.click(signup.id, findButton(signup, byVerb("tjoin")).custom_id));
    expect(joined.content).toContain(`You are in **${name}**`);
  }
  await h.fake.waitFor(() => textOf(h.fake.messages.get(signup.id)).includes(`Signed up (${people.length})`), 5000, "the sign-up edit");
  return signup;
}
