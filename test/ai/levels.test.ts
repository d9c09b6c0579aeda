/** The level table is the one list of levels: every layer that names a level reads it, so none can drop one it does not know. */
import { describe, expect, it } from "vitest";
import { commandData } from "../../commands/hearts.js";
import { BOT_LEVELS, LEVELS, isBotLevel } from "../../src/ai/levels.js";
import { decide } from "../../src/ai/index.js";
import { DEFAULT_RULES, OPTIONS, createGame, viewFor } from "../../src/game/index.js";
import { messages } from "../../src/i18n/index.js";
import { guildSettingsRecord } from "../../src/store/records.js";
import { botName } from "../../src/table/seats.js";

type Node = { name: string; options?: Node[]; choices?: { value: unknown }[]; min_value?: number; max_value?: number };
const cmd = commandData[0] as unknown as Node;
const options = (sub: string) => cmd.options!.find((o) => o.name === sub)!.options!;

describe("the computer players' level table", () => {
  it("offers exactly its levels in /hearts new, /hearts rules and /hearts settings, named by the catalogue", () => {
    for (const sub of ["new", "rules", "settings"])
      expect(
        options(sub)
          .find((o) => o.name === "level")!
          .choices!.map((c) => c.value),
        sub,
      ).toEqual([...BOT_LEVELS]);
    for (const level of BOT_LEVELS) {
      expect(messages("fr").lobby.level({ level })).not.toBe(messages("en").lobby.level({ level }));
      expect(messages("fr").lobby.addBot({ level })).not.toBe(messages("en").lobby.addBot({ level }));
    }
    expect(messages("en").lobby.addBot({ level: "easy" })).toBe("Add an easy computer player");
    expect(messages("en").lobby.chooseLevel).toBe("Choose a level: easy, medium or hard.");
    expect(messages("fr").lobby.chooseLevel).toBe("Choisissez un niveau : facile, moyen ou difficile.");
  });

  it("gives each level its seats' names and a legal first pass", () => {
    const view = viewFor(createGame(DEFAULT_RULES, 7), 0);
    for (const level of BOT_LEVELS) {
      expect(botName([], level)).toBe(LEVELS[level].names[0]);
      const action = decide(view, level, { seed: 1, samples: 8 });
      expect(action.type === "pass" && action.cards.every((c) => view.hand.includes(c))).toBe(true);
    }
  });

  it("reads a stored level it does not know as unset (the server's default), never as another level", () => {
    const row = { botLevel: "expert", allowedChannels: "[]" } as Parameters<typeof guildSettingsRecord>[1];
    expect(isBotLevel("expert")).toBe(false);
    expect(isBotLevel("toString")).toBe(false);
    expect(guildSettingsRecord("g", row).botLevel).toBeNull();
    expect(guildSettingsRecord("g", { ...row!, botLevel: "hard" }).botLevel).toBe("hard");
  });

  it("takes the /hearts target's range from the rule table", () => {
    for (const sub of ["new", "rules"]) {
      const target = options(sub).find((o) => o.name === "target")!;
      expect([target.min_value, target.max_value], sub).toEqual([OPTIONS.target.min, OPTIONS.target.max]);
    }
  });
});
