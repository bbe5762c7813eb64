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

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
