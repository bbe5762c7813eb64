import { describe, expect, it } from 'vitest';
import { addDays, businessDay, dayRange, dayStart } from './time.js';

describe('business days', () => {
  it('places an instant on the day of the business’s time zone', () => {
    expect(businessDay('2026-03-10T21:30:00Z', 'Africa/Nairobi')).toBe('2026-03-11');
    expect(businessDay('2026-03-10T21:30:00Z', 'America/New_York')).toBe('2026-03-10');
    expect(businessDay('2026-03-10T21:30:00Z', 'UTC')).toBe('2026-03-10');
  });

  it('a day runs midnight to midnight, 23 or 25 hours across daylight-saving changes', () => {
    const hours = (day: string, tz: string) => {
      const r = dayRange(day, day, tz);
      return (Date.parse(r.to) - Date.parse(r.from)) / 3600_000;
    };
    expect(hours('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(hours('2026-10-25', 'Europe/Berlin')).toBe(25);
    expect(hours('2026-03-08', 'America/New_York')).toBe(23);
    expect(hours('2026-06-01', 'Africa/Nairobi')).toBe(24);
    expect(dayRange('2026-03-29', '2026-03-29', 'Europe/Berlin').from).toBe('2026-03-28T23:00:00.000Z');
  });

  it('starts at the first moment after midnight where a jump skips it', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06
    const start = dayStart('2026-09-06', 'America/Santiago');
    expect(businessDay(start, 'America/Santiago')).toBe('2026-09-06');
    expect(businessDay(start - 60_000, 'America/Santiago')).toBe('2026-09-05');
  });

  it('answers the day of each instant when asked again and again within a second and across midnight', () => {
    // Nairobi's midnight of 12 March is 21:00:00Z on the 11th; the last day asked is kept per second
    const midnight = Date.parse('2026-03-11T21:00:00.000Z');
    const asked: [number, string][] = [
      [midnight - 1001, '2026-03-11'],
      [midnight - 1, '2026-03-11'],
      [midnight - 1000, '2026-03-11'],
      [midnight, '2026-03-12'],
      [midnight - 1, '2026-03-11'],
      [midnight + 999, '2026-03-12'],
      [midnight + 1, '2026-03-12'],
    ];
    for (const [ms, day] of asked) {
      expect(businessDay(ms, 'Africa/Nairobi')).toBe(day);
      expect(businessDay(new Date(ms).toISOString(), 'Africa/Nairobi')).toBe(day);
      // the same second in another time zone is its own day
      expect(businessDay(ms, 'America/New_York')).toBe('2026-03-11');
    }
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

/** Zones far from UTC, of half and quarter hours, and of daylight-saving changes at midnight. */
const ZONES: [string, number][] = [
  ['Europe/Berlin', 2026],
  ['Europe/Lisbon', 2026],
  ['America/Sao_Paulo', 2018], // DST began at midnight (00:00 -> 01:00) on 2018-11-04
  ['America/Mexico_City', 2022], // its last DST end, 2022-10-30
  ['Pacific/Kiritimati', 2026],
  ['Pacific/Pago_Pago', 2026],
  ['Asia/Kolkata', 2026],
  ['Asia/Kathmandu', 2026],
  ['Australia/Lord_Howe', 2026], // a 30-minute DST
  ['Pacific/Chatham', 2026],
  ['America/Santiago', 2026],
  ['America/Havana', 2026], // DST at midnight
  ['Asia/Beirut', 2026], // DST at midnight
  ['Pacific/Apia', 2011], // skipped 2011-12-30
];

describe('business days through a year of each time zone', () => {
  for (const [tz, year] of ZONES)
    it(`${tz} ${year}: each day starts at its first instant and ends the millisecond before the next`, () => {
      const hours = new Set<number>();
      for (let d = `${year}-01-01`; d.startsWith(String(year)); d = addDays(d, 1)) {
        const start = dayStart(d, tz);
        const end = dayStart(addDays(d, 1), tz);
        if (end === start) continue; // a skipped day
        expect(businessDay(start, tz), `${d} start`).toBe(d);
        expect(businessDay(end - 1, tz), `${d} last ms`).toBe(d);
        expect(businessDay(start - 1, tz) < d, `${d} ms before`).toBe(true);
        expect(dayRange(d, d, tz)).toEqual({
          from: new Date(start).toISOString(),
          to: new Date(end).toISOString(),
        });
        hours.add((end - start) / 3600_000);
      }
      // 23 to 25 hours (23.5 and 24.5 for a 30-minute DST)
      for (const h of hours) expect(h >= 23 && h <= 25, `${h} hours`).toBe(true);
    });

  it('a skipped day is an empty range and its neighbours stay whole', () => {
    const skipped = dayRange('2011-12-30', '2011-12-30', 'Pacific/Apia');
    expect(skipped.from).toBe(skipped.to);
    const around = dayRange('2011-12-29', '2011-12-31', 'Pacific/Apia');
    expect((Date.parse(around.to) - Date.parse(around.from)) / 3600_000).toBe(48);
  });

  it('a day whose midnight a DST change skips starts at 01:00', () => {
    expect(new Date(dayStart('2018-11-04', 'America/Sao_Paulo')).toISOString()).toBe(
      '2018-11-04T03:00:00.000Z',
    );
  });
});
