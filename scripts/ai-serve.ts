/**
 * npm run ai:serve -- [--level easy|medium|hard] [--budget-ms X] [--samples S]
 *
 * Our computer players for other programs: read one JSON request per line on stdin, write one
 * JSON answer per line on stdout, in order. The protocol is in src/ai/protocol.ts and docs/contributors.md.
 * Diagnostics go to stderr only, so stdout carries nothing but answers.
 */
import { createInterface } from "node:readline";
import { BOT_LEVELS, type BotLevel } from "../src/ai/index.js";
import { answerLine } from "../src/ai/protocol.js";

function fail(message: string): never {
  console.error(`ai:serve: ${message}`);
  console.error("usage: npm run ai:serve -- [--level easy|medium|hard] [--budget-ms X] [--samples S]");
  process.exit(2);
}

const defaults: { level: BotLevel; budgetMs?: number; samples?: number } = { level: "hard" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const [flag, inline] = argv[i].split("=", 2);
  const value = inline ?? argv[++i];
  if (value === undefined) fail(`${flag} needs a value`);
  if (flag === "--level") {
    if (!BOT_LEVELS.includes(value as BotLevel)) fail(`--level must be one of ${BOT_LEVELS.join(", ")}`);
    defaults.level = value as BotLevel;
  } else if (flag === "--budget-ms" || flag === "--samples") {
    if (!/^\d+$/.test(value) || +value < 1) fail(`${flag} must be a whole number ≥ 1`);
    defaults[flag === "--budget-ms" ? "budgetMs" : "samples"] = +value;
  } else fail(`unknown argument “${argv[i]}”`);
}

console.error(`ai:serve: ${defaults.level} player ready; one JSON request per line on stdin.`);
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
rl.on("line", (line) => {
  const answer = answerLine(line, defaults);
  if (answer) process.stdout.write(JSON.stringify(answer) + "\n");
});
rl.on("close", () => process.exit(0));
