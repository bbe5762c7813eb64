import { useState } from 'react';
import { useSession } from '../../lib/session-context';
import { useAllLocations } from '../stock';
import { todayIn } from '../../lib/date-range';
import { type RangeChoice, choosePreset, previousRange, rangeProblem } from './report-range';
import type { ReportFilter } from './reports-api';

/**
 * The state of a report's filter bar: the range (this month to start with, days of the business's
 * time zone), the location, and what to ask the server for now and for the period before.
 */
export function useReportFilter(initial: RangeChoice['preset'] = 'month') {
  const session = useSession();
  const today = todayIn(session.business.timezone);
  const [choice, setChoice] = useState<RangeChoice>(() =>
    choosePreset(initial, today, undefined, session.business.week_start),
  );
  const [location, setLocation] = useState<string | null>(null);
  const locations = useAllLocations();
  // a half-typed or backwards custom range keeps showing the last good one
  const [good, setGood] = useState<RangeChoice>(choice);
  if (
    !rangeProblem(choice) &&
    (choice.from !== good.from || choice.to !== good.to || choice.preset !== good.preset)
  )
    setGood(choice);
  const filter: ReportFilter = { from: good.from, to: good.to, location_id: location ?? undefined };
  const previous: ReportFilter = { ...previousRange(good), location_id: location ?? undefined };
  const locationName = location ? (locations.data?.find((l) => l.id === location)?.name ?? null) : null;
  return {
    today,
    choice,
    setChoice,
    location,
    setLocation,
    filter,
    previous,
    locationName,
    valid: !rangeProblem(choice),
  };
}

/** What `useReportFilter` holds: the filter bar's state and what it asks for. */
export type ReportFilterState = ReturnType<typeof useReportFilter>;
