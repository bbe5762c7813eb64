import { describe, expect, it } from 'vitest';
import {
  MAX_REPORT_DAYS,
  daysBetween,
  monthEnd,
  monthStart,
  periodOf,
  reportRangeProblem,
  weekStart,
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

  it('refuses a range that ends before it starts or runs longer than the limit', () => {
    expect(reportRangeProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(reportRangeProblem('2026-03-02', '2026-03-01')).toBe('backwards');
    const first = '2024-01-01';
    expect(reportRangeProblem(first, addDays(first, MAX_REPORT_DAYS))).toBeNull();
    expect(reportRangeProblem(first, addDays(first, MAX_REPORT_DAYS + 1))).toBe('tooLong');
  });
});
