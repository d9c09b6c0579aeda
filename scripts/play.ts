/**
 * npm run play -- [--level easy|medium|hard] [--rules PRESET[,key=value...]] [--seed N] [--budget-ms X] [--auto]
 *
 * Hearts in the terminal: you (South) against three computer players, with the same engine and
 * rules options as the Discord bot. No Discord token needed. Type cards as "QS", "10h", "q♠";
 * "?" asks a player of the table's level (--level) for a hint, "help" lists commands, "quit" leaves.
 * --auto lets a medium bot play your seat too (a demo, and a quick smoke test).
 */
import { createInterface } from "node:readline";
import {
  awaiting,
  cardLabel,
  createGame,
  describeRules,
  parseCard,
  parseRules,
  passRejection,
  passTarget,
  playRejection,
  presetNames,
  refusalValues,
  step,
  suitOf,
  viewFor,
  SUIT_SYMBOLS,
  type Action,
  type Card,
  type GameEvent,
  type GameState,
  type Seat,
} from "../src/game/index.js";
import { messages, sentence, words } from "../src/i18n/index.js";
import { BOT_LEVELS, decide, type BotLevel } from "../src/ai/index.js";

const NAMES = ["You", "West", "North", "East"];
const YOU: Seat = 0;

function fail(message: string): never {
  console.error(`play: ${message}`);
  console.error("usage: npm run play -- [--level easy|medium|hard] [--rules PRESET[,key=value...]] [--seed N] [--budget-ms X] [--auto]");
  console.error(`presets: ${presetNames().join(", ")}`);
  process.exit(2);
}

const args = {
  level: "medium" as BotLevel,
  rules: "classic",
  seed: (Date.now() >>> 0) % 1_000_000,
  budgetMs: undefined as number | undefined,
  auto: false,
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--auto") {
    args.auto = true;
    continue;
  }
  const [flag, inline] = argv[i].split("=", 2);
  const value = inline ?? argv[++i];
  if (value === undefined) fail(`${flag} needs a value`);
  if (flag === "--level") {
    if (!BOT_LEVELS.includes(value as BotLevel)) fail(`--level must be one of ${BOT_LEVELS.join(", ")}`);
    args.level = value as BotLevel;
  } else if (flag === "--rules") args.rules = value;
  else if (flag === "--seed" || flag === "--budget-ms") {
    if (!/^\d+$/.test(value)) fail(`${flag} must be a whole number`);
    if (flag === "--seed") args.seed = +value;
    else args.budgetMs = +value;
  } else fail(`unknown argument “${argv[i]}”`);
}
const parsed = parseRules(args.rules);
if (!parsed.ok) fail(parsed.error);
const rules = parsed.rules;

// ---- input: a queue of lines, so piped input works as well as a terminal ----------
const rl = createInterface({ input: process.stdin, terminal: process.stdin.isTTY === true });
const lines: string[] = [];
let waiting: ((line: string | null) => void) | null = null;
let ended = false;
rl.on("line", (line) => {
  if (waiting) {
    const w = waiting;
    waiting = null;
    w(line);
  } else lines.push(line);
});
rl.on("close", () => {
  ended = true;
  waiting?.(null);
});

async function ask(prompt: string): Promise<string> {
  process.stdout.write(prompt);
  const line = lines.length ? lines.shift()! : ended ? null : await new Promise<string | null>((r) => (waiting = r));
  if (line === null) {
    console.log("\nInput ended. Goodbye!");
    process.exit(0);
  }
  if (!process.stdin.isTTY) console.log(line);
  return line.trim();
}

// ---- display ------------------------------------------------------------------
const label = (c: Card) => cardLabel(c);
function handText(hand: readonly Card[]): string {
  return [0, 1, 2, 3]
    .map((s) => {
      const cs = hand.filter((c) => suitOf(c) === s);
      return `${SUIT_SYMBOLS[s]} ${cs.length ? cs.map((c) => label(c).slice(0, -1)).join(" ") : "—"}`;
    })
    .join("   ");
}

function scoreboard(state: GameState): string {
  return NAMES.map((n, s) => `${n} ${state.totals[s]}`).join(" · ");
}

function parseCards(text: string): Card[] | string {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const out: Card[] = [];
  for (const p of parts) {
    const c = parseCard(p);
    if (c === null) return `“${p}” is not a card. Write cards like QS, 10h or q♠.`;
    out.push(c);
  }
  return out;
}

/** What a player of the table's level (--level) would do in your seat. */
function hint(state: GameState): string {
  const a = decide(viewFor(state, YOU), args.level, { budgetMs: args.budgetMs });
  const who = `${/^[aeiou]/.test(args.level) ? "An" : "A"} ${args.level} player`;
  if (a.type === "play") return `${who} would play ${label(a.card)}.`;
  if (a.type === "pass") return `${who} would pass ${a.cards.map(label).join(" ")}.`;
  return `${who} would choose “${a.choice}”.`;
}

const HELP = "Commands: a card (QS, 10h, q♠) or three to pass · ? hint · hand · score · rules · quit";

async function humanAction(state: GameState): Promise<Action> {
  const view = viewFor(state, YOU);
  if (args.auto) return decide(view, "medium");
  for (;;) {
    let prompt: string;
    if (state.phase === "passing") prompt = `Pass 3 cards to ${NAMES[passTarget(YOU, state.passDirection)]}: `;
    else if (state.phase === "moon-choice") prompt = "You shot the moon! add 26 to the others, or subtract 26 from yours? (add/subtract): ";
    else prompt = `Your play (${view.legal.map(label).join(" ")}): `;
    const raw = await ask(prompt);
    const text = raw.toLowerCase();
    if (text === "quit" || text === "exit") {
      console.log("Goodbye!");
      process.exit(0);
    }
    if (text === "help" || text === "") {
      console.log(HELP);
      continue;
    }
    if (text === "?") {
      console.log(hint(state));
      continue;
    }
    if (text === "hand") {
      console.log(`Your hand: ${handText(view.hand)}`);
      continue;
    }
    if (text === "score") {
      console.log(scoreboard(state));
      continue;
    }
    if (text === "rules") {
      console.log(`Rules: ${args.rules}${describeRules(rules).length ? ` (${describeRules(rules).join(", ")})` : ""}`);
      continue;
    }
    if (state.phase === "moon-choice") {
      if (text === "add" || text === "subtract") return { type: "moon", seat: YOU, choice: text };
      console.log("Please answer add or subtract.");
      continue;
    }
    const cards = parseCards(raw);
    if (typeof cards === "string") {
      console.log(cards);
      continue;
    }
    if (state.phase === "passing") {
      const why = passRejection(state, YOU, cards);
      if (why) {
        console.log(words(messages("en"), sentence("moves", why, { ...refusalValues(state, YOU) })));
        continue;
      }
      return { type: "pass", seat: YOU, cards };
    }
    if (cards.length !== 1) {
      console.log("Play one card.");
      continue;
    }
    const why = playRejection(state, YOU, cards[0]);
    if (why) {
      console.log(words(messages("en"), sentence("moves", why, { ...refusalValues(state, YOU) })));
      continue;
    }
    return { type: "play", seat: YOU, card: cards[0] };
  }
}

function narrate(events: GameEvent[], state: GameState): void {
  for (const e of events) {
    switch (e.type) {
      case "hand-dealt":
        console.log(
          `\n=== Hand ${e.handIndex + 1} · ${e.passDirection === "hold" ? "no passing" : `pass ${e.passDirection}`} · ${scoreboard(state)}`,
        );
        break;
      case "cards-passed": {
        const from = ([0, 1, 2, 3] as Seat[]).find((s) => passTarget(s, e.direction) === YOU)!;
        console.log(`You received ${e.passes[from].map(label).join(" ")} from ${NAMES[from]}.`);
        break;
      }
      case "card-played":
        if (e.seat !== YOU || args.auto) console.log(`  ${NAMES[e.seat].padEnd(5)} ${label(e.card)}`);
        break;
      case "hearts-broken":
        console.log("  Hearts are broken.");
        break;
      case "trick-won":
        console.log(
          `  → ${NAMES[e.trick.winner]} ${e.trick.winner === YOU ? "win" : "wins"} the trick${e.trick.points ? ` (${e.trick.points > 0 ? "+" : ""}${e.trick.points})` : ""}.`,
        );
        break;
      case "tricks-claimed":
        console.log(
          `  → ${NAMES[e.seat]} ${e.seat === YOU ? "take" : "takes"} the last ${e.tricks} trick(s): ${e.reason === "tram" ? "nobody can stop that" : "no points are left"}.`,
        );
        break;
      case "moon-shot":
        console.log(`  ☾ ${NAMES[e.seat]} shot the moon (${e.choice}).`);
        break;
      case "hand-scored":
        console.log(`Hand over: ${NAMES.map((n, s) => `${n} ${e.result.change[s] >= 0 ? "+" : ""}${e.result.change[s]}`).join(" · ")}`);
        console.log(`Totals: ${NAMES.map((n, s) => `${n} ${e.result.totals[s]}`).join(" · ")}`);
        break;
      case "game-over":
        console.log(
          `\nGame over. ${e.winners.map((w) => NAMES[w]).join(" and ")} ${e.winners.length > 1 || e.winners[0] === YOU ? "win" : "wins"}!`,
        );
        break;
    }
  }
}

async function main(): Promise<void> {
  console.log(`Hearts against three ${args.level} computer players · rules ${args.rules} · seed ${args.seed}`);
  console.log("You are South; West plays after you, then North, then East. " + HELP);
  const state = createGame(rules, args.seed);
  narrate([{ type: "hand-dealt", handIndex: 0, dealer: state.dealer, passDirection: state.passDirection }], state);
  let shownFor = -1;
  while (state.phase !== "game-over") {
    const seats = awaiting(state);
    const seat =
      seats.includes(YOU) && (state.phase !== "passing" || seats.length === 1 || args.auto)
        ? YOU
        : (seats.find((s) => s !== YOU) ?? seats[0]);
    let action: Action;
    if (seat === YOU) {
      const key = state.actionCount;
      if (shownFor !== key && state.phase !== "moon-choice") {
        shownFor = key;
        const view = viewFor(state, YOU);
        if (state.phase === "playing" && state.trick.length === 0) console.log(`Your lead. Your hand: ${handText(view.hand)}`);
        else if (state.phase === "playing") console.log(`Your hand: ${handText(view.hand)}`);
        else console.log(`Your hand: ${handText(view.hand)}`);
      }
      action = await humanAction(state);
    } else {
      action = decide(viewFor(state, seat as Seat), args.level, { budgetMs: args.budgetMs });
    }
    const events: GameEvent[] = [];
    const why = step(state, action, events);
    if (why) throw new Error(`internal: ${NAMES[seat]}'s move was refused (${why})`);
    narrate(events, state);
  }
  rl.close();
}

main().catch((err) => {
  console.error(`play: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
