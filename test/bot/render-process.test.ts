import { afterAll, describe, expect, it } from "vitest";
import { createGame, presetRules, viewFor } from "../../src/game/index.js";
import { silentLogger } from "../../src/log.js";
import { Images, canvasRenderer } from "../../src/render/runtime/images.js";
import { Lane, Pacer } from "../../src/render/runtime/pacer.js";
import { RenderProcess } from "../../src/render/runtime/render-process.js";
import { handMenu } from "../../src/discord/views/hand-menu.js";
import { tableMessage } from "../../src/discord/views/table.js";
import { stateBehind, tableView } from "../../src/table/live.js";
import type { TableView } from "../../src/table/types.js";
import { tableRecord } from "../table/fixtures.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const thread = new RenderProcess(silentLogger());
afterAll(() => thread.close());

function snapshot(): TableView {
  const state = createGame(presetRules("classic")!, 7);
  return tableView(tableRecord(state, { deal: { format: 1, seed: 7 }, status: "passing" }), state);
}

describe("pictures in the picture process", () => {
  it("gives paced messages the same pictures as drawing them on the main thread", async () => {
    const table = snapshot();
    const inline = new Images(canvasRenderer, silentLogger());
    const offloaded = new Images(canvasRenderer, silentLogger(), null, thread);
    const pacer = new Pacer(offloaded);
    expect(offloaded.offloaded).toBe(true);

    const menu = await pacer.run(Lane.Answer, () => handMenu(table, viewFor(stateBehind(table)!, 0), offloaded));
    const expected = handMenu(table, viewFor(stateBehind(table)!, 0), inline);
    expect(menu.files?.map((f) => f.name)).toEqual(["hand.png"]);
    expect(menu.files![0].data.subarray(0, 4)).toEqual(PNG);
    expect(menu.files![0].data.equals(expected.files![0].data)).toBe(true);
    expect(menu.components).toEqual(expected.components);

    // The table message has its picture in the lobby and at the end (during a hand it is text).
    const lobby = tableView({ ...table.record, status: "lobby" as const }, stateBehind(table));
    const msg = await pacer.run(Lane.Table, () => tableMessage(lobby, offloaded));
    expect(msg.files![0].data.equals(tableMessage(lobby, inline).files![0].data)).toBe(true);
  });

  it("serves the person who clicked before table pictures already waiting", async () => {
    const table = snapshot();
    const view = table.game!;
    const done: string[] = [];
    const args = [{ players: table.record.seats.map((s) => ({ name: s.name, isBot: !!s.botLevel })), view }, {}];
    const jobs = [1, 2, 3, 4].map((n) => thread.render("renderTable", args, Lane.Table).then(() => done.push(`table ${n}`)));
    const answer = thread
      .render("renderHand", [{ cards: viewFor(stateBehind(table)!, 0).hand, legal: [], selected: [] }], Lane.Answer)
      .then(() => done.push("answer"));
    await Promise.all([...jobs, answer]);
    // The first table picture was already being drawn; the answer comes right after it.
    expect(done.indexOf("answer")).toBeLessThanOrEqual(1);
  });

  it("refuses a picture the renderer throws on, and keeps drawing the next ones", async () => {
    await expect(thread.render("renderHand", [null], Lane.Answer)).rejects.toThrow();
    const png = await thread.render("renderHand", [{ cards: [0, 13, 26], legal: [], selected: [] }], Lane.Answer);
    expect(png.subarray(0, 4)).toEqual(PNG);
    expect(thread.available).toBe(true);
  });
});
