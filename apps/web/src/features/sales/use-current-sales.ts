import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DAY_PATTERN, type SaleKind } from '@duka/domain';
import { useSession } from '../../lib/session-context';
import { useAllowedLocations } from '../stock';
import type { Opened } from './sale-drawer';
import { mayOpen, todayOf } from './sale-access';
import { useSalesDay } from './sales-api';

/** The current sales page's state: the day, location and kind (from the address at first), the list, the open sale. */
export function useCurrentSales() {
  const session = useSession();
  const today = todayOf(session);
  const [params] = useSearchParams();
  const { allowed, home, admin, isPending: locationsPending } = useAllowedLocations();
  const [day, setDay] = useState(() => {
    const d = params.get('day');
    return d && DAY_PATTERN.test(d) ? d : today;
  });
  // An admin starts with every location, staff at their home location; both may change it.
  const [location, setLocation] = useState<string | null | undefined>(
    () => params.get('location_id') ?? undefined,
  );
  const chosen = location === undefined ? (admin ? null : home || null) : location;
  const [kind, setKind] = useState<SaleKind | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const validDay = DAY_PATTERN.test(day) ? day : today;
  // staff wait for their home location before the first load, so the list does not jump
  const list = useSalesDay(
    { day: validDay, location_id: chosen ?? undefined, kind: kind ?? undefined },
    admin || !locationsPending,
  );
  return {
    today,
    admin,
    allowed,
    day,
    setDay,
    validDay,
    chosen,
    setLocation,
    kind,
    setKind,
    list,
    opened,
    setOpened,
    canClose: mayOpen(session, '/daily-sales'),
    canSell: mayOpen(session, '/cash-sale'),
    closeLink: `/daily-sales?${new URLSearchParams({
      day: validDay,
      ...(chosen ? { location_id: chosen } : {}),
    }).toString()}`,
  };
}

export type CurrentSalesState = ReturnType<typeof useCurrentSales>;
