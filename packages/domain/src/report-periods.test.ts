import { describe, expect, it } from 'vitest';
import {
  MAX_REPORT_DAYS,
  daysBetween,
  monthEnd,
  monthStart,
  periodOf,
  reportRangeProblem,
  weekStart,
  weekStartOf,
} from './report-periods.js';
import { addDays } from './time.js';

describe('report periods', () => {
  it('counts calendar days between two days', () => {
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
    // a daylight-saving change is no concern of calendar days
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('starts weeks on Monday and months on their first; ends months on their last', () => {
    expect(weekStart('2026-03-11')).toBe('2026-03-09'); // a Wednesday
    expect(weekStart('2026-03-09')).toBe('2026-03-09'); // a Monday
    expect(weekStart('2026-03-15')).toBe('2026-03-09'); // a Sunday
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
    expect(monthStart('2026-03-31')).toBe('2026-03-01');
    expect(monthEnd('2026-02-10')).toBe('2026-02-28');
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
    expect(monthEnd('2026-12-31')).toBe('2026-12-31');
  });

  it('places a day in its period, clipped to the range', () => {
    const [from, to] = ['2026-03-04', '2026-04-10'];
    expect(periodOf('2026-03-20', 'day', from, to)).toEqual({ start: '2026-03-20', end: '2026-03-20' });
    expect(periodOf('2026-03-04', 'week', from, to)).toEqual({ start: '2026-03-04', end: '2026-03-08' });
    expect(periodOf('2026-03-20', 'week', from, to)).toEqual({ start: '2026-03-16', end: '2026-03-22' });
    expect(periodOf('2026-03-20', 'month', from, to)).toEqual({ start: '2026-03-04', end: '2026-03-31' });
    expect(periodOf('2026-04-02', 'month', from, to)).toEqual({ start: '2026-04-01', end: '2026-04-10' });
  });

  it("starts a week on the business's first day: Monday, Sunday or Saturday", () => {
    // 2026-03-11 is a Wednesday; 2026-03-14 a Saturday, 2026-03-15 a Sunday
    expect(weekStart('2026-03-11', 1)).toBe('2026-03-09');
    expect(weekStart('2026-03-11', 0)).toBe('2026-03-08');
    expect(weekStart('2026-03-11', 6)).toBe('2026-03-07');
    // the first day starts its own week; the day before it ends the week before
    expect(weekStart('2026-03-15', 0)).toBe('2026-03-15');
    expect(weekStart('2026-03-14', 0)).toBe('2026-03-08');
    expect(weekStart('2026-03-14', 6)).toBe('2026-03-14');
    expect(weekStart('2026-03-13', 6)).toBe('2026-03-07');
    expect(weekStart('2026-03-15', 1)).toBe('2026-03-09');
    // across a year's end
    expect(weekStart('2026-01-01', 0)).toBe('2025-12-28');
    expect(weekStart('2026-01-01', 6)).toBe('2025-12-27');
    // every day of a fortnight lies in the 7 days from its week's start
    for (const first of [1, 0, 6] as const)
      for (let i = 0; i < 14; i++) {
        const day = addDays('2026-03-01', i);
        const start = weekStart(day, first);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(first);
        expect(daysBetween(start, day)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(start, day)).toBeLessThan(7);
      }
  });

  it('groups a range by weeks from Sunday or Saturday, clipped to the range', () => {
    const [from, to] = ['2026-03-04', '2026-04-10']; // a Wednesday … a Friday
    expect(periodOf('2026-03-04', 'week', from, to, 0)).toEqual({ start: '2026-03-04', end: '2026-03-07' });
    expect(periodOf('2026-03-08', 'week', from, to, 0)).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(periodOf('2026-03-14', 'week', from, to, 0)).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(periodOf('2026-03-04', 'week', from, to, 6)).toEqual({ start: '2026-03-04', end: '2026-03-06' });
    expect(periodOf('2026-03-07', 'week', from, to, 6)).toEqual({ start: '2026-03-07', end: '2026-03-13' });
    expect(periodOf('2026-04-10', 'week', from, to, 6)).toEqual({ start: '2026-04-04', end: '2026-04-10' });
    expect(periodOf('2026-04-10', 'week', from, to, 1)).toEqual({ start: '2026-04-06', end: '2026-04-10' });
    // days and months do not depend on it
    expect(periodOf('2026-03-20', 'month', from, to, 0)).toEqual({ start: '2026-03-04', end: '2026-03-31' });
    expect(periodOf('2026-03-20', 'day', from, to, 6)).toEqual({ start: '2026-03-20', end: '2026-03-20' });
  });

  it('reads a stored first day of the week: Monday, Sunday, Saturday, else Monday', () => {
    expect([1, 0, 6].map(weekStartOf)).toEqual([1, 0, 6]);
    expect([2, 7, -1, '0', null, undefined].map(weekStartOf)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('refuses a range that ends before it starts or runs longer than the limit', () => {
    expect(reportRangeProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(reportRangeProblem('2026-03-02', '2026-03-01')).toBe('backwards');
    const first = '2024-01-01';
    expect(reportRangeProblem(first, addDays(first, MAX_REPORT_DAYS))).toBeNull();
    expect(reportRangeProblem(first, addDays(first, MAX_REPORT_DAYS + 1))).toBe('tooLong');
  });
});
