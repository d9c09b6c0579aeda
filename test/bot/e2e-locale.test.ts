/**
 * Languages through the fake Discord (issue 15): a person's private answers (replies, menus,
 * refusals) follow their Discord client's locale; a table's public posts (the table message, the
 * thread) follow the server's preferred locale when the table opened, whoever reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Player, byVerb, findButton, gamePosts, saidTo, startHarness, tableMessage, textOf, type Harness } from "./harness.js";

let h: Harness;
let ann: Player;
let bob: Player;
let carl: Player;

beforeAll(async () => {
  h = await startHarness({ renderer: null });
  [ann, bob, carl] = [0, 1, 2].map((i) => new Player(h, h.fake.users[i]));
  // Ana's Discord is in French; Bob's and Carl's in English (the fake's default, en-US).
  ann.user.locale = "fr";
});
afterAll(async () => {
  await h?.close();
});

describe("languages", () => {
  it("a French player reads French privately while the English server's table stays English", async () => {
    const opened = await ann.answer(ann.slash("new", { target: 26 }));
    expect(textOf(opened)).toContain("Votre table est ouverte");

    const table = tableMessage(h.fake);
    expect(textOf(table)).toContain("Press **Join** to sit down.");
    expect(findButton(table, byVerb("join")).label).toBe("Join");

    const joined = await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
    expect(textOf(joined)).toContain("You joined the table.");

    // The same refusal, each in the asker's language.
    const bobStarts = bob.click(table.id, findButton(table, byVerb("start")).custom_id);
    await h.fake.waitFor(() => saidTo(h, bobStarts) || null, 3000, "Bob's refusal");
    expect(saidTo(h, bobStarts)).toContain("Only the host (Ana) can start the game.");
    const annJoinsAgain = ann.click(table.id, findButton(table, byVerb("join")).custom_id);
    await h.fake.waitFor(() => saidTo(h, annJoinsAgain) || null, 3000, "Ana's refusal");
    expect(saidTo(h, annJoinsAgain)).toContain("Vous êtes déjà assis à cette table.");

    // Ana starts: her cards come in French; the game's thread speaks the server's English.
    const menu = await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id));
    expect(textOf(menu)).toContain("La partie a commencé. Voici vos cartes");
    expect(textOf(menu)).toMatch(/Passez 3 cartes|Pli 1 sur 13/);
    expect(textOf(menu)).toContain("Votre score : 0");
    expect(findButton(menu, byVerb("hand")).label).toBe("Actualiser");
    await h.fake.waitFor(
      () => (gamePosts(h.fake).some((m) => m.content.includes("**Game on!**")) ? true : null),
      5000,
      "the thread's first post",
    );
    expect(
      gamePosts(h.fake)
        .map((m) => m.content)
        .join("\n"),
    ).not.toMatch(/C'est parti|Donne \d/);

    // Bob's menu on the same table is English.
    const bobMenu = await bob.openHand();
    expect(textOf(bobMenu)).toMatch(/Pass 3 cards|Trick 1 of 13/);
    expect(textOf(bobMenu)).toContain("Your score: 0");
  });

  it("a French server's new table speaks French, and an English player still reads English", async () => {
    h.fake.guildLocales.set(h.fake.guildId, "fr");
    const other = h.fake.addChannel("cartes");
    const opened = await carl.answer(carl.slash("new", { target: 26 }, other));
    expect(textOf(opened)).toContain("Your table is open.");

    const table = h.fake
      .channelMessages(other)
      .filter((m) => m.embeds?.[0]?.title === "♥ Dame de pique")
      .at(-1)!;
    expect(textOf(table)).toContain("Appuyez sur **Rejoindre** pour vous asseoir.");
    expect(findButton(table, byVerb("join")).label).toBe("Rejoindre");
    expect(findButton(table, byVerb("start")).label).toBe("Commencer");

    const joined = await ann.answer(ann.click(table.id, findButton(table, byVerb("join")).custom_id));
    expect(textOf(joined)).toContain("Vous avez rejoint la table.");

    // The first table opened in English and stays so: its language is its own setting.
    expect(textOf(tableMessage(h.fake))).toContain("Press **My hand**");
  });
});
