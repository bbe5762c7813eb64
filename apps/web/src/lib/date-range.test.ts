import { describe, expect, it } from 'vitest';
import { choose, isBackwards, rangeOf, todayIn } from './date-range';

describe('date ranges', () => {
  it('takes today in the business time zone, not the browser’s', () => {
    // 22:30 UTC on 31 March is already 1 April in Nairobi (UTC+3) but still 31 March in Lima.
    const now = Date.UTC(2025, 2, 31, 22, 30);
    expect(todayIn('Africa/Nairobi', now)).toBe('2025-04-01');
    expect(todayIn('America/Lima', now)).toBe('2025-03-31');
  });

  it('covers this month from its first day to today', () => {
    expect(rangeOf({ preset: 'month', from: '', to: '' }, '2025-03-15')).toEqual({
      from: '2025-03-01',
      to: '2025-03-15',
    });
    expect(rangeOf({ preset: 'month', from: '', to: '' }, '2025-01-01')).toEqual({
      from: '2025-01-01',
      to: '2025-01-01',
    });
  });

  it('covers the last 30 days including today, across months and leap years', () => {
    expect(rangeOf({ preset: '30d', from: '', to: '' }, '2025-03-01')).toEqual({
      from: '2025-01-31',
      to: '2025-03-01',
    });
    expect(rangeOf({ preset: '30d', from: '', to: '' }, '2024-03-01')).toEqual({
      from: '2024-02-01',
      to: '2024-03-01',
    });
    expect(rangeOf({ preset: '30d', from: '', to: '' }, '2025-01-10')).toEqual({
      from: '2024-12-12',
      to: '2025-01-10',
    });
  });

  it('leaves all time open and today one day', () => {
    expect(rangeOf({ preset: 'all', from: 'x', to: 'y' }, '2025-03-15')).toEqual({});
    expect(rangeOf({ preset: 'today', from: '', to: '' }, '2025-03-15')).toEqual({
      from: '2025-03-15',
      to: '2025-03-15',
    });
  });

  it('uses a custom range only where the days are complete', () => {
    expect(rangeOf({ preset: 'custom', from: '2025-02-01', to: '2025-02-10' }, '2025-03-15')).toEqual({
      from: '2025-02-01',
      to: '2025-02-10',
    });
    expect(rangeOf({ preset: 'custom', from: '2025-02', to: '' }, '2025-03-15')).toEqual({
      from: undefined,
      to: undefined,
    });
    expect(isBackwards({ preset: 'custom', from: '2025-02-10', to: '2025-02-01' })).toBe(true);
    expect(isBackwards({ preset: 'custom', from: '2025-02-01', to: '2025-02-01' })).toBe(false);
    expect(isBackwards({ preset: 'month', from: '2025-02-10', to: '2025-02-01' })).toBe(false);
  });

  it('switching to custom starts from the days the preset covered', () => {
    const month = choose('month', '2025-03-15');
    expect(month).toEqual({ preset: 'month', from: '2025-03-01', to: '2025-03-15' });
    expect(choose('custom', '2025-03-15', month)).toEqual({
      preset: 'custom',
      from: '2025-03-01',
      to: '2025-03-15',
    });
    expect(choose('custom', '2025-03-15', choose('all', '2025-03-15'))).toEqual({
      preset: 'custom',
      from: '2025-02-14',
      to: '2025-03-15',
    });
  });
});
