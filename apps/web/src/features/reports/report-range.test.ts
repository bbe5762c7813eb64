import { describe, expect, it } from 'vitest';
import { todayIn } from '../../lib/date-range';
import { choosePreset, daysIn, presetRange, previousRange, rangeProblem } from './report-range';

describe('report ranges', () => {
  it('takes today in the business time zone, never the browser’s', () => {
    // 22:30 UTC on Sunday 31 March 2024 is already Monday 1 April in Nairobi (UTC+3).
    const now = Date.UTC(2024, 2, 31, 22, 30);
    expect(todayIn('Africa/Nairobi', now)).toBe('2024-04-01');
    expect(todayIn('America/Lima', now)).toBe('2024-03-31');
    // …so "this week" is a new week in Nairobi and the end of the old one in Lima
    expect(presetRange('week', todayIn('Africa/Nairobi', now))).toEqual({
      from: '2024-04-01',
      to: '2024-04-01',
    });
    expect(presetRange('week', todayIn('America/Lima', now))).toEqual({
      from: '2024-03-25',
      to: '2024-03-31',
    });
  });

  it('starts a week on Monday, whatever the day', () => {
    expect(presetRange('week', '2025-03-10')).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(presetRange('week', '2025-03-12')).toEqual({ from: '2025-03-10', to: '2025-03-12' });
    expect(presetRange('week', '2025-03-16')).toEqual({ from: '2025-03-10', to: '2025-03-16' });
  });

  it("starts this week on the business's first day: Sunday or Saturday", () => {
    // 2025-03-12 is a Wednesday, 2025-03-15 a Saturday, 2025-03-16 a Sunday
    expect(presetRange('week', '2025-03-12', 0)).toEqual({ from: '2025-03-09', to: '2025-03-12' });
    expect(presetRange('week', '2025-03-12', 6)).toEqual({ from: '2025-03-08', to: '2025-03-12' });
    expect(presetRange('week', '2025-03-16', 0)).toEqual({ from: '2025-03-16', to: '2025-03-16' });
    expect(presetRange('week', '2025-03-15', 0)).toEqual({ from: '2025-03-09', to: '2025-03-15' });
    expect(presetRange('week', '2025-03-15', 6)).toEqual({ from: '2025-03-15', to: '2025-03-15' });
    expect(presetRange('week', '2025-03-12', 1)).toEqual({ from: '2025-03-10', to: '2025-03-12' });
    // as chosen from the filter bar; the other presets do not depend on it
    expect(choosePreset('week', '2025-03-12', undefined, 0)).toEqual({
      preset: 'week',
      from: '2025-03-09',
      to: '2025-03-12',
    });
    expect(presetRange('month', '2025-03-12', 0)).toEqual(presetRange('month', '2025-03-12'));
  });

  it('covers today, yesterday and this month up to today', () => {
    expect(presetRange('today', '2025-03-01')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(presetRange('yesterday', '2025-03-01')).toEqual({ from: '2025-02-28', to: '2025-02-28' });
    expect(presetRange('month', '2025-03-15')).toEqual({ from: '2025-03-01', to: '2025-03-15' });
  });

  it('takes last month whole, across a year boundary and in a leap year', () => {
    expect(presetRange('lastMonth', '2025-01-15')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('lastMonth', '2025-03-01')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
  });

  it('switching to custom keeps the days shown before', () => {
    const month = choosePreset('month', '2025-03-15');
    expect(choosePreset('custom', '2025-03-15', month)).toEqual({
      preset: 'custom',
      from: '2025-03-01',
      to: '2025-03-15',
    });
  });

  it('compares with the period of the same length just before', () => {
    expect(previousRange({ from: '2025-03-15', to: '2025-03-15' })).toEqual({
      from: '2025-03-14',
      to: '2025-03-14',
    });
    // this week so far (Mon–Wed) against Fri–Sun of the week before
    expect(previousRange({ from: '2025-03-10', to: '2025-03-12' })).toEqual({
      from: '2025-03-07',
      to: '2025-03-09',
    });
    // December (31 days) against the 31 days before it
    expect(previousRange({ from: '2024-12-01', to: '2024-12-31' })).toEqual({
      from: '2024-10-31',
      to: '2024-11-30',
    });
    // a leap February
    expect(previousRange({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      from: '2024-01-03',
      to: '2024-01-31',
    });
    const r = { from: '2025-01-01', to: '2025-03-31' };
    expect(daysIn(previousRange(r))).toBe(daysIn(r));
  });

  it('says what is wrong with a typed range', () => {
    expect(rangeProblem({ from: '2025-03-01', to: '2025-03-10' })).toBeNull();
    expect(rangeProblem({ from: '2025-03-01', to: '' })).toBe('incomplete');
    expect(rangeProblem({ from: '2025-03-10', to: '2025-03-01' })).toBe('backwards');
    expect(rangeProblem({ from: '2021-01-01', to: '2025-03-01' })).toBe('tooLong');
  });
});
