import { describe, expect, it } from 'vitest';
import { dayOrder, dayPattern, formatDayText, parseDayText } from './day-text';

describe('a day as the business writes it', () => {
  it('formats a day in the locale’s order and separator', () => {
    expect(formatDayText('en-KE', '2026-11-05')).toBe('05/11/2026');
    expect(formatDayText('en-US', '2026-11-05')).toBe('11/05/2026');
    expect(formatDayText('de', '2026-11-05')).toBe('05.11.2026');
    expect(formatDayText('pt-BR', '2026-02-28')).toBe('28/02/2026');
    expect(formatDayText('en-KE', '')).toBe('');
    expect(formatDayText('en-KE', 'yesterday')).toBe('');
  });

  it('reads what a person types in that order, padded or not, and ISO days anywhere', () => {
    expect(parseDayText('en-KE', '05/11/2026')).toBe('2026-11-05');
    expect(parseDayText('en-KE', '5/11/2026')).toBe('2026-11-05');
    expect(parseDayText('en-US', '11/05/2026')).toBe('2026-11-05');
    expect(parseDayText('de', '5.11.2026')).toBe('2026-11-05');
    expect(parseDayText('es', ' 05-11-2026 ')).toBe('2026-11-05');
    expect(parseDayText('de', '2026-11-05')).toBe('2026-11-05');
  });

  it('refuses what is no day', () => {
    expect(parseDayText('en-KE', '31/04/2026')).toBeNull();
    expect(parseDayText('en-KE', '29/02/2026')).toBeNull();
    expect(parseDayText('en-KE', '29/02/2028')).toBe('2028-02-29');
    expect(parseDayText('en-KE', '13/13/2026')).toBeNull();
    expect(parseDayText('en-KE', '05/11')).toBeNull();
    expect(parseDayText('en-KE', '05/11/202')).toBeNull();
    // on the way to 2026, no day of 2020
    expect(parseDayText('en-KE', '05/11/20')).toBeNull();
    expect(parseDayText('en-KE', '5 Nov 2026')).toBeNull();
    expect(parseDayText('en-KE', '')).toBeNull();
    expect(parseDayText('en-KE', '00/11/2026')).toBeNull();
  });

  it('writes the hint in the language’s letters and the locale’s order', () => {
    expect(dayOrder('en-US').order).toEqual(['month', 'day', 'year']);
    expect(dayPattern('de', { day: 'TT', month: 'MM', year: 'JJJJ' })).toBe('TT.MM.JJJJ');
    expect(dayPattern('en-KE', { day: 'DD', month: 'MM', year: 'YYYY' })).toBe('DD/MM/YYYY');
  });
});
