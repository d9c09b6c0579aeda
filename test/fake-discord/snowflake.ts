// Discord snowflakes: (ms since 2015-01-01) << 22 | worker/process/increment.
// discord.js only recognises 17-19 digit ids as major parameters for its rate-limit buckets,
// so fake ids must look real (a plain counter would put every channel in one bucket).
const DISCORD_EPOCH = 1420070400000n;
let increment = 0n;
let last = 0n;

export function snowflake(atMs: number = Date.now()): string {
  let ms = BigInt(Math.floor(atMs)) - DISCORD_EPOCH;
  if (ms <= last) ms = last; // keep ids increasing even if the wall clock steps back
  if (ms !== last) increment = 0n;
  last = ms;
  const id = (ms << 22n) | (1n << 17n) | (increment & 0xfffn);
  increment += 1n;
  if (increment > 0xfffn) {
    last += 1n; // 4096 ids in one ms: borrow the next millisecond
    increment = 0n;
  }
  return id.toString();
}

export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}
