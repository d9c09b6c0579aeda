/**
 * Numbers as each language writes them, for the catalogue's sentences: decimals with the language's
 * separator (4.9 / 4,9), the plural a number takes (French: 0,8 point, 1 point, 2 points; English:
 * 1 point, 0.8 points) and ordinals (1st, 2nd / 1re, 2e), all from Intl, so a new language needs
 * no code here.
 */
const decimals = new Map<string, Intl.NumberFormat>();
const plurals = new Map<string, Intl.PluralRules>();

/** One decimal place, the language's way: "4.9" / "4,9". */
export function decimal(locale: string, n: number): string {
  let f = decimals.get(locale);
  if (!f) decimals.set(locale, (f = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })));
  return f.format(n);
}

/** The plural category of `n` as written (one decimal place when `decimals`), for choosing a word. */
export function pluralOf(locale: string, n: number, opts: { decimals?: boolean; ordinal?: boolean } = {}): Intl.LDMLPluralRule {
  const key = `${locale}|${opts.decimals ? 1 : 0}|${opts.ordinal ? 1 : 0}`;
  let r = plurals.get(key);
  if (!r)
    plurals.set(
      key,
      (r = new Intl.PluralRules(locale, {
        type: opts.ordinal ? "ordinal" : "cardinal",
        ...(opts.decimals ? { minimumFractionDigits: 1, maximumFractionDigits: 1 } : {}),
      })),
    );
  return r.select(n);
}
