import {
  DAY_PATTERN,
  type WeekStart,
  addDays,
  daysBetween,
  monthStart,
  reportRangeProblem,
  weekStart,
} from '@duka/domain';

/** The ranges a report offers; `custom` takes two days typed in. */
export const REPORT_PRESETS = ['today', 'yesterday', 'week', 'month', 'lastMonth', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** Business days `from`…`to`, both included, as `YYYY-MM-DD`. */
export interface ReportRange {
  from: string;
  to: string;
}

/** A range as chosen: the preset, and the days it covers (typed in for `custom`). */
export interface RangeChoice extends ReportRange {
  preset: ReportPreset;
}

/**
 * The days a preset covers on `today`; a custom choice keeps its own days. "This week" starts on
 * the business's first day of the week (`first`: Monday unless its profile says Sunday or Saturday).
 */
export function presetRange(
  preset: Exclude<ReportPreset, 'custom'>,
  today: string,
  first: WeekStart = 1,
): ReportRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'week':
      return { from: weekStart(today, first), to: today };
    case 'month':
      return { from: monthStart(today), to: today };
    case 'lastMonth': {
      const end = addDays(monthStart(today), -1);
      return { from: monthStart(end), to: end };
    }
  }
}

/**
 * A preset chosen on `today` (weeks from `first`); switching to custom starts from the days shown
 * before.
 */
export function choosePreset(
  preset: ReportPreset,
  today: string,
  prev?: RangeChoice,
  first: WeekStart = 1,
): RangeChoice {
  if (preset === 'custom') return { preset, from: prev?.from ?? today, to: prev?.to ?? today };
  return { preset, ...presetRange(preset, today, first) };
}

/** Days in a range, both ends included. */
export function daysIn(r: ReportRange): number {
  return daysBetween(r.from, r.to) + 1;
}

/**
 * What is wrong with a typed range, if anything: the key of the message under `reports.range`.
 * Past a whole range, the server's own rule (the domain's `reportRangeProblem`).
 */
export function rangeProblem(r: ReportRange): 'incomplete' | 'backwards' | 'tooLong' | null {
  if (!DAY_PATTERN.test(r.from) || !DAY_PATTERN.test(r.to)) return 'incomplete';
  if (Number.isNaN(Date.parse(`${r.from}T00:00:00Z`)) || Number.isNaN(Date.parse(`${r.to}T00:00:00Z`)))
    return 'incomplete';
  return reportRangeProblem(r.from, r.to);
}

/** The period of the same length just before a range: what its figures are compared with. */
export function previousRange(r: ReportRange): ReportRange {
  const n = daysIn(r);
  return { from: addDays(r.from, -n), to: addDays(r.from, -1) };
}
