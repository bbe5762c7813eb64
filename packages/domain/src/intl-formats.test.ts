import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeFormat, keptBy, numberFormat, relativeTimeFormat } from './intl-formats.js';

const RealDateTimeFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

/** Counts the date formats made from here on. */
function countDateFormats(): { made: number } {
  const seen = { made: 0 };
  Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
    construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      seen.made += 1;
      return new target(...args);
    },
  });
  return seen;
}

describe('kept Intl formatters (issue 21)', () => {
  it('make a formatter once per locale and options, however often it is asked for', () => {
    const seen = countDateFormats();
    const at = new Date('2026-11-30T09:05:00Z');
    const texts = Array.from({ length: 50 }, () =>
      dateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' }).format(
        at,
      ),
    );
    expect(new Set(texts)).toEqual(new Set(['30 Nov 2026, 12:05']));
    expect(seen.made).toBe(1);
  });

  it('tell locales and options apart, and read undefined options as absent, as Intl does', () => {
    const a = dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(a);
    expect(dateTimeFormat('de', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(a);
    expect(dateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' })).not.toBe(a);
    expect(dateTimeFormat('en', { timeZone: undefined })).toBe(dateTimeFormat('en'));
    expect(numberFormat('de').format(1234.5)).toBe('1.234,5');
    expect(numberFormat('en', { style: 'percent' })).not.toBe(numberFormat('en'));
    expect(relativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
  });

  it('start again when full, keeping no more than 256', () => {
    let made = 0;
    const kept = keptBy(
      (n: number) => String(n),
      (n: number) => ({ n, made: ++made }),
    );
    const first = kept(0);
    for (let n = 1; n < 256; n++) kept(n);
    expect(kept(0)).toBe(first);
    expect(made).toBe(256);
    kept(256); // the 257th: the cache starts again with it
    expect(kept(0)).not.toBe(first);
    expect(made).toBe(258);
  });
});
