import { describe, expect, it } from 'vitest';
import type { StockReport } from '@duka/domain';
import { changeOf, eachDay, periodOf, profitPeriods, salesPerDay, valueByLocation } from './chart-data';
import { compactMoney, formatBp, formatRatio } from './report-format';

describe('chart data', () => {
  it('measures a change against the period before', () => {
    expect(changeOf(150, 100)).toEqual({ ratio: 0.5, direction: 'up' });
    expect(changeOf(50, 100)).toEqual({ ratio: -0.5, direction: 'down' });
    expect(changeOf(100, 100)).toEqual({ ratio: 0, direction: 'flat' });
    expect(changeOf(100, 0)).toEqual({ ratio: null, direction: 'up' });
    // a loss that shrank is a rise
    expect(changeOf(-50, -100)).toEqual({ ratio: 0.5, direction: 'up' });
  });

  it('fills the days without sales with zero, in order', () => {
    const by = [
      {
        day: '2025-02-27',
        sales_count: 2,
        sales_total: 500,
        reversals_count: 1,
        reversals_total: 100,
        net: 400,
      },
      {
        day: '2025-03-02',
        sales_count: 1,
        sales_total: 300,
        reversals_count: 0,
        reversals_total: 0,
        net: 300,
      },
    ];
    const days = salesPerDay(by, { from: '2025-02-27', to: '2025-03-02' });
    expect(days.map((d) => [d.day, d.net])).toEqual([
      ['2025-02-27', 400],
      ['2025-02-28', 0],
      ['2025-03-01', 0],
      ['2025-03-02', 300],
    ]);
    expect(eachDay({ from: '2024-12-31', to: '2025-01-01' })).toEqual(['2024-12-31', '2025-01-01']);
  });

  it('cuts a range into weeks and months as the server does, clipped to the range', () => {
    const r = { from: '2025-01-15', to: '2025-03-10' };
    expect(periodOf('2025-01-15', 'week', r)).toEqual({ from: '2025-01-15', to: '2025-01-19' });
    expect(periodOf('2025-02-04', 'week', r)).toEqual({ from: '2025-02-03', to: '2025-02-09' });
    expect(periodOf('2025-02-04', 'month', r)).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(periodOf('2025-03-04', 'month', r)).toEqual({ from: '2025-03-01', to: '2025-03-10' });
    expect(periodOf('2024-12-20', 'month', { from: '2024-12-01', to: '2025-01-31' })).toEqual({
      from: '2024-12-01',
      to: '2024-12-31',
    });
  });

  it('keeps every period of the range for the chart, quiet ones at zero', () => {
    const sold = {
      start: '2025-02-01',
      end: '2025-02-28',
      revenue: 1000,
      cogs: 400,
      gross_profit: 600,
      margin_bp: 6000,
      expenses: 100,
      net_profit: 500,
    };
    const out = profitPeriods({ period: 'month', periods: [sold] }, { from: '2025-01-15', to: '2025-03-10' });
    expect(out.map((p) => [p.start, p.end, p.revenue])).toEqual([
      ['2025-01-15', '2025-01-31', 0],
      ['2025-02-01', '2025-02-28', 1000],
      ['2025-03-01', '2025-03-10', 0],
    ]);
    const weeks = profitPeriods({ period: 'week', periods: [] }, { from: '2025-03-01', to: '2025-03-16' });
    expect(weeks.map((p) => p.start)).toEqual(['2025-03-01', '2025-03-03', '2025-03-10']);
    // a business whose weeks start on Sunday (2025-03-02, 03-09, 03-16) or Saturday
    const range = { from: '2025-03-01', to: '2025-03-16' };
    const sundays = profitPeriods({ period: 'week', periods: [] }, range, 0);
    expect(sundays.map((p) => [p.start, p.end])).toEqual([
      ['2025-03-01', '2025-03-01'],
      ['2025-03-02', '2025-03-08'],
      ['2025-03-09', '2025-03-15'],
      ['2025-03-16', '2025-03-16'],
    ]);
    const saturdays = profitPeriods({ period: 'week', periods: [] }, range, 6);
    expect(saturdays.map((p) => p.start)).toEqual(['2025-03-01', '2025-03-08', '2025-03-15']);
    expect(periodOf('2025-03-05', 'week', range, 0)).toEqual({ from: '2025-03-02', to: '2025-03-08' });
  });

  it('adds stock value up per location, the largest first', () => {
    const row = (location_id: string, location_name: string, value_cost: number, value_price: number) =>
      ({ location_id, location_name, value_cost, value_price }) as StockReport['on_hand'][number];
    expect(
      valueByLocation([row('a', 'Main', 100, 150), row('b', 'Store', 500, 600), row('a', 'Main', 50, 80)]),
    ).toEqual([
      { location_id: 'b', name: 'Store', cost: 500, price: 600 },
      { location_id: 'a', name: 'Main', cost: 150, price: 230 },
    ]);
  });

  it('writes axis money short, in the currency, and ratios with their sign', () => {
    expect(compactMoney(1_250_000, 'KES', 'en').replace(/\s/g, ' ')).toBe('KES 12.5K');
    expect(compactMoney(50_000, 'KES', 'en').replace(/\s/g, ' ')).toBe('KES 500');
    // German's compact form groups from five digits: every tick grouped alike
    expect(compactMoney(900_000, 'KES', 'de').replace(/\s/g, ' ')).toBe('9.000 KES');
    expect(compactMoney(1_200_000, 'KES', 'de').replace(/\s/g, ' ')).toBe('12.000 KES');
    expect(compactMoney(0, 'KES', 'en').replace(/\s/g, ' ')).toBe('KES 0');
    expect(formatRatio(0.125, 'en')).toBe('+13%');
    expect(formatRatio(-0.05, 'en')).toBe('-5%');
    expect(formatBp(2550, 'en')).toBe('25.5%');
    expect(formatBp(null, 'en')).toBe('—');
  });
});
