import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notifications } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { NotificationsPanel } from './notifications-panel';

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const everything: Notifications = {
  low_stock: 3,
  negative_stock: 1,
  debtors_over_limit: 2,
  duplicate_references: 1,
  unconfirmed_transfers: 2,
  days_not_closed: [{ day: '2026-06-01', location_id: LOC, location_name: 'Main shop' }],
  days_changed_after_close: [{ day: '2026-05-30', location_id: LOC, location_name: 'Main shop' }],
  backup_failing: { at: '2026-06-02T08:05:00Z', code: 'disk_full' },
  devices_waiting: 1,
  replaced_values: 0,
};

function server(notes: Notifications) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      url === '/api/notifications' ? json(notes) : json({ error: { code: 'not_found', message: 'no' } }, 404),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the notifications panel', () => {
  it('lists what needs the owner’s attention, each entry opening where it is dealt with', async () => {
    server(everything);
    await renderApp(<NotificationsPanel opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    const list = await screen.findByRole('list', { name: 'Needs attention' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [
        expect.stringMatching(
          /^The last backup failed \(.+\): The disk of the backup folder is full\. Free some space there, or choose another folder\.$/,
        ),
        '/profile',
      ],
      ['1 product below zero stock: count it, or receive what came in', '/stock-report'],
      ['2 debtors owe more than their credit limit', '/debtors'],
      ['1 transfer reference was recorded twice: check it against the statement', '/transfers'],
      ['Jun 1, 2026 at Main shop is not closed', `/daily-sales?day=2026-06-01&location_id=${LOC}`],
      [
        'May 30, 2026 at Main shop changed after it was closed: the cash expected in the drawer is different',
        `/daily-sales?day=2026-05-30&location_id=${LOC}`,
      ],
      ['2 transfers older than a day not confirmed against the statement', '/transfers'],
      ['3 products at or below their reorder level', '/stock?low=1'],
      ['1 till waits for your approval', '/users?tab=devices'],
    ]);
    expect(screen.queryByText('Nothing needs your attention')).toBeNull();
  });

  it('says nothing needs attention when nothing does (was: always)', async () => {
    server({
      ...everything,
      low_stock: 0,
      negative_stock: 0,
      debtors_over_limit: 0,
      duplicate_references: 0,
      unconfirmed_transfers: 0,
      days_not_closed: [],
      days_changed_after_close: [],
      backup_failing: null,
      devices_waiting: 0,
      replaced_values: 0,
    });
    await renderApp(<NotificationsPanel opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
      lng: 'de',
    });
    expect(await screen.findByText('Nichts erfordert Ihre Aufmerksamkeit')).toBeVisible();
  });

  it('reads again what the page shows when an entry is opened (from that very page, nothing mounts anew)', async () => {
    const fetch = server(everything);
    await renderApp(<NotificationsPanel opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    const entry = await screen.findByRole('link', { name: /changed after it was closed/ });
    const asked = () => fetch.mock.calls.filter((c) => c[0] === '/api/notifications').length;
    expect(asked()).toBe(1);
    fireEvent.click(entry);
    await waitFor(() => expect(asked()).toBe(2));
  });

  it('does not ask for the business’s figures for staff', async () => {
    const fetch = server(everything);
    await renderApp(<NotificationsPanel opened onClose={() => undefined} />, {
      session: makeSession({ flags: ['sell_cash'] }),
    });
    expect(await screen.findByText('Nothing needs your attention')).toBeVisible();
    expect(fetch.mock.calls.map((c) => c[0])).not.toContain('/api/notifications');
  });
});
