/**
 * `npm run play`: the "?" hint speaks for a player of the level the table was asked for (it always
 * said "a medium player", even at `--level hard`).
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function play(args: string[], input: string): string {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/play.ts", ...args], { input, encoding: "utf8", timeout: 60_000 });
  return r.stdout + r.stderr;
}

describe("npm run play's hint", () => {
  it("is a hard player's at --level hard, an easy player's at --level easy", () => {
    const hard = play(["--level", "hard", "--seed", "7", "--budget-ms", "50"], "?\nquit\n");
    expect(hard).toContain("Hearts against three hard computer players");
    expect(hard).toMatch(/A hard player would pass \S+ \S+ \S+\./);
    expect(hard).not.toContain("medium player");
    expect(play(["--level", "easy", "--seed", "7"], "?\nquit\n")).toMatch(/An easy player would pass/);
  }, 90_000);
});
