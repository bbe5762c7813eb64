import { describe, expect, it } from 'vitest';
import { lastDays, shares } from './dashboard-api';

describe('dashboard data', () => {
  const days = Array.from({ length: 30 }, (_, i) => ({
    day: `2025-03-${String(i + 1).padStart(2, '0')}`,
    sales: i * 100,
    profit: i * 10,
    count: i,
  }));

  it('takes the last 7 or all 30 days, oldest first', () => {
    expect(lastDays(days, 7).map((d) => d.day)).toEqual([
      '2025-03-24',
      '2025-03-25',
      '2025-03-26',
      '2025-03-27',
      '2025-03-28',
      '2025-03-29',
      '2025-03-30',
    ]);
    expect(lastDays(days, 30)).toHaveLength(30);
    expect(lastDays(days.slice(0, 3), 7)).toHaveLength(3);
  });

  it('gives each top product its share of the best one', () => {
    expect(shares([{ net: 400 }, { net: 100 }, { net: -50 }]).map((x) => x.share)).toEqual([1, 0.25, 0]);
    expect(shares([{ net: 0 }]).map((x) => x.share)).toEqual([0]);
  });
});
