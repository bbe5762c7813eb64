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
