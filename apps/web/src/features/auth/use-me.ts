import { useQuery } from '@tanstack/react-query';
import { ME_QUERY_KEY, fetchMe } from './auth-api';

/**
 * Who is signed in (null when signed out), for the app's screens. Not in auth-api.ts: the sign-in
 * page loads that module, and importing TanStack Query at all brings its core (issue 21).
 */
export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 60_000, retry: false });
}
