/**
 * npm run simulate -- --games N --seed S --rules PRESET[,key=value...]
 * Plays N complete games with simple legal players (random legal card, pass the three highest
 * cards, moon choice "subtract") and prints a summary; the last line is one JSON object.
 */
import {
  awaiting,
  cardsOf,
  createGame,
  createRng,
  legalMasks,
  emptyMasks,
  parseRules,
  presetNames,
  step,
  type Action,
  type GameState,
  type Rng,
  type Seat,
} from "../src/game/index.js";

function fail(message: string): never {
  console.error(`simulate: ${message}`);
  console.error("usage: npm run simulate -- --games N --seed S --rules PRESET[,key=value...]");
  console.error(`presets: ${presetNames().join(", ")}`);
  process.exit(2);
}

function parseArgs(argv: string[]): { games: number; seed: number; rules: string } {
  const args = { games: 100, seed: 1, rules: "classic" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = inline ?? argv[++i];
    if (value === undefined) fail(`${flag} needs a value`);
    if (flag === "--games" || flag === "--seed") {
      if (!/^\d+$/.test(value)) fail(`${flag} must be a whole number, not “${value}”`);
      args[flag.slice(2) as "games" | "seed"] = Number(value);
    } else if (flag === "--rules") args.rules = value;
    else fail(`unknown argument “${argv[i]}”`);
  }
  if (args.games < 1) fail("--games must be at least 1");
  return args;
}

function simpleAction(state: GameState, seat: Seat, rng: Rng): Action {
  if (state.phase === "passing") {
    const hand = cardsOf(state.hands[seat]);
    return { type: "pass", seat, cards: hand.sort((a, b) => (b % 13) - (a % 13)).slice(0, 3) };
  }
  if (state.phase === "moon-choice") return { type: "moon", seat, choice: "subtract" };
  const legal = cardsOf(legalMasks(state, seat, emptyMasks()));
  return { type: "play", seat, card: legal[rng.int(legal.length)] };
}

const args = parseArgs(process.argv.slice(2));
const parsed = parseRules(args.rules);
if (!parsed.ok) fail(parsed.error);

const rng = createRng(args.seed);
let hands = 0;
let moons = 0;
let suns = 0;
const points = [0, 0, 0, 0];
const wins = [0, 0, 0, 0];
const started = performance.now();
for (let g = 0; g < args.games; g++) {
  const state = createGame(parsed.rules, (args.seed * 1_000_003 + g) >>> 0);
  while (state.phase !== "game-over") {
    for (const seat of awaiting(state)) {
      const why = step(state, simpleAction(state, seat as Seat, rng));
      if (why) throw new Error(`engine refused a legal player's move: ${why}`);
    }
  }
  hands += state.history.length;
  for (const h of state.history) {
    if (h.moon) moons++;
    if (h.sun !== null) suns++;
    for (let s = 0; s < 4; s++) points[s] += h.change[s];
  }
  for (const w of state.winners!) wins[w]++;
}
const seconds = (performance.now() - started) / 1000;
const perSeat = points.map((p, s) => ({ seat: s, meanPointsPerHand: +(p / hands).toFixed(3), wins: wins[s] }));
console.log(`${args.games} games, ${hands} hands, ${moons} moons in ${seconds.toFixed(2)} s (rules: ${args.rules})`);
for (const s of perSeat) console.log(`  seat ${s.seat}: ${s.meanPointsPerHand} points/hand, ${s.wins} wins`);
console.log(JSON.stringify({ games: args.games, hands, moons, suns, seats: perSeat }));
