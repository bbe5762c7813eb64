import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { wroteAt } from '../lib/api-client';
import { BaseProviders } from './base-providers';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries reads twice (seed spec §7); no second layer of retries.
      // Fresh for 30 s, unless this page wrote since it was read (api-client.ts wroteAt)
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: (q) => (q.state.dataUpdatedAt < wroteAt ? 0 : 30_000),
      },
      mutations: { retry: false },
    },
  });
}

/** The app's providers: the base (base-providers.tsx) with TanStack Query inside. */
export function AppProviders({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <BaseProviders i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </BaseProviders>
  );
}
