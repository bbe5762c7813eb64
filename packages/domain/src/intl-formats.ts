/**
 * Intl's formatters, each made once per locale and options and kept (issue 21). Making one costs
 * about a hundred times more than using it (a date format: ~100 µs made, ~1 µs used, on this
 * machine), and lists format a date or a figure on every row of every render.
 */

/**
 * `make(...args)` made once per `keyOf(...args)` and kept. A bounded cache (the keys come from
 * languages, a business's settings and a few fixed option sets: a handful in practice) that starts
 * again when full.
 */
export function keptBy<A extends unknown[], T>(
  keyOf: (...args: A) => string,
  make: (...args: A) => T,
): (...args: A) => T {
  const kept = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    let value = kept.get(key);
    if (value === undefined) {
      value = make(...args);
      if (kept.size >= 256) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}

/** `make(key)` made once per key and kept (`keptBy` with the key as the only argument). */
export const memo = <T>(make: (key: string) => T): ((key: string) => T) => keptBy((key: string) => key, make);

type Locales = string | string[] | undefined;

/** The options as JSON (undefined ones are left out, as Intl reads them: absent). */
const keyOf = (locales?: Locales, options?: object): string =>
  `${String(locales ?? '')}\u0000${JSON.stringify(options ?? {})}`;

/** `new Intl.DateTimeFormat(locales, options)`, kept. */
export const dateTimeFormat = keptBy(
  keyOf,
  (locales?: Locales, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locales, options),
);

/** `new Intl.NumberFormat(locales, options)`, kept. */
export const numberFormat = keptBy(
  keyOf,
  (locales?: Locales, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options),
);

/** `new Intl.RelativeTimeFormat(locales, options)`, kept. */
export const relativeTimeFormat = keptBy(
  keyOf,
  (locales?: Locales, options?: Intl.RelativeTimeFormatOptions) =>
    new Intl.RelativeTimeFormat(locales, options),
);
