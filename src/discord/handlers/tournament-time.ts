/**
 * A start time as an organiser types it in /hearts tournament create: "21:00" (UTC, the next one
 * to come), "in 30 min" / "dans 2 h", or a date ("2026-12-01 20:00", UTC unless it names its zone,
 * or any ISO 8601 time). Whether it is in the future and soon enough is the service's rule.
 */
const CLOCK = /^(\d{1,2})[:h](\d{2})$/i;
const IN = /^(?:in|dans)\s+(\d{1,4})\s*(m|mn|min|mins|minutes?|h|hrs?|hours?|heures?)$/i;
const DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}:\d{2}(?::\d{2})?))?(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseStart(typed: string, now: Date): Date | null {
  const text = typed.trim().replace(/\s+/g, " ");
  let m = CLOCK.exec(text);
  if (m) {
    const [h, min] = [Number(m[1]), Number(m[2])];
    if (h > 23 || min > 59) return null;
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, min));
    if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
    return at;
  }
  if ((m = IN.exec(text))) {
    const n = Number(m[1]);
    const minutes = m[2].toLowerCase().startsWith("h") ? n * 60 : n;
    return new Date(now.getTime() + minutes * 60_000);
  }
  if ((m = DATE.exec(text))) {
    const time = m[2] ? (m[2].length <= 5 ? `${m[2].padStart(5, "0")}:00` : m[2].padStart(8, "0")) : "00:00:00";
    const zone = m[3] ? (m[3].toUpperCase() === "Z" ? "Z" : m[3].replace(/^([+-]\d{2})(\d{2})$/, "$1:$2")) : "Z";
    const at = new Date(`${m[1]}T${time}${zone}`);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  return null;
}

/**
 * How a tournament recurs, as typed in its `repeat` option: "weekly" (or "hebdo", "chaque
 * semaine"): `nights` nights in all, a week apart; else the next nights' dates, separated by commas
 * or semicolons, each as parseStart reads a start. False when a piece can't be read.
 */
const WEEKLY = /^(weekly|every week|hebdo|hebdomadaire|chaque semaine|toutes les semaines)$/i;

export function parseRepeat(
  typed: string,
  nights: number,
  now: Date,
): { weekly: true; nights: number } | { weekly: false; dates: Date[] } | false {
  const text = typed.trim();
  if (WEEKLY.test(text)) return { weekly: true, nights };
  const dates = text
    .split(/[,;]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => parseStart(x, now));
  if (!dates.length || dates.some((d) => d === null)) return false;
  return { weekly: false, dates: dates as Date[] };
}
