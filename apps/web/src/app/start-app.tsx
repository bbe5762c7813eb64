import type { ReactElement } from 'react';
import { type QueryKey, QueryClientProvider } from '@tanstack/react-query';
import type { SessionData } from '@duka/domain';
import { ME_QUERY_KEY } from '../features/auth/auth-api';
import { AppRouter, preloadStartScreens } from './app-router';
import { landingPath } from '../features/auth/landing';
import { createQueryClient } from './providers';

/** An answer main.tsx asked for before this chunk arrived, for the query that would ask for it. */
export interface EarlyAnswer {
  queryKey: QueryKey;
  answer: Promise<unknown>;
}

export interface AppStart {
  /** The address the app opens at; just signed in, the user's landing screen by default. */
  pathname?: string;
  /** Who is signed in: known (just signed in), or asked for already. */
  me?: SessionData | Promise<SessionData | null>;
  /** Other answers asked for already (a till's locations). */
  early?: Promise<EarlyAnswer | null>[];
}

/**
 * The app beyond the signed-out sign-in page: the router, TanStack Query and the screens (issue
 * 21: a chunk of its own, `app`, which that page does not load). Answers what main.tsx renders
 * inside the base providers, the address it opens at, and when that address's screens have
 * loaded (or failed).
 */
export function createApp(start: AppStart): {
  content: ReactElement;
  pathname: string;
  ready: Promise<unknown>;
} {
  const queryClient = createQueryClient();
  const { me } = start;
  const pathname = start.pathname ?? (me && !(me instanceof Promise) ? landingPath(me) : '/');
  if (me instanceof Promise) void queryClient.prefetchQuery({ queryKey: ME_QUERY_KEY, queryFn: () => me });
  else if (me) queryClient.setQueryData(ME_QUERY_KEY, me);
  for (const early of start.early ?? [])
    void early.then(
      (e) => e && queryClient.prefetchQuery({ queryKey: e.queryKey, queryFn: () => e.answer }),
      () => undefined,
    );
  return {
    content: (
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    ),
    pathname,
    ready: preloadStartScreens(pathname),
  };
}
