/**
 * Checks a JSON log (the real process's stdout with LOG_FORMAT=json): every line parses, every
 * table event carries its table id, and no secret (the bot token, interaction tokens) appears.
 */

/** Messages of table events (src/table): each must say which table. */
export const TABLE_EVENTS = [
  "table opened",
  "game started",
  "game over",
  "table closed",
  "table resumed",
  "rematch opened",
  "player returned",
  "player left; a bot plays the seat",
  "table options changed",
  "hint used; the game will not be rated",
  "seat passed to a bot after repeated timeouts",
  "turn timed out; a computer player acts",
  "action not stored",
  "table log does not replay",
  "could not resume table",
];

export interface LogReport {
  lines: number;
  unparsable: string[];
  tableEvents: number;
  /** Table events (by message, or from the table service) without a tableId. */
  withoutTableId: string[];
  errors: number;
  /** Secrets found, as "which secret: in which line" (the secret itself is not repeated). */
  secretHits: string[];
  /** Counts by message, for the report. */
  byMessage: Record<string, number>;
}

export function checkLogLines(lines: string[], opts: { secrets: string[] }): LogReport {
  const report: LogReport = { lines: 0, unparsable: [], tableEvents: 0, withoutTableId: [], errors: 0, secretHits: [], byMessage: {} };
  const secrets = opts.secrets.filter((s) => s && s.length >= 8);
  for (const line of lines) {
    if (!line.trim()) continue;
    report.lines++;
    for (const s of secrets) {
      if (line.includes(s) && report.secretHits.length < 20)
        report.secretHits.push(
          `${s === opts.secrets[0] ? "the bot token" : "an interaction token"} in: ${line.replace(s, "<secret>").slice(0, 200)}`,
        );
    }
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(line);
      if (typeof o !== "object" || o === null || typeof o.level !== "number" || typeof o.msg !== "string" || typeof o.time !== "number")
        throw new Error("not a log record");
    } catch {
      if (report.unparsable.length < 20) report.unparsable.push(line.slice(0, 200));
      continue;
    }
    const msg = o.msg as string;
    report.byMessage[msg] = (report.byMessage[msg] ?? 0) + 1;
    if ((o.level as number) >= 50) report.errors++;
    if (TABLE_EVENTS.includes(msg) || o.part === "table") {
      report.tableEvents++;
      if (typeof o.tableId !== "string" || !o.tableId) report.withoutTableId.push(line.slice(0, 200));
    }
  }
  return report;
}
