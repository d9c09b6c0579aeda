/**
 * A sentence named by its catalogue key, with its values, for a layer that must not choose the
 * words (the table service answers in codes; the Discord layer words them in the reader's language).
 */
import type { Messages } from "./catalogue.js";

export type Values = Record<string, string | number | boolean | null | undefined>;

export interface Sentence {
  area: keyof Messages;
  key: string;
  values?: Values;
}

/** A sentence of `area`; the key is checked against the English table. */
export function sentence<A extends keyof Messages>(area: A, key: keyof Messages[A] & string, values?: Values): Sentence {
  return values ? { area, key, values } : { area, key };
}

type Entry = string | ((v: Values) => string);

/** The sentence in the catalogue `m` (one language's). An unknown key says so rather than throwing. */
export function words(m: Messages, s: Sentence): string {
  const entry = (m[s.area] as unknown as Record<string, Entry | undefined>)[s.key];
  if (entry === undefined) return `${s.area}.${s.key}`;
  return typeof entry === "function" ? entry(s.values ?? {}) : entry;
}
