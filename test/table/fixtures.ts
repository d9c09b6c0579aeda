/** A table's record for tests that build views and pictures without a store: seats 0..people-1 are people, the rest easy computer players. */
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { presetRules, type GameState } from "../../src/game/index.js";
import type { StoredTable, TableSettings } from "../../src/table/records.js";

export function tableRecord(
  state: GameState | null,
  o: { people?: number; settings?: Partial<TableSettings> } & Partial<Omit<StoredTable, "settings">> = {},
): StoredTable {
  const { people = 1, settings = {}, ...rest } = o;
  return {
    id: "t1",
    guildId: "1",
    channelId: "2",
    threadId: null,
    messageId: "3",
    hostId: "u0",
    rules: state?.rules ?? presetRules("classic")!,
    settings: { ...DEFAULT_SETTINGS, ...settings },
    deal: { format: 1, seed: 1 },
    status: state ? "playing" : "lobby",
    seats: [0, 1, 2, 3].map((seat) => ({
      seat,
      userId: seat < people ? `u${seat}` : null,
      botLevel: seat < people ? null : "easy",
      name: `P${seat}`,
      botControlled: false,
      timeouts: 0,
    })),
    actionCount: state?.actionCount ?? 0,
    turnDeadline: null,
    timeBank: [120, 120, 120, 120],
    brokenReason: null,
    hintsUsed: false,
    undos: 0,
    threadFrom: 0,
    threadTo: 0,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...rest,
  };
}
