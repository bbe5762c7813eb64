import { isAdminRole } from '@duka/domain';
import { useSession } from '../../lib/session-context';
import { useAllLocations } from './products-api';

/** The active locations the signed-in user may act at (an admin: all), and the user's home. */
export function useAllowedLocations() {
  const session = useSession();
  const all = useAllLocations();
  const admin = isAdminRole(session.user.role);
  const allowed = (all.data ?? []).filter(
    (l) => l.active && (admin || session.user.location_ids.includes(l.id)),
  );
  const home = allowed.find((l) => l.id === session.user.home_location_id)?.id ?? allowed[0]?.id ?? '';
  return { allowed, all: all.data ?? [], home, admin, isPending: all.isPending };
}

/**
 * Every location the signed-in user may read (an admin: all, inactive ones included): the server
 * refuses a filter on any other (per-location rights cover reads too), so filters offer only these.
 */
export function useReadableLocations() {
  const session = useSession();
  const all = useAllLocations();
  const admin = isAdminRole(session.user.role);
  return { data: all.data?.filter((l) => admin || session.user.location_ids.includes(l.id)) };
}
