/** The reminder before a tournament's start mentions the people signed up, and only Discord ids. */
import { expect, it } from "vitest";
import { reminderPost } from "../../src/discord/views/tournament.js";
import type { TournamentPlayer, TournamentView } from "../../src/table/tournament/api.js";

const player = (userId: string, name: string, left = false): TournamentPlayer => ({
  userId,
  name,
  joinedAt: new Date(0),
  left,
  stoodIn: false,
});

it("a former player (Forget me) and someone who left are not mentioned: the mentions are Discord ids only", () => {
  const t = {
    name: "Friday night",
    players: [
      player("100000000000000001", "Ann"),
      player("former:3f2a9c1d0b7e4a65", "Former player"),
      player("100000000000000003", "Cid", true),
    ],
  } as unknown as TournamentView;
  const post = reminderPost(t, 15, "en");
  expect(post.mentions).toEqual(["100000000000000001"]);
  expect(post.content).toContain("<@100000000000000001>");
  expect(post.content).not.toContain("former:");
});
