import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { makeSession, renderApp } from '../../test/render';
import { NotOnHostedCopy } from '../sync';
import { AppLayout } from './app-layout';
import { NotificationsPanel } from './notifications-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers the sync status with `status`; everything else is a 404. */
function server(status?: unknown) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      url === '/api/sync/status' && status
        ? json(status)
        : json({ error: { code: 'not_found', message: 'no' } }, 404),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const SENTENCE =
  "This business is kept on the shop's PC: sell and edit there. Here you can see reports, the dashboard and statements.";

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

afterEach(() => vi.unstubAllGlobals());

describe('a hosted copy kept by the shop PC (ADR 11 §8)', () => {
  it('says so at the top of the signed-in layout', async () => {
    server();
    const session = { ...makeSession({ role: 'admin' }), mode: 'hosted' as const, synced_from_shop: true };
    await renderApp(<AppLayout />, { session });
    expect(await screen.findByTestId('synced-from-shop')).toHaveTextContent(SENTENCE);
  });

  it('says nothing on an ordinary business', async () => {
    server();
    await renderApp(<AppLayout />, { session: makeSession({ role: 'admin' }) });
    await screen.findByRole('main');
    expect(screen.queryByTestId('synced-from-shop')).not.toBeInTheDocument();
  });

  it('shows the sentence once: in place of a selling screen, not again above it', async () => {
    server();
    const session = { ...makeSession({ role: 'admin' }), mode: 'hosted' as const, synced_from_shop: true };
    await renderApp(
      <Routes>
        <Route element={<AppLayout />}>
          <Route
            path="/cash-sale"
            element={
              <NotOnHostedCopy title="Make a sale › Cash">
                <p>the till</p>
              </NotOnHostedCopy>
            }
          />
        </Route>
      </Routes>,
      { session, route: '/cash-sale' },
    );
    expect(await screen.findByTestId('not-on-hosted-copy')).toHaveTextContent(SENTENCE);
    expect(screen.getByRole('heading', { name: 'Make a sale › Cash' })).toBeVisible();
    expect(screen.queryByText('the till')).not.toBeInTheDocument();
    expect(screen.queryByTestId('synced-from-shop')).not.toBeInTheDocument();
  });
});

describe('the notifications panel', () => {
  it('lists sync problems, one entry each, leading to the sync section', async () => {
    server({
      role: 'local',
      linked: true,
      hosted_url: 'https://duka.example',
      server_id: 'x',
      state: 'active',
      linked_at: ago(86_400_000),
      last_push_at: ago(3 * 3600_000),
      last_contact_at: ago(3 * 3600_000),
      last_attempt_at: ago(60_000),
      last_pull_at: ago(3 * 3600_000),
      to_pull: 0,
      waiting: { entries: 12, documents: 5 },
      head: 100,
      cursor: 88,
      oldest_unsynced_sale_at: ago(3 * 3600_000),
      failing_since: ago(2 * 3600_000),
      last_error: { code: 'sync_unreachable', at: ago(60_000) },
      clock_skew_ms: 5 * 60_000,
      quarantine_open: 1,
      quarantine_here: 1,
      series: '',
    });
    await renderApp(<NotificationsPanel opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    const list = await screen.findByRole('list', { name: 'Sync' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Sync failing since /),
      "This PC's clock is off by 5 min",
      '2 records in quarantine',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/profile#sync');
    expect(screen.queryByText('Nothing needs your attention')).not.toBeInTheDocument();
  });

  it('is all clear when sync is fine, and for a user who is not an admin', async () => {
    const fetch = server({ role: 'hosted', linked: false, servers: [], quarantine_open: 0 });
    await renderApp(<NotificationsPanel opened onClose={() => undefined} />, {
      session: makeSession({ role: 'staff' }),
    });
    expect(await screen.findByText('Nothing needs your attention')).toBeVisible();
    // Sync is the owner's: a staff member's panel never asks for it (the disk's state it does ask).
    expect(fetch.mock.calls.map((c) => c[0])).not.toContain('/api/sync/status');
  });

  it('marks the bell when something needs attention', async () => {
    server({ role: 'hosted', linked: true, servers: [], quarantine_open: 1 });
    await renderApp(<AppLayout />, { session: makeSession({ role: 'admin' }) });
    const bell = await screen.findByRole('button', { name: 'Notifications: 1 needs attention' });
    fireEvent.click(bell);
    expect(await screen.findByText('1 record in quarantine')).toBeVisible();
  });
});
