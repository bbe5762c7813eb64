import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DAY_PATTERN } from '@duka/domain';
import { useSession } from '../../lib/session-context';
import { mayOpen, todayOf } from '../sales';
import { useAllowedLocations, useReadableLocations } from '../stock';
import { useDaily } from './daily-api';

/** The daily page's state: the location and day (from the address at first, never after today), the summary. */
export function useDailyPage() {
  const session = useSession();
  const today = todayOf(session);
  const [params] = useSearchParams();
  const { allowed, home, isPending: locationsPending } = useAllowedLocations();
  // a deactivated location's past days too (the server reads, closes and corrects them), after the active
  const readable = useReadableLocations().data ?? [];
  const options = [...allowed, ...readable.filter((l) => !l.active)];
  const [day, setDay] = useState(() => {
    const d = params.get('day');
    return d && DAY_PATTERN.test(d) && d <= today ? d : today;
  });
  const [location, setLocation] = useState<string | null>(params.get('location_id'));
  const chosen =
    location && options.some((l) => l.id === location) ? location : locationsPending ? null : home || null;
  const validDay = DAY_PATTERN.test(day) ? day : today;
  return {
    today,
    options,
    noLocation: !locationsPending && !chosen,
    day,
    setDay,
    validDay,
    future: validDay > today,
    chosen,
    setLocation,
    daily: useDaily(chosen, validDay),
    salesLink: mayOpen(session, '/current-sales')
      ? `/current-sales?${new URLSearchParams({ day: validDay, ...(chosen ? { location_id: chosen } : {}) }).toString()}`
      : null,
  };
}

export type DailyPageState = ReturnType<typeof useDailyPage>;
