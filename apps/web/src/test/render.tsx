import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { type SessionData, rolesFromFlags } from '@duka/domain';
import en from '../../public/assets/i18n/en.json';
import es from '../../public/assets/i18n/es.json';
import pt from '../../public/assets/i18n/pt.json';
import de from '../../public/assets/i18n/de.json';
import { setupI18n } from '../lib/i18n';
import { bindNotifyI18n } from '../lib/notify';
import { LayoutConfigProvider } from '../features/layout/layout-config';
import { SessionContext } from '../lib/session-context';

export const TRANSLATIONS = { en, es, pt, de } as const;

export async function testI18n(lng: 'en' | 'es' | 'pt' | 'de' = 'en'): Promise<I18n> {
  const i18n = await setupI18n(
    Object.fromEntries(Object.entries(TRANSLATIONS).map(([k, v]) => [k, { translation: v }])),
    lng,
  );
  bindNotifyI18n(i18n);
  return i18n;
}

export function makeSession(
  over: { role?: string; flags?: string[]; img?: string; shop?: string } = {},
): SessionData {
  return {
    user: {
      uid: '0190b1a0-0000-7000-8000-000000000001',
      nm: 'Wanjiku Staff',
      img: over.img ?? 'profile.png',
      role: over.role ?? 'staff',
      username: 'wanjiku',
      home_location_id: null,
      location_ids: [],
    },
    shop_details: { name: over.shop ?? 'Mama Mboga Supermarket', online_offline: '0' },
    user_roles: rolesFromFlags(over.flags ?? []),
    stock_taking: { open_counts: [], frozen_location_ids: [] },
    business: {
      id: '0190b1a0-0000-7000-8000-0000000000b1',
      name: over.shop ?? 'Mama Mboga Supermarket',
      logo: null,
      currency: 'KES',
      timezone: 'Africa/Nairobi',
      language: 'en',
      allow_negative_stock: false,
      max_discount_bp: 0,
      default_credit_limit: 0,
      receipt_width: 80,
      receipt_columns: 48,
      tax_name: '',
      week_start: 1,
      network_printer: false,
    },
    mode: 'local',
    device_id: null,
    synced_from_shop: false,
  };
}

/** Renders inside the app's providers, a memory router and (optionally) a signed-in session. */
export async function renderApp(
  ui: ReactElement,
  opts: { session?: SessionData; route?: string; lng?: 'en' | 'es' | 'pt' | 'de' } = {},
) {
  const i18n = await testI18n(opts.lng);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <LayoutConfigProvider>
          <MantineProvider env="test">
            <Notifications />
            <MemoryRouter initialEntries={[opts.route ?? '/']}>
              {opts.session ? (
                <SessionContext.Provider value={opts.session}>{children}</SessionContext.Provider>
              ) : (
                children
              )}
            </MemoryRouter>
          </MantineProvider>
        </LayoutConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  // rendered in an awaited act: a boundary that suspends at once (React's `use`) is retried only so
  let result!: ReturnType<typeof render>;
  await act(() => {
    result = render(wrap(ui));
    return Promise.resolve();
  });
  return { ...result, i18n, qc };
}
