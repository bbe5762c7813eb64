import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../lib/api-error';
import { ME_QUERY_KEY, fetchMe } from './auth-api';

/** No answer (no connection, the server restarting, a gateway's 5xx): not a refusal of the session. */
export const unanswered = (e: unknown) => (e as ApiError).kind !== 'http' || (e as ApiError).status >= 500;

/**
 * Who is signed in (null when signed out), for the app's screens: a failure is never "signed out"
 * (features/auth/require-auth.tsx keeps the page and says the server does not answer). Not in auth-api.ts: the sign-in
 * page loads that module, and importing TanStack Query at all brings its core (issue 21).
 */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    staleTime: 60_000,
    // Signed out is an answer (null: fetchMe's 401), as is another refusal (the page goes to the
    // sign-in, which says why). No answer is asked again every 2 s until one comes.
    retry: (_n, e) => unanswered(e),
    retryDelay: 2000,
  });
}
