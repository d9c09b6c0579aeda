/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for the tests: every line
 * is a HELP, a TYPE or a sample of a declared family, names and label names are valid, label
 * values are quoted and escaped, values are numbers, a histogram's buckets are cumulative and end
 * with +Inf equal to its _count. Anything else throws, naming the line. (prom-client writes the
 * format but ships no parser; Prometheus' own parser is Go.)
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  name: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function parseValue(text: string, line: string): number {
  if (text === "+Inf") return Infinity;
  if (text === "-Inf") return -Infinity;
  if (text === "NaN") return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a number in: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf("=", i);
    if (eq < 0) throw new Error(`bad labels in: ${line}`);
    const name = text.slice(i, eq);
    if (!LABEL.test(name) || name in labels) throw new Error(`bad label name "${name}" in: ${line}`);
    if (text[eq + 1] !== '"') throw new Error(`unquoted label value in: ${line}`);
    let value = "";
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === "\\") {
        const n = text[++j];
        if (n === "n") value += "\n";
        else if (n === "\\" || n === '"') value += n;
        else throw new Error(`bad escape in: ${line}`);
      } else value += text[j];
    }
    if (text[j] !== '"') throw new Error(`unterminated label value in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (i < text.length) {
      if (text[i] !== ",") throw new Error(`expected , between labels in: ${line}`);
      i++;
    }
  }
  return labels;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sample: string): Family | undefined => {
    const direct = families.get(sample);
    if (direct) return direct;
    const base = sample.replace(/_(bucket|sum|count)$/, "");
    const f = families.get(base);
    return f && (f.type === "histogram" || f.type === "summary") ? f : undefined;
  };
  if (!text.endsWith("\n")) throw new Error("the exposition does not end with a newline");
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("#")) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) {
        if (/^# (HELP|TYPE)/.test(line)) throw new Error(`bad comment: ${line}`);
        continue;
      }
      const [, kind, name, rest] = m;
      if (!NAME.test(name)) throw new Error(`bad metric name: ${line}`);
      const f = families.get(name) ?? { name, type: "untyped" as const, help: "", samples: [] };
      if (kind === "TYPE") {
        if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest)) throw new Error(`bad type: ${line}`);
        if (f.samples.length) throw new Error(`TYPE after samples: ${line}`);
        f.type = rest as Family["type"];
      } else f.help = rest;
      families.set(name, f);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText, valueText] = m;
    const f = familyOf(name);
    if (!f) throw new Error(`a sample of no declared family: ${line}`);
    f.samples.push({ name, labels: labelText ? parseLabels(labelText, line) : {}, value: parseValue(valueText, line) });
  }
  for (const f of families.values()) if (f.type === "histogram") checkHistogram(f);
  return families;
}

const key = (labels: Record<string, string>) =>
  JSON.stringify(
    Object.entries(labels)
      .filter(([k]) => k !== "le")
      .sort(([a], [b]) => a.localeCompare(b)),
  );

function checkHistogram(f: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of f.samples) {
    const k = key(s.labels);
    const e = series.get(k) ?? { buckets: [] };
    series.set(k, e);
    if (s.name === `${f.name}_bucket`) {
      if (s.labels.le === undefined) throw new Error(`${f.name}: a bucket without le`);
      e.buckets.push([parseValue(s.labels.le, s.labels.le), s.value]);
    } else if (s.name === `${f.name}_count`) e.count = s.value;
  }
  for (const [k, e] of series) {
    for (let i = 1; i < e.buckets.length; i++)
      if (e.buckets[i][0] <= e.buckets[i - 1][0] || e.buckets[i][1] < e.buckets[i - 1][1])
        throw new Error(`${f.name}${k}: buckets not increasing and cumulative`);
    const last = e.buckets.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== e.count) throw new Error(`${f.name}${k}: no +Inf bucket equal to _count`);
  }
}

/** The sum of a family's samples named `name` whose labels include `match`. */
export function total(families: Map<string, Family>, family: string, name = family, match: Record<string, string> = {}): number {
  const f = families.get(family);
  if (!f) throw new Error(`no metric ${family}`);
  return f.samples
    .filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);
}

/** A histogram's cumulative buckets (le, count), summed over its other labels. */
export function histogramBuckets(families: Map<string, Family>, family: string): [number, number][] {
  const f = families.get(family);
  if (!f || f.type !== "histogram") throw new Error(`no histogram ${family}`);
  const byLe = new Map<number, number>();
  for (const s of f.samples) {
    if (s.name !== `${family}_bucket`) continue;
    const le = parseValue(s.labels.le, s.labels.le);
    byLe.set(le, (byLe.get(le) ?? 0) + s.value);
  }
  return [...byLe].sort((a, b) => a[0] - b[0]);
}

/** A quantile from cumulative buckets, as Prometheus' histogram_quantile works it out (linear within a bucket). */
export function bucketQuantile(buckets: [number, number][], q: number): number {
  const count = buckets.at(-1)?.[1] ?? 0;
  if (!count) return NaN;
  const rank = q * count;
  let prevLe = 0;
  let prevCount = 0;
  for (const [le, c] of buckets) {
    if (c >= rank) {
      if (le === Infinity) return prevLe;
      return prevLe + ((le - prevLe) * (rank - prevCount)) / (c - prevCount || 1);
    }
    prevLe = le;
    prevCount = c;
  }
  return prevLe;
}
