/**
 * A sentence named by its catalogue key, with its values, for a layer that must not choose the
 * words (the table service answers in codes; the Discord layer words them in the reader's language).
 */
import type { Messages } from "./catalogue.js";
import { codesText } from "./cards.js";

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

/**
 * The sentence in the catalogue `m` (one language's). An unknown key says so rather than throwing.
 * Values named `card` or `cards` hold card codes ("QS", "QS KD"): they are put in the reader's
 * words here ("D♠ R♦" in French), since the layer that made the sentence does not know the reader.
 */
export function words(m: Messages, s: Sentence): string {
  const entry = (m[s.area] as unknown as Record<string, Entry | undefined>)[s.key];
  if (entry === undefined) return `${s.area}.${s.key}`;
  if (typeof entry !== "function") return entry;
  const values = { ...s.values };
  for (const k of ["card", "cards"] as const) if (typeof values[k] === "string") values[k] = codesText(m, values[k]);
  return entry(values);
}
