import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type Location, type User, isAdminRole, userSchema } from '@duka/domain';
import { api } from '../../lib/api-client';

/**
 * The active staff members a location's deactivation leaves with no active location to work at:
 * those limited to it alone, or to it and locations already inactive (a staff member limited to
 * none works at every location; an admin at all).
 */
export function strandedBy(users: User[], locationId: string, locations: Location[]): User[] {
  const active = new Set(locations.filter((l) => l.active && l.id !== locationId).map((l) => l.id));
  return users.filter(
    (u) =>
      u.active &&
      !isAdminRole(u.role) &&
      u.location_ids.includes(locationId) &&
      !u.location_ids.some((id) => active.has(id)),
  );
}

/** The users list's query, as the Users page reads it (users/users-api.ts): one cache for both. */
const USERS_KEY = ['users'] as const;

/** The staff a location's deactivation would strand, read once its dialog opens. */
export function useStrandedStaff(location: Location | null, locations: Location[]): User[] {
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: () => api('/api/users', { schema: z.array(userSchema) }),
    enabled: location !== null,
  });
  return location && users.data ? strandedBy(users.data, location.id, locations) : [];
}
