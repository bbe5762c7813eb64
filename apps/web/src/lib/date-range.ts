import { DAY_PATTERN, addDays, businessDay, monthStart } from '@duka/domain';

/** The periods a list or a statement can be filtered by; `custom` takes two days typed in. */
export type RangePreset = 'all' | 'today' | 'month' | '30d' | 'custom';

/** Business days `from`…`to` inclusive, `YYYY-MM-DD`; either may be open. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** A range as chosen: a preset, and the days typed for a custom one. */
export interface RangeChoice {
  preset: RangePreset;
  from: string;
  to: string;
}

/** Today in the business's time zone. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  return businessDay(now, timeZone);
}

/** The days a preset covers on `today`; `all` (and an unfinished custom range) leaves both ends open. */
export function rangeOf(choice: RangeChoice, today: string): DayRange {
  switch (choice.preset) {
    case 'all':
      return {};
    case 'today':
      return { from: today, to: today };
    case 'month':
      return { from: monthStart(today), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'custom':
      return {
        from: DAY_PATTERN.test(choice.from) ? choice.from : undefined,
        to: DAY_PATTERN.test(choice.to) ? choice.to : undefined,
      };
  }
}

/** A custom range whose end is before its start; the other presets are always in order. */
export function isBackwards(choice: RangeChoice): boolean {
  return (
    choice.preset === 'custom' &&
    DAY_PATTERN.test(choice.from) &&
    DAY_PATTERN.test(choice.to) &&
    choice.to < choice.from
  );
}

/** A choice that starts as a preset; switching to custom keeps the days the preset covered. */
export function choose(preset: RangePreset, today: string, prev?: RangeChoice): RangeChoice {
  if (preset !== 'custom') {
    const r = rangeOf({ preset, from: '', to: '' }, today);
    return { preset, from: r.from ?? '', to: r.to ?? '' };
  }
  return { preset, from: prev?.from || addDays(today, -29), to: prev?.to || today };
}
