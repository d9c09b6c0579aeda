/** Seat bookkeeping: who sits where, who is a computer player, names for computer players. */
import { LEVELS } from "../ai/levels.js";
import type { BotLevel, SeatRecord } from "./records.js";

export { cleanName } from "./names.js";

/** A seat a computer player fills: a bot seat, or a human's seat taken over after timeouts. */
export const isBotSeat = (s: SeatRecord | undefined): boolean => !s || s.userId === null || s.botControlled;

export const isHumanSeat = (s: SeatRecord): boolean => s.userId !== null;

export const seatOf = (seats: readonly SeatRecord[], userId: string): SeatRecord | undefined => seats.find((s) => s.userId === userId);

export function freeSeatNumber(seats: readonly SeatRecord[]): number | null {
  for (let n = 0; n < 4; n++) if (!seats.some((s) => s.seat === n)) return n;
  return null;
}

export function botName(seats: readonly SeatRecord[], level: BotLevel): string {
  const taken = new Set(seats.map((s) => s.name));
  const names: readonly string[] = LEVELS[level].names;
  const free = names.find((n) => !taken.has(n));
  return free ?? `${names[0]} ${seats.length + 1}`;
}

export function botSeat(seats: readonly SeatRecord[], seat: number, level: BotLevel): SeatRecord {
  return { seat, userId: null, botLevel: level, name: botName(seats, level), botControlled: false, timeouts: 0 };
}

export function humanSeat(seat: number, userId: string, name: string): SeatRecord {
  return { seat, userId, botLevel: null, name, botControlled: false, timeouts: 0 };
}

export const sortSeats = (seats: SeatRecord[]): SeatRecord[] => seats.sort((a, b) => a.seat - b.seat);
