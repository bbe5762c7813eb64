import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuarantineItem } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { countdown } from './link-code';
import { SyncSection } from './sync-section';
import { ago, fakeServer, hostedStatus, json, syncServer } from './test-fixtures';

const admin = () => makeSession({ role: 'admin' });
const SHOP = syncServer();
const BRANCH = syncServer({
  id: '0190b1a0-0000-7000-8000-0000000000e2',
  name: 'Branch PC',
  credential_prefix: 'dks_9ZZ1',
  clock_skew_ms: -(3 * 3600_000 + 2 * 60_000),
  waiting: 1234,
  series: 'B',
});

const item: QuarantineItem = {
  id: '0190b1a0-0000-7000-8000-0000000000d1',
  doc_type: 'product',
  doc_id: '0190b1a0-0000-7000-8000-0000000000c1',
  reason: 'content_differs',
  server_id: SHOP.id,
  server_name: 'Shop PC',
  label: 'Sugar 1 kg',
  diff: [{ path: 'price', stored: 18000, incoming: 19000 }],
  first_seen_at: ago(3600_000),
  last_seen_at: ago(60_000),
  seen_count: 3,
};

afterEach(() => vi.unstubAllGlobals());

describe('the sync section, on the hosted site', () => {
  it('lists the shop servers in words and revokes one after the confirmation', async () => {
    const calls = fakeServer({
      'GET /api/sync/status': () => json(hostedStatus({ servers: [SHOP, BRANCH] })),
      'GET /api/sync/quarantine': () => json({ items: [] }),
      [`POST /api/sync/servers/${BRANCH.id}/revoke`]: () =>
        json(hostedStatus({ servers: [SHOP, { ...BRANCH, state: 'revoked', revoked_at: ago(0) }] })),
    });
    await renderApp(<SyncSection />, { session: admin() });
    const table = await screen.findByRole('table', { name: 'Shop PCs' });
    const row = within(table).getByTestId(`sync-server-${BRANCH.id}`);
    expect(row).toHaveTextContent('Branch PC');
    expect(row).toHaveTextContent('1,234');
    expect(row).toHaveTextContent('3 hr 2 min behind');
    expect(row).toHaveTextContent('dks_9ZZ1');
    expect(within(row).getByTestId('server-series')).toHaveTextContent('Receipts B000001, B000002, …');
    expect(within(table).getByTestId(`sync-server-${SHOP.id}`)).toHaveTextContent(
      'Receipts 000001, 000002, …',
    );
    expect(within(table).getByTestId(`sync-server-${SHOP.id}`)).toHaveTextContent('In step');

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Branch PC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Branch PC?' });
    expect(calls.some((c) => c.route.endsWith('/revoke'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(row).toHaveTextContent(/Revoked/));
    expect(within(row).queryByRole('button', { name: 'Revoke Branch PC' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.route === `POST /api/sync/servers/${BRANCH.id}/revoke`)).toHaveLength(1);
  });

  it.each([
    [true, /this copy is read-only/],
    [false, /both ways \(two-way sync\)/],
  ])(
    'says what a linked business is here: read-only kept by the shop (%s) or two-way',
    async (kept, words) => {
      fakeServer({
        'GET /api/sync/status': () => json(hostedStatus({ servers: [SHOP] })),
        'GET /api/sync/quarantine': () => json({ items: [] }),
      });
      await renderApp(<SyncSection />, { session: { ...admin(), synced_from_shop: kept } });
      expect(await screen.findByTestId('sync-hosted-intro')).toHaveTextContent(words);
    },
  );

  it('makes a link code, shown as 7KQ4-M2XD with its countdown and the command line', async () => {
    fakeServer({
      'GET /api/sync/status': () => json(hostedStatus({ linked: false, servers: [] })),
      'GET /api/sync/quarantine': () => json({ items: [] }),
      'POST /api/sync/link-codes': () =>
        json({ code: '7KQ4M2XD', expires_at: new Date(Date.now() + 15 * 60_000).toISOString() }),
    });
    await renderApp(<SyncSection />, { session: admin() });
    expect(await screen.findByText('No shop PC is linked yet.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Link a shop PC' }));
    const card = await screen.findByTestId('link-code');
    expect(within(card).getByText('7KQ4-M2XD')).toBeVisible();
    expect(within(card).getByTestId('link-code-left')).toHaveTextContent(/Expires in 1[45]:\d\d/);
    expect(card).toHaveTextContent(
      `npm run duka -- link --hosted ${window.location.origin} --code 7KQ4-M2XD`,
    );
  });

  it('shows the quarantine with the reason and what differs, and dismisses an item', async () => {
    const calls = fakeServer({
      'GET /api/sync/status': () => json(hostedStatus({ quarantine_open: 1 })),
      'GET /api/sync/quarantine': () => json({ items: [item] }),
      [`POST /api/sync/quarantine/${item.id}/dismiss`]: () => json({ items: [] }),
    });
    await renderApp(<SyncSection />, { session: admin() });
    const card = await screen.findByTestId(`quarantine-${item.id}`);
    expect(card).toHaveTextContent('Product');
    expect(card).toHaveTextContent('Sugar 1 kg');
    expect(card).toHaveTextContent('The record stored here differs from the one sent');
    expect(card).toHaveTextContent(/From Shop PC · seen 3 times/);
    const diff = within(card).getByRole('table', { name: 'What differs' });
    expect(diff).toHaveTextContent(/price\s*18000\s*19000/);
    expect(screen.getByTestId('sync-health')).toHaveTextContent(
      'Sync needs attention: 1 record set aside in quarantine.',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Nothing in quarantine.')).toBeVisible();
    expect(calls.some((c) => c.route === `POST /api/sync/quarantine/${item.id}/dismiss`)).toBe(true);
  });

  it('counts a code down in minutes and seconds', () => {
    expect(countdown(15 * 60_000)).toBe('15:00');
    expect(countdown(61_001)).toBe('1:02');
    expect(countdown(-5)).toBe('0:00');
  });
});
